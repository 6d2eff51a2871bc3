/**
 * Lets rclts give up on a zenoh-ts connection attempt.
 *
 * zenoh-ts's `Session.open()` retries a dead endpoint for about 34 minutes (10 attempts with
 * doubling waits, polling `readyState` every 100 ms) and offers no way to cancel; its timers
 * would keep a Node process alive long after the caller's budget ran out. zenoh-ts reads the
 * global `WebSocket` each time it connects, so we wrap that global: a locator carrying our
 * attempt marker (a URL fragment, which a WebSocket URL never legitimately has) gets a thin
 * facade over a real socket. Abandoning the attempt closes its sockets, refuses new ones and
 * makes `readyState` throw, which ends zenoh-ts's loop within one poll. Sockets without the
 * marker are built by the original constructor untouched.
 */
import { type FrameMasking, frameBytesOf, frameMaskingFor, socketOptionsWith } from './loopback-frames.js';

const MARKER = '#rclts-connect-';
const INSTALLED = Symbol.for('rclts.connect-attempt.installed');

type SocketHandler = ((event: unknown) => void) | null;

/** The members of a browser-style WebSocket that zenoh-ts uses. */
interface LinkSocket {
  binaryType: string;
  readonly readyState: number;
  readonly bufferedAmount: number;
  onopen: SocketHandler;
  onerror: SocketHandler;
  onclose: SocketHandler;
  onmessage: SocketHandler;
  send(data: unknown): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: unknown) => void): void;
  removeEventListener(type: string, listener: (event: unknown) => void): void;
}
type LinkSocketCtor = new (url: string, protocols?: string | string[]) => LinkSocket;

interface AttemptState {
  settled: boolean;
  abandonedBecause: string | undefined;
  readonly sockets: Set<LinkSocketFacade>;
  /** Third constructor argument of Node's `ws` (TLS trust: `ca`); browsers take none. */
  readonly socketOptions: object | undefined;
  /** Hears each socket error while connecting (a refused certificate is final, not retried). */
  readonly onSocketError: (error: unknown) => void;
}

const attempts = new Map<number, AttemptState>();
let nextAttemptId = 1;

function ignoreEvent(): void {}

/** After the I/O callbacks of this turn of the event loop (Node), or as soon as a browser allows. */
const nextTurn: (run: () => void) => void =
  typeof (globalThis as { setImmediate?: unknown }).setImmediate === 'function'
    ? (run) => void setImmediate(run)
    : (run) => void setTimeout(run, 0);

function quietClose(socket: LinkSocket): void {
  socket.onerror = null;
  socket.onclose = null;
  socket.onmessage = null;
  try {
    socket.close();
  } catch {
    // already closed
  }
}

export class LinkSocketFacade {
  readonly inner: LinkSocket;
  readonly #attempt: AttemptState;
  /** Sends a message that needs no answer; set once the session is open (see promptAcks). */
  #ackPrompt: (() => void) | undefined;
  #sentSinceInbound = true;
  #promptQueued = false;
  /** Picks each frame's masking key on loopback (loopback-frames.ts); told the frame's size first. */
  readonly #masking: FrameMasking | undefined;

  constructor(inner: LinkSocket, attempt: AttemptState, masking?: FrameMasking) {
    this.inner = inner;
    this.#attempt = attempt;
    this.#masking = masking;
    // `ws` throws an 'error' event nobody listens to; zenoh-ts sets and clears `onerror` at will.
    inner.addEventListener('error', (event: unknown) => {
      if (!attempt.settled) attempt.onSocketError((event as { error?: unknown } | null)?.error ?? event);
    });
  }

