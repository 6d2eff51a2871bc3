/** Services, clients and poll clients over the in-process backend. */
import { describe, expect, it } from 'vitest';
import { example_interfaces, type ResultOf } from '../../../src/index.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

const add = (req: { a: bigint; b: bigint }): example_interfaces.srv.AddTwoInts_Response => ({ sum: req.a + req.b });

describe('services and clients', () => {
  it('a request reaches the handler during spin and the reply the response handler', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
    const replies: [ResultOf<example_interfaces.srv.AddTwoInts_Response>, bigint][] = [];
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'add', (r, seq) => replies.push([r, seq])),
    );
    const seq = unwrap(client.asyncSendRequest({ a: 2n, b: 40n }));
    for (let i = 0; i < 10 && replies.length === 0; i++) await executor.spinOnce(500);
    expect(replies).toHaveLength(1);
    const [reply, replySeq] = replies[0] as [ResultOf<example_interfaces.srv.AddTwoInts_Response>, bigint];
    expect(replySeq).toBe(seq);
    expect(unwrap(reply)).toEqual({ sum: 42n });
  });

  it('an async handler answers when its promise settles; a throwing or rejecting one fails the request with ServiceFailed and is counted', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'async_add', async (req) => add(req)));
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'throws', () => {
        throw new Error('no');
      }),
    );
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'rejects', () => Promise.reject(new Error('later no'))),
    );
    const poll = (name: string) => unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, name));
    expect(unwrap(await poll('async_add').call({ a: 1n, b: 2n }, 5000))).toEqual({ sum: 3n });
    const thrown = await poll('throws').call({ a: 1n, b: 2n }, 5000);
    expect(expectErr(thrown)).toBe('ServiceFailed');
    if (!thrown.ok) expect(thrown.error.message).toContain('no');
    expect(expectErr(await poll('rejects').call({ a: 1n, b: 2n }, 5000))).toBe('ServiceFailed');
    expect(executor.stats().handlerErrors).toBe(2);
  });

  it('serviceIsReady is false, then true once a server appears; waitForService sees a server registered late', async () => {
    const { executor, node } = makeFixture();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'late', () => {}));
    expect(unwrap(client.serviceIsReady())).toBe(false);
    expect(expectErr(await client.waitForService(30))).toBe('Timeout');
    setTimeout(() => unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'late', add)), 50);
    unwrap(await client.waitForService(5000));
    expect(unwrap(client.serviceIsReady())).toBe(true);
    await executor.shutdown();
  });

  it('waitForService inside a handler answers Reentrant', async () => {
    const { executor, node } = makeFixture();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'reentrant', () => {}));
    let inner: Promise<unknown> | undefined;
    const guard = unwrap(
      node.createGuardCondition(() => {
        inner = client.waitForService(1000);
      }),
    );
    unwrap(guard.trigger());
    unwrap(executor.spinSome());
    const r = (await inner) as ResultOf<unknown>;
    expect(expectErr(r)).toBe('Reentrant');
  });

  it('waitForService works while someone else spins the executor', async () => {
    const { executor, node } = makeFixture();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'background', () => {}));
    const spinning = executor.spin();
    setTimeout(() => unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'background', add)), 30);
    unwrap(await client.waitForService(5000));
    executor.cancel();
    unwrap(await spinning);
  });

  it('reset abandons the pending reply: it is dropped safely and the handle answers NotInitialized, copies Error', async () => {
    const { executor, node } = makeFixture();
    let release: (() => void) | undefined;
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'slow',
        (req) =>
          new Promise<example_interfaces.srv.AddTwoInts_Response>((resolve) => {
            release = () => resolve(add(req));
          }),
      ),
    );
    let replies = 0;
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'slow', () => replies++));
    const copy = Object.assign(Object.create(Object.getPrototypeOf(client)), {
      executor: client.executor,
      handleId: client.handleId,
    });
    unwrap(client.asyncSendRequest({ a: 1n, b: 1n }));
    for (let i = 0; i < 10 && release === undefined; i++) await executor.spinOnce(200);
    unwrap(client.reset());
    release?.();
    await settle();
    unwrap(executor.spinSome());
    expect(replies).toBe(0);
    expect(expectErr(client.asyncSendRequest({ a: 1n, b: 1n }))).toBe('NotInitialized');
    expect(expectErr(copy.asyncSendRequest({ a: 1n, b: 1n }))).toBe('Error');
    expect(expectErr(client.serviceIsReady())).toBe('NotInitialized');
    expect(expectErr(await client.waitForService(10))).toBe('NotInitialized');
  });

  it('a request that does not encode answers InvalidArgument and sends nothing', async () => {
    const { executor, node } = makeFixture();
    let requests = 0;
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'strict', (req) => {
        requests++;
        return add(req);
      }),
    );
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'strict', () => {}));
    expect(expectErr(client.asyncSendRequest({ a: 1, b: 2 } as never))).toBe('InvalidArgument');
    expect(expectErr(client.asyncSendRequest(null as never))).toBe('InvalidArgument');
    await settle();
    unwrap(executor.spinSome());
    expect(requests).toBe(0);
  });
});

