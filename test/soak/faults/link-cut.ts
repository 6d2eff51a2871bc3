/**
 * A mesh link cut and restored while both routers stay up. Through a LinkProxy (router B
 * connects to A through it: the clean cut), or, when the harness runs none, by resetting every
 * established TCP connection on the routers' zenoh ports with `ss -K` (Linux, root) again and
 * again for the cut's length (router B keeps redialling; each attempt is reset). During the cut
 * a short probe round must fail: the window says whether the cut really separated the routers.
 */
import { execFile } from 'node:child_process';
import type { SoakContext, SoakFault, SoakRouter } from '../contract.js';
import { runFault } from './fault-run.js';
import type { LinkProxy } from './link-proxy.js';
import { between, sleep } from './process-state.js';

export interface LinkCutOptions {
  /** Cut time range, ms (seeded pick). Default 1000..5000. */
  readonly cutMs?: readonly [number, number];
  readonly linkProxy?: LinkProxy | undefined;
}

/** A probe round during the cut gets this long to (wrongly) complete. */
const SEPARATED_PROBE_MS = 400;
const SS_PERIOD_MS = 50;

function tcpPort(router: SoakRouter): string {
  return /:(\d+)$/.exec(router.tcpEndpoint)?.[1] ?? '0';
}

function resetLinks(ports: readonly string[]): Promise<void> {
  const filter = ports.flatMap((p, i) => [
    ...(i > 0 ? ['or'] : []),
    'sport',
    '=',
    `:${p}`,
    'or',
    'dport',
    '=',
    `:${p}`,
  ]);
  return new Promise((resolve) => {
    execFile('ss', ['-K', 'state', 'established', '(', ...filter, ')'], { timeout: 2000 }, () => resolve());
  });
}

export function linkCutFault(options: LinkCutOptions = {}): SoakFault {
  const [lo, hi] = options.cutMs ?? [1000, 5000];
  const proxy = options.linkProxy;
  const name = 'mesh-link-cut';
  return {
    name,
    inject: (ctx: SoakContext) =>
      runFault(name, ctx, async (probe) => {
        const cutMs = between(ctx.random, lo, hi);
        const cutUntil = Date.now() + cutMs;
        let separated: boolean;
        if (proxy !== undefined) {
          proxy.sever();
          try {
            separated = (await probe.roundTrip(SEPARATED_PROBE_MS)) === undefined;
            await sleep(Math.max(0, cutUntil - Date.now()));
          } finally {
            proxy.restore();
          }
        } else {
          const ports = ctx.routers.map(tcpPort);
          const cutting = (async () => {
            while (Date.now() < cutUntil) {
              await resetLinks(ports);
              await sleep(SS_PERIOD_MS);
            }
          })();
          await sleep(SS_PERIOD_MS * 2);
          separated = (await probe.roundTrip(SEPARATED_PROBE_MS)) === undefined;
          await cutting;
        }
        const how = proxy !== undefined ? 'link proxy severed' : 'ss -K on the routers zenoh ports';
        const check = separated
          ? 'probe failed during the cut'
          : 'CUT NOT EFFECTIVE: a probe round crossed during the cut';
        return { restoredMs: Date.now(), detail: `${how} for ${cutMs} ms, ${check}` };
      }),
  };
}
