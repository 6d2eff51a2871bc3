/**
 * The frame every router-side fault shares: a mesh probe opened before the fault (its sessions
 * live through it and must reconnect by themselves), a baseline round, the fault itself, then
 * the time from restoring it to the first complete probe round: the window's reconnectMs.
 */
import type { FaultWindow, SoakContext } from '../contract.js';
import { MeshProbe } from './mesh-probe.js';

/** How long a probe round may take after a fault before the fault counts as not recovered. */
export const RECONNECT_BUDGET_MS = 30_000;
const BASELINE_BUDGET_MS = 10_000;

/** What a fault reports back to the frame: when it restored, and what it did. */
export interface Restored {
  readonly restoredMs: number;
  readonly detail: string;
}

/**
 * Runs `fault` between a baseline probe round and the reconnection round. A failed baseline
 * (the mesh was already broken) or no reconnection within the budget is said in `detail`
 * (prefixed `NOT RECOVERED` / `BASELINE FAILED`) and leaves reconnectMs unset.
 */
export async function runFault(
  name: string,
  ctx: SoakContext,
  fault: (probe: MeshProbe) => Promise<Restored>,
): Promise<FaultWindow> {
  const probe = await MeshProbe.open(ctx.routers);
  try {
    const baseline = await probe.roundTrip(BASELINE_BUDGET_MS);
    const startMs = Date.now();
    const done = await fault(probe);
    const budget = Math.max(1000, Math.min(RECONNECT_BUDGET_MS, ctx.deadlineMs - Date.now()));
    const round = await probe.roundTrip(budget);
    const endMs = Date.now();
    const notes = [done.detail];
    if (baseline === undefined) notes.unshift(`BASELINE FAILED: no probe round within ${BASELINE_BUDGET_MS} ms`);
    if (round === undefined) notes.unshift(`NOT RECOVERED: no probe round within ${budget} ms of restoring`);
    const window: FaultWindow = { fault: name, startMs, endMs, detail: notes.join('; ') };
    if (round !== undefined) window.reconnectMs = endMs - done.restoredMs;
    ctx.log(`fault ${name}: ${window.detail}; reconnect ${window.reconnectMs ?? '-'} ms`);
    return window;
  } finally {
    await probe.close();
  }
}
