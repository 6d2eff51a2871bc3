/**
 * What a service client's response handler gets besides a good reply (an error reply, a reply
 * that does not decode, its own budget running out), how many requests it keeps in flight,
 * and what a transport that throws answers instead.
 */
import { describe, expect, it } from 'vitest';
import { type ExecutorEvent, example_interfaces, type ResultOf } from '../../../src/index.js';
import { createExecutorOnSession } from '../../../src/rclcpp/executor.js';
import { err } from '../../../src/result.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import { add, expectErr, makeFixture, replies, unwrap } from '../../support/executor-fixture.js';
import { spySession } from '../../support/spy-session.js';

describe('a client', () => {
  it('hands a reply that does not decode to its handler as an error and counts a decode error', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => events.push(e));
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
    const picky = {
      ...example_interfaces.srv.AddTwoInts,
      Response: {
        ...example_interfaces.srv.AddTwoInts.Response,
        decode: (): example_interfaces.srv.AddTwoInts_Response => {
          throw new Error('not today');
        },
      },
    };
    const { got, onResponse } = replies();
    const client = unwrap(node.createClient(picky, 'add', onResponse));
    const seq = unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
    unwrap(await executor.spinUntil(() => got.length === 1, 5000));
    expect(got[0]?.[0]).toBe(seq);
    const reply = got[0]?.[1] as ResultOf<example_interfaces.srv.AddTwoInts_Response>;
    expect(expectErr(reply)).toBe('Error');
    if (!reply.ok) expect(reply.error.message).toContain("reply from service '/add'");
    expect(executor.stats().decodeErrors).toBe(1);
    expect(events.some((e) => e.type === 'decode_error' && e.entity === "client '/add'")).toBe(true);
  });

  it('hands the error reply of a failed request to its handler under the error code the transport gave', async () => {
    const { executor, node } = makeFixture();
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'fails', () => {
        throw new Error('broken');
      }),
    );
    const { got, onResponse } = replies();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'fails', onResponse));
    unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
    unwrap(await executor.spinUntil(() => got.length === 1, 5000));
    const reply = got[0]?.[1] as ResultOf<example_interfaces.srv.AddTwoInts_Response>;
    expect(expectErr(reply)).toBe('ServiceFailed');
    if (!reply.ok) expect(reply.error.message).toContain('broken');
  });

  it('answers Timeout to a request past requestBudgetMs, and that frees its slot in flight', async () => {
    const { executor, node } = makeFixture();
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'mute',
        () => new Promise<example_interfaces.srv.AddTwoInts_Response>(() => {}),
      ),
    );
    const { got, onResponse } = replies();
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'mute', onResponse, {
        requestBudgetMs: 20,
        maxRequestsInFlight: 1,
      }),
    );
    const seq = unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
    expect(expectErr(client.asyncSendRequest({ a: 1n, b: 2n }))).toBe('TryAgain');
    unwrap(await executor.spinUntil(() => got.length === 1, 5000));
    expect(got[0]?.[0]).toBe(seq);
    expect(expectErr(got[0]?.[1] as ResultOf<example_interfaces.srv.AddTwoInts_Response>)).toBe('Timeout');
    expect(client.asyncSendRequest({ a: 1n, b: 2n }).ok).toBe(true);
  });

  it('keeps at most maxRequestsInFlight requests awaiting replies, and takes more once their replies are handled', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
    const { got, onResponse } = replies();
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'add', onResponse, { maxRequestsInFlight: 2 }),
    );
    const send = () => client.asyncSendRequest({ a: 1n, b: 1n });
    expect([send(), send(), send()].map((r) => (r.ok ? 'ok' : r.error.name))).toEqual(['ok', 'ok', 'TryAgain']);
    unwrap(await executor.spinUntil(() => got.length === 2, 5000));
    expect(got.map(([, r]) => unwrap(r))).toEqual([{ sum: 2n }, { sum: 2n }]);
    expect([send(), send(), send()].map((r) => (r.ok ? 'ok' : r.error.name))).toEqual(['ok', 'ok', 'TryAgain']);
  });

  it('refuses a maxRequestsInFlight that is not an integer >= 1, and takes 1', () => {
    const { node } = makeFixture();
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '2', null]) {
      const r = node.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {}, {
        maxRequestsInFlight: bad as never,
      });
      expect([bad, r.ok ? 'ok' : r.error.name]).toEqual([bad, 'InvalidArgument']);
      if (!r.ok) expect(r.error.message).toContain('options.maxRequestsInFlight');
    }
    expect(node.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {}, { maxRequestsInFlight: 1 }).ok).toBe(
      true,
    );
    expect(node.createPollClient(example_interfaces.srv.AddTwoInts, 'add', { maxRequestsInFlight: undefined }).ok).toBe(
      true,
    );
  });
});

