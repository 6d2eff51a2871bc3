/**
 * rclts's stand-in for zenoh-ts's `RemoteLink` (dist/link.js in zenoh-ts 1.10.1), the object a
 * `SessionInner` sends through and hears from. zenoh-ts's own link builds its socket from the
 * global `WebSocket` inside `RemoteLink.new` (so it cannot be given options, a budget or a
 * socket of the caller's) and reads `WebSocket.OPEN` from the global in `isOk`/`close`; this
 * one takes a socket rclts opened (connect-attempt.ts) and touches no global. It keeps the
 * members zenoh-ts's `SessionInner` calls (`onmessage`, `send`, `close`) with the same
 * behaviour, the `ws` field the rest of rclts reads, and `isOk` as a method that a dead link
 * shadows with `false` (session-internals.ts `markLinkDead`).
 */
import type { SessionSocket } from './session-socket.js';

/** zenoh-ts's link holds sends back (polling every 10 ms) while the socket buffers more than this. */
const LINK_BUFFER_BYTES = 2 * 1024 * 1024;
const BUFFER_POLL_MS = 10;
const OPEN = 1;
const CLOSING = 2;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class RemoteLink {
  readonly ws: SessionSocket;

  constructor(ws: SessionSocket) {
    this.ws = ws;
  }

  /** Open, and not marked dead by rclts (which shadows this method with `false`). */
  #usable(): boolean {
    const isOk = (this as { isOk: unknown }).isOk;
    return isOk !== false && this.ws.readyState === OPEN;
  }

  isOk(): boolean {
    return this.ws.readyState === OPEN;
  }

  onmessage(handler: (message: Uint8Array) => void): void {
    this.ws.onmessage = (event: unknown) => handler(new Uint8Array((event as { data: ArrayBuffer }).data));
  }

  async send(message: Uint8Array): Promise<void> {
    if (!this.#usable()) throw new Error('WebSocket is closed');
    while (this.ws.bufferedAmount > LINK_BUFFER_BYTES) {
      await sleep(BUFFER_POLL_MS);
      if (!this.#usable()) throw new Error('WebSocket is closed');
    }
    this.ws.send(message);
  }

  /** Resolves once the socket finished closing (rejects on an error while closing), as zenoh-ts's does. */
  async close(): Promise<void> {
    this.ws.onmessage = null;
    if (this.ws.readyState >= CLOSING) return;
    await new Promise<void>((resolve, reject) => {
      this.ws.onclose = () => {
        this.ws.onclose = null;
        this.ws.onerror = null;
        resolve();
      };
      this.ws.onerror = () => {
        this.ws.onclose = null;
        this.ws.onerror = null;
        reject(new Error('WebSocket error during close'));
      };
      this.ws.close();
    });
  }
}
