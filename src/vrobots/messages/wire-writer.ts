/**
 * The protobuf wire writer the generated encode writes into: one growing
 * buffer, reused from message to message, whose every write gives the bytes protobufjs's own
 * writer gives (its string, float and varint rules, taken from the same helpers where they
 * exist), so the two encoders stay byte-identical.
 */
import protobuf from 'protobufjs/minimal.js';

const { utf8, float } = protobuf.util;
/** Node's Buffer where there is one: pbjs then writes through its BufferWriter, whose string rules differ. */
const NodeBuffer = protobuf.util.Buffer as
  | (typeof globalThis.Buffer & { prototype: { utf8Write(s: string, at: number): number } })
  | null;

function alloc(size: number): Uint8Array {
  return NodeBuffer !== null ? NodeBuffer.allocUnsafeSlow(size) : new Uint8Array(size);
}

function sizeVarint32(v: number): number {
  return v < 128 ? 1 : v < 16384 ? 2 : v < 2097152 ? 3 : v < 268435456 ? 4 : 5;
}

export class WireWriter {
  buf: Uint8Array;
  pos = 0;

  constructor(size = 2048) {
    this.buf = alloc(size);
  }

  /** Room for `n` more bytes (the buffer doubles, as pbjs's does). */
  reserve(n: number): void {
    const need = this.pos + n;
    if (need <= this.buf.length) return;
    const grown = alloc(Math.max(this.buf.length * 2, need));
    grown.set(this.buf.subarray(0, this.pos), 0);
    this.buf = grown;
  }

  uint32(value: number): void {
    let v = value >>> 0;
    this.reserve(5);
    const buf = this.buf;
    let p = this.pos;
    while (v > 127) {
      buf[p++] = (v & 127) | 128;
      v >>>= 7;
    }
    buf[p] = v;
    this.pos = p + 1;
  }

  /** A 64-bit varint from its two unsigned 32-bit halves. */
  varint64(lo: number, hi: number): void {
    this.reserve(10);
    const buf = this.buf;
    let p = this.pos;
    let l = lo >>> 0;
    let h = hi >>> 0;
    while (h) {
      buf[p++] = (l & 127) | 128;
      l = ((l >>> 7) | (h << 25)) >>> 0;
      h >>>= 7;
    }
    while (l > 127) {
      buf[p++] = (l & 127) | 128;
      l = l >>> 7;
    }
    buf[p] = l;
    this.pos = p + 1;
  }

  /** A negative int32 takes ten bytes, as the spec (and pbjs) writes it. */
  int32(value: number): void {
    const v = value | 0;
    if (v < 0) this.varint64(v >>> 0, 0xffffffff);
    else this.uint32(v);
  }

  bool(value: boolean): void {
    this.reserve(1);
    this.buf[this.pos++] = value ? 1 : 0;
  }

  float(value: number): void {
    this.reserve(4);
    float.writeFloatLE(value, this.buf, this.pos);
    this.pos += 4;
  }

  double(value: number): void {
    this.reserve(8);
    float.writeDoubleLE(value, this.buf, this.pos);
    this.pos += 8;
  }

  // A one-byte tag (field number below 16) and its value in one call: the State has ~90 such
  // fields, and the direct encoder calls these instead of uint32(tag) and then the value.

  floatField(tag: number, value: number): void {
    this.reserve(5);
    const p = this.pos;
    this.buf[p] = tag;
    float.writeFloatLE(value, this.buf, p + 1);
    this.pos = p + 5;
  }

  doubleField(tag: number, value: number): void {
    this.reserve(9);
    const p = this.pos;
    this.buf[p] = tag;
    float.writeDoubleLE(value, this.buf, p + 1);
    this.pos = p + 9;
  }

  uint32Field(tag: number, value: number): void {
    this.reserve(6);
    this.buf[this.pos++] = tag;
    this.uint32(value);
  }

  int32Field(tag: number, value: number): void {
    this.reserve(11);
    this.buf[this.pos++] = tag;
    this.int32(value);
  }

  boolField(tag: number, value: boolean): void {
    this.reserve(2);
    const p = this.pos;
    this.buf[p] = tag;
    this.buf[p + 1] = value ? 1 : 0;
    this.pos = p + 2;
  }

  bytes(value: Uint8Array): void {
    const len = value.length >>> 0;
    this.uint32(len);
    if (len === 0) return;
    this.reserve(len);
    this.buf.set(value, this.pos);
    this.pos += len;
  }

  /** pbjs's string: short strings through its utf8 helper, long ones through Buffer where there is one. */
  string(value: string): void {
    const n = value.length;
    if (n === 0) {
      this.reserve(1);
      this.buf[this.pos++] = 0;
      return;
    }
    if (n < 0x80) {
      this.reserve(n * 3 + 5);
      const at = this.pos;
      const len =
        NodeBuffer !== null && n >= 40
          ? (this.buf as Buffer & { utf8Write(s: string, at: number): number }).utf8Write(value, at + 1)
          : utf8.write(value, this.buf, at + 1);
      this.delimit(at, len);
      return;
    }
    const len = NodeBuffer !== null ? NodeBuffer.byteLength(value) : utf8.length(value);
    this.uint32(len);
    this.reserve(len);
    if (NodeBuffer !== null)
      (this.buf as Buffer & { utf8Write(s: string, at: number): number }).utf8Write(value, this.pos);
    else utf8.write(value, this.buf, this.pos);
    this.pos += len;
  }

  /** One byte held for a length; what follows is the delimited content. Returns the byte's position. */
  fork(): number {
    this.reserve(1);
    return this.pos++;
  }

  /** The length of everything written since `fork` put at `at` (the content moves if it needs more bytes). */
  ldelim(at: number): void {
    this.delimit(at, this.pos - at - 1);
  }

  private delimit(at: number, len: number): void {
    const n = sizeVarint32(len);
    if (n > 1) {
      this.reserve(n - 1);
      this.buf.copyWithin(at + n, at + 1, at + 1 + len);
    }
    const buf = this.buf;
    let v = len;
    let p = at;
    while (v > 127) {
      buf[p++] = (v & 127) | 128;
      v >>>= 7;
    }
    buf[p] = v;
    this.pos = at + n + len;
  }

  /** A copy of what was written (a Buffer in Node, as pbjs gives), then the writer is empty again. */
  finish(): Uint8Array {
    const out = slice(this.pos);
    out.set(this.buf.subarray(0, this.pos), 0);
    this.pos = 0;
    return out;
  }
}

/**
 * In Node, finished messages are cut from one big chunk rather than from Node's buffer pool,
 * which makes a new 8 KiB pool every ~14 States (that showed in the simulator's profile). A
 * Buffer from either shares its ArrayBuffer with others; a chunk lives while any message cut
 * from it does. Big messages, and every message where there is no Buffer (as pbjs gives
 * there), get their own buffer.
 */
const CHUNK_BYTES = 256 * 1024;
let chunk: Uint8Array | undefined;
let chunkAt = 0;

function slice(size: number): Uint8Array {
  if (NodeBuffer === null) return new Uint8Array(size);
  if (size > CHUNK_BYTES / 16) return NodeBuffer.allocUnsafe(size);
  if (chunk === undefined || chunkAt + size > chunk.length) {
    chunk = alloc(CHUNK_BYTES);
    chunkAt = 0;
  }
  const at = chunk.byteOffset + chunkAt;
  // 8-byte aligned, as Node's pool aligns, so a reader may view the bytes as wider words.
  chunkAt += (size + 7) & ~7;
  return NodeBuffer.from(chunk.buffer, at, size);
}