  get readyState(): number {
    const reason = this.#attempt.abandonedBecause;
    if (reason !== undefined && !this.#attempt.settled) throw new Error(reason);
    return this.inner.readyState;
  }
  get binaryType(): string {
    return this.inner.binaryType;
  }
  set binaryType(value: string) {
    this.inner.binaryType = value;
  }
  get bufferedAmount(): number {
    return this.inner.bufferedAmount;
  }
  get onopen(): SocketHandler {
    return this.inner.onopen;
  }
  set onopen(h: SocketHandler) {
    this.inner.onopen = h;
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
  // While connecting, zenoh-ts only logs errors and closes (dumping whole event objects);
  // the caller gets a Timeout or TransportError instead, so those handlers are dropped.
  get onerror(): SocketHandler {
    return this.inner.onerror;
  }
  set onerror(h: SocketHandler) {
    if (this.#attempt.settled) this.inner.onerror = h;
  }
  get onclose(): SocketHandler {
    return this.inner.onclose;
  }
  set onclose(h: SocketHandler) {
    if (this.#attempt.settled) this.inner.onclose = h;
  }
  send(data: unknown): void {
    this.#sentSinceInbound = true;
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
  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.inner.addEventListener(type, listener);
  }
  removeEventListener(type: string, listener: (event: unknown) => void): void {
    this.inner.removeEventListener(type, listener);
  }
}

function attemptIdOf(url: string): number | undefined {
  const at = url.lastIndexOf(MARKER);
  if (at < 0) return undefined;
  const id = Number(url.slice(at + MARKER.length));
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Wraps `globalThis.WebSocket` once (a Proxy, so statics, `instanceof` and subclassing behave
 * as before). Returns false when there is no global WebSocket to wrap.
 */
export function installConnectAttempts(): boolean {
  const g = globalThis as { WebSocket?: unknown };
  const base = g.WebSocket;
  if (typeof base !== 'function') return false;
  if ((base as { [INSTALLED]?: boolean })[INSTALLED] === true) return true;
  g.WebSocket = new Proxy(base as LinkSocketCtor, {
    construct(target, args: unknown[], newTarget) {
      const url = String(args[0]);
      const id = attemptIdOf(url);
      const attempt = id === undefined ? undefined : attempts.get(id);
      if (id === undefined) return Reflect.construct(target, args, newTarget);
      // An abandoned attempt's retry loop must end here rather than connect again.
      if (attempt === undefined) throw new Error(`connection attempt ${id} was abandoned`);
      const bare = url.slice(0, url.lastIndexOf(MARKER));
      const protocols = args[1] as string | string[] | undefined;
      const masking = frameMaskingFor(bare);
      const options = socketOptionsWith(attempt.socketOptions, masking);
      const inner =
        options === undefined
          ? new target(bare, protocols)
          : new (target as unknown as new (u: string, p: unknown, o: object) => LinkSocket)(bare, protocols, options);
      const socket = new LinkSocketFacade(inner, attempt, masking);
      attempt.sockets.add(socket);
      return socket;
    },
    get(target, key, receiver) {
      if (key === INSTALLED) return true;
      return Reflect.get(target, key, receiver);
    },
  });
  return true;
}

/** One call to zenoh-ts's `Session.open()`, which may be abandoned. */
export interface ConnectAttempt {
  /** The locator to hand to zenoh-ts: the caller's locator plus this attempt's marker. */
  readonly locator: string;
  /** The session opened: close the extra sockets zenoh-ts left behind; answers the one in use. */
  settle(): LinkSocketFacade | undefined;
  /** Give up: close every socket of this attempt and make zenoh-ts's retry loop end. */
  abandon(reason: string): void;
}

export function beginConnectAttempt(
  locator: string,
  socketOptions?: object,
  onSocketError: (error: unknown) => void = ignoreEvent,
): ConnectAttempt {
  const id = nextAttemptId++;
  const state: AttemptState = {
    settled: false,
    abandonedBecause: undefined,
    sockets: new Set(),
    socketOptions,
    onSocketError,
  };
  attempts.set(id, state);
  return {
    locator: `${locator}${MARKER}${id}`,
    settle() {
      attempts.delete(id);
      state.settled = true;
      // zenoh-ts opens a spare socket after each failed try and never uses it; the socket in
      // use is the one whose messages the session listens to.
      let inUse: LinkSocketFacade | undefined;
      for (const s of state.sockets) {
        if (s.inner.onmessage === null) quietClose(s.inner);
        else inUse = s;
      }
      state.sockets.clear();
      return inUse;
    },
    abandon(reason: string) {
      if (state.settled || state.abandonedBecause !== undefined) return;
      state.abandonedBecause = reason;
      attempts.delete(id);
      for (const s of state.sockets) quietClose(s.inner);
      state.sockets.clear();
    },
  };
}
