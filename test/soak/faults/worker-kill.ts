/**
 * A peer process killed: a seeded churn worker gets SIGKILL mid-traffic and the harness
 * replaces it (ctx.restartWorker); the routers must drop its entities and keep serving the
 * others. The window's reconnectMs is the probe round after the replacement is up.
 */
import type { SoakContext, SoakFault } from '../contract.js';
import { runFault } from './fault-run.js';
import { pick, pidGone, until } from './process-state.js';

const EXIT_BUDGET_MS = 5000;

export function workerKillFault(): SoakFault {
  const name = 'peer-sigkill';
  return {
    name,
    inject: (ctx: SoakContext) =>
      runFault(name, ctx, async () => {
        const pid = pick(ctx.random, ctx.workerPids());
        if (pid === undefined) return { restoredMs: Date.now(), detail: 'NOT INJECTED: no churn worker running' };
        const killedAt = Date.now();
        try {
          process.kill(pid, 'SIGKILL');
        } catch (e) {
          return { restoredMs: Date.now(), detail: `NOT INJECTED: kill ${pid}: ${(e as Error).message}` };
        }
        // Called at once, in the same turn: the harness marks the pid as expected to die
        // before its exit event can be seen as a crash.
        await ctx.restartWorker(pid);
        const exited = await until(() => pidGone(pid), EXIT_BUDGET_MS);
        const restoredMs = Date.now();
        const late = exited ? '' : ` (still there ${EXIT_BUDGET_MS} ms after SIGKILL)`;
        return { restoredMs, detail: `worker pid ${pid} killed${late}, replaced in ${restoredMs - killedAt} ms` };
      }),
  };
}
