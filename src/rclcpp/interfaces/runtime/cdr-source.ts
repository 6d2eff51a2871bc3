/**
 * The reading half of generated CDR code. How primitive arrays come back depends on who owns
 * the bytes (`BytesUse`):
 * - lent (decode's default; the caller keeps its buffer and may reuse it): the arrays are
 *   typed arrays viewing one private copy of the payload, made at the first array of the
 *   message, so one memcpy per message whatever its number of arrays (a numeric array of at
 *   most 64 bytes is read into a typed array of its own instead, cheaper on V8's heap);
 * - given (a received sample's payload, which nothing reads or writes after the decode): the
 *   arrays are views of the payload itself, no copy, except a numeric array whose bytes are not
 *   aligned to its element size in their buffer (a typed array cannot start there; CDR aligns
 *   from the end of the 4-byte header, so a payload at the start of its buffer has every
 *   float64 array 4 bytes off) or whose byte order is not the host's: such an array views the
 *   private copy, made once for the message, or (small, or the other byte order) is read
 *   element by element.
 * A length that cannot fit the payload is refused before anything is allocated.
 */

import type { TypedArrayConstructor } from './cdr-sink.js';

/** Whether the caller keeps the bytes (`lent`) or hands them to the message (`given`), see above. */
export type BytesUse = 'lent' | 'given';

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const utf8 = new TextDecoder('utf-8');
/** Units of a wstring decode per fromCharCode call: well under the engines' argument limits. */
const WSTRING_CHUNK = 4096;
const wstringUnits = new Uint16Array(WSTRING_CHUNK);
/**
 * An array this small that cannot view the payload is read element by element into a typed
 * array of its own: V8 keeps a typed array of at most 64 bytes on its heap, so that costs less
 * than the message's private copy (one off-heap buffer), which a larger array shares.
 */
const SMALL_ARRAY_BYTES = 64;

export class CdrSource {
  readonly body: Uint8Array;
  readonly view: DataView;
  /** Little-endian payload (CDR_LE); big-endian (CDR_BE) is read too, as every CDR reader does. */
  readonly le: boolean;
  o = 0;
  /** The payload is the message's (`given`): arrays view it instead of a private copy. */
  private readonly given: boolean;
  /** The private copy of `body`, 8-aligned in its buffer so that any typed array can view it. */
  private copy: Uint8Array | undefined;

  constructor(bytes: Uint8Array, typeName: string, use: BytesUse = 'lent') {
    if (!(bytes instanceof Uint8Array) || bytes.byteLength < 4) {
      throw new RangeError(`${typeName}: payload shorter than the CDR header`);
    }
    if (bytes[0] !== 0 || (bytes[1] !== 0 && bytes[1] !== 1)) {
      throw new RangeError(`${typeName}: encapsulation ${bytes[0]} ${bytes[1]} is not plain CDR`);
    }
    this.le = bytes[1] === 1;
    this.given = use === 'given';
    this.body = bytes.subarray(4);
    this.view = new DataView(bytes.buffer, bytes.byteOffset + 4, bytes.byteLength - 4);
  }

  bool(): boolean {
    return this.view.getUint8(this.o++) !== 0;
  }
  u8(): number {
    return this.view.getUint8(this.o++);
  }
  i8(): number {
    return this.view.getInt8(this.o++);
  }
  u16(): number {
    this.o = (this.o + 1) & ~1;
    const v = this.view.getUint16(this.o, this.le);
    this.o += 2;
    return v;
  }
  i16(): number {
    this.o = (this.o + 1) & ~1;
    const v = this.view.getInt16(this.o, this.le);
    this.o += 2;
    return v;
  }
  u32(): number {
    this.o = (this.o + 3) & ~3;
    const v = this.view.getUint32(this.o, this.le);
    this.o += 4;
    return v;
  }
  i32(): number {
    this.o = (this.o + 3) & ~3;
    const v = this.view.getInt32(this.o, this.le);
    this.o += 4;
    return v;
  }
  f32(): number {
    this.o = (this.o + 3) & ~3;
    const v = this.view.getFloat32(this.o, this.le);
    this.o += 4;
    return v;
  }
  f64(): number {
    this.o = (this.o + 7) & ~7;
    const v = this.view.getFloat64(this.o, this.le);
    this.o += 8;
    return v;
  }
  i64(): bigint {
    this.o = (this.o + 7) & ~7;
    const v = this.view.getBigInt64(this.o, this.le);
    this.o += 8;
    return v;
  }
  u64(): bigint {
    this.o = (this.o + 7) & ~7;
    const v = this.view.getBigUint64(this.o, this.le);
    this.o += 8;
    return v;
  }

