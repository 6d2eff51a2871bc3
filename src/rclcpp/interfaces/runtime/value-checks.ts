/**
 * Checks the generated size pass runs before anything is written: shapes (object, array,
 * string), bounds of strings and sequences, lengths of fixed arrays. They throw; the rclcpp
 * layer answers InvalidArgument with the sentence and sends nothing.
 */

import { describeValue } from '../../../result.js';

/** `Type.field.sub[3]`: built only when something fails, so the hot path passes constants. */
export function where(p: string, f: string, i = -1): string {
  return i < 0 ? `${p}.${f}` : `${p}.${f}[${i}]`;
}

export function fail(p: string, f: string, i: number, expected: string, value: unknown): never {
  throw new TypeError(`${where(p, f, i)} must be ${expected}, got ${describeValue(value)}`);
}

export function object(v: unknown, p: string, f: string, i = -1): void {
  if (typeof v !== 'object' || v === null) fail(p, f, i, 'an object', v);
}

/** A sequence or array value: any array-like (plain or typed array). Returns its length. */
export function arrayLength(v: unknown, p: string, f: string): number {
  if (typeof v !== 'object' || v === null || typeof (v as { length?: unknown }).length !== 'number') {
    fail(p, f, -1, 'an array', v);
  }
  return (v as ArrayLike<unknown>).length;
}

export function fixedLength(v: unknown, size: number, p: string, f: string): number {
  const n = arrayLength(v, p, f);
  if (n !== size) throw new RangeError(`${where(p, f)} must have exactly ${size} elements, got ${n}`);
  return n;
}

/** Sequence length against its bound (Infinity when unbounded). */
export function sequenceLength(v: unknown, bound: number, p: string, f: string): number {
  const n = arrayLength(v, p, f);
  if (n > bound) throw new RangeError(`${where(p, f)} has ${n} elements, over its bound of ${bound}`);
  return n;
}

/** Strings at least this long are measured natively: the loop below costs ~1.5 ns a unit. */
const NATIVE_FROM = 64;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Node's `Buffer.byteLength` (V8's own UTF-8 count, an order of magnitude faster than the loop
 * on large strings), looked up once; in a browser, an ASCII test before falling back to the loop.
 */
const nativeLength: (s: string) => number | undefined = (() => {
  const B = (globalThis as { Buffer?: { byteLength?: unknown } }).Buffer;
  const byteLength = B?.byteLength;
  return typeof byteLength === 'function'
    ? (s: string) => (byteLength as (s: string, enc: string) => number).call(B, s, 'utf8')
    : (s: string) => (NON_ASCII.test(s) ? undefined : s.length);
})();

/** UTF-8 length of a JavaScript string as TextEncoder writes it (lone surrogates as U+FFFD). */
export function utf8Length(s: string): number {
  if (s.length >= NATIVE_FROM) {
    const n = nativeLength(s);
    if (n !== undefined) return n;
  }
  return loopLength(s);
}

function loopLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      n += 1;
    } else {
      n += 2;
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d < 0xe000) i++;
      }
    }
  }
  return n;
}

/** Measures a string (pushing its UTF-8 length for the write pass) and returns the new offset. */
export function sizeString(o: number, v: unknown, bound: number, lens: number[], p: string, f: string, i = -1): number {
  if (typeof v !== 'string') fail(p, f, i, 'a string', v);
  const n = utf8Length(v);
  if (n > bound) throw new RangeError(`${where(p, f, i)} is ${n} bytes long, over its bound of ${bound}`);
  lens.push(n);
  return ((o + 3) & ~3) + 4 + n + 1;
}

/** Measures a wstring (its count, then 4 bytes per UTF-16 unit, no terminator) and returns the new offset. */
export function sizeWString(o: number, v: unknown, bound: number, p: string, f: string, i = -1): number {
  if (typeof v !== 'string') fail(p, f, i, 'a string', v);
  if (v.length > bound)
    throw new RangeError(`${where(p, f, i)} is ${v.length} UTF-16 units long, over its bound of ${bound}`);
  return ((o + 3) & ~3) + 4 + 4 * v.length;
}

/** Offset after `n` elements of `size` bytes (no alignment when there are none, as Fast-CDR). */
export function sizeNumbers(o: number, n: number, size: number): number {
  return n === 0 ? o : ((o + size - 1) & ~(size - 1)) + n * size;
}
