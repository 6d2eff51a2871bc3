/**
 * The WebSocket under one zenoh-ts session, as rclts builds it (connect-attempt.ts) and hands
 * it to zenoh-ts through its link (remote-link.ts): a thin wrapper that prompts TCP ACKs and
 * picks each frame's masking key on loopback (loopback-frames.ts). `inner` is the socket
 * itself (Node's `ws`, or the page's WebSocket); write-batch.ts corks the TCP socket under it.
 */
import { FrameGather, probeGather } from './frame-gather.js';
import { FramePath, type FramePaths } from './frame-paths.js';
import { type FrameMasking, frameBytesOf } from './loopback-frames.js';

export type SocketHandler = ((event: unknown) => void) | null;

/** The members of a browser-style WebSocket that rclts and zenoh-ts use. */
export interface BrowserStyleSocket {
  binaryType: string;
  readonly readyState: number;
  readonly bufferedAmount: number;
  onopen: SocketHandler;
  onerror: SocketHandler;
  onclose: SocketHandler;
  onmessage: SocketHandler;
  send(data: unknown): void;
  close(code?: number, reason?: string): void;
  /** Node's `ws`: destroys the TCP socket at once, with no closing handshake. */
  terminate?(): void;
  addEventListener(type: string, listener: (event: unknown) => void): void;
  removeEventListener(type: string, listener: (event: unknown) => void): void;
}

/** A WebSocket class: Node's `ws` takes options as its third argument, a browser's takes none. */
export type BrowserStyleSocketClass = new (
  url: string,
  protocols?: string | string[],
  options?: object,
) => BrowserStyleSocket;

/**
 * Drops a socket rclts gives up on (an attempt out of budget, a close whose handshake the
 * router did not answer) without waiting for the peer: Node's `ws` would otherwise wait up to
 * 30 s for a silent peer's side of the closing handshake, on a timer that holds the process.
 * A browser's socket has no such verb; its close() holds no process.
 */
export function dropSocket(socket: BrowserStyleSocket): void {
  socket.onopen = null;
  socket.onmessage = null;
  try {
    if (typeof socket.terminate === 'function') socket.terminate();
    else socket.close();
  } catch {
    // already closed
  }
}

/** After the I/O callbacks of this turn of the event loop (Node), or as soon as a browser allows. */
const nextTurn: (run: () => void) => void =
  typeof (globalThis as { setImmediate?: unknown }).setImmediate === 'function'
    ? (run) => void setImmediate(run)
    : (run) => void setTimeout(run, 0);

export class SessionSocket {
  readonly inner: BrowserStyleSocket;
  /** Sends a message that needs no answer; set once the session is open (see promptAcks). */
  #ackPrompt: (() => void) | undefined;
  #sentSinceInbound = true;
  #promptQueued = false;
  /** Picks each frame's masking key on loopback (loopback-frames.ts); told the frame's size first. */
  readonly #masking: FrameMasking | undefined;
  /** While a write batch runs on Node's `ws`: its binary frames, written as one (frame-gather.ts). */
  #gather: FrameGather | undefined;

  constructor(inner: BrowserStyleSocket, masking?: FrameMasking) {
    this.inner = inner;
    this.#masking = masking;
  }

  get readyState(): number {
    return this.inner.readyState;
  }
  get bufferedAmount(): number {
    return this.inner.bufferedAmount + (this.#gather?.size ?? 0);
  }

  /**
   * From now until `releaseFrames`, binary frames are gathered and leave as one write
   * (write-batch.ts runs it around a batch). False, and nothing changes, where the `gather`
   * path is off or does not apply, where the socket is not Node's `ws` as frame-gather.ts
   * checks it (then `paths` counts and reports it), or a gather is running already.
   */
  gatherFrames(paths: FramePaths): boolean {
    if (this.#gather !== undefined) return false;
    const tcp = paths.attempt(FramePath.Gather, () => probeGather(this.inner));
    if (tcp === undefined) return false;
    this.#gather = new FrameGather(tcp, this.#masking !== undefined);
    return true;
  }

  /** Writes out what was gathered; later frames go through `ws` again. */
  releaseFrames(): void {
    const g = this.#gather;
    this.#gather = undefined;
    g?.flush();
  }
  get onmessage(): SocketHandler {
    return this.inner.onmessage;
  }
  set onmessage(h: SocketHandler) {
    this.inner.onmessage =
      h === null
        ? null
        : (event: unknown) => {
            h(event);
            this.#afterInbound();
          };
  }
  get onclose(): SocketHandler {
    return this.inner.onclose;
  }
  set onclose(h: SocketHandler) {
    this.inner.onclose = h;
  }
  get onerror(): SocketHandler {
    return this.inner.onerror;
  }
  set onerror(h: SocketHandler) {
    this.inner.onerror = h;
  }

  /**
   * The router writes to us without TCP_NODELAY: a small message it writes while its previous
   * one is unacknowledged waits for our ACK, and Linux delays a bare ACK up to 40 ms. An ACK
   * rides on any data we send, so when something came in and nothing went out by the end of
   * that turn of the event loop, `prompt` sends a message that needs no answer.
   */
  promptAcks(prompt: () => void): void {
    this.#ackPrompt = prompt;
  }

  #afterInbound(): void {
    this.#sentSinceInbound = false;
    if (this.#ackPrompt === undefined || this.#promptQueued) return;
    this.#promptQueued = true;
    nextTurn(this.#checkAck);
  }

  readonly #checkAck = (): void => {
    this.#promptQueued = false;
    if (!this.#sentSinceInbound && this.inner.readyState === 1) this.#ackPrompt?.();
  };

  send(data: unknown): void {
    this.#sentSinceInbound = true;
    const g = this.#gather;
    if (g !== undefined) {
      if (data instanceof Uint8Array && this.inner.readyState === 1) {
        g.add(data);
        return;
      }
      // Not a frame to gather: what was gathered goes first, so the order stays the sends'.
      g.flush();
    }
    if (this.#masking === undefined) {
      this.inner.send(data);
      return;
    }
    this.#masking.nextFrameBytes = frameBytesOf(data);
    try {
      this.inner.send(data);
    } finally {
      this.#masking.nextFrameBytes = 0; // ws's own frames (ping, pong, close) get a random key
    }
  }
  close(code?: number, reason?: string): void {
    this.inner.close(code, reason);
  }
  /** See dropSocket: closes at once, whatever the peer does. */
  drop(): void {
    dropSocket(this.inner);
  }
  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.inner.addEventListener(type, listener);
  }
  removeEventListener(type: string, listener: (event: unknown) => void): void {
    this.inner.removeEventListener(type, listener);
  }
}
