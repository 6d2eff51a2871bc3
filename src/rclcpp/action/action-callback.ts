/**
 * Calling an action's user callbacks (the server's goal, cancel and accepted; the client's
 * goalResponse, feedback and result). They run in spin, inside an entry's handler, but that
 * entry's round is not theirs to fail: a throw, or a rejection of the promise an `async`
 * callback returns, is reported as a handler error naming the callback and its action, and the
 * other goals go on. Nothing escapes as an unhandled rejection.
 */
import { mayBeThenable } from '../../executor/handler-outcome.js';
import { coreOf } from '../handle.js';

/**
 * Calls `fn(...args)` and answers what it returned (undefined after a throw); a returned
 * promise is observed. `entity` names the callback in the handler_error event.
 */
export function callActionCallback<A extends unknown[]>(
  executor: unknown,
  entity: string,
  fn: (...args: A) => unknown,
  ...args: A
): unknown {
  const core = coreOf(executor);
  let returned: unknown;
  try {
    returned = fn(...args);
  } catch (thrown) {
    core?.reportEntityError(entity, thrown);
    return undefined;
  }
  if (mayBeThenable(returned)) core?.observeCallback(entity, returned);
  return returned;
}

/**
 * For goal and cancel, whose answer is needed now (rclcpp's handle_goal and handle_cancel are
 * synchronous): a promise (any object) is reported as a handler error and the answer counts as a refusal.
 */
export function callDecidingCallback<A extends unknown[]>(
  executor: unknown,
  entity: string,
  fn: (...args: A) => unknown,
  ...args: A
): unknown {
  const answer = callActionCallback(executor, entity, fn, ...args);
  if (!mayBeThenable(answer)) return answer;
  coreOf(executor)?.reportEntityError(
    entity,
    new Error(`${entity} answered an object (a promise?); it must answer synchronously, so the request is refused`),
  );
  return undefined;
}
