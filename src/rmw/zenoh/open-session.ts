/**
 * Opening and closing one zenoh-ts session (one WebSocket to a router's remote-api plugin)
 * within the caller's budget, with every failure returned as a value.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown, err, ok, type Result, type ResultOf } from '../../result.js';
import { beginConnectAttempt, installConnectAttempts } from './connect-attempt.js';
import { CLOSE_BUDGET_MS, closeSessionQuietly, REQUEST_TIMEOUT_MS } from './session-internals.js';
import { loadZenohTs } from './zenoh-ts-loader.js';

// zenoh canon form `ws/HOST:PORT[?metadata]` and URL form `ws://HOST:PORT[/path]`; HOST is a
// name, an IPv4 address or a bracketed IPv6 address. No fragment: connect-attempt uses it.
const HOST = String.raw`(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)`;
const CANON_LOCATOR = new RegExp(String.raw`^wss?/${HOST}:(\d{1,5})(?:\?[^\s#]*)?$`);
const URL_LOCATOR = new RegExp(String.raw`^wss?://${HOST}:(\d{1,5})(?:[/?][^\s#]*)?$`);

/** Checks a router locator: `ws/HOST:PORT` or `ws://HOST:PORT` (`wss` too). */
export function checkLocator(locator: unknown): Result {
  if (typeof locator === 'string') {
    const match = CANON_LOCATOR.exec(locator) ?? URL_LOCATOR.exec(locator);
    const port = match === null ? Number.NaN : Number(match[1]);
    if (port >= 1 && port <= 65535) return ok();
  }
  return err(
    'InvalidArgument',
    `locator ${JSON.stringify(locator) ?? String(locator)} is not a zenoh router WebSocket locator; expected ws/HOST:PORT or ws://HOST:PORT (e.g. ws/127.0.0.1:10000)`,
  );
}

function checkBudget(budgetMs: unknown): Result {
  if (typeof budgetMs === 'number' && Number.isFinite(budgetMs) && budgetMs > 0) return ok();
  return err('InvalidArgument', `budgetMs must be a finite number of milliseconds > 0, got ${String(budgetMs)}`);
}

type Outcome = { kind: 'open'; session: Session } | { kind: 'failed'; thrown: unknown } | { kind: 'timeout' };

/**
 * Opens a zenoh-ts session to the router at `locator`, giving up after `budgetMs` (the budget
 * includes loading zenoh-ts the first time). A router that cannot be reached within the budget
 * answers `Timeout`; zenoh-ts's own retry loop is ended so nothing keeps the process alive.
 */
export async function openZenohSession(locator: string, budgetMs: number): Promise<ResultOf<Session>> {
  const locatorOk = checkLocator(locator);
  if (!locatorOk.ok) return locatorOk;
  const budgetOk = checkBudget(budgetMs);
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

  const attempt = beginConnectAttempt(locator);
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
    timer = setTimeout(() => resolve({ kind: 'timeout' }), remainingMs);
    opening.then(
      (session) => resolve({ kind: 'open', session }),
      (thrown: unknown) => resolve({ kind: 'failed', thrown }),
    );
  });
  clearTimeout(timer);

  switch (outcome.kind) {
    case 'open':
      attempt.settle();
      return ok(outcome.session);
    case 'failed':
      attempt.abandon(`zenoh session open at ${locator} failed`);
      return err('TransportError', `could not open a zenoh session at ${locator}: ${describeThrown(outcome.thrown)}`);
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
