// Random vrobots messages for the codec tests: every field of every type, scalar edges, absent
// fields, empty and default sub-messages. The reference they are held to is protobufjs itself
// (test/support/protobuf-reference.ts).
import { FIELDS, type FieldInfo } from '../../src/vrobots/generated/swarmbotix-types.js';

export { type Plain, referenceOf } from './protobuf-reference.js';

export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const LONG_TEXT = 'x'.repeat(45);
export const EDGES: Record<string, readonly unknown[]> = {
  double: [0, -0, 1.5, -1e300, Number.NaN, Number.POSITIVE_INFINITY, 1e-310, 47.458123456789],
  float: [0, -0, 1.5, -3.4e38, Number.NaN, Number.NEGATIVE_INFINITY, 1e-45, 9.80665],
  int32: [0, 1, -1, 127, 128, 2147483647, -2147483648, 300],
  uint32: [0, 1, 127, 128, 16383, 16384, 4294967295, 4_000_000_000],
  uint64: [0n, 1n, 127n, 128n, 2n ** 63n, 2n ** 64n - 1n, 1_732_900_000_000_000_000n, 5],
  int64: [0n, -1n, -(2n ** 63n), 2n ** 63n - 1n, 300n],
  bool: [true, false],
  string: [
    '',
    'vrobots-sim',
    LONG_TEXT,
    'é€𝄞 unity',
    '\ud800 lone',
    `${LONG_TEXT}\udc00`,
    'y'.repeat(130),
    'ü'.repeat(70),
  ],
};
export const ENUM_VALUES = [0, 1, 2, 3];

export function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)] as T;
}

export function fieldValue(f: FieldInfo, rnd: () => number, depth: number): unknown {
  if (f.kind === 'message') return depth > 4 ? {} : messageOf(f.type, rnd, depth + 1);
  if (f.kind === 'enum') return pick(rnd, ENUM_VALUES);
  if (f.type === 'bytes') return Uint8Array.from({ length: Math.floor(rnd() * 200) }, () => Math.floor(rnd() * 256));
  if (f.type === 'float' || f.type === 'double')
    return rnd() < 0.5 ? pick(rnd, EDGES[f.type] ?? []) : rnd() * 2e4 - 1e4;
  return pick(rnd, EDGES[f.type] ?? [0]);
}

export function messageOf(typeName: string, rnd: () => number, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS[typeName] ?? []) {
    const r = rnd();
    if (r < 0.2) continue; // absent
    if (f.repeated) {
      const n = r < 0.3 ? 0 : Math.floor(rnd() * (f.packed ? 24 : 4));
      out[f.name] = Array.from({ length: n }, () => fieldValue(f, rnd, depth));
    } else if (r < 0.35 && f.kind === 'message') {
      out[f.name] = {}; // a default sub-message
    } else {
      out[f.name] = fieldValue(f, rnd, depth);
    }
  }
  return out;
}
