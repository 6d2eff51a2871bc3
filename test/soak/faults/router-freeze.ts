/**
 * Router SIGSTOP / SIGCONT: a seeded router freezes for a seeded few seconds, its sockets open
 * but nothing answered (the silent-router case: budgets must still hold), then thaws.
 */
import type { SoakContext, SoakFault } from '../contract.js';
import { runFault } from './fault-run.js';
import { allThreadsStopped, between, until } from './process-state.js';

export interface RouterFreezeOptions {
  /** Frozen time range, ms (seeded pick). Default 1000..5000. */
  readonly frozenMs?: readonly [number, number];
}

const STOP_BUDGET_MS = 2000;

export function routerFreezeFault(options: RouterFreezeOptions = {}): SoakFault {
  const [lo, hi] = options.frozenMs ?? [1000, 5000];
  const name = 'router-sigstop';
  return {
    name,
    inject: (ctx: SoakContext) =>
      runFault(name, ctx, async () => {
        const router = ctx.routers[Math.floor(ctx.random() * ctx.routers.length)]!;
        const frozenMs = between(ctx.random, lo, hi);
        const pid = router.pid;
        router.kill('SIGSTOP');
        let stopped = false;
        try {
          stopped = await until(() => allThreadsStopped(pid), STOP_BUDGET_MS, 1);
          await new Promise((r) => setTimeout(r, frozenMs));
        } finally {
          // Never leave a router frozen, whatever happened meanwhile.
          router.kill('SIGCONT');
        }
        const late = stopped ? '' : ` (not every thread stopped within ${STOP_BUDGET_MS} ms)`;
        return { restoredMs: Date.now(), detail: `${router.name} pid ${pid} frozen ${frozenMs} ms${late}` };
      }),
  };
}
