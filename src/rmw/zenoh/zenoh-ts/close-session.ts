/** Closing a zenoh-ts session within a budget, with nothing of it rejecting unhandled. */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { innerOf } from './session-internals.js';

/** How long a close waits for the WebSocket's closing handshake (`ws` itself gives a silent peer 30 s). */
export const CLOSE_BUDGET_MS = 2000;

/**
 * Closes a zenoh-ts session without letting its un-awaited internals reject unhandled:
 * `Session.close()` fires `SessionInner.close()` without awaiting it, and that rejects when
 * the WebSocket reports an error while closing. Here the inner close is awaited and caught,
 * for at most `budgetMs`: the inner close waits for the router's side of the closing
 * handshake, which a stalled router never sends. Resolves once the session is closed or the
 * budget ran out (then the socket is dropped without the handshake); `session.isClosed()`
 * tells which.
 */
export async function closeSessionQuietly(session: Session, budgetMs = CLOSE_BUDGET_MS): Promise<void> {
  const inner = (session as unknown as { inner?: { close?: () => Promise<void>; isClosed?: () => boolean } }).inner;
  let closing: Promise<void>;
  try {
    if (inner !== undefined && typeof inner.close === 'function') {
      if (inner.isClosed?.() === true) return;
      closing = inner.close();
    } else {
      closing = session.close();
    }
  } catch {
    return; // closing a broken socket: nothing left to do
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finished = await Promise.race([
    closing.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), budgetMs);
    }),
  ]);
  clearTimeout(timer);
  // Out of budget: the router did not answer the closing handshake; `ws` would wait 30 s more
  // for it, holding the process. The socket's close then lets zenoh-ts finish its close.
  if (!finished) dropSocketOf(session);
}

function dropSocketOf(session: Session): void {
  const ws = (innerOf(session)?.link as { ws?: { drop?: unknown } } | undefined)?.ws;
  if (typeof ws?.drop === 'function') (ws.drop as () => void).call(ws);
}
