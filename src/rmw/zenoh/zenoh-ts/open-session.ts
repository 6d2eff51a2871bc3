/**
 * Opening and closing one zenoh-ts session (one WebSocket to a router's remote-api plugin)
 * within the caller's budget, with every failure returned as a value.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { beforeDeadline, checkBudget, timerDelay } from '../../../budget.js';
import { describeThrown, err, ok, type Result, type ResultOf } from '../../../result.js';
import { parseRouterLocator } from '../../router-locator.js';
import { CLOSE_BUDGET_MS, closeSessionQuietly } from './close-session.js';
import { connectSocket } from './connect-attempt.js';
import { REQUEST_TIMEOUT_MS } from './plugin-request.js';
import { RemoteLink } from './remote-link.js';
import { retireInnerRequests } from './request-tap.js';
import { finalSocketFailure } from './router-trust.js';
import { loadSessionParts, type OpeningInner } from './zenoh-ts-loader.js';

/**
 * Where a session puts the empty message that carries its TCP ACK to the router (see
 * SessionSocket.promptAcks). Nobody subscribes to it, and its verbatim chunk `@rclts` is not
 * matched by `*` or `**`, so no wildcard subscriber ever sees it.
 */
export const ACK_PROMPT_KEY = '@rclts/ack';
const ACK_PROMPT_PAYLOAD = new Uint8Array(0);

export interface OpenSessionOptions {
  /** Given to each WebSocket (Node's `ws`: the CA a wss/ router is checked against). */
  readonly socketOptions?: object | undefined;
  /**
   * When the budget started counting (a `Date.now()`; default: this call), for a caller that
   * spent some of the same budget first.
   */
  readonly startedAtMs?: number | undefined;
  /** Abandons the opening at once (answered `Error`), its socket and timers closed. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Opens a zenoh-ts session to the router at `locator`, giving up `budgetMs` after it started
 * (see OpenSessionOptions; the budget includes loading zenoh-ts the first time). A router that
 * cannot be reached within the budget answers `Timeout` at its deadline, with every socket and
 * timer of the attempt closed at once (a silent router is not waited for). A certificate
 * refused, a TLS handshake that cannot work or a handshake a gate refused answers
 * TransportError at once.
 *
 * zenoh-ts's `Session.open` (SessionInner.open in dist/session_inner.js) would build its socket
 * from the global WebSocket and retry for half an hour; instead rclts opens the socket
 * (connect-attempt.ts) and does the rest of what `SessionInner.open` does: a `SessionInner` on
 * rclts's link (remote-link.ts), the ping that checks the plugin answers, the `Session` around it.
 */
export async function openZenohSession(
  locator: string,
  budgetMs: number,
  options: OpenSessionOptions = {},
): Promise<ResultOf<Session>> {
  const { socketOptions, signal } = options;
  const locatorOk = parseRouterLocator(locator);
  if (!locatorOk.ok) return locatorOk;
  const budgetOk = checkBudget('budgetMs', budgetMs);
  if (!budgetOk.ok) return budgetOk;
  const deadline = (options.startedAtMs ?? Date.now()) + budgetMs;
  const timedOut = err('Timeout', `could not reach zenoh router at ${locator} within ${budgetMs} ms`);
  const abandoned = err('Error', `opening a zenoh session at ${locator} was abandoned`);

  if (Date.now() >= deadline) return timedOut;
  // Loading zenoh-ts (its wasm compiled) on a loaded machine may outlast the budget.
  const loaded = await beforeDeadline(loadSessionParts(), deadline);
  if (!loaded.done) return timedOut;
  const parts = loaded.value;
  if (!parts.ok) return parts;
  if (Date.now() >= deadline) return timedOut;
  if (signal?.aborted === true) return abandoned;

  const connected = await connectSocket({
    locator,
    socketClass: parts.value.socketClass,
    takesOptions: parts.value.takesSocketOptions,
    socketOptions,
    deadline,
    finalFailure: finalSocketFailure,
    signal,
  });
  if (connected.kind === 'timeout') return timedOut;
  if (connected.kind === 'abandoned') return abandoned;
  if (connected.kind === 'refused') {
    return err('TransportError', `could not open a zenoh session at ${locator}: ${connected.why}`);
  }
  const socket = connected.socket;
  const link = new RemoteLink(socket);
  let inner: OpeningInner;
  try {
    // zenoh-ts's default 500 ms for each plugin answer (the opening ping included) flakes on
    // a loaded machine; the caller's budget bounds the whole open anyway.
    inner = parts.value.newInner(link, REQUEST_TIMEOUT_MS);
  } catch (thrown) {
    socket.drop();
    return err('TransportError', `could not open a zenoh session at ${locator}: ${describeThrown(thrown)}`);
  }
  const pinged = await pingWithin(inner, deadline, signal);
  if (pinged !== 'ok') {
    // The ping's own timer (REQUEST_TIMEOUT_MS) would hold the process, and a closing
    // handshake would wait for the router that just failed to answer.
    retireInnerRequests(inner);
    socket.drop();
    if (pinged === 'timeout') return timedOut;
    if (pinged === 'abandoned') return abandoned;
    return err('TransportError', `could not open a zenoh session at ${locator}: ${describeThrown(pinged.thrown)}`);
  }
  const session = parts.value.newSession(inner);
  socket.promptAcks(() => {
    session.put(ACK_PROMPT_KEY, ACK_PROMPT_PAYLOAD).catch(() => undefined);
  });
  return ok(session);
}

/** The opening ping of `SessionInner.open`, which also gives the session its id, within the deadline. */
async function pingWithin(
  inner: OpeningInner,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<'ok' | 'timeout' | 'abandoned' | { thrown: unknown }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let abandon: (() => void) | undefined;
  const outcome = await Promise.race([
    inner.ping().then(
      (answer) => {
        inner.id = answer.uuid;
        return 'ok' as const;
      },
      (thrown: unknown) => ({ thrown }),
    ),
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timerDelay(Math.max(0, deadline - Date.now())));
    }),
    new Promise<'abandoned'>((resolve) => {
      abandon = () => resolve('abandoned');
      signal?.addEventListener('abort', abandon);
    }),
  ]);
  clearTimeout(timer);
  if (abandon !== undefined) signal?.removeEventListener('abort', abandon);
  return outcome;
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
