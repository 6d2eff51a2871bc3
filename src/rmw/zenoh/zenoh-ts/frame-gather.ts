/**
 * The binary frames of one write batch (write-batch.ts) framed by rclts into one buffer and
 * handed to the TCP socket as one write. Node's `ws` frames, masks and writes every message on
 * its own (a header buffer, a merged copy for the mask, a stream write request each), which
 * was most of the cost of a put after the put frame itself for a simulator publishing a
 * thousand states per tick (docs/benchmarks.md). The bytes on the wire are the WebSocket
 * frames `ws` would write for the same messages, in the same order: FIN + binary opcode, the
 * length, the MASK bit and a key, the payload XORed with it. On loopback the key is zero, as
 * loopback-frames.ts has it for large frames (there is no proxy on the path, and here no second
 * write to save either); elsewhere every frame gets a random key.
 *
 * Only where `ws`'s internals are as checked (an open socket, its sender idle with nothing
 * queued, no permessage-deflate): then nothing `ws` holds can be overtaken. Members not as
 * checked are a fallback, reported as the `gather` frame path's (frame-paths.ts). A frame that
 * cannot be gathered (text, or the socket no longer open) first writes out what was gathered
 * and then goes through `ws`, so the order stays the order of the sends.
 */
import type { ProbeAnswer } from './frame-paths.js';

/** One gather buffer: full, it is written out and the next frames go into another. */
export const GATHER_BUFFER_BYTES = 64 * 1024;
/** Written buffers kept for reuse (a new 64 KiB ArrayBuffer per write would grow the old generation). */
const KEPT_BUFFERS = 4;

/** The `ws` whose members the gather was checked against (package.json pins it). */
export const WS_AS_CHECKED = '8.23.0';

/** The members of Node's `ws` (8.x) a gather reads, besides its public `terminate`. */
interface WsInternals {
  readonly readyState?: unknown;
  readonly terminate?: unknown;
  readonly _socket?: { write?: unknown; destroyed?: unknown } | null;
  readonly _sender?: { _state?: unknown; _queue?: unknown } | null;
  readonly _extensions?: unknown;
}

interface TcpWriter {
  write(bytes: Uint8Array, done: () => void): unknown;
  readonly destroyed: boolean;
}

const SKIP = { skip: true } as const;

/** A member's shape for the report: its type, or an object's first own keys. */
function shapeOf(x: unknown): string {
  if (x === null || typeof x !== 'object') return x === null ? 'null' : typeof x;
  const keys = Object.keys(x);
  return `an object with ${keys.length === 0 ? 'no keys' : keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', ...' : ''}`;
}

function mismatch(member: string, checked: string, found: string): ProbeAnswer<TcpWriter> {
  return {
    mismatch: `Node ws's ${member} is not as on ws ${WS_AS_CHECKED} (${checked}), found ${found}`,
    instead: "ws's own send",
  };
}

/**
 * The TCP socket a gather may write to directly now. Skipped where it does not apply: no Node
 * `ws` (a browser's WebSocket has no `terminate` and no gather by design), a socket not open,
 * or `ws`'s sender busy or holding frames (normal back-pressure: those frames must go first).
 * A `ws` whose members differ from those checked, or that negotiated an extension (its frames
 * must go through it), is a mismatch: the caller counts and reports it.
 */
export function probeGather(ws: unknown): ProbeAnswer<TcpWriter> {
  const w = ws as WsInternals | null | undefined;
  if (w === null || typeof w !== 'object' || typeof w.terminate !== 'function') return SKIP;
  if (w.readyState !== 1) return SKIP;
  const tcp = w._socket;
  if (tcp === null || typeof tcp !== 'object' || typeof tcp.write !== 'function' || typeof tcp.destroyed !== 'boolean')
    return mismatch('_socket', 'a net.Socket with write() and destroyed', shapeOf(tcp));
  if (tcp.destroyed) return SKIP;
  const sender = w._sender;
  if (
    sender === null ||
    typeof sender !== 'object' ||
    typeof sender._state !== 'number' ||
    !Array.isArray(sender._queue)
  )
    return mismatch('_sender', 'a Sender with a numeric _state and an array _queue', shapeOf(sender));
  if (sender._state !== 0 || sender._queue.length !== 0) return SKIP;
  const ext = w._extensions;
  if (ext === null || typeof ext !== 'object') return mismatch('_extensions', 'an object', shapeOf(ext));
  const names = Object.keys(ext);
  if (names.length !== 0) return mismatch('_extensions', 'none negotiated', names.join(', '));
  return { route: tcp as TcpWriter };
}

