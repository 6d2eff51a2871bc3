/**
 * Router SIGKILL and restart on the same ports: a seeded router of the mesh dies with no
 * goodbye, stays down a seeded while, and comes back; its clients and the other router
 * reconnect by themselves.
 */
import type { SoakContext, SoakFault } from '../contract.js';
import { runFault } from './fault-run.js';
import { between, pidGone, until } from './process-state.js';

export interface RouterKillOptions {
  /** Down time range, ms (seeded pick). Default 200..2000. */
  readonly downMs?: readonly [number, number];
}

const EXIT_BUDGET_MS = 5000;

export function routerKillFault(options: RouterKillOptions = {}): SoakFault {
  const [lo, hi] = options.downMs ?? [200, 2000];
  const name = 'router-sigkill';
  return {
    name,
    inject: (ctx: SoakContext) =>
      runFault(name, ctx, async () => {
        const index = Math.floor(ctx.random() * ctx.routers.length);
        const router = ctx.routers[index]!;
        const downMs = between(ctx.random, lo, hi);
        const pid = router.pid;
        router.kill('SIGKILL');
        const exited = await until(() => pidGone(pid), EXIT_BUDGET_MS);
        await new Promise((r) => setTimeout(r, downMs));
        await router.restart();
        const restoredMs = Date.now();
        const late = exited ? '' : ` (pid ${pid} still there ${EXIT_BUDGET_MS} ms after SIGKILL)`;
        return {
          restoredMs,
          detail: `${router.name} pid ${pid} killed, down ${downMs} ms, now pid ${router.pid}${late}`,
        };
      }),
  };
}
