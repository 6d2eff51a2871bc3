/**
 * Router loss during an active goal, on a router of this file's own: the client's pending
 * result request fails with TransportError and the server's feedback with TransportError
 * (a clear error each, within budgets, never a hang); when the router returns on the same
 * port both sides re-declare, and the same goal resumes: feedback flows again and the
 * result, asked for again with getResult, arrives.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { type Executor, GoalStatus, type ResultOf } from '../../src/index.js';
import { type FibonacciServerGoal as Handle, openFibonacciPair, unwrap } from '../support/fibonacci-pair.js';

const routers: RunningRouter[] = [];
const executors: Executor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
  await Promise.all(routers.splice(0).map((r) => r.stop()));
});

async function ownRouter(wsPort?: number): Promise<RunningRouter> {
  const r = await startRouter({ binary: inject('routerBinary'), ...(wsPort === undefined ? {} : { wsPort }) });
  routers.push(r);
  return r;
}

describe('an action when the router goes away', () => {
  it('gives the client and the server a TransportError, then resumes the goal when the router returns', async () => {
    const router = await ownRouter();
    const {
      actionClient: client,
      accepted,
      until,
    } = await openFibonacciPair(
      {
        serverRouter: router.locator,
        clientRouter: router.locator,
        label: 'loss',
        resultBudgetMs: 8000,
        untilBudgetMs: 15_000,
      },
      (e) => executors.push(e),
    );
    const results: ResultOf<unknown>[] = [];
    const feedback: number[] = [];
    expect(await client.waitForActionServer(10_000)).toEqual({ ok: true, value: undefined });
    const goal = unwrap(
      client.sendGoal(
        { order: 4 },
        { feedback: (_g, f) => feedback.push(f.sequence.length), result: (r) => results.push(r) },
      ),
    );
    expect(await until(() => accepted.length === 1 && goal.acceptance.isReady())).toBe(true);
    const h = accepted[0] as Handle;
    expect(await until(() => h.publishFeedback({ sequence: [1] }).ok && feedback.length > 0)).toBe(true);

    await router.kill('SIGKILL');
    // Each side gets a clear error: the pending result request, and the next feedback.
    expect(await until(() => results.length === 1, 12_000)).toBe(true);
    expect(results[0]).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    expect(goal.result().take()).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    let lost: ResultOf<unknown> = { ok: true, value: undefined };
    expect(
      await until(() => {
        lost = h.publishFeedback({ sequence: [2] });
        return !lost.ok;
      }),
    ).toBe(true);
    expect(lost).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    expect(h.isActive()).toBe(true);

    await ownRouter(router.wsPort);
    expect(await until(() => unwrap(client.actionServerIsReady()) === true, 30_000)).toBe(true);
    feedback.length = 0;
    expect(await until(() => h.publishFeedback({ sequence: [1, 2, 3] }).ok && feedback.length > 0, 20_000)).toBe(true);
    const again = unwrap(client.getResult(goal));
    // Whether the request arrives before or after the goal finishes, the server answers it.
    unwrap(h.succeed({ sequence: [0, 1, 1, 2] }));
    expect(await until(() => again.isReady(), 15_000)).toBe(true);
    const wrapped = unwrap(again.take());
    expect(wrapped.code).toBe(GoalStatus.Succeeded);
    expect([...wrapped.result.sequence]).toEqual([0, 1, 1, 2]);
  }, 120_000);
});
