/**
 * Opening the WebSocket to a router's remote-api plugin, within the caller's budget.
 *
 * zenoh-ts's `RemoteLink.new` (dist/link.js) builds its sockets from the global `WebSocket`,
 * retries a dead endpoint for about 34 minutes (10 tries with doubling waits) and cannot be
 * cancelled. rclts opens the socket itself instead, from the class the host gives
 * (zenoh-ts-host.ts: Node's `ws`, or the page's WebSocket, only read), retrying with a short
 * capped back-off until the budget runs out or the caller abandons it; every timer and socket
 * of an attempt that gives up is closed, so nothing keeps the process alive.
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
  | { kind: 'timeout' }
  | { kind: 'abandoned' };

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
  /** Abandons the attempt at once (its socket and timers closed): a session closed meanwhile. */
  readonly signal?: AbortSignal | undefined;
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

type TryOutcome = { kind: 'open' } | { kind: 'failed'; error: unknown } | { kind: 'timeout' } | { kind: 'abandoned' };

/** One socket: open, failed (error or close before open), out of time or abandoned. */
function tryOnce(socket: BrowserStyleSocket, untilMs: number, signal: AbortSignal | undefined): Promise<TryOutcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done({ kind: 'timeout' }), timerDelay(untilMs - Date.now()));
    const abandon = () => done({ kind: 'abandoned' });
    const done = (outcome: TryOutcome) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abandon);
      resolve(outcome);
    };
    signal?.addEventListener('abort', abandon);
    socket.onopen = () => done({ kind: 'open' });
    socket.onclose = (event) => done({ kind: 'failed', error: event });
    // `ws` emits an 'error' nobody listens to as a thrown error; this listener stays for the socket's life.
    socket.addEventListener('error', (event: unknown) => done({ kind: 'failed', error: errorOf(event) }));
  });
}

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown } | null)?.error ?? event;
}

/** Waits `ms`, or less when `signal` aborts meanwhile. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timerDelay(ms));
    signal?.addEventListener('abort', done);
  });
}

/** Opens the session's socket, retrying until `deadline`; a final failure ends it at once. */
export async function connectSocket(request: ConnectRequest): Promise<ConnectOutcome> {
  const url = socketUrlOf(request.locator);
  const masking = request.takesOptions ? frameMaskingFor(url) : undefined;
  const options = request.takesOptions ? socketOptionsWith(request.socketOptions, masking) : undefined;
  let backoff = RETRY_FIRST_MS;
  const signal = request.signal;
  while (Date.now() < request.deadline) {
    if (signal?.aborted === true) return { kind: 'abandoned' };
    let socket: BrowserStyleSocket;
    try {
      socket = options === undefined ? new request.socketClass(url) : new request.socketClass(url, undefined, options);
    } catch (thrown) {
      return { kind: 'refused', why: request.finalFailure(thrown) ?? describeThrown(thrown) };
    }
    socket.binaryType = 'arraybuffer';
    const outcome = await tryOnce(socket, request.deadline, signal);
    if (outcome.kind === 'open') {
      socket.onopen = null;
      socket.onclose = null;
      return { kind: 'open', socket: new SessionSocket(socket, masking) };
    }
    quietClose(socket);
    if (outcome.kind === 'timeout' || outcome.kind === 'abandoned') return outcome;
    const why = request.finalFailure(outcome.error);
    if (why !== undefined) return { kind: 'refused', why };
    await pause(Math.min(backoff, request.deadline - Date.now()), signal);
    backoff = Math.min(backoff * 2, RETRY_CAP_MS);
  }
  return signal?.aborted === true ? { kind: 'abandoned' } : { kind: 'timeout' };
}
