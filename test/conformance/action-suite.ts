/**
 * Action conformance cases, run on every backend (local.test.ts, zenoh.test.ts): a Fibonacci
 * server and client in two executors, waiting by spinning under generous budgets, counting
 * rather than timing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ActionServer,
  CancelResponse,
  CancelReturnCode,
  Executor,
  type ExecutorOptions,
  example_interfaces,
  GoalResponse,
  GoalStatus,
  type Node,
  type ServerGoalHandle,
  Result,
} from '../../src/index.js';
import { DISCOVERY_BUDGET_MS, spinUntil } from './suite.js';

const Fibonacci = example_interfaces.action.Fibonacci;
type Goal = example_interfaces.action.Fibonacci_Goal;
type Res = example_interfaces.action.Fibonacci_Result;
type Fb = example_interfaces.action.Fibonacci_Feedback;
type Handle = ServerGoalHandle<Goal, Res, Fb>;

const unwrap = Result.unwrap;

let unique = 0;

export function defineActionSuite(backendName: string, makeExecutorOptions: () => ExecutorOptions): void {
  describe(`actions on ${backendName}`, () => {
    const opened: Executor[] = [];
    const stoppers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const stop of stoppers.splice(0)) await stop();
      for (const e of opened.splice(0)) await e.shutdown();
    });
    const ns = `/act_${process.pid}_${Date.now().toString(36)}`;
    /** Two nodes (server side, client side) in two executors under one fresh namespace. */
    const pair = async (): Promise<{ s: Node; c: Node }> => {
      const a = unwrap(await Executor.create(makeExecutorOptions()));
      const b = unwrap(await Executor.create(makeExecutorOptions()));
      opened.push(a, b);
      const space = `${ns}_${unique++}`;
      const s = unwrap(a.createNode('server', { namespace: space }));
      const c = unwrap(b.createNode('client', { namespace: space }));
      // The server's executor spins in the background while the test drives the client's.
      let stop = false;
      const loop = (async () => {
        while (!stop && !a.isShutdown()) await a.spinOnce(20);
      })();
      stoppers.push(async () => {
        stop = true;
        await loop;
      });
      return { s, c };
    };

    /** A server that keeps every accepted goal for the test to finish by hand. */
    const manualServer = (s: Node, opts: { cancel?: CancelResponse; reject?: (g: Goal) => boolean } = {}) => {
      const accepted: Handle[] = [];
      const server: ActionServer<Goal, Res, Fb> = unwrap(
        s.createActionServer(Fibonacci, 'fib', {
          goal: (_id, g) => (opts.reject?.(g) ? GoalResponse.Reject : GoalResponse.AcceptAndExecute),
          cancel: () => opts.cancel ?? CancelResponse.Accept,
          accepted: (h) => {
            accepted.push(h);
          },
        }),
      );
      return { server, accepted };
    };

    it('accepts a goal, streams feedback in order, and delivers the result (handlers and futures)', async () => {
      const { s, c } = await pair();
      const { accepted } = manualServer(s);
      const client = unwrap(c.createActionClient(Fibonacci, 'fib'));
      expect(client.getActionName()).toBe(`${c.getNamespace()}/fib`);
      expect(await client.waitForActionServer(DISCOVERY_BUDGET_MS)).toEqual({ ok: true, value: undefined });
      const feedback: number[][] = [];
      const responses: boolean[] = [];
      const results: number[] = [];
      const goal = unwrap(
        client.sendGoal(
          { order: 5 },
          {
            goalResponse: (r) => responses.push(unwrap(r)),
            feedback: (_g, f) => feedback.push([...f.sequence]),
            result: (r) => results.push(unwrap(r).code),
          },
        ),
      );
      expect(unwrap(await goal.acceptance.wait(DISCOVERY_BUDGET_MS))).toBe(true);
      expect(responses).toEqual([true]);
      expect(await spinUntil(c.executor, () => accepted.length === 1)).toBe(true);
      const h = accepted[0] as Handle;
      expect(h.isExecuting()).toBe(true);
      expect(h.goal.order).toBe(5);
      expect([...h.goalId]).toEqual([...goal.goalId]);
      // Feedback may be lost before the subscription is matched: publish until the first arrives.
      expect(
        await spinUntil(c.executor, () => {
          if (feedback.length === 0) unwrap(h.publishFeedback({ sequence: [0] }));
          return feedback.length > 0;
        }),
      ).toBe(true);
      // Warm-up feedback still on its way may come after this point: only the numbered count.
      feedback.length = 0;
      const numbered = () => feedback.filter((f) => f.length === 2);
      for (let i = 1; i <= 5; i++) unwrap(h.publishFeedback({ sequence: [0, i] }));
      expect(await spinUntil(c.executor, () => numbered().length >= 5)).toBe(true);
      expect(numbered().map((f) => f[1])).toEqual([1, 2, 3, 4, 5]);
      unwrap(h.succeed({ sequence: [0, 1, 1, 2, 3, 5] }));
      expect(h.getStatus()).toBe(GoalStatus.Succeeded);
      expect(h.succeed({ sequence: [] })).toMatchObject({ ok: false, error: { name: 'Error' } });
      expect(h.publishFeedback({ sequence: [] })).toMatchObject({ ok: false });
      const wrapped = unwrap(await goal.result().wait(DISCOVERY_BUDGET_MS));
      expect(wrapped.code).toBe(GoalStatus.Succeeded);
      expect([...wrapped.result.sequence]).toEqual([0, 1, 1, 2, 3, 5]);
      expect(results).toEqual([GoalStatus.Succeeded]);
      expect(goal.getStatus()).toBe(GoalStatus.Succeeded);
    });

    it('rejects a goal: the acceptance answers false, the result Rejected, the server keeps nothing', async () => {
      const { s, c } = await pair();
      const { server, accepted } = manualServer(s, { reject: (g) => g.order < 0 });
      const client = unwrap(c.createActionClient(Fibonacci, 'fib'));
      unwrap(await client.waitForActionServer(DISCOVERY_BUDGET_MS));
      const goal = unwrap(client.sendGoal({ order: -1 }));
      expect(unwrap(await goal.acceptance.wait(DISCOVERY_BUDGET_MS))).toBe(false);
      expect(goal.result().take()).toMatchObject({ ok: false, error: { name: 'Rejected' } });
      expect(client.getResult(goal)).toMatchObject({ ok: false });
      expect(accepted).toHaveLength(0);
      expect(server.goalCount()).toBe(0);
    });

    it('cancels: accepted (goal canceling then canceled), rejected, unknown goal, already finished', async () => {
      const { s, c } = await pair();
      let answer: CancelResponse = CancelResponse.Accept;
      const accepted: Handle[] = [];
      unwrap(
        s.createActionServer(Fibonacci, 'fib', {
          goal: () => GoalResponse.AcceptAndExecute,
          cancel: () => answer,
          accepted: (h) => {
            accepted.push(h);
          },
        }),
      );
      const client = unwrap(c.createActionClient(Fibonacci, 'fib'));
      unwrap(await client.waitForActionServer(DISCOVERY_BUDGET_MS));
      const goal = unwrap(client.sendGoal({ order: 3 }));
      expect(unwrap(await goal.acceptance.wait(DISCOVERY_BUDGET_MS))).toBe(true);
      expect(await spinUntil(c.executor, () => accepted.length === 1)).toBe(true);
      const h = accepted[0] as Handle;

      answer = CancelResponse.Reject;
      const refused = unwrap(await unwrap(client.cancelGoal(goal)).wait(DISCOVERY_BUDGET_MS));
      expect(refused).toEqual({ returnCode: CancelReturnCode.Rejected, goalsCanceling: [] });
      expect(h.isExecuting()).toBe(true);

      answer = CancelResponse.Accept;
      const yes = unwrap(await unwrap(client.cancelGoal(goal)).wait(DISCOVERY_BUDGET_MS));
      expect(yes.returnCode).toBe(CancelReturnCode.None);
      expect(yes.goalsCanceling.map((id) => [...id])).toEqual([[...goal.goalId]]);
      expect(h.isCanceling()).toBe(true);
      unwrap(h.canceled({ sequence: [0, 1] }));
      const wrapped = unwrap(await goal.result().wait(DISCOVERY_BUDGET_MS));
      expect(wrapped.code).toBe(GoalStatus.Canceled);
      expect([...wrapped.result.sequence]).toEqual([0, 1]);

      const after = unwrap(await unwrap(client.cancelGoal(goal)).wait(DISCOVERY_BUDGET_MS));
      expect(after.returnCode).toBe(CancelReturnCode.GoalTerminated);

      const stranger = { ...goal, goalId: new Uint8Array(16).fill(7) };
      const unknown = unwrap(await unwrap(client.cancelGoal(stranger)).wait(DISCOVERY_BUDGET_MS));
      expect(unknown).toEqual({ returnCode: CancelReturnCode.UnknownGoalId, goalsCanceling: [] });
    });

    it('a cancel racing the result: the goal ends exactly once, with one of the two outcomes', async () => {
      const { s, c } = await pair();
      const { accepted } = manualServer(s);
      const client = unwrap(c.createActionClient(Fibonacci, 'fib'));
      unwrap(await client.waitForActionServer(DISCOVERY_BUDGET_MS));
      const outcomes: number[] = [];
      const goals = [0, 1, 2, 3, 4].map((i) =>
        unwrap(client.sendGoal({ order: i }, { result: (r) => outcomes.push(unwrap(r).code) })),
      );
      expect(await spinUntil(c.executor, () => accepted.length === goals.length)).toBe(true);
      // The server finishes each goal while the cancel request is on its way.
      const cancels = goals.map((g) => unwrap(client.cancelGoal(g)));
      for (const h of accepted) unwrap(h.succeed({ sequence: [h.goal.order] }));
      for (const f of cancels) {
        const a = unwrap(await f.wait(DISCOVERY_BUDGET_MS));
        expect([CancelReturnCode.GoalTerminated, CancelReturnCode.None]).toContain(a.returnCode);
      }
      for (const h of accepted) if (h.isCanceling()) unwrap(h.canceled({ sequence: [] }));
      expect(await spinUntil(c.executor, () => outcomes.length === goals.length)).toBe(true);
      await spinUntil(c.executor, () => false, 200);
      expect(outcomes).toHaveLength(goals.length);
      for (const o of outcomes) expect([GoalStatus.Succeeded, GoalStatus.Canceled]).toContain(o);
    });

    it('cancelAllGoals cancels every active goal; finished results expire after resultTimeoutMs', async () => {
      const { s, c } = await pair();
      const accepted: Handle[] = [];
      const server = unwrap(
        s.createActionServer(
          Fibonacci,
          'fib',
          {
            goal: () => GoalResponse.AcceptAndDefer,
            cancel: () => CancelResponse.Accept,
            accepted: (h) => {
              accepted.push(h);
            },
          },
          { resultTimeoutMs: 50 },
        ),
      );
      const client = unwrap(c.createActionClient(Fibonacci, 'fib'));
      unwrap(await client.waitForActionServer(DISCOVERY_BUDGET_MS));
      const goals = [1, 2, 3].map((i) => unwrap(client.sendGoal({ order: i })));
      expect(await spinUntil(c.executor, () => accepted.length === 3)).toBe(true);
      expect(accepted.every((h) => h.getStatus() === GoalStatus.Accepted)).toBe(true);
      unwrap((accepted[0] as Handle).execute());
      const all = unwrap(await unwrap(client.cancelAllGoals()).wait(DISCOVERY_BUDGET_MS));
      expect(all.returnCode).toBe(CancelReturnCode.None);
      expect(all.goalsCanceling).toHaveLength(3);
      for (const h of accepted) unwrap(h.canceled({ sequence: [] }));
      for (const g of goals) expect(unwrap(await g.result().wait(DISCOVERY_BUDGET_MS)).code).toBe(GoalStatus.Canceled);
      expect(await spinUntil(c.executor, () => server.goalCount() === 0)).toBe(true);
    });

    it('carries 1000 goals in flight: every one accepted, every result delivered once', async () => {
      const { s, c } = await pair();
      const N = 1000;
      // A burst this size needs the queues raised past rclcpp's default of 10, as an rclcpp server would.
      unwrap(
        s.createActionServer(
          Fibonacci,
          'fib',
          {
            goal: () => GoalResponse.AcceptAndExecute,
            cancel: () => CancelResponse.Reject,
            accepted: (h) => {
              unwrap(h.succeed({ sequence: [h.goal.order] }));
            },
          },
          { queueDepth: N },
        ),
      );
      const client = unwrap(c.createActionClient(Fibonacci, 'fib'));
      unwrap(await client.waitForActionServer(DISCOVERY_BUDGET_MS));
      const got = new Map<number, number>();
      const errors: string[] = [];
      for (let i = 0; i < N; i++) {
        unwrap(
          client.sendGoal(
            { order: i },
            {
              result: (r) => {
                if (!r.ok) errors.push(`${r.error.name}: ${r.error.message}`);
                else {
                  const v = r.value.result.sequence[0] as number;
                  got.set(v, (got.get(v) ?? 0) + 1);
                }
              },
            },
          ),
        );
      }
      expect(await spinUntil(c.executor, () => got.size + errors.length >= N, 120_000)).toBe(true);
      // Every goal ends exactly once, with its own result: no reply is lost in the burst.
      await spinUntil(c.executor, () => false, 200);
      expect(errors).toEqual([]);
      expect(got.size).toBe(N);
      expect([...got.values()].every((n) => n === 1)).toBe(true);
    }, 180_000);

    it('refuses bad arguments with InvalidArgument and declares nothing', async () => {
      const { s, c } = await pair();
      const before = s.executor.usage().used;
      expect(s.createActionServer({} as never, 'fib', {} as never)).toMatchObject({
        ok: false,
        error: { name: 'InvalidArgument' },
      });
      expect(s.createActionServer(Fibonacci, 'fib', { goal: () => GoalResponse.Reject } as never)).toMatchObject({
        ok: false,
        error: { name: 'InvalidArgument' },
      });
      expect(c.createActionClient(Fibonacci, '1bad')).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
      expect(s.executor.usage().used).toBe(before);
      const client = unwrap(c.createActionClient(Fibonacci, 'nobody'));
      expect(await client.waitForActionServer(100)).toMatchObject({ ok: false, error: { name: 'Timeout' } });
      expect(await client.waitForActionServer(-1)).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
      unwrap(client.destroy());
      expect(client.sendGoal({ order: 1 })).toMatchObject({ ok: false, error: { name: 'NotInitialized' } });
    });
  });
}
