/**
 * Requests that expect an answer from the remote-api plugin (declare, undeclare, ping,
 * matching status): how long zenoh-ts waits for the answer, and waiting for the WebSocket
 * to drain before asking. The ping is the cheap liveness probe; the public `info()` does a
 * heavier round trip and is the fallback.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { innerOf, linkIsDead, type SocketLike, socketOf } from './session-internals.js';

/**
 * How long zenoh-ts waits for the plugin to answer a request (declare, undeclare, ping).
 * Its default, 500 ms, is shorter than the plugin takes to get through a few large
 * publications queued ahead of the request; a declaration would then fail on a healthy link.
 */
export const REQUEST_TIMEOUT_MS = 5000;

export function setRequestTimeout(session: Session, ms: number): void {
  const inner = innerOf(session) as { messageResponseTimeoutMs?: unknown } | undefined;
  if (inner !== undefined && typeof inner.messageResponseTimeoutMs === 'number') inner.messageResponseTimeoutMs = ms;
}

/** Below zenoh-ts's 2 MB WebSocket back-pressure threshold, with room to spare. */
const DRAINED_BYTES = 1024 * 1024;
const DRAIN_POLL_MS = 5;

/**
 * Runs a zenoh-ts call that expects an answer from the plugin (declare, undeclare, ping,
 * matching status) only once the session's WebSocket buffer is below zenoh-ts's back-pressure
 * threshold. zenoh-ts starts its 500 ms answer timer before it waits for that buffer to drain
 * and attaches the timer's rejection handler only after; a wait longer than 500 ms (behind a
 * multi-megabyte publication) would otherwise surface as an unhandled promise rejection.
 * The check and the call run in the same synchronous step, so nothing can fill the buffer
 * in between.
 */
export async function requestWhenDrained<T>(session: Session, call: () => Promise<T>): Promise<T> {
  const ws = socketOf(session) as (SocketLike & { bufferedAmount?: number }) | undefined;
  // A stalled router keeps the socket open and its buffer full; without a budget the heartbeat's
  // ping would wait here forever and never count a miss.
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  for (;;) {
    // On a closed socket zenoh-ts's request would fail after arming its timer, orphaning it.
    if (linkIsDead(session) || (ws !== undefined && ws.readyState !== 1)) throw new Error('WebSocket is closed');
    if (ws === undefined || typeof ws.bufferedAmount !== 'number' || ws.bufferedAmount <= DRAINED_BYTES) return call();
    if (Date.now() >= deadline) {
      throw new Error(
        `the WebSocket to the router did not drain below ${DRAINED_BYTES} bytes within ${REQUEST_TIMEOUT_MS} ms`,
      );
    }
    await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
  }
}

/** One remote-api round trip; rejects when the plugin does not answer (500 ms in zenoh-ts). */
export async function pingSession(session: Session): Promise<void> {
  const inner = innerOf(session);
  const ping = inner?.ping;
  if (typeof ping === 'function') {
    await requestWhenDrained(session, () => ping.call(inner));
    return;
  }
  await requestWhenDrained(session, () => session.info());
}
