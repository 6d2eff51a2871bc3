/**
 * Calling an action's user callbacks (the server's goal, cancel and accepted; the client's
 * goalResponse, feedback and result). They run in spin, inside an entry's handler, but that
 * entry's round is not theirs to fail: a throw, or a rejection of the promise an `async`
 * callback returns, is reported as a handler error naming the callback and its action, and the
 * other goals go on. Nothing escapes as an unhandled rejection.
 */
import { mayBeThenable } from '../../executor/handler-outcome.js';
import { coreOf } from '../handle.js';

/** Who is calling: the executor, the callback's name, and the entity of the action it belongs to. */
export interface CallbackSite {
  readonly executor: unknown;
  readonly entity: string;
  /** An entity of the action (its node logs the first error nobody listens for). */
  readonly owner?: { readonly handleId: unknown } | undefined;
}

/**
 * Calls `fn(...args)` and answers what it returned (undefined after a throw); a returned
 * promise is observed. `entity` names the callback in the handler_error event.
 */
export function callActionCallback<A extends unknown[]>(
  site: CallbackSite,
  fn: (...args: A) => unknown,
  ...args: A
): unknown {
  const core = coreOf(site.executor);
  let returned: unknown;
  try {
    returned = fn(...args);
  } catch (thrown) {
    core?.reportEntityError(site.entity, thrown, site.owner?.handleId);
    return undefined;
  }
  if (mayBeThenable(returned)) core?.observeCallback(site.entity, returned, site.owner?.handleId);
  return returned;
}

/**
 * For goal and cancel, whose answer is needed now (rclcpp's handle_goal and handle_cancel are
 * synchronous): a promise (any object) is reported as a handler error and the answer counts as a refusal.
 */
export function callDecidingCallback<A extends unknown[]>(
  site: CallbackSite,
  fn: (...args: A) => unknown,
  ...args: A
): unknown {
  const answer = callActionCallback(site, fn, ...args);
  if (!mayBeThenable(answer)) return answer;
  coreOf(site.executor)?.reportEntityError(
    site.entity,
    new Error(
      `${site.entity} answered an object (a promise?); it must answer synchronously, so the request is refused`,
    ),
    site.owner?.handleId,
  );
  return undefined;
}
