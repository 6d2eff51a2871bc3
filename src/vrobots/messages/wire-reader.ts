/**
 * The protobuf wire reader the generated decode reads from: the values protobufjs's reader gives
 * for the same bytes (its varint, string and float rules, the last two from its own helpers), but
 * 64-bit integers straight as bigint. Bytes that are not a message (a read past the end, a varint
 * too long, malformed UTF-8, a bad wire type or group) throw an Error saying what and where.
 */
import protobuf from 'protobufjs/minimal.js';
import { MAX_DEPTH, tooDeep } from './codec-runtime.js';

const { utf8, float } = protobuf.util;

function overrun(r: WireReader): never {
  throw new RangeError(`index out of range at offset ${r.pos}`);
}

function malformed(what: string, r: WireReader): never {
  throw new Error(`${what} at offset ${r.pos}`);
}

/** Splits a varint's two 32-bit halves into a bigint of either signedness. */
const longScratch = new DataView(new ArrayBuffer(8));

export class WireReader {
  pos = 0;
  /** Where the message being read ends (a sub-message's end while it is read). */
  end: number;

  constructor(readonly buf: Uint8Array) {
    this.end = buf.length;
  }

  /** A varint's low 32 bits, unsigned (pbjs's uint32: longer varints are read whole and truncated). */
  uint32(): number {
    return this.varint32(255);
  }

  /** A field's tag: pbjs refuses one longer than five bytes or past 32 bits. */
  tag(): number {
    return this.varint32(15);
  }

  /**
   * A varint's low 32 bits. Its fifth byte may be at most `fifthMax` (a tag 15, a length 7, as
   * pbjs allows them); only a value (255) may go on to ten bytes, the bits past 32 dropped.
   */
  private varint32(fifthMax: number): number {
    const buf = this.buf;
    let p = this.pos;
    let b = buf[p++] as number;
    let v = b & 127;
    if (b >= 128) {
      b = buf[p++] as number;
      v |= (b & 127) << 7;
      if (b >= 128) {
        b = buf[p++] as number;
        v |= (b & 127) << 14;
        if (b >= 128) {
          b = buf[p++] as number;
          v |= (b & 127) << 21;
          if (b >= 128) {
            b = buf[p++] as number;
            if (!(b <= fifthMax)) malformed('varint too long for its place', this);
            v |= b << 28;
            for (let i = 0; b >= 128 && i < 5; i++) b = buf[p++] as number;
            if (b >= 128) malformed('varint longer than ten bytes', this);
          }
        }
      }
    }
    if (p > this.end) overrun(this);
    this.pos = p;
    return v >>> 0;
  }

  /** A bool as pbjs reads it: true when any of the varint's (up to ten) bytes carries a bit. */
  bool(): boolean {
    const buf = this.buf;
    let p = this.pos;
    let any = 0;
    let b = 128;
    for (let i = 0; i < 10 && b >= 128; i++) {
      b = buf[p++] as number;
      any |= b & 127;
    }
    if (b >= 128) malformed('varint longer than ten bytes', this);
    if (p > this.end) overrun(this);
    this.pos = p;
    return any !== 0;
  }

  /** A 64-bit varint as a bigint, unsigned or two's complement. */
  long(unsigned: boolean): bigint {
    const buf = this.buf;
    let p = this.pos;
    let lo = 0;
    let hi = 0;
    let b = 128;
    let shift = 0;
    for (; shift < 28 && b >= 128; shift += 7) {
      b = buf[p++] as number;
      lo |= (b & 127) << shift;
    }
    if (b >= 128) {
      // The fifth byte carries bits 28-31 of the low half and 0-2 of the high half.
      b = buf[p++] as number;
      lo |= (b & 15) << 28;
      hi = (b & 127) >>> 4;
      for (shift = 3; shift < 32 && b >= 128; shift += 7) {
        b = buf[p++] as number;
        hi |= (b & 127) << shift;
      }
      if (b >= 128) malformed('varint longer than ten bytes', this);
    }
    if (p > this.end) overrun(this);
    this.pos = p;
    longScratch.setUint32(0, lo >>> 0, true);
    longScratch.setUint32(4, hi >>> 0, true);
    return unsigned ? longScratch.getBigUint64(0, true) : longScratch.getBigInt64(0, true);
  }

  float(): number {
    const p = this.pos;
    if (p + 4 > this.end) overrun(this);
    this.pos = p + 4;
    return float.readFloatLE(this.buf, p);
  }

  double(): number {
    const p = this.pos;
    if (p + 8 > this.end) overrun(this);
    this.pos = p + 8;
    return float.readDoubleLE(this.buf, p);
  }

  /** The end of a length-delimited value starting here (its length read). */
  delimited(): number {
    const n = this.varint32(7); // pbjs's lengths stay under 2^31
    const end = this.pos + n;
    if (end > this.end) overrun(this);
    return end;
  }

  /** A string, rejecting malformed UTF-8 as pbjs's stringVerify does. */
  string(): string {
    const end = this.delimited();
    const start = this.pos;
    this.pos = end;
    try {
      return utf8.readStrict(this.buf, start, end);
    } catch {
      return malformed('invalid UTF-8 in a string', this);
    }
  }

  /** A copy of a bytes field: nothing handed out shares the frame's memory. */
  bytes(): Uint8Array {
    const end = this.delimited();
    // Copied into a plain Uint8Array: a Node Buffer's own slice() would be a view.
    const out = new Uint8Array(this.buf.subarray(this.pos, end));
    this.pos = end;
    return out;
  }

  /**
   * Skips the value of field `fieldNumber` (unknown, or known under another wire type), groups
   * (wire type 3) included as protobufjs skips them; refuses field number 0 and wire types 4, 6, 7.
   */
  skip(wireType: number, fieldNumber: number, depth: number): void {
    if (fieldNumber === 0) malformed('field number 0', this);
    if (wireType === 0) this.uint32();
    else if (wireType === 1) this.seek(8);
    else if (wireType === 2) this.pos = this.delimited();
    else if (wireType === 5) this.seek(4);
    else if (wireType === 3) this.skipGroup(fieldNumber, depth);
    else malformed(`invalid wire type ${wireType}`, this);
  }

  private skipGroup(fieldNumber: number, depth: number): void {
    if (depth > MAX_DEPTH) tooDeep();
    for (;;) {
      if (this.pos >= this.end) overrun(this);
      const tag = this.tag();
      if ((tag & 7) === 4) {
        if (tag >>> 3 !== fieldNumber) malformed('invalid end group tag', this);
        return;
      }
      this.skip(tag & 7, tag >>> 3, depth + 1);
    }
  }

  private seek(n: number): void {
    if (this.pos + n > this.end) overrun(this);
    this.pos += n;
  }
}
