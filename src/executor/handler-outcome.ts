/**
 * What a handler's call came to. A handler may return a promise or any thenable (async
 * handlers are ordinary in Node); its settlement is observed so that a rejection is counted
 * like a throw instead of ending the process as an unhandled rejection. Hostile values (a
 * `then` getter that throws, a Proxy, a revoked Proxy, a `then` that throws or settles twice)
 * come to one failed or fulfilled outcome, never a throw.
 */

export type HandlerOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown };

/** Told exactly once; `later` is true when the handler's thenable settled after it returned. */
export type OutcomeListener = (outcome: HandlerOutcome, later: boolean) => void;

export function fulfilled(value: unknown): HandlerOutcome {
  return { ok: true, value };
}

export function failed(error: unknown): HandlerOutcome {
  return { ok: false, error };
}

/** A value that may carry a `then` (objects and functions; primitives never do). */
export function mayBeThenable(x: unknown): x is object {
  return (typeof x === 'object' && x !== null) || typeof x === 'function';
}

/**
 * Tells `listener` what `returned` amounts to: at once for a plain value or when reading or
 * calling its `then` throws; when it settles for a thenable. Answers true when the answer
 * will come later (the handler is still running asynchronously). Never throws.
 */
export function observeReturned(returned: unknown, listener: OutcomeListener): boolean {
  if (!mayBeThenable(returned)) {
    listener(fulfilled(returned), false);
    return false;
  }
  let then: unknown;
  try {
    then = (returned as { then?: unknown }).then;
  } catch (thrown) {
    listener(failed(thrown), false);
    return false;
  }
  if (typeof then !== 'function') {
    listener(fulfilled(returned), false);
    return false;
  }
  let settled = false;
  let returnedYet = false;
  const settle = (outcome: HandlerOutcome): void => {
    if (settled) return;
    settled = true;
    listener(outcome, returnedYet);
  };
  try {
    Reflect.apply(then, returned, [
      (value: unknown) => settle(fulfilled(value)),
      (error: unknown) => settle(failed(error)),
    ]);
  } catch (thrown) {
    settle(failed(thrown));
  }
  returnedYet = true;
  return !settled;
}
