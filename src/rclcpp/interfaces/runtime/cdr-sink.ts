/**
 * The writing half of generated CDR code: XCDR1 little endian, alignment counted from the end
 * of the 4-byte encapsulation header (what Fast-CDR does for rmw_zenoh). The generated size
 * pass measures the message exactly, so one buffer of the right size is allocated and large
 * arrays are copied into it in one go. Every write checks the value first and throws a
 * TypeError/RangeError naming the field; the rclcpp layer turns that into InvalidArgument
 * before anything is sent.
 */

import { encodeOutput } from './encode-lease.js';
import { fail } from './value-checks.js';

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const utf8 = new TextEncoder();

export type NumberArrayLike = ArrayLike<number>;

/** Output buffer of one encode: header written, `o` counts from the end of the header. */
export class CdrSink {
  readonly buffer: Uint8Array;
  readonly body: Uint8Array;
  readonly view: DataView;
  o = 0;
  /** UTF-8 byte lengths of the strings, measured by the size pass, in write order. */
  private readonly lens: readonly number[];
  private li = 0;

  constructor(bodySize: number, lens: readonly number[]) {
    this.buffer = encodeOutput(bodySize + 4);
    this.buffer[1] = 1; // 00 01 00 00: CDR_LE
    this.body = this.buffer.subarray(4);
    this.view = new DataView(this.buffer.buffer, 4, bodySize);
    this.lens = lens;
  }

  bool(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'boolean') fail(p, f, i, 'a boolean', v);
    this.body[this.o++] = v ? 1 : 0;
  }
  u8(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'number' || (v & 0xff) !== v) fail(p, f, i, 'a uint8', v);
    this.body[this.o++] = v;
  }
  i8(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'number' || (v << 24) >> 24 !== v) fail(p, f, i, 'an int8', v);
    this.body[this.o++] = v & 0xff;
  }
  u16(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'number' || (v & 0xffff) !== v) fail(p, f, i, 'a uint16', v);
    this.o = (this.o + 1) & ~1;
    this.view.setUint16(this.o, v, true);
    this.o += 2;
  }
  i16(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'number' || (v << 16) >> 16 !== v) fail(p, f, i, 'an int16', v);
    this.o = (this.o + 1) & ~1;
    this.view.setInt16(this.o, v, true);
    this.o += 2;
  }
  u32(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'number' || v >>> 0 !== v) fail(p, f, i, 'a uint32', v);
    this.o = (this.o + 3) & ~3;
    this.view.setUint32(this.o, v, true);
    this.o += 4;
  }
  i32(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'number' || (v | 0) !== v) fail(p, f, i, 'an int32', v);
    this.o = (this.o + 3) & ~3;
    this.view.setInt32(this.o, v, true);
    this.o += 4;
  }
  f32(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'number') fail(p, f, i, 'a float32 number', v);
    this.o = (this.o + 3) & ~3;
    this.view.setFloat32(this.o, v, true);
    this.o += 4;
  }
  f64(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'number') fail(p, f, i, 'a float64 number', v);
    this.o = (this.o + 7) & ~7;
    this.view.setFloat64(this.o, v, true);
    this.o += 8;
  }
  i64(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'bigint' || BigInt.asIntN(64, v) !== v) fail(p, f, i, 'an int64 bigint', v);
    this.o = (this.o + 7) & ~7;
    this.view.setBigInt64(this.o, v, true);
    this.o += 8;
  }
  u64(v: unknown, p: string, f: string, i = -1): void {
    if (typeof v !== 'bigint' || BigInt.asUintN(64, v) !== v) fail(p, f, i, 'a uint64 bigint', v);
    this.o = (this.o + 7) & ~7;
    this.view.setBigUint64(this.o, v, true);
    this.o += 8;
  }
  /** A sequence's element count (uint32, aligned to 4). */
  count(n: number): void {
    this.o = (this.o + 3) & ~3;
    this.view.setUint32(this.o, n, true);
    this.o += 4;
  }

  /** uint32 byte length with the NUL, UTF-8 bytes, NUL; the length was measured by the size pass. */
  str(v: string, p: string, f: string, i = -1): void {
    const n = this.lens[this.li++]!;
    this.count(n + 1);
    const start = this.o;
    if (n === v.length && n < 64) {
      for (let k = 0; k < n; k++) this.body[start + k] = v.charCodeAt(k);
    } else if (n > 0 && utf8.encodeInto(v, this.body.subarray(start, start + n)).written !== n) {
      fail(p, f, i, 'a string that does not change while it is encoded', v);
    }
    this.o = start + n + 1;
  }

  /**
   * uint32 count of UTF-16 units, then each unit as a uint32, no terminator: what
   * rosidl_typesupport_fastrtps writes for a wstring (its serialization_helpers.hpp), not
   * Fast-CDR's own 2-byte wchar_t. A surrogate pair is two units, each its own uint32.
   */
  wstr(v: string): void {
    const n = v.length;
    this.count(n);
    for (let i = 0; i < n; i++) {
      this.view.setUint32(this.o, v.charCodeAt(i), true);
      this.o += 4;
    }
  }

  /** Bytes (uint8/byte/char arrays): one copy from a Uint8Array, checked per element otherwise. */
  octets(v: NumberArrayLike, p: string, f: string): void {
    if (v instanceof Uint8Array) {
      this.body.set(v, this.o);
      this.o += v.length;
      return;
    }
    for (let i = 0; i < v.length; i++) this.u8(v[i], p, f, i);
  }

  /**
   * A run of fixed-size numbers. The same typed array on a little-endian host is one memcpy;
   * anything else goes element by element through the checked writer.
   */
  numbers(
    v: NumberArrayLike | ArrayLike<bigint>,
    size: 1 | 2 | 4 | 8,
    ctor: TypedArrayConstructor,
    each: (this: CdrSink, value: unknown, p: string, f: string, i: number) => void,
    p: string,
    f: string,
  ): void {
    if (v.length === 0) return;
    this.o = (this.o + size - 1) & ~(size - 1);
    if (LITTLE_ENDIAN_HOST && v instanceof ctor) {
      const t = v as unknown as ArrayBufferView;
      this.body.set(new Uint8Array(t.buffer, t.byteOffset, t.byteLength), this.o);
      this.o += t.byteLength;
      return;
    }
    for (let i = 0; i < v.length; i++) each.call(this, v[i], p, f, i);
  }

  /** Checks the pass measured what it wrote (a getter that answers differently twice). */
  finish(typeName: string): Uint8Array {
    if (this.o !== this.view.byteLength) {
      throw new RangeError(`${typeName}: the message changed while it was encoded`);
    }
    return this.buffer;
  }
}

export type TypedArrayConstructor =
  | Int8ArrayConstructor
  | Uint8ArrayConstructor
  | Int16ArrayConstructor
  | Uint16ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Float32ArrayConstructor
  | Float64ArrayConstructor
  | BigInt64ArrayConstructor
  | BigUint64ArrayConstructor;
