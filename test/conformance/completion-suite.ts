/**
 * Completion and draining, run on every backend: a 200 Hz publisher of another executor into a
 * 60 Hz host loop drained with spinAll loses nothing once discovered; a request's own
 * onResponse and a Future's done callback get their replies; an async `accepted` that rejects
 * is a handler_error, never an unhandled rejection.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CancelResponse,
  Executor,
  type ExecutorEvent,
  type ExecutorOptions,
  example_interfaces,
  GoalResponse,
  QoS,
  std_msgs,
  Result,
} from '../../src/index.js';
import { DISCOVERY_BUDGET_MS, spinUntil } from './suite.js';

const unwrap = Result.unwrap;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
let unique = 0;

export function defineCompletionSuite(backendName: string, makeExecutorOptions: () => ExecutorOptions): void {
  describe(`completion conformance on ${backendName}`, () => {
    const opened: Executor[] = [];
    afterEach(async () => {
      for (const e of opened.splice(0)) await e.shutdown();
    });
    const open = async (): Promise<Executor> => {
      const e = unwrap(await Executor.create(makeExecutorOptions()));
      opened.push(e);
      return e;
    };
    const ns = (): string => `/completion_${process.pid}_${Date.now().toString(36)}_${unique++}`;

    it('a 200 Hz publisher into a 60 Hz host loop drained with spinAll loses nothing once discovered', async () => {
      const [talkerExec, hostExec] = [await open(), await open()];
      const space = ns();
      // Room for a host loop stalled ~250 ms on a loaded machine; the check is that spinAll keeps up.
      const qos = QoS.default().keepLast(50);
      const talker = unwrap(talkerExec.createNode('talker', { namespace: space }));
      const host = unwrap(hostExec.createNode('host', { namespace: space }));
      const got: number[] = [];
      unwrap(host.createSubscription(std_msgs.msg.Int32, 'fast', (m) => void got.push(m.data), qos));
      const pub = unwrap(talker.createPublisher(std_msgs.msg.Int32, 'fast', qos));
      let next = 0;
      const publisher = setInterval(() => void pub.publish({ data: next++ }), 5);
      const loop = setInterval(() => void hostExec.spinAll(4), 16);
      try {
        // Discovery first (late on zenoh), then a second's worth at 200 Hz.
        const deadline = performance.now() + DISCOVERY_BUDGET_MS;
        while (got.length === 0 && performance.now() < deadline) await sleep(20);
        expect(got.length).toBeGreaterThan(0);
        const from = got.length;
        await sleep(1000);
        const last = next;
        while ((got.at(-1) ?? -1) < last - 1 && performance.now() < deadline + 5000) await sleep(20);
        const window = got.slice(from).filter((d) => d < last);
        expect(window.length).toBeGreaterThan(100);
        // No gaps: every message published after the first one heard was handled, in order.
        const first = window[0] ?? 0;
        expect(window).toEqual(Array.from({ length: window.length }, (_, i) => first + i));
        expect(hostExec.stats().dropped).toBe(0);
      } finally {
        clearInterval(publisher);
        clearInterval(loop);
      }
    });

    it("a request's own onResponse and a Future's done callback get their replies", async () => {
      const e = await open();
      const space = ns();
      const node = unwrap(e.createNode('calc', { namespace: space }));
      const AddTwoInts = example_interfaces.srv.AddTwoInts;
      unwrap(node.createService(AddTwoInts, 'add', (r) => ({ sum: r.a + r.b })));
      const client = unwrap(node.createClient(AddTwoInts, 'add', () => {}));
      unwrap(await client.waitForService(DISCOVERY_BUDGET_MS));
      const sums: bigint[] = [];
      unwrap(client.asyncSendRequest({ a: 1n, b: 2n }, { onResponse: (r) => void (r.ok && sums.push(r.value.sum)) }));
      const poll = unwrap(node.createPollClient(AddTwoInts, 'add'));
      unwrap(await poll.waitForService(DISCOVERY_BUDGET_MS));
      const future = unwrap(poll.sendRequest({ a: 20n, b: 22n }));
      unwrap(future.onDone((r) => void (r.ok && sums.push(r.value.sum))));
      expect(await spinUntil(e, () => sums.length === 2)).toBe(true);
      expect([...sums].sort()).toEqual([3n, 42n]);
      expect(unwrap(await e.spinUntilFutureComplete(future, 10)).sum).toBe(42n);
    });

    it('an async accepted callback that rejects is a handler_error, not an unhandled rejection', async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const e = await open();
        const node = unwrap(e.createNode('fib', { namespace: ns() }));
        const errors: ExecutorEvent[] = [];
        e.onEvent((ev) => void (ev.type === 'handler_error' && errors.push(ev)));
        const Fibonacci = example_interfaces.action.Fibonacci;
        unwrap(
          node.createActionServer(Fibonacci, 'fibonacci', {
            goal: () => GoalResponse.AcceptAndExecute,
            cancel: () => CancelResponse.Accept,
            accepted: async () => {
              await sleep(1);
              throw new Error('accepted rejected');
            },
          }),
        );
        const client = unwrap(node.createActionClient(Fibonacci, 'fibonacci'));
        unwrap(await client.waitForActionServer(DISCOVERY_BUDGET_MS));
        const goal = unwrap(client.sendGoal({ order: 2 }));
        expect(unwrap(await goal.acceptance.wait(DISCOVERY_BUDGET_MS))).toBe(true);
        expect(await spinUntil(e, () => errors.length > 0)).toBe(true);
        await sleep(20);
        expect(unhandled).toEqual([]);
        expect(errors[0]).toMatchObject({ entity: expect.stringContaining('accepted callback of action server') });
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    });
  });
}
