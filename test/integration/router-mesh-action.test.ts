/**
 * An action across a mesh of two real routers (B links to A): the server's node sits on A,
 * the client's on B, so every goal, feedback, status and result crosses the router link.
 * Goal accepted, feedback heard, result delivered; a second goal canceled across the mesh.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import {
  CancelResponse,
  Executor,
  example_interfaces,
  GoalResponse,
  GoalStatus,
  type ResultOf,
  type ServerGoalHandle,
} from '../../src/index.js';

const Fibonacci = example_interfaces.action.Fibonacci;
type Handle = ServerGoalHandle<
  example_interfaces.action.Fibonacci_Goal,
  example_interfaces.action.Fibonacci_Result,
  example_interfaces.action.Fibonacci_Feedback
>;

function unwrap<T>(r: ResultOf<T>): T {
  if (!r.ok) throw new Error(`${r.error.name}: ${r.error.message}`);
  return r.value;
}

const routers: RunningRouter[] = [];
const executors: Executor[] = [];

beforeAll(async () => {
  const binary = inject('routerBinary');
  const first = await startRouter({ binary, mode: 'router' });
  routers.push(first);
  routers.push(await startRouter({ binary, mode: 'router', connect: [`tcp/127.0.0.1:${first.tcpPort}`] }));
}, 60_000);

afterAll(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
  await Promise.all(routers.map((r) => r.stop()));
});

describe('an action across a mesh of two routers', () => {
  it('carries goal, feedback, result and cancel between nodes on different routers', async () => {
    const [onA, onB] = routers as [RunningRouter, RunningRouter];
    const a = unwrap(await Executor.create({ router: onA.locator }));
    const b = unwrap(await Executor.create({ router: onB.locator }));
    executors.push(a, b);
    const ns = `/mesh_action_${process.pid}_${Date.now().toString(36)}`;
    const s = unwrap(a.createNode('server', { namespace: ns }));
    const c = unwrap(b.createNode('client', { namespace: ns }));
    const accepted: Handle[] = [];
    unwrap(
      s.createActionServer(Fibonacci, 'fib', {
        goal: () => GoalResponse.AcceptAndExecute,
        cancel: () => CancelResponse.Accept,
        accepted: (h) => {
          accepted.push(h);
        },
      }),
    );
    const client = unwrap(c.createActionClient(Fibonacci, 'fib', { resultBudgetMs: 20_000 }));
    const both = () => Promise.all([a.spinOnce(20), b.spinOnce(20)]);
    const until = async (done: () => boolean, budgetMs = 20_000) => {
      const deadline = performance.now() + budgetMs;
      while (!done()) {
        if (performance.now() > deadline) return false;
        await both();
      }
      return true;
    };

    // waitForActionServer spins b itself; a must answer meanwhile, so spin it alongside.
    let serverSeen = false;
    const spinA = (async () => {
      while (!serverSeen) await a.spinOnce(20);
    })();
    const waited = await client.waitForActionServer(30_000);
    serverSeen = true;
    await spinA;
    expect(waited).toEqual({ ok: true, value: undefined });

    const results: ResultOf<unknown>[] = [];
    const feedback: number[][] = [];
    const goal = unwrap(
      client.sendGoal(
        { order: 5 },
        { feedback: (_g, f) => feedback.push([...f.sequence]), result: (r) => results.push(r) },
      ),
    );
    expect(await until(() => accepted.length === 1 && goal.acceptance.isReady())).toBe(true);
    const h = accepted[0] as Handle;
    expect(await until(() => h.publishFeedback({ sequence: [0, 1] }).ok && feedback.length > 0)).toBe(true);
    expect(feedback[0]).toEqual([0, 1]);
    unwrap(h.succeed({ sequence: [0, 1, 1, 2, 3] }));
    expect(await until(() => results.length === 1)).toBe(true);
    const done = results[0] as ResultOf<{ code: number; result: { sequence: Iterable<number> } }>;
    expect(done.ok).toBe(true);
    if (done.ok) {
      expect(done.value.code).toBe(GoalStatus.Succeeded);
      expect([...done.value.result.sequence]).toEqual([0, 1, 1, 2, 3]);
    }

    // A second goal, canceled from the client's router.
    const second = unwrap(client.sendGoal({ order: 3 }, {}));
    expect(await until(() => accepted.length === 2 && second.acceptance.isReady())).toBe(true);
    const cancel = unwrap(client.cancelGoal(second));
    expect(await until(() => cancel.isReady())).toBe(true);
    const answer = cancel.take();
    expect(answer.ok).toBe(true);
    expect(await until(() => (accepted[1] as Handle).isCanceling())).toBe(true);
  }, 120_000);
});
