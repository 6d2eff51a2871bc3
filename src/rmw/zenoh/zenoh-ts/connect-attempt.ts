/**
 * Opening the WebSocket to a router's remote-api plugin, within the caller's budget.
 *
 * zenoh-ts's `RemoteLink.new` (dist/link.js) builds its sockets from the global `WebSocket`,
 * retries a dead endpoint for about 34 minutes (10 tries with doubling waits) and cannot be
 * cancelled. rclts opens the socket itself instead, from the class the host gives
 * (zenoh-ts-host.ts: Node's `ws`, or the page's WebSocket, only read), retrying with a short
 * capped back-off until the budget runs out; every timer and socket of an attempt that gives
 * up is closed, so nothing keeps the process alive.
 */
import { timerDelay } from '../../../budget.js';
import { describeThrown } from '../../../result.js';
import { frameMaskingFor, socketOptionsWith } from './loopback-frames.js';
import { type BrowserStyleSocket, type BrowserStyleSocketClass, dropSocket, SessionSocket } from './session-socket.js';

const RETRY_FIRST_MS = 100;
const RETRY_CAP_MS = 1000;

export type ConnectOutcome =
  | { kind: 'open'; socket: SessionSocket }
  | { kind: 'refused'; why: string }
  | { kind: 'timeout' };

export interface ConnectRequest {
  /** The locator, in either form zenoh-ts accepts (`ws/HOST:PORT`, `ws://HOST:PORT`). */
  readonly locator: string;
  readonly socketClass: BrowserStyleSocketClass;
  /** Whether the class takes a third options argument (Node's `ws`). */
  readonly takesOptions: boolean;
  /** TLS trust options for `ws` (`ca`), if any. */
  readonly socketOptions: object | undefined;
  readonly deadline: number;
  /** The sentence for a socket error that retrying cannot fix, else undefined (router-trust.ts). */
  readonly finalFailure: (error: unknown) => string | undefined;
}

/** The URL of a locator, as zenoh-ts's `RemoteLink.parseZenohLocator` turns it. */
function socketUrlOf(locator: string): string {
  const slash = locator.indexOf('/');
  const scheme = locator.slice(0, slash);
  if (slash < 0 || (scheme !== 'ws' && scheme !== 'wss') || locator.startsWith('//', slash)) return locator;
  return `${scheme}://${locator.slice(slash + 1)}`;
}

function quietClose(socket: BrowserStyleSocket): void {
  socket.onerror = null;
  socket.onclose = null;
  dropSocket(socket);
}

type TryOutcome = { kind: 'open' } | { kind: 'failed'; error: unknown } | { kind: 'timeout' };

/** One socket: open, failed (error or close before open) or out of time. */
function tryOnce(socket: BrowserStyleSocket, untilMs: number): Promise<TryOutcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'timeout' }), timerDelay(untilMs - Date.now()));
    const done = (outcome: TryOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    socket.onopen = () => done({ kind: 'open' });
    socket.onclose = (event) => done({ kind: 'failed', error: event });
    // `ws` emits an 'error' nobody listens to as a thrown error; this listener stays for the socket's life.
    socket.addEventListener('error', (event: unknown) => done({ kind: 'failed', error: errorOf(event) }));
  });
}

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown } | null)?.error ?? event;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Opens the session's socket, retrying until `deadline`; a final failure ends it at once. */
export async function connectSocket(request: ConnectRequest): Promise<ConnectOutcome> {
  const url = socketUrlOf(request.locator);
  const masking = request.takesOptions ? frameMaskingFor(url) : undefined;
  const options = request.takesOptions ? socketOptionsWith(request.socketOptions, masking) : undefined;
  let backoff = RETRY_FIRST_MS;
  while (Date.now() < request.deadline) {
    let socket: BrowserStyleSocket;
    try {
      socket = options === undefined ? new request.socketClass(url) : new request.socketClass(url, undefined, options);
    } catch (thrown) {
      return { kind: 'refused', why: request.finalFailure(thrown) ?? describeThrown(thrown) };
    }
    socket.binaryType = 'arraybuffer';
    const outcome = await tryOnce(socket, request.deadline);
    if (outcome.kind === 'open') {
      socket.onopen = null;
      socket.onclose = null;
      return { kind: 'open', socket: new SessionSocket(socket, masking) };
    }
    quietClose(socket);
    if (outcome.kind === 'timeout') break;
    const why = request.finalFailure(outcome.error);
    if (why !== undefined) return { kind: 'refused', why };
    await pause(Math.min(backoff, request.deadline - Date.now()));
    backoff = Math.min(backoff * 2, RETRY_CAP_MS);
  }
  return { kind: 'timeout' };
}
