/**
 * Puts made in one synchronous burst leave in a few TCP writes instead of one each. `ws`
 * writes every frame with its own syscall (its socket is no-delay), so a simulator
 * publishing a thousand states per tick spent about a quarter of its CPU in socket writes.
 * The socket is corked at the first put of a burst and uncorked once the burst's synchronous
 * code is done (a microtask later), or earlier whenever it holds FLUSH_BYTES: corking alone
 * never brings the buffer near zenoh-ts's 2 MB back-pressure threshold. Where no Node socket
 * can be reached (a browser page), nothing changes.
 */

/** Corked bytes past which the socket is flushed within the burst. */
export const FLUSH_BYTES = 256 * 1024;

interface CorkableSocket {
  cork(): void;
  uncork(): void;
  readonly writableLength: number;
}

/** Sockets corked by the burst still running; each is uncorked by its own microtask. */
const held = new Set<CorkableSocket>();

/** The net.Socket under a `ws` WebSocket, also under rclts's connect facade (connect-attempt.ts). */
function tcpOf(ws: unknown): CorkableSocket | undefined {
  const w = ws as { _socket?: unknown; inner?: { _socket?: unknown } } | undefined;
  const candidate = (w?._socket ?? w?.inner?._socket) as Partial<CorkableSocket> | null | undefined;
  if (typeof candidate?.cork !== 'function' || typeof candidate.uncork !== 'function') return undefined;
  return typeof candidate.writableLength === 'number' ? (candidate as CorkableSocket) : undefined;
}

function release(tcp: CorkableSocket): void {
  held.delete(tcp);
  try {
    tcp.uncork();
  } catch {
    // the socket is going away; its close is reported elsewhere
  }
}

/** Call before a put that zenoh-ts hands to the WebSocket synchronously. */
export function corkBurst(ws: unknown): void {
  const tcp = tcpOf(ws);
  if (tcp === undefined) return;
  try {
    if (held.has(tcp)) {
      if (tcp.writableLength >= FLUSH_BYTES) {
        tcp.uncork();
        tcp.cork();
      }
      return;
    }
    tcp.cork();
  } catch {
    return;
  }
  held.add(tcp);
  queueMicrotask(() => release(tcp));
}
