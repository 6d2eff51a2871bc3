// The vrobots encoder must write protobufjs's bytes for every message type, defaults, random
// messages and the edges of every scalar, and refuse what does not fit, naming the field.
import { describe, expect, it } from 'vitest';
import { FIELDS, type FieldInfo } from '../../../src/vrobots/generated/swarmbotix-types.js';
import { messageTypeByName } from '../../../src/vrobots/messages/message-registry.js';
import type { ProtoMessageType } from '../../../src/vrobots/messages/proto-codec.js';
import { fieldValue, messageOf, type Plain, pick, random, referenceOf } from '../../support/vrobots-codec-fixtures.js';

const TYPES = Object.keys(FIELDS);

function typeOf(typeName: string): ProtoMessageType<Plain> {
  const t = messageTypeByName(typeName);
  if (!t.ok) throw new Error(t.error.message);
  return t.value as ProtoMessageType<Plain>;
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** A value that does not fit field `f` (a repeated field: a good element, then a bad one). */
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

describe('vrobots codec: encode', () => {
  it("writes protobufjs's bytes for defaults, random messages and scalar edges of every type", () => {
    const rnd = random(16);
    let compared = 0;
    for (const typeName of TYPES) {
      const type = typeOf(typeName);
      const reference = referenceOf(typeName);
      const cases: Plain[] = [{}, type.create()];
      for (let i = 0; i < 40; i++) cases.push(messageOf(typeName, rnd));
      for (const plain of cases) {
        expect(hex(type.encode(plain)), typeName).toBe(hex(reference.encode(plain)));
        compared++;
      }
    }
    expect(compared).toBe(TYPES.length * 42);
  });

  it('refuses a value that does not fit with a TypeError or RangeError naming the field', () => {
    const rnd = random(61);
    let refused = 0;
    for (const typeName of TYPES) {
      const type = typeOf(typeName);
      for (const f of FIELDS[typeName] ?? []) {
        const plain = messageOf(typeName, rnd);
        const bad = misfitOf(f, rnd);
        plain[f.name] = bad;
        if (f.optional && bad === null) {
          // null on an optional field means "not set"
          expect(hex(type.encode(plain)), `${typeName}.${f.name}`).toBe(hex(referenceOf(typeName).encode(plain)));
          continue;
        }
        let thrown: unknown;
        try {
          type.encode(plain);
        } catch (e) {
          thrown = e;
        }
        expect(thrown, `${typeName}.${f.name} = ${String(bad)}`).toBeInstanceOf(Error);
        expect((thrown as Error).constructor.name).toMatch(/^(TypeError|RangeError)$/);
        expect((thrown as Error).message.startsWith(`${typeName}.${f.name}: `), (thrown as Error).message).toBe(true);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(200);
  });

  it('writes the next message whole after one that threw half-way', () => {
    const header = typeOf('swarmbotix.common.Header');
    expect(() => header.encode({ name: 'half', seq: -1n })).toThrow(/Header.seq: -1 is outside uint64/);
    const good = { srcId: 3, name: 'vrobots-sim', seq: 9n, topicFullName: 'vrobots/1/z/state' };
    expect(hex(header.encode(good))).toBe(hex(referenceOf('swarmbotix.common.Header').encode(good)));
  });
});