  /** A sequence's element count, refused over `bound` or when `minSize`-byte elements could not fit. */
  count(minSize: number, bound = 0xffffffff): number {
    const n = this.u32();
    if (n > bound) throw new RangeError(`sequence of ${n} elements is over its bound of ${bound}`);
    if (n * minSize > this.body.length - this.o) {
      throw new RangeError(`sequence of ${n} elements does not fit in the ${this.body.length - this.o} bytes left`);
    }
    return n;
  }

  str(): string {
    const n = this.count(1);
    if (n === 0) return ''; // some writers send an empty string as length 0
    const start = this.o;
    const end = start + n - 1; // the NUL is not part of the value
    this.o = start + n;
    if (n < 32) {
      let s = '';
      for (let i = start; i < end; i++) {
        const c = this.body[i]!;
        if (c >= 0x80) return utf8.decode(this.body.subarray(start, end));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return utf8.decode(this.body.subarray(start, end));
  }

  /** A wstring as rosidl_typesupport_fastrtps writes it: a uint32 count, then one uint32 per UTF-16 unit. */
  wstr(): string {
    const n = this.count(4);
    if (n === 0) return '';
    const units = wstringUnits;
    let s = '';
    for (let done = 0; done < n; ) {
      const k = Math.min(WSTRING_CHUNK, n - done);
      for (let i = 0; i < k; i++) {
        const c = this.view.getUint32(this.o, this.le);
        // rmw_zenoh refuses the same ("Character value exceeds maximum value")
        if (c > 0xffff) throw new RangeError(`wstring unit ${done + i} of ${n} is 0x${c.toString(16)}, over 0xffff`);
        units[i] = c;
        this.o += 4;
      }
      // fromCharCode keeps every unit as it is, lone surrogates too (a UTF-16 decoder would not)
      s += String.fromCharCode.apply(null, units.subarray(0, k) as unknown as number[]);
      done += k;
    }
    return s;
  }

  private ownBody(): Uint8Array {
    if (this.copy === undefined) {
      const buffer = new Uint8Array(this.body.length + 8);
      buffer.set(this.body, 8);
      this.copy = buffer.subarray(8);
    }
    return this.copy;
  }

  /** `n` bytes: a view of the payload when it is given, else of the message's private copy. */
  octets(n: number): Uint8Array {
    if (n > this.body.length - this.o)
      throw new RangeError(`${n} bytes do not fit in the ${this.body.length - this.o} left`);
    const out = n === 0 ? new Uint8Array(0) : (this.given ? this.body : this.ownBody()).subarray(this.o, this.o + n);
    this.o += n;
    return out;
  }

  /**
   * `n` numbers of `size` bytes as a typed array of `ctor`. In the host's byte order: a view of
   * the given payload where the bytes are aligned to `size` in its buffer, else (past
   * SMALL_ARRAY_BYTES) a view of the private copy (one per message, however many arrays need
   * it: a fresh off-heap buffer per array costs more than copying a small message whole).
   * Small arrays that cannot view the payload, and the other byte order: read one by one.
   */
  numbers<T>(
    n: number,
    size: 1 | 2 | 4 | 8,
    ctor: TypedArrayConstructor,
    each: (this: CdrSource) => number | bigint,
  ): T {
    if (n === 0) return new ctor(0) as T;
    this.o = (this.o + size - 1) & ~(size - 1);
    const bytes = n * size;
    if (bytes > this.body.length - this.o) throw new RangeError(`${n} elements do not fit in the payload`);
    if (this.le === LITTLE_ENDIAN_HOST) {
      const aligned = this.given && ((this.body.byteOffset + this.o) & (size - 1)) === 0;
      if (aligned || bytes > SMALL_ARRAY_BYTES) {
        const from = aligned ? this.body : this.ownBody();
        const out = new ctor(from.buffer as ArrayBuffer, from.byteOffset + this.o, n);
        this.o += bytes;
        return out as T;
      }
    }
    const out = new ctor(n);
    for (let i = 0; i < n; i++) (out as { [i: number]: number | bigint })[i] = each.call(this);
    return out as T;
  }

  /** `n` elements read by `each` (strings, nested messages). */
  seq<T>(n: number, each: (r: CdrSource) => T): T[] {
    const out = new Array<T>(n);
    for (let i = 0; i < n; i++) out[i] = each(this);
    return out;
  }

  bools(n: number): boolean[] {
    const out = new Array<boolean>(n);
    for (let i = 0; i < n; i++) out[i] = this.bool();
    return out;
  }
}

export const readString = (r: CdrSource): string => r.str();
export const readWString = (r: CdrSource): string => r.wstr();
