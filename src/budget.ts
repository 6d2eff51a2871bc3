/**
 * The one budget rule and the one timer limit, shared by every floor (rmw, executor, rclcpp,
 * vrobots) so that they refuse the same inputs with the same sentence.
 */
import { err, ok, quoteValue, type Result } from './result.js';

/**
 * setTimeout fires at once past 2^31-1 ms (about 24.8 days); a longer budget waits this long,
 * and loops that must wait longer re-arm.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A budget as a setTimeout delay: negative becomes 0, past MAX_TIMER_MS becomes MAX_TIMER_MS. */
export function timerDelay(ms: number): number {
  return Math.min(Math.max(0, ms), MAX_TIMER_MS);
}

/**
 * A budget is a finite number of milliseconds >= 0. Zero is allowed: it means "do not wait",
 * answer with what is ready now (a poll), or time out at once, which is how every waiting verb
 * offers its non-blocking form. `argument` names what is refused, e.g. `budgetMs` or
 * `ConnectOptions.connectTimeoutMs`.
 */
export function checkBudget(argument: string, value: unknown): Result {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return ok();
  return err('InvalidArgument', `${argument} must be a finite number of milliseconds >= 0, got ${quoteValue(value)}`);
}

/**
 * Waits for `work` until the `deadlineMs` (a `Date.now()`) at most: `{ done: false }` when the
 * deadline came first, so a budget holds even across work that cannot be cancelled (loading a
 * module). The work itself goes on; its timer is cleared when it settles first.
 */
export async function beforeDeadline<T>(
  work: Promise<T>,
  deadlineMs: number,
): Promise<{ readonly done: true; readonly value: T } | { readonly done: false }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<{ readonly done: false }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), timerDelay(deadlineMs - Date.now()));
  });
  try {
    return await Promise.race([work.then((value) => ({ done: true as const, value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
