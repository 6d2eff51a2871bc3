/**
 * The one router a bench run measures through (started by the foundation's router tooling on
 * loopback, free ports, no scouting), and raw zenoh-ts sessions for the baselines.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';
import { loadZenohTs, type ZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';

export type { RunningRouter };

export async function startBenchRouter(): Promise<RunningRouter> {
  return startRouter({ readyBudgetMs: 20_000 });
}

export async function zenohTs(): Promise<ZenohTs> {
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  return z.value;
}

/** A raw zenoh-ts session (the baseline side), or a thrown Error naming the locator. */
export async function openRawSession(locator: string, budgetMs = 5000): Promise<Session> {
  const s = await openZenohSession(locator, budgetMs);
  if (!s.ok) throw new Error(`raw zenoh-ts session to ${locator}: ${s.error.message}`);
  return s.value;
}

/** Closes a raw session within a budget; a stuck close must not hang the run. */
export async function closeRawSession(session: Session, budgetMs = 3000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    session.close().catch(() => undefined),
    new Promise<void>((r) => {
      timer = setTimeout(r, budgetMs);
    }),
  ]);
  clearTimeout(timer);
}

/** A key prefix no other run (or other bench case) shares. */
export function uniquePrefix(what: string): string {
  return `rclts_bench/${process.pid}_${Date.now().toString(36)}/${what}`;
}
