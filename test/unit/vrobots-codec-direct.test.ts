// The direct encoder must give the bytes (and the errors) of the encode walk followed by pbjs's
// generated encode, for every vrobots message type and the edges of every scalar it writes.
import { describe, expect, it } from 'vitest';
import { FIELDS, type FieldInfo } from '../../src/vrobots/generated/swarmbotix-types.js';
import { directEncoder } from '../../src/vrobots/messages/encode-direct.js';
import { toWire } from '../../src/vrobots/messages/encode-walk.js';
import { fieldValue, generatedOf, messageOf, type Plain, pick, random } from './vrobots-codec-fixtures.js';

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
