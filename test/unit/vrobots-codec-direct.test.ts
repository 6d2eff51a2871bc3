// The direct encoder must give the bytes (and the errors) of the encode walk followed by pbjs's
// generated encode, for every vrobots message type and the edges of every scalar it writes.
import { describe, expect, it } from 'vitest';
import { swarmbotix } from '../../src/vrobots/generated/swarmbotix.js';
import { FIELDS, type FieldInfo } from '../../src/vrobots/generated/swarmbotix-types.js';
import { directEncoder } from '../../src/vrobots/messages/encode-direct.js';
import { toWire } from '../../src/vrobots/messages/encode-walk.js';

type Plain = Record<string, unknown>;
interface Generated {
  encode(m: unknown): { finish(): Uint8Array };
}

function generatedOf(typeName: string): Generated {
  let at: unknown = { swarmbotix };
  for (const part of typeName.split('.')) at = (at as Record<string, unknown>)[part];
  return at as Generated;
}

/** The reference: the walk, then pbjs. */
function reference(typeName: string, plain: Plain): Uint8Array {
  return generatedOf(typeName).encode(toWire(typeName, plain)).finish();
}

function outcome(encode: () => Uint8Array): { ok: true; hex: string } | { ok: false; error: string } {
  try {
    return { ok: true, hex: Buffer.from(encode()).toString('hex') };
  } catch (thrown) {
    return { ok: false, error: `${(thrown as Error).name}: ${(thrown as Error).message}` };
  }
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LONG_TEXT = 'x'.repeat(45);
const EDGES: Record<string, readonly unknown[]> = {
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
const ENUM_VALUES = [0, 1, 2, 3];

function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)] as T;
}

function fieldValue(f: FieldInfo, rnd: () => number, depth: number): unknown {
  if (f.kind === 'message') return depth > 4 ? {} : messageOf(f.type, rnd, depth + 1);
  if (f.kind === 'enum') return pick(rnd, ENUM_VALUES);
  if (f.type === 'bytes') return Uint8Array.from({ length: Math.floor(rnd() * 200) }, () => Math.floor(rnd() * 256));
  if (f.type === 'float' || f.type === 'double')
    return rnd() < 0.5 ? pick(rnd, EDGES[f.type] ?? []) : rnd() * 2e4 - 1e4;
  return pick(rnd, EDGES[f.type] ?? [0]);
}

function messageOf(typeName: string, rnd: () => number, depth = 0): Plain {
  const out: Plain = {};
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

/** A value that does not fit field `f`. */
function misfitOf(f: FieldInfo, rnd: () => number): unknown {
  if (f.repeated && rnd() < 0.3) return 'not an array';
  const one = (): unknown => {
    if (f.kind === 'message') return pick(rnd, [5, 'x', null]);
    if (f.kind === 'long') return pick(rnd, [2n ** 64n, -(2n ** 64n), 1.5, 'x', null]);
    if (f.type === 'string') return pick(rnd, [5, null, true]);
    if (f.type === 'bool') return pick(rnd, [1, 'true', null]);
    if (f.type === 'int32' || f.kind === 'enum') return pick(rnd, [1.5, 2 ** 31, 'x', null]);
    if (f.type === 'uint32') return pick(rnd, [-1, 2 ** 32, 0.5, null]);
    return pick(rnd, ['1', null, 1n]);
  };
  return f.repeated ? [fieldValue(f, rnd, 5), one()] : one();
}

const TYPES = Object.keys(FIELDS);

describe('vrobots codec: the direct encoder', () => {
  it('covers every message type', () => {
    expect(TYPES.filter((t) => directEncoder(t) === undefined)).toEqual([]);
  });

  it('gives pbjs bytes for defaults, random messages and scalar edges of every type', () => {
    const rnd = random(16);
    let compared = 0;
    for (const typeName of TYPES) {
      const direct = directEncoder(typeName) as (p: Plain) => Uint8Array;
      const cases: Plain[] = [{}];
      for (let i = 0; i < 40; i++) cases.push(messageOf(typeName, rnd));
      for (const plain of cases) {
        expect(
          outcome(() => direct(plain)),
          typeName,
        ).toEqual(outcome(() => reference(typeName, plain)));
        compared++;
      }
    }
    expect(compared).toBe(TYPES.length * 41);
  });

  it('refuses what the walk refuses, with the same error', () => {
    const rnd = random(61);
    let refused = 0;
    for (const typeName of TYPES) {
      const direct = directEncoder(typeName) as (p: Plain) => Uint8Array;
      for (const f of FIELDS[typeName] ?? []) {
        const plain = messageOf(typeName, rnd);
        plain[f.name] = misfitOf(f, rnd);
        const want = outcome(() => reference(typeName, plain));
        expect(
          outcome(() => direct(plain)),
          `${typeName}.${f.name}`,
        ).toEqual(want);
        if (!want.ok) refused++;
      }
    }
    expect(refused).toBeGreaterThan(200);
  });

  it('writes the next message whole after one that threw half-way', () => {
    const direct = directEncoder('swarmbotix.common.Header') as (p: Plain) => Uint8Array;
    expect(() => direct({ name: 'half', seq: -1n })).toThrow(/Header.seq/);
    const good = { srcId: 3, name: 'vrobots-sim', seq: 9n, topicFullName: 'vrobots/1/z/state' };
    expect(Buffer.from(direct(good))).toEqual(Buffer.from(reference('swarmbotix.common.Header', good)));
  });
});
