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
 * queued, no permessage-deflate): then nothing `ws` holds can be overtaken. A frame that
 * cannot be gathered (text, or the socket no longer open) first writes out what was gathered
 * and then goes through `ws`, so the order stays the order of the sends.
 */

/** One gather buffer: full, it is written out and the next frames go into another. */
export const GATHER_BUFFER_BYTES = 64 * 1024;
/** Written buffers kept for reuse (a new 64 KiB ArrayBuffer per write would grow the old generation). */
const KEPT_BUFFERS = 4;

/** The members of Node's `ws` (8.x) a gather reads. */
interface WsInternals {
  readonly readyState?: unknown;
  readonly _socket?: { write?: unknown; destroyed?: unknown } | null;
  readonly _sender?: { _state?: unknown; _queue?: unknown } | null;
  readonly _extensions?: unknown;
}

interface TcpWriter {
  write(bytes: Uint8Array, done: () => void): unknown;
  readonly destroyed: boolean;
}

/** The TCP socket a gather may write to directly, or undefined when `ws` is not as checked. */
export function gatherableTcp(ws: unknown): TcpWriter | undefined {
  const w = ws as WsInternals | null | undefined;
  if (w === null || typeof w !== 'object' || w.readyState !== 1) return undefined;
  const tcp = w._socket;
  const sender = w._sender;
  if (tcp === null || tcp === undefined || typeof tcp.write !== 'function' || tcp.destroyed !== false) return undefined;
  if (sender === null || sender === undefined || sender._state !== 0) return undefined;
  if (!Array.isArray(sender._queue) || sender._queue.length !== 0) return undefined;
  const ext = w._extensions;
  if (ext === null || typeof ext !== 'object' || Object.keys(ext).length !== 0) return undefined;
  return tcp as TcpWriter;
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
