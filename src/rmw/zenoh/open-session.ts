/**
 * Opening and closing one zenoh-ts session (one WebSocket to a router's remote-api plugin)
 * within the caller's budget, with every failure returned as a value.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { checkBudget, timerDelay } from '../../budget.js';
import { describeThrown, err, ok, type Result, type ResultOf } from '../../result.js';
import { parseRouterLocator } from '../router-locator.js';
import { CLOSE_BUDGET_MS, closeSessionQuietly } from './close-session.js';
import { beginConnectAttempt, installConnectAttempts } from './connect-attempt.js';
import { REQUEST_TIMEOUT_MS } from './plugin-request.js';
import { finalSocketFailure } from './router-trust.js';
import { loadZenohTs } from './zenoh-ts-loader.js';

/**
 * Where a session puts the empty message that carries its TCP ACK to the router (see
 * LinkSocketFacade.promptAcks). Nobody subscribes to it, and its verbatim chunk `@rclts` is not
 * matched by `*` or `**`, so no wildcard subscriber ever sees it.
 */
export const ACK_PROMPT_KEY = '@rclts/ack';
const ACK_PROMPT_PAYLOAD = new Uint8Array(0);

type Outcome =
  | { kind: 'open'; session: Session }
  | { kind: 'failed'; thrown: unknown }
  | { kind: 'refused'; why: string }
  | { kind: 'timeout' };

/**
 * Opens a zenoh-ts session to the router at `locator`, giving up after `budgetMs` (the budget
 * includes loading zenoh-ts the first time). A router that cannot be reached within the budget
 * answers `Timeout`; zenoh-ts's own retry loop is ended so nothing keeps the process alive.
 * `socketOptions` go to each WebSocket (Node's `ws`: the CA a wss/ router is checked against);
 * a certificate refused, a TLS handshake that cannot work or a handshake a gate refused
 * answers TransportError at once.
 */
export async function openZenohSession(
  locator: string,
  budgetMs: number,
  socketOptions?: object,
): Promise<ResultOf<Session>> {
  const locatorOk = parseRouterLocator(locator);
  if (!locatorOk.ok) return locatorOk;
  const budgetOk = checkBudget('budgetMs', budgetMs);
  if (!budgetOk.ok) return budgetOk;
  const deadline = Date.now() + budgetMs;
  const timedOut = err('Timeout', `could not reach zenoh router at ${locator} within ${budgetMs} ms`);

  const zenoh = await loadZenohTs();
  if (!zenoh.ok) return zenoh;
  if (!installConnectAttempts()) {
    return err('Unsupported', `cannot reach zenoh router at ${locator}: this runtime has no WebSocket`);
  }
  const remainingMs = deadline - Date.now();
  if (remainingMs <= 0) return timedOut;

  let refuse: (why: string) => void = () => {};
  const refused = new Promise<Outcome>((resolve) => {
    refuse = (why) => resolve({ kind: 'refused', why });
  });
  const attempt = beginConnectAttempt(locator, socketOptions, (error) => {
    const why = finalSocketFailure(error);
    if (why !== undefined) refuse(why);
  });
  let opening: Promise<Session>;
  try {
    // zenoh-ts's default 500 ms for each plugin answer (the opening ping included) flakes on
    // a loaded machine; the caller's budget bounds the whole open anyway.
    opening = zenoh.value.Session.open(new zenoh.value.Config(attempt.locator, REQUEST_TIMEOUT_MS));
  } catch (thrown) {
    opening = Promise.reject(thrown);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), timerDelay(remainingMs));
    opening.then(
      (session) => resolve({ kind: 'open', session }),
      (thrown: unknown) => resolve({ kind: 'failed', thrown }),
    );
    void refused.then(resolve);
  });
  clearTimeout(timer);

  switch (outcome.kind) {
    case 'open': {
      const socket = attempt.settle();
      const session = outcome.session;
      socket?.promptAcks(() => {
        session.put(ACK_PROMPT_KEY, ACK_PROMPT_PAYLOAD).catch(() => undefined);
      });
      return ok(session);
    }
    case 'failed':
      attempt.abandon(`zenoh session open at ${locator} failed`);
      return err('TransportError', `could not open a zenoh session at ${locator}: ${describeThrown(outcome.thrown)}`);
    case 'refused':
      attempt.abandon(`zenoh router at ${locator} refused: ${outcome.why}`);
      opening.then(
        (late) => void closeZenohSession(late),
        () => {},
      );
      return err('TransportError', `could not open a zenoh session at ${locator}: ${outcome.why}`);
    case 'timeout':
      attempt.abandon(`gave up on zenoh router at ${locator} after ${budgetMs} ms`);
      // Should zenoh-ts still finish opening (its ping was already in flight), close that session.
      opening.then(
        (late) => void closeZenohSession(late),
        () => {},
      );
      return timedOut;
  }
}

/**
 * Closes a session opened by `openZenohSession`, waiting (up to `budgetMs`) until zenoh-ts
 * reports it closed; its public `close()` resolves before the WebSocket has actually closed.
 * Closing twice is harmless.
 */
export async function closeZenohSession(session: Session, budgetMs = CLOSE_BUDGET_MS): Promise<Result> {
  try {
    if (session.isClosed()) return ok();
    await closeSessionQuietly(session, budgetMs);
    if (session.isClosed()) return ok();
    return err('Timeout', `zenoh session did not finish closing within ${budgetMs} ms`);
  } catch (thrown) {
    return err('TransportError', `could not close zenoh session: ${describeThrown(thrown)}`);
  }
}