describe('a client whose transport throws', () => {
  function throwingClient(verb: 'sendRequest' | 'serviceIsReady') {
    const spy = spySession(unwrap(openLocalSession({ bus: new LocalBus() })));
    spy.clientVerbs = {
      [verb]: () => {
        throw new Error(`${verb} exploded`);
      },
    };
    const executor = unwrap(createExecutorOnSession(spy.session));
    const node = unwrap(executor.createNode('throwing'));
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
    return { executor, node };
  }

  it('answers TransportError to a send, and the failed send takes no slot', () => {
    const { node } = throwingClient('sendRequest');
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {}, { maxRequestsInFlight: 1 }),
    );
    for (let i = 0; i < 2; i++) {
      const r = client.asyncSendRequest({ a: 1n, b: 1n });
      expect(expectErr(r)).toBe('TransportError');
      if (!r.ok) expect(r.error.message).toBe("sending a request to service '/add' failed: sendRequest exploded");
    }
  });

  it('answers TransportError to serviceIsReady and to waitForService', async () => {
    const { node } = throwingClient('serviceIsReady');
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {}));
    const probe = client.serviceIsReady();
    expect(expectErr(probe)).toBe('TransportError');
    if (!probe.ok) expect(probe.error.message).toBe("probing service '/add' failed: serviceIsReady exploded");
    expect(expectErr(await client.waitForService(1000))).toBe('TransportError');
    const poll = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'add'));
    expect(expectErr(poll.serviceIsReady())).toBe('TransportError');
    expect(expectErr(await poll.waitForService(1000))).toBe('TransportError');
  });
});

describe('a client whose transport refuses a send', () => {
  it('answers the transport error, and the refused send takes no slot', () => {
    const spy = spySession(unwrap(openLocalSession({ bus: new LocalBus() })));
    spy.clientVerbs = { sendRequest: () => err('TransportError', 'router away') };
    const node = unwrap(unwrap(createExecutorOnSession(spy.session)).createNode('refusing'));
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {}, { maxRequestsInFlight: 1 }),
    );
    for (let i = 0; i < 2; i++) expect(expectErr(client.asyncSendRequest({ a: 1n, b: 1n }))).toBe('TransportError');
  });
});

describe('waitForService', () => {
  it('names the service and the budget when it times out, and answers Reentrant inside a handler', async () => {
    const { executor, node } = makeFixture();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'absent', () => {}));
    const r = await client.waitForService(30);
    expect(expectErr(r)).toBe('Timeout');
    if (!r.ok) expect(r.error.message).toBe("service '/absent' not available within the budget of 30 ms");
    let inner: Promise<unknown> | undefined;
    const guard = unwrap(node.createGuardCondition(() => void (inner = client.waitForService(1000))));
    unwrap(guard.trigger());
    unwrap(executor.spinSome());
    const reentrant = (await inner) as Awaited<ReturnType<typeof client.waitForService>>;
    expect(expectErr(reentrant)).toBe('Reentrant');
    if (!reentrant.ok) expect(reentrant.error.message).toContain('use serviceIsReady() there');
  });
});

describe('waitForService on a client released meanwhile', () => {
  it('answers as the handle now would: NotInitialized for the one reset, Error for another copy', async () => {
    const { executor, node } = makeFixture();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'never_there', () => {}));
    const copy = Object.assign(Object.create(Object.getPrototypeOf(client)), {
      executor: client.executor,
      handleId: client.handleId,
    }) as typeof client;
    const waiting = client.waitForService(5000);
    const copyWaiting = copy.waitForService(5000);
    unwrap(node.createOneShotTimer(10, () => void client.reset()));
    const spinning = executor.spinFor(200);
    expect(expectErr(await waiting)).toBe('NotInitialized');
    const r = await copyWaiting;
    expect(expectErr(r)).toBe('Error');
    unwrap(await spinning);
  });
});
