/**
 * Which router to try next, and for how long, when a session is given several (failover).
 * One locator keeps the whole budget. With several, each attempt gets an equal share of the
 * budget but at least FAILOVER_ATTEMPT_MS (a dead router costs a whole attempt: zenoh-ts
 * retries a refused port after 2 s rather than failing), cycling through the list in order
 * until one opens or the budget is spent.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { err, ok, type ResultOf } from '../../result.js';
import { openZenohSession } from './zenoh-ts/index.js';

export const FAILOVER_ATTEMPT_MS = 2000;

export interface OpenedOn {
  readonly session: Session;
  /** Index in the list of the router that opened. */
  readonly index: number;
}

/** Budget of one attempt when `count` routers share `budgetMs` and `remainingMs` is left. */
export function attemptBudgetMs(count: number, budgetMs: number, remainingMs: number): number {
  if (count <= 1) return remainingMs;
  return Math.min(remainingMs, Math.max(FAILOVER_ATTEMPT_MS, Math.floor(budgetMs / count)));
}

/**
 * Opens a session on the first router of `locators` that answers, going round in order,
 * within `budgetMs` in all. A round in which no router timed out (each refused at once: a
 * certificate, a gate) ends the search, rather than asking them again until the budget is
 * spent. Every router failing answers the last failure (Timeout or TransportError) with the
 * list named. The budget counts from `startedAtMs` (a `Date.now()`; default now).
 */
export async function openFirstReachable(
  locators: readonly string[],
  budgetMs: number,
  socketOptions?: object,
  startedAtMs: number = Date.now(),
): Promise<ResultOf<OpenedOn>> {
  const deadline = startedAtMs + budgetMs;
  if (locators.length === 1) {
    // The one router keeps the whole budget, counted from the caller's start.
    const only = await openZenohSession(locators[0] as string, budgetMs, { socketOptions, startedAtMs });
    return only.ok ? ok({ session: only.value, index: 0 }) : only;
  }
  const n = locators.length;
  let last: ResultOf<Session> | undefined;
  let timedOutThisRound = false;
  for (let k = 0; ; k++) {
    const index = k % n;
    if (index === 0 && k > 0) {
      if (!timedOutThisRound) break;
      timedOutThisRound = false;
    }
    const remaining = deadline - Date.now();
    if (k > 0 && remaining <= 0) break;
    last = await openZenohSession(locators[index] as string, attemptBudgetMs(n, budgetMs, Math.max(0, remaining)), {
      socketOptions,
    });
    if (last.ok) return ok({ session: last.value, index });
    // Only an unreachable router is a reason to try the next one.
    const unreachable = last.error.name === 'Timeout' || last.error.name === 'TransportError';
    if (!unreachable) return last;
    if (last.error.name === 'Timeout') timedOutThisRound = true;
  }
  const why = last !== undefined && !last.ok ? last.error : undefined;
  return err(
    why?.name === 'TransportError' ? 'TransportError' : 'Timeout',
    `could not reach any of the zenoh routers ${locators.join(', ')} within ${budgetMs} ms (last: ${why?.message ?? 'none tried'})`,
  );
}
