/**
 * Writes made together leave together: while a batch runs, the TCP socket under the session's
 * WebSocket is corked, so the frames of many puts go out in a few writev calls instead of one
 * write syscall each (`ws` writes every frame on its own, on a no-delay socket). A simulator
 * publishing a thousand states per tick spent about a fifth of its CPU in those writes.
 *
 * Opt-in and scoped, never implicit: the frames leave, in order, when the batch's function
 * returns, so nothing of this session waits longer than the caller's own synchronous code;
 * another session's writes made inside the batch may reach the router first. Past FLUSH_BYTES
 * held the socket is flushed within the batch, far below zenoh-ts's 2 MB back-pressure
 * threshold. Where no Node socket can be reached (a browser page) the batch just runs.
 */

import type { FramePaths } from './frame-paths.js';

/** Corked bytes past which the socket is flushed within a batch. */
export const FLUSH_BYTES = 256 * 1024;

/** A socket that frames a batch's messages itself (session-socket.ts, frame-gather.ts). */
interface GatheringSocket {
  gatherFrames(paths: FramePaths): boolean;
  releaseFrames(): void;
}

function gatheringOf(ws: unknown): GatheringSocket | undefined {
  const g = ws as Partial<GatheringSocket> | null | undefined;
  return typeof g?.gatherFrames === 'function' && typeof g.releaseFrames === 'function'
    ? (g as GatheringSocket)
    : undefined;
}

interface CorkableSocket {
  cork(): void;
  uncork(): void;
  readonly writableLength: number;
}

/** The net.Socket under a `ws` WebSocket, also under rclts's session socket (session-socket.ts). */
export function tcpUnder(ws: unknown): CorkableSocket | undefined {
  const w = ws as { _socket?: unknown; inner?: { _socket?: unknown } } | null | undefined;
  const candidate = (w?._socket ?? w?.inner?._socket) as Partial<CorkableSocket> | null | undefined;
  if (typeof candidate?.cork !== 'function' || typeof candidate.uncork !== 'function') return undefined;
  return typeof candidate.writableLength === 'number' ? (candidate as CorkableSocket) : undefined;
}

function cork(tcp: CorkableSocket): boolean {
  try {
    tcp.cork();
    return true;
  } catch {
    return false;
  }
}

function uncork(tcp: CorkableSocket): void {
  try {
    tcp.uncork();
  } catch {
    // The socket is going away; its close is reported by the router connection.
  }
}

export class WriteBatch {
  /** The socket corked by the batch now running, if any. */
  private held: CorkableSocket | undefined;

  /**
   * `socket`: the session's current WebSocket (it changes when the router connection fails
   * over). `paths`: the session's frame paths, which switch the `gather` path and report its
   * fallbacks; without them a batch only corks.
   */
  constructor(
    private readonly socket: () => unknown,
    private readonly paths?: FramePaths,
  ) {}

  /** Runs `fn` with the socket corked and uncorks it when `fn` returns or throws; a nested batch joins the outer one. */
  run(fn: () => void): void {
    if (this.held !== undefined) {
      fn();
      return;
    }
    const ws = this.socket();
    const tcp = tcpUnder(ws);
    if (tcp === undefined || !cork(tcp)) {
      fn();
      return;
    }
    this.held = tcp;
    // Where the socket frames the batch's messages itself they leave in a few large writes;
    // the cork still holds what `ws` writes meanwhile (its pings and pongs).
    const gathering = gatheringOf(ws);
    const gathered = this.paths !== undefined && gathering?.gatherFrames(this.paths) === true;
    try {
      fn();
    } finally {
      this.held = undefined;
      try {
        if (gathered) gathering?.releaseFrames();
      } finally {
        uncork(tcp);
      }
    }
  }

  /** After a frame was handed to the socket: inside a batch, flushes what it holds past FLUSH_BYTES. */
  wrote(): void {
    const tcp = this.held;
    if (tcp === undefined || tcp.writableLength < FLUSH_BYTES) return;
    uncork(tcp);
    cork(tcp);
  }
}
