/**
 * The mesh link between the routers, cut and restored while both routers and every client
 * stay up. linkCutFault goes through a LinkProxy (router B connects to A through it): every
 * connection reset and new ones refused for a seeded few seconds, then let through again.
 * linkFlapFault needs no proxy: it resets every established TCP connection on the routers'
 * zenoh ports with `ss -K` (Linux, root) again and again for its length while router B keeps
 * redialling, so links die at any step of their handshake. During either, a short probe round
 * must fail: the window says whether the routers really were apart.
 */
import { execFile } from 'node:child_process';
import type { SoakContext, SoakFault, SoakRouter } from '../contract.js';
import { runFault } from './fault-run.js';
import type { LinkProxy } from './link-proxy.js';
import type { MeshProbe } from './mesh-probe.js';
import { between, sleep } from './process-state.js';

export interface LinkCutOptions {
  /** Cut time range, ms (seeded pick). Default 1000..5000. */
  readonly cutMs?: readonly [number, number];
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

async function separated(probe: MeshProbe): Promise<string> {
  return (await probe.roundTrip(SEPARATED_PROBE_MS)) === undefined
    ? 'probe failed during the cut'
    : 'CUT NOT EFFECTIVE: a probe round crossed during the cut';
}

export function linkCutFault(linkProxy: LinkProxy | undefined, options: LinkCutOptions = {}): SoakFault {
  const [lo, hi] = options.cutMs ?? [1000, 5000];
  const name = 'mesh-link-cut';
  return {
    name,
    inject: (ctx: SoakContext) =>
      runFault(name, ctx, async (probe) => {
        if (linkProxy === undefined) {
          return { restoredMs: Date.now(), detail: 'NOT INJECTED: no link proxy (router B must connect through one)' };
        }
        const cutMs = between(ctx.random, lo, hi);
        const cutUntil = Date.now() + cutMs;
        linkProxy.sever();
        let check: string;
        try {
          check = await separated(probe);
          await sleep(Math.max(0, cutUntil - Date.now()));
        } finally {
          linkProxy.restore();
        }
        return { restoredMs: Date.now(), detail: `link proxy severed for ${cutMs} ms, ${check}` };
      }),
  };
}

export function linkFlapFault(options: LinkCutOptions = {}): SoakFault {
  const [lo, hi] = options.cutMs ?? [1000, 5000];
  const name = 'mesh-link-flap';
  return {
    name,
    inject: (ctx: SoakContext) =>
      runFault(name, ctx, async (probe) => {
        const cutMs = between(ctx.random, lo, hi);
        const cutUntil = Date.now() + cutMs;
        const ports = ctx.routers.map(tcpPort);
        const cutting = (async () => {
          while (Date.now() < cutUntil) {
            await resetLinks(ports);
            await sleep(SS_PERIOD_MS);
          }
        })();
        await sleep(SS_PERIOD_MS * 2);
        const check = await separated(probe);
        await cutting;
        return { restoredMs: Date.now(), detail: `ss -K on the routers' zenoh ports for ${cutMs} ms, ${check}` };
      }),
  };
}
