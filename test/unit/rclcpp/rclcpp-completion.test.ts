/**
 * Completion without a Map<seq, callback> in every port: a request's own onResponse, a Future's
 * done callbacks (run inside spin, also when added from a handler), and
 * spinUntilFutureComplete under a budget.
 */
import { describe, expect, it } from 'vitest';
import { type ExecutorEvent, example_interfaces, type ResultOf, std_msgs } from '../../../src/index.js';
import { SettableFuture } from '../../../src/rclcpp/future.js';
import { ok } from '../../../src/result.js';
import { add, expectErr, makeFixture, replies, unwrap } from '../../support/executor-fixture.js';

const AddTwoInts = example_interfaces.srv.AddTwoInts;
type Sum = example_interfaces.srv.AddTwoInts_Response;

describe('ClientHandle.asyncSendRequest with a per-request onResponse', () => {
  it("sends the reply to that request's completion and the others to the client's handler", async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(AddTwoInts, 'add', add));
    const bound = replies();
    const client = unwrap(node.createClient(AddTwoInts, 'add', bound.onResponse));
    const own: [bigint, ResultOf<Sum>, boolean][] = [];
    const a = unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
    const b = unwrap(
      client.asyncSendRequest(
        { a: 40n, b: 2n },
        { onResponse: (r, seq) => void own.push([seq, r, executor.inHandler()]), budgetMs: 5000 },
      ),
    );
    unwrap(await executor.spinUntil(() => bound.got.length + own.length === 2, 5000));
    expect(bound.got.map(([seq, r]) => [seq, unwrap(r).sum])).toEqual([[a, 3n]]);
    expect(own.map(([seq, r, inSpin]) => [seq, unwrap(r).sum, inSpin])).toEqual([[b, 42n, true]]);
    await executor.shutdown();
  });

  it('refuses a bad onResponse or budget and sends nothing', async () => {
    const { executor, node } = makeFixture();
    let served = 0;
    unwrap(
      node.createService(AddTwoInts, 'add', (req) => {
        served++;
        return add(req);
      }),
    );
    const client = unwrap(node.createClient(AddTwoInts, 'add', () => {}));
    const bad = client.asyncSendRequest({ a: 1n, b: 2n }, { onResponse: 5 as never });
    expect(!bad.ok && bad.error.message).toContain('options.onResponse must be a function');
    const badBudget = client.asyncSendRequest({ a: 1n, b: 2n }, { budgetMs: -1 });
    expect(!badBudget.ok && badBudget.error.message).toContain('options.budgetMs');
    await executor.spinFor(30);
    expect(served).toBe(0);
    await executor.shutdown();
  });
});

describe('Future done callbacks', () => {
  it('run inside spin, in order, when the reply settles the future; one added once done runs at once', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(AddTwoInts, 'add', add));
    const client = unwrap(node.createPollClient(AddTwoInts, 'add'));
    const future = unwrap(client.sendRequest({ a: 2n, b: 3n }));
    const seen: string[] = [];
    unwrap(future.onDone((r) => void seen.push(`first ${unwrap(r).sum} ${executor.inHandler()}`)));
    unwrap(future.onDone((r) => void seen.push(`second ${unwrap(r).sum}`)));
    unwrap(await executor.spinUntil(() => future.isReady(), 5000));
    expect(seen).toEqual(['first 5 true', 'second 5']);
    unwrap(future.onDone(() => void seen.push('late')));
    expect(seen.at(-1)).toBe('late');
    expect(expectErr(future.onDone('x' as never))).toBe('InvalidArgument');
    await executor.shutdown();
  });

  it('may be added from inside a handler (a request sent from a subscription)', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(AddTwoInts, 'add', add));
    const client = unwrap(node.createPollClient(AddTwoInts, 'add'));
    const sums: bigint[] = [];
    unwrap(
      node.createSubscription(std_msgs.msg.Int64, 'ask', (m) => {
        const f = client.sendRequest({ a: m.data, b: 1n });
        if (f.ok) f.value.onDone((r) => void (r.ok && sums.push(r.value.sum)));
      }),
    );
    const pub = unwrap(node.createPublisher(std_msgs.msg.Int64, 'ask'));
    unwrap(pub.publish({ data: 41n }));
    unwrap(await executor.spinUntil(() => sums.length === 1, 5000));
    expect(sums).toEqual([42n]);
    await executor.shutdown();
  });

  it('a done callback that throws or rejects is a handler_error naming the future; the next one still runs', async () => {
    const { executor } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => void events.push(e));
    const f = new SettableFuture<number>(executor, 'the answer');
    const ran: string[] = [];
    f.onDone(() => {
      throw new Error('thrown');
    });
    f.onDone(async () => Promise.reject(new Error('rejected')));
    f.onDone(() => void ran.push('third'));
    const before = executor.stats().handlerErrors;
    f.settle(ok(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await executor.spinOnce(0);
    expect(ran).toEqual(['third']);
    expect(executor.stats().handlerErrors - before).toBe(2);
    const errors = events.filter((e) => e.type === 'handler_error');
    expect(errors.map((e) => e.type === 'handler_error' && e.entity)).toEqual([
      'done callback of the answer',
      'done callback of the answer',
    ]);
    await executor.shutdown();
  });
});

describe('executor.spinUntilFutureComplete', () => {
  it('answers the result, Timeout naming the budget, InvalidArgument for a non-future', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(AddTwoInts, 'add', add));
    const client = unwrap(node.createPollClient(AddTwoInts, 'add'));
    const future = unwrap(client.sendRequest({ a: 20n, b: 22n }));
    expect(unwrap(await executor.spinUntilFutureComplete(future, 5000)).sum).toBe(42n);
    const never = new SettableFuture<number>(executor, 'nothing');
    const late = await executor.spinUntilFutureComplete(never, 20);
    expect(!late.ok && late.error.name).toBe('Timeout');
    expect(!late.ok && late.error.message).toContain('budget of 20 ms');
    expect(expectErr(await executor.spinUntilFutureComplete({} as never, 10))).toBe('InvalidArgument');
    expect(expectErr(await executor.spinUntilFutureComplete(never, Number.NaN))).toBe('InvalidArgument');
    await executor.shutdown();
  });
});
