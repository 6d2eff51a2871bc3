/**
 * An action across a mesh of two real routers (B links to A): the server's node sits on A,
 * the client's on B, so every goal, feedback, status and result crosses the router link.
 * Goal accepted, feedback heard, result delivered; a second goal canceled across the mesh.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { type Executor, GoalStatus, type ResultOf } from '../../src/index.js';
import { type FibonacciServerGoal as Handle, openFibonacciPair, unwrap } from '../support/fibonacci-pair.js';

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
    const pair = await openFibonacciPair(
      {
        serverRouter: onA.locator,
        clientRouter: onB.locator,
        label: 'mesh_action',
        resultBudgetMs: 20_000,
        untilBudgetMs: 20_000,
      },
      (e) => executors.push(e),
    );
    const { server: a, actionClient: client, accepted, until } = pair;

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