describe('service type snapshots', () => {
  it('clients of one service type share its checked snapshot, and one made after the type changed uses the change', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'snap', add));
    const encoded: string[] = [];
    const counting = (label: string) => ({
      ...example_interfaces.srv.AddTwoInts.Request,
      encode: (m: { a: bigint; b: bigint }) => {
        encoded.push(label);
        return example_interfaces.srv.AddTwoInts.Request.encode(m);
      },
    });
    const type = { ...example_interfaces.srv.AddTwoInts, Request: counting('first') };
    const first = unwrap(node.createClient(type, 'snap', () => {}));
    const same = unwrap(node.createClient(type, 'snap', () => {}));
    type.Request = counting('second');
    const changed = unwrap(node.createClient(type, 'snap', () => {}));
    unwrap(first.asyncSendRequest({ a: 1n, b: 1n }));
    unwrap(same.asyncSendRequest({ a: 1n, b: 1n }));
    unwrap(changed.asyncSendRequest({ a: 1n, b: 1n }));
    await settle();
    unwrap(executor.spinSome());
    expect(encoded).toEqual(['first', 'first', 'second']);
  });
});

describe('PollClient', () => {
  it('one request in flight: a second sendRequest answers TryAgain until the first is answered', async () => {
    const { node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'poll_add', add));
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'poll_add'));
    const future = unwrap(client.sendRequest({ a: 5n, b: 6n }));
    expect(future.isReady()).toBe(false);
    expect(expectErr(future.take())).toBe('TryAgain');
    expect(expectErr(client.sendRequest({ a: 1n, b: 1n }))).toBe('TryAgain');
    expect(unwrap(await future.wait(5000))).toEqual({ sum: 11n });
    expect(unwrap(future.take())).toEqual({ sum: 11n });
    expect(unwrap(await client.call({ a: 1n, b: 1n }, 5000))).toEqual({ sum: 2n });
  });

  it('call times out within its budget and frees the slot for the next call', async () => {
    const { node } = makeFixture();
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'never',
        () => new Promise<example_interfaces.srv.AddTwoInts_Response>(() => {}),
      ),
    );
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'never'));
    const r = await client.call({ a: 1n, b: 1n }, 50);
    expect(expectErr(r)).toBe('Timeout');
    if (!r.ok) expect(r.error.message).toContain('50 ms');
    expect(client.sendRequest({ a: 1n, b: 1n }).ok).toBe(true);
  });

  it('a pending Future answers NotInitialized when its client is reset', async () => {
    const { node } = makeFixture();
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'hang',
        () => new Promise<example_interfaces.srv.AddTwoInts_Response>(() => {}),
      ),
    );
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'hang'));
    const future = unwrap(client.sendRequest({ a: 1n, b: 1n }));
    unwrap(client.handle.reset());
    expect(expectErr(await future.wait(5000))).toBe('NotInitialized');
    expect(expectErr(client.sendRequest({ a: 1n, b: 1n }))).toBe('NotInitialized');
  });

  it('call with no server fails within its budget (the backend says NotFound or Timeout); bad budgets are refused', async () => {
    const { node } = makeFixture();
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'nobody'));
    expect(unwrap(client.serviceIsReady())).toBe(false);
    expect(['NotFound', 'Timeout']).toContain(expectErr(await client.call({ a: 1n, b: 1n }, 30)));
    expect(client.sendRequest({ a: 1n, b: 1n }).ok).toBe(true);
    expect(expectErr(await client.call({ a: 1n, b: 1n }, -1))).toBe('InvalidArgument');
    expect(expectErr(await client.waitForService(Number.NaN))).toBe('InvalidArgument');
  });
});
