/**
 * PollClient beyond the happy path: the error a failed request ends in, its own budget against
 * the call's, a late reply to an abandoned call (never taken for the next one), and a client
 * released while a call waits.
 */
import { describe, expect, it } from 'vitest';
import { type ExecutorEvent, example_interfaces } from '../../../src/index.js';
import { createExecutorOnSession } from '../../../src/rclcpp/executor.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import type { RmwServiceClient } from '../../../src/rmw/rmw.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';
import { spySession } from '../../support/spy-session.js';

const add = (req: example_interfaces.srv.AddTwoInts_Request): example_interfaces.srv.AddTwoInts_Response => ({
  sum: req.a + req.b,
});

describe('PollClient.call', () => {
  it('answers the error a failed request ends in, as it is, and the next call is served', async () => {
    const { node } = makeFixture();
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'picky', (req) => {
        if (req.a < 0n) throw new Error('negative');
        return add(req);
      }),
    );
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'picky'));
    const failed = await client.call({ a: -1n, b: 0n }, 5000);
    expect(expectErr(failed)).toBe('ServiceFailed');
    if (!failed.ok) expect(failed.error.message).toContain('negative');
    expect(unwrap(await client.call({ a: 2n, b: 3n }, 5000))).toEqual({ sum: 5n });
  });

  it('names the service and its budget when it times out; the late reply is dropped, not taken by the next call', async () => {
    const { executor, node } = makeFixture();
    const pending: (() => void)[] = [];
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'slow', (req) =>
        req.a === 1n
          ? new Promise<example_interfaces.srv.AddTwoInts_Response>((resolve) => pending.push(() => resolve(add(req))))
          : add(req),
      ),
    );
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'slow'));
    const late = await client.call({ a: 1n, b: 1n }, 30);
    expect(expectErr(late)).toBe('Timeout');
    // The call's wait and the request's own budget (the same 30 ms) race; either names both.
    if (!late.ok) expect(late.error.message).toMatch(/slow.* 30 ms/);
    // The first request's reply goes out now; the next call must get its own.
    for (const answer of pending) answer();
    await executor.spinFor(20);
    expect(unwrap(await client.call({ a: 40n, b: 2n }, 5000))).toEqual({ sum: 42n });
  });

  it('answers NotInitialized when its client is released while it waits', async () => {
    const { node } = makeFixture();
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'hang',
        () => new Promise<example_interfaces.srv.AddTwoInts_Response>(() => {}),
      ),
    );
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'hang'));
    unwrap(node.createOneShotTimer(10, () => void client.handle.reset()));
    const r = await client.call({ a: 1n, b: 1n }, 5000);
    expect(expectErr(r)).toBe('NotInitialized');
    if (!r.ok) expect(r.error.message).toContain("request 1 of service '/hang' was released before the reply came");
  });
});

describe('PollClient.sendRequest', () => {
  it('spends options.requestBudgetMs on a request sent without a budget, and its own budget when given one', async () => {
    const { node } = makeFixture();
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'mute',
        () => new Promise<example_interfaces.srv.AddTwoInts_Response>(() => {}),
      ),
    );
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'mute', { requestBudgetMs: 20 }));
    const defaulted = await unwrap(client.sendRequest({ a: 1n, b: 1n })).wait(5000);
    expect(expectErr(defaulted)).toBe('Timeout');
    if (!defaulted.ok) expect(defaulted.error.message).toContain('within 20 ms');
    const own = await unwrap(client.sendRequest({ a: 1n, b: 1n }, 30)).wait(5000);
    expect(expectErr(own)).toBe('Timeout');
    if (!own.ok) expect(own.error.message).toContain('within 30 ms');
  });

  it('names the request in flight when refusing a second one', () => {
    const { node } = makeFixture();
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'busy'));
    unwrap(client.sendRequest({ a: 1n, b: 1n }));
    const second = client.sendRequest({ a: 1n, b: 1n });
    expect(expectErr(second)).toBe('TryAgain');
    if (!second.ok) expect(second.error.message).toContain("service '/busy' is already in flight (sequence 1)");
  });
});

describe('PollClient.call past its own budget', () => {
  it('gives its slot back: with one request allowed in flight, the next call is served at once', async () => {
    // The transport's own budget is long here, so the call's budget is the one that runs out.
    const spy = spySession(unwrap(openLocalSession({ bus: new LocalBus() })));
    spy.clientVerbs = {
      sendRequest(this: RmwServiceClient, bytes: Uint8Array) {
        return (Object.getPrototypeOf(this) as RmwServiceClient).sendRequest(bytes, 60_000);
      },
    };
    const executor = unwrap(createExecutorOnSession(spy.session));
    const node = unwrap(executor.createNode('budgets'));
    const pending: (() => void)[] = [];
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'slow', (req) =>
        req.a === 1n
          ? new Promise<example_interfaces.srv.AddTwoInts_Response>((resolve) => pending.push(() => resolve(add(req))))
          : add(req),
      ),
    );
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'slow', { maxRequestsInFlight: 1 }));
    const late = await client.call({ a: 1n, b: 1n }, 30);
    expect(expectErr(late)).toBe('Timeout');
    if (!late.ok) expect(late.error.message).toBe("no reply from service '/slow' within the budget of 30 ms");
    expect(unwrap(await client.call({ a: 40n, b: 2n }, 5000))).toEqual({ sum: 42n });
    for (const answer of pending) answer();
    await executor.spinFor(20);
    expect(unwrap(await client.call({ a: 2n, b: 2n }, 5000))).toEqual({ sum: 4n });
    await executor.shutdown();
  });
});

describe('PollClient inside a handler', () => {
  it('call answers Reentrant naming sendRequest as the way, and sends nothing', async () => {
    const { executor, node } = makeFixture();
    let served = 0;
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'add', (req) => {
        served++;
        return add(req);
      }),
    );
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'add'));
    let inner: Promise<unknown> | undefined;
    const guard = unwrap(node.createGuardCondition(() => void (inner = client.call({ a: 1n, b: 1n }, 1000))));
    unwrap(guard.trigger());
    unwrap(executor.spinSome());
    const r = (await inner) as Awaited<ReturnType<typeof client.call>>;
    expect(expectErr(r)).toBe('Reentrant');
    if (!r.ok) expect(r.error.message).toContain('use sendRequest');
    await executor.spinFor(20);
    expect(served).toBe(0);
    expect(client.sendRequest({ a: 1n, b: 1n }).ok).toBe(true);
  });
});

describe('releasing a PollClient', () => {
  it('with nothing in flight is clean: no transport error is reported', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => events.push(e));
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'idle'));
    unwrap(client.handle.reset());
    await executor.spinFor(10);
    expect(events.filter((e) => e.type === 'transport')).toEqual([]);
    expect(expectErr(client.sendRequest({ a: 1n, b: 1n }))).toBe('NotInitialized');
  });
});
