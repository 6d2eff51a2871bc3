/**
 * The byte-level pieces shared by the frames rclts writes in zenoh-ts's place (put-frame.ts,
 * reply-frame.ts): zenoh-ts's serializer writes sequence lengths as unsigned LEB128, and a
 * frame goes to the socket in a buffer of its own.
 */

/** Node's pooled allocator where there is one (a small frame then costs no backing store of its own). */
export const allocate: (size: number) => Uint8Array = (() => {
  const B = (globalThis as { Buffer?: { allocUnsafe?: unknown } }).Buffer;
  const allocUnsafe = B?.allocUnsafe;
  return typeof allocUnsafe === 'function'
    ? (size: number) => (allocUnsafe as (n: number) => Uint8Array).call(B, size)
    : (size: number) => new Uint8Array(size);
})();

function lebSize(n: number): number {
  let size = 1;
  while (n > 127) {
    n = Math.floor(n / 128);
    size += 1;
  }
  return size;
}

/** Writes `n` at `at`; returns the offset after it. */
export function writeLeb(out: Uint8Array, at: number, n: number): number {
  while (n > 127) {
    out[at++] = (n % 128) | 128;
    n = Math.floor(n / 128);
  }
  out[at++] = n;
  return at;
}

/** Bytes of a sequence: LEB128 length, then the bytes. */
export function bytesSize(bytes: Uint8Array): number {
  return lebSize(bytes.length) + bytes.length;
}

/** Writes a sequence at `at`; returns the offset after it. */
export function writeBytes(out: Uint8Array, at: number, bytes: Uint8Array): number {
  at = writeLeb(out, at, bytes.length);
  out.set(bytes, at);
  return at + bytes.length;
}

/** Bytes of an optional sequence (zenoh-ts's optional ZBytes: a u8 flag, then the sequence). */
export function optBytesSize(bytes: Uint8Array | undefined): number {
  return bytes === undefined ? 1 : 1 + bytesSize(bytes);
}

/** Writes an optional sequence at `at`; returns the offset after it. */
export function writeOptBytes(out: Uint8Array, at: number, bytes: Uint8Array | undefined): number {
  if (bytes === undefined) {
    out[at] = 0;
    return at + 1;
  }
  out[at] = 1;
  return writeBytes(out, at + 1, bytes);
}

/** Writes `n` as u32 little-endian at `at`; returns the offset after it. */
export function writeU32(out: Uint8Array, at: number, n: number): number {
  out[at] = n & 0xff;
  out[at + 1] = (n >>> 8) & 0xff;
  out[at + 2] = (n >>> 16) & 0xff;
  out[at + 3] = n >>> 24;
  return at + 4;
}

/** A u32 id as zenoh-ts carries it (publisher ids, query ids). */
export function isU32(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffff_ffff;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  const n = a.length;
  if (n !== b.length) return false;
  let i = 0;
  // Four bytes a step where both start aligned: the frame probes compare ~100 KB per shape once
  // per process, at the first declaration, on code not yet optimized.
  if (n >= 64 && (a.byteOffset & 3) === 0 && (b.byteOffset & 3) === 0) {
    const words = n >>> 2;
    const wa = new Uint32Array(a.buffer, a.byteOffset, words);
    const wb = new Uint32Array(b.buffer, b.byteOffset, words);
    for (let k = 0; k < words; k++) if (wa[k] !== wb[k]) return false;
    i = words << 2;
  }
  for (; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Probe bytes for the frame checks: byte `i` is `(i * step + first) & 0xff`. */
export function patternBytes(size: number, step: number, first: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * step + first) & 0xff;
  return out;
}
