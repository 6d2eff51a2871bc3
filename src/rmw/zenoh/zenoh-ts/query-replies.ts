/**
 * Sending a query's replies and its final through zenoh-ts: in one TCP write when the
 * socket allows it, and finalizing without an unhandled rejection when the link is gone.
 */
import { linkSendsAtOnce } from './session-internals.js';
import { tcpUnder } from './write-batch.js';

/**
 * Runs `sends` with the TCP socket of the query's session corked, so every frame zenoh-ts hands to `ws`
 * in it leaves in one write (one segment when small): a query's reply and its final sent as
 * two segments let the router, which does not set TCP_NODELAY, hold the final back ~40 ms.
 * The router can still write a reply and its final to the CLIENT in two segments; then its
 * Nagle holds the next reply until the client's delayed ACK (~40 ms, in raw zenoh-ts gets as
 * well). The remote-api plugin (1.10.1) sets no socket option on its WebSocket and has no
 * setting for it, so that one is the router's to fix.
 * Returns false without running `sends` unless the socket is reachable, open and under
 * zenoh-ts's 2 MB threshold; past it zenoh-ts defers each send on its own timer, and the
 * caller keeps its ordered path so the final cannot overtake the reply.
 */
export function sendCorked(query: unknown, sends: () => void): boolean {
  let tcp: ReturnType<typeof tcpUnder>;
  try {
    const link = (query as { session?: { link?: { isOk?: unknown; ws?: unknown } } } | undefined)?.session?.link;
    const socket = link?.ws as { readyState?: unknown; bufferedAmount?: unknown } | undefined;
    if (socket === undefined || !linkSendsAtOnce(link, socket)) return false;
    tcp = tcpUnder(socket);
    if (tcp === undefined) return false;
    tcp.cork();
  } catch {
    return false;
  }
  try {
    sends();
  } finally {
    try {
      tcp.uncork();
    } catch {
      // the socket is going away; its close is reported elsewhere
    }
  }
  return true;
}

/**
 * Finalizes a query unless its session's link is closed. zenoh-ts's `Query.finalize()` does
 * not await its own send, so a send that fails (on a link rclts marked dead) would surface as
 * an unhandled rejection; the check runs in the same synchronous step as the send.
 */
export function finalizeQuietly(query: unknown): void {
  try {
    const q = query as {
      finalize?: () => Promise<void>;
      session?: { link?: { isOk?: unknown; ws?: { readyState?: unknown } } };
    };
    const link = q.session?.link;
    if (link !== undefined && (link.isOk === false || (link.ws !== undefined && link.ws.readyState !== 1))) return;
    void q.finalize?.().catch(() => {});
  } catch {
    // the session is going away
  }
}
