/**
 * The parts of a zenoh-ts session that its public API does not offer: the session object
 * inside it and the WebSocket under it (to hear at once when the router goes away; zenoh-ts
 * only logs that). Every access is guarded: if a zenoh-ts release moves these, rclts falls
 * back to its heartbeat instead of failing.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';

export interface SocketLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  readonly readyState: number;
}

export interface SessionInnerLike {
  link?: { ws?: unknown; readonly isOk?: unknown };
  ping?: () => Promise<unknown>;
}

export function innerOf(session: Session): SessionInnerLike | undefined {
  const inner = (session as unknown as { inner?: unknown }).inner;
  return typeof inner === 'object' && inner !== null ? (inner as SessionInnerLike) : undefined;
}

/** The WebSocket under the session, when it can be reached. */
export function socketOf(session: Session): SocketLike | undefined {
  const ws = innerOf(session)?.link?.ws as Partial<SocketLike> | undefined;
  if (ws === undefined || typeof ws.addEventListener !== 'function' || typeof ws.removeEventListener !== 'function')
    return undefined;
  return ws as SocketLike;
}

/** Whether the session's socket is known to be closed (no socket reachable: not known). */
export function socketClosed(session: Session): boolean {
  const ws = socketOf(session);
  return ws !== undefined && ws.readyState >= 2;
}

/**
 * Ends zenoh-ts's wait for a dead socket's buffer. zenoh-ts's send loop waits while more than
 * 2 MB are buffered and means to stop when the socket is closed, but tests `this.isOk` (a
 * method, always truthy) instead of calling it, so on a socket that died with megabytes
 * queued it would poll forever and keep the process alive. Shadowing `isOk` with `false`
 * makes that loop (and any later send) throw "WebSocket is closed", which rclts catches.
 */
export function linkIsDead(session: Session): boolean {
  const link = innerOf(session)?.link as { isOk?: unknown } | undefined;
  return link !== undefined && link.isOk === false;
}

export function markLinkDead(session: Session): void {
  const link = innerOf(session)?.link;
  if (typeof link !== 'object' || link === null) return;
  try {
    Object.defineProperty(link, 'isOk', { value: false, configurable: true, writable: true });
  } catch {
    // a frozen link: nothing to do
  }
}

/** zenoh-ts's link.send sends at once (synchronously) while the socket holds at most this much. */
const LINK_SENDS_AT_ONCE_BYTES = 2 * 1024 * 1024;

/**
 * Whether a frame handed to this link's socket now leaves as zenoh-ts's own send would: the
 * link is not marked dead by rclts (session-internals.ts), the socket is open, and it holds at most
 * LINK_SENDS_AT_ONCE_BYTES. Every path that writes in zenoh-ts's place asks this first (the
 * publisher's direct put, the server's reply frames, the client's get frames); above the bound
 * zenoh-ts's `link.send` polls every 10 ms instead, and a later send could overtake it.
 */
export function linkSendsAtOnce(
  link: { readonly isOk?: unknown } | undefined,
  socket: { readonly readyState?: unknown; readonly bufferedAmount?: unknown } | undefined,
): boolean {
  return (
    link !== undefined &&
    link.isOk !== false &&
    socket !== undefined &&
    socket.readyState === 1 &&
    typeof socket.bufferedAmount === 'number' &&
    socket.bufferedAmount <= LINK_SENDS_AT_ONCE_BYTES
  );
}
