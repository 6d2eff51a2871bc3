/**
 * The protobuf wire reader the compiled decode (decode-direct.ts) reads from: the values
 * protobufjs's reader gives for the same bytes (its string and float rules, taken from the same
 * helpers), but 64-bit integers straight as bigint, with no Long object in between. Anything it
 * does not expect (a read past the end, a group, malformed UTF-8) throws; the caller then lets
 * protobufjs decode the message and report what is wrong.
 */
import protobuf from 'protobufjs/minimal.js';

const { utf8, float } = protobuf.util;

/** Thrown for bytes this reader does not take; never seen by a user (the caller falls back). */
export class WireMisfit extends Error {}

function overrun(): never {
  throw new WireMisfit('index out of range');
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
            if (!(b <= fifthMax)) throw new WireMisfit('varint too long for its place');
            v |= b << 28;
            for (let i = 0; b >= 128 && i < 5; i++) b = buf[p++] as number;
            if (b >= 128) throw new WireMisfit('varint longer than ten bytes');
          }
        }
      }
    }
    if (p > this.end) overrun();
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
    if (b >= 128) throw new WireMisfit('varint longer than ten bytes');
    if (p > this.end) overrun();
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
      if (b >= 128) throw new WireMisfit('varint longer than ten bytes');
    }
    if (p > this.end) overrun();
    this.pos = p;
    longScratch.setUint32(0, lo >>> 0, true);
    longScratch.setUint32(4, hi >>> 0, true);
    return unsigned ? longScratch.getBigUint64(0, true) : longScratch.getBigInt64(0, true);
  }

  float(): number {
    const p = this.pos;
    if (p + 4 > this.end) overrun();
    this.pos = p + 4;
    return float.readFloatLE(this.buf, p);
  }

  double(): number {
    const p = this.pos;
    if (p + 8 > this.end) overrun();
    this.pos = p + 8;
    return float.readDoubleLE(this.buf, p);
  }

  /** The end of a length-delimited value starting here (its length read). */
  delimited(): number {
    const n = this.varint32(7); // pbjs's lengths stay under 2^31
    const end = this.pos + n;
    if (end > this.end) overrun();
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
      throw new WireMisfit('malformed UTF-8');
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

  /** Skips a value of an unknown field; groups (wire types 3 and 4) are left to pbjs. */
  skip(wireType: number): void {
    if (wireType === 0) this.uint32();
    else if (wireType === 1) this.seek(8);
    else if (wireType === 2) this.pos = this.delimited();
    else if (wireType === 5) this.seek(4);
    else throw new WireMisfit(`wire type ${wireType}`);
  }

  private seek(n: number): void {
    if (this.pos + n > this.end) overrun();
    this.pos += n;
  }
}