const NodeBuffer = (globalThis as { Buffer?: { allocUnsafe(n: number): Uint8Array } }).Buffer;

function allocate(size: number): Uint8Array {
  return NodeBuffer !== undefined ? NodeBuffer.allocUnsafe(size) : new Uint8Array(size);
}

/** Random masking keys from the platform's CSPRNG, drawn in blocks. */
const keys = new Uint8Array(8192);
let keysAt = keys.length;

export class FrameGather {
  private buf: Uint8Array = allocate(GATHER_BUFFER_BYTES);
  private at = 0;
  /** Buffers the socket has written out, ready to be filled again. */
  private readonly spare: Uint8Array[] = [];

  /** `zeroKey`: frames to a loopback router (loopback-frames.ts); else a random key each. */
  constructor(
    private readonly tcp: TcpWriter,
    private readonly zeroKey: boolean,
  ) {}

  /** Bytes gathered and not yet written. */
  get size(): number {
    return this.at;
  }

  /** Frames `payload` as one binary WebSocket message behind those gathered. */
  add(payload: Uint8Array): void {
    const n = payload.length;
    const head = n < 126 ? 6 : n < 65536 ? 8 : 14;
    this.reserve(head + n);
    const b = this.buf;
    let p = this.at;
    b[p++] = 0x82;
    if (n < 126) b[p++] = 0x80 | n;
    else if (n < 65536) {
      b[p++] = 0x80 | 126;
      b[p++] = n >>> 8;
      b[p++] = n & 0xff;
    } else {
      b[p++] = 0x80 | 127;
      const hi = Math.floor(n / 2 ** 32);
      b[p++] = (hi >>> 24) & 0xff;
      b[p++] = (hi >>> 16) & 0xff;
      b[p++] = (hi >>> 8) & 0xff;
      b[p++] = hi & 0xff;
      b[p++] = n >>> 24;
      b[p++] = (n >>> 16) & 0xff;
      b[p++] = (n >>> 8) & 0xff;
      b[p++] = n & 0xff;
    }
    if (this.zeroKey) {
      b[p++] = 0;
      b[p++] = 0;
      b[p++] = 0;
      b[p++] = 0;
      b.set(payload, p);
    } else {
      if (keysAt + 4 > keys.length) {
        globalThis.crypto.getRandomValues(keys);
        keysAt = 0;
      }
      const k = keys.subarray(keysAt, keysAt + 4);
      keysAt += 4;
      b.set(k, p);
      p += 4;
      for (let i = 0; i < n; i++) b[p + i] = payload[i]! ^ k[i & 3]!;
    }
    this.at = p + n;
  }

  /** Writes what was gathered as one write; the socket holds that buffer until it is written. */
  flush(): void {
    if (this.at === 0) return;
    const whole = this.buf;
    const out = whole.subarray(0, this.at);
    this.buf = this.spare.pop() ?? allocate(GATHER_BUFFER_BYTES);
    this.at = 0;
    // A socket destroyed meanwhile takes no write: its close is reported by the router connection.
    if (this.tcp.destroyed) return;
    this.tcp.write(out, () => {
      if (whole.length === GATHER_BUFFER_BYTES && this.spare.length < KEPT_BUFFERS) this.spare.push(whole);
    });
  }

  private reserve(n: number): void {
    if (this.at + n <= this.buf.length) return;
    this.flush();
    if (n > this.buf.length) this.buf = allocate(n);
  }
}
