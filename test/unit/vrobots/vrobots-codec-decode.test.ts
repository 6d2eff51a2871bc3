// The vrobots decoder must give what protobufjs reads, made plain (key for key and type for
// type), for every message type; refuse with an Error every byte string protobufjs refuses;
// and hand out nothing shared between two decodes.
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../../src/vrobots/generated/swarmbotix-types.js';
import { messageTypeByName } from '../../../src/vrobots/messages/message-registry.js';
import type { ProtoMessageType } from '../../../src/vrobots/messages/proto-codec.js';
import { State } from '../../../src/vrobots/messages/topic-messages.js';
import { messageOf, type Plain, random, referenceOf } from '../../support/vrobots-codec-fixtures.js';

const TYPES = Object.keys(FIELDS);

function typeOf(typeName: string): ProtoMessageType<Plain> {
  const t = messageTypeByName(typeName);
  if (!t.ok) throw new Error(t.error.message);
  return t.value as ProtoMessageType<Plain>;
}

/** protobufjs's reading made plain, or that it refused the bytes. */
function reference(typeName: string, bytes: Uint8Array): { ok: true; shape: string } | { ok: false } {
  try {
    return { ok: true, shape: shapeOf(referenceOf(typeName).decode(bytes)) };
  } catch {
    return { ok: false };
  }
}

/** Ours: the shape, or the Error thrown (anything else thrown fails the test). */
function ours(typeName: string, bytes: Uint8Array): { ok: true; shape: string } | { ok: false; error: Error } {
  try {
    return { ok: true, shape: shapeOf(typeOf(typeName).decode(bytes)) };
  } catch (thrown) {
    expect(thrown, typeName).toBeInstanceOf(Error);
    expect((thrown as Error).message.startsWith(`${typeName}: `), (thrown as Error).message).toBe(true);
    return { ok: false, error: thrown as Error };
  }
}

/** Every key in order and every value with its type: bigint, bytes and numbers told apart. */
function shapeOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `bigint:${v}`;
    if (v instanceof Uint8Array) return `bytes:${v.constructor.name}:${Buffer.from(v).toString('hex')}`;
    if (typeof v === 'number' && !Number.isFinite(v)) return `number:${v}`;
    if (Object.is(v, -0)) return 'number:-0';
    return v;
  });
}

/** Every object, array and byte array reachable from `value`. */
function containersOf(value: unknown, into: unknown[] = []): unknown[] {
  if (typeof value !== 'object' || value === null) return into;
  into.push(value);
  if (value instanceof Uint8Array) return into;
  for (const v of Object.values(value)) containersOf(v, into);
  return into;
}

/** Valid messages of a type: the default and random ones protobufjs reads back. */
function messagesOf(typeName: string, rnd: () => number, count: number): Uint8Array[] {
  const type = typeOf(typeName);
  const out = [type.encode({})];
  while (out.length < count) {
    const bytes = type.encode(messageOf(typeName, rnd));
    if (reference(typeName, bytes).ok) out.push(bytes); // not the random lone surrogates it refuses
  }
  return out;
}

describe('vrobots codec: decode', () => {
  it('gives what protobufjs reads, made plain, for every type', () => {
    const rnd = random(23);
    let compared = 0;
    for (const typeName of TYPES) {
      for (const bytes of messagesOf(typeName, rnd, 41)) {
        expect(ours(typeName, bytes), typeName).toEqual(reference(typeName, bytes));
        compared++;
      }
    }
    expect(compared).toBe(TYPES.length * 41);
  });

  it('reads a Node Buffer as a Uint8Array, and skips unknown fields and groups as protobufjs does', () => {
    const rnd = random(5);
    for (const typeName of TYPES) {
      const [bytes] = messagesOf(typeName, rnd, 2).slice(1);
      const buffer = Buffer.from(bytes as Uint8Array);
      expect(ours(typeName, buffer), typeName).toEqual(ours(typeName, bytes as Uint8Array));
      // Field 1999 as a varint, a 64-bit and a 32-bit value, three bytes, and a group holding a varint.
      const unknown = Buffer.concat([
        buffer,
        Buffer.from([0xf8, 0x7c, 0x96, 0x01, 0xf9, 0x7c, 1, 2, 3, 4, 5, 6, 7, 8]),
        Buffer.from([0xfd, 0x7c, 1, 2, 3, 4, 0xfa, 0x7c, 3, 9, 9, 9]),
        Buffer.from([0xfb, 0x7c, 0x28, 0x01, 0xfc, 0x7c]),
      ]);
      const want = reference(typeName, unknown);
      expect(want.ok, typeName).toBe(true);
      expect(ours(typeName, unknown), typeName).toEqual(want);
    }
  });

  it('refuses cut bytes exactly where protobufjs does, and reads the same message from the rest', () => {
    const rnd = random(91);
    let refused = 0;
    let cuts = 0;
    for (const typeName of TYPES) {
      for (const bytes of messagesOf(typeName, rnd, 6)) {
        for (let cut = 0; cut < bytes.length; cut += Math.max(1, Math.floor(bytes.length / 17))) {
          const part = bytes.subarray(0, cut);
          const want = reference(typeName, part);
          const got = ours(typeName, part);
          expect(got.ok, `${typeName} cut at ${cut}`).toBe(want.ok);
          if (want.ok && got.ok) expect(got.shape, `${typeName} cut at ${cut}`).toBe(want.shape);
          if (!want.ok) refused++;
          cuts++;
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(cuts).toBeGreaterThan(refused);
  });

  it('answers bytes with flipped, dropped or added bytes as protobufjs does', () => {
    const rnd = random(44);
    let refused = 0;
    let read = 0;
    for (const typeName of TYPES) {
      for (const valid of messagesOf(typeName, rnd, 4)) {
        for (let k = 0; k < 25; k++) {
          const bytes = Array.from(valid);
          const edits = 1 + Math.floor(rnd() * 3);
          for (let e = 0; e < edits; e++) {
            const at = Math.floor(rnd() * (bytes.length + 1));
            const op = rnd();
            const value = Math.floor(rnd() * 256);
            if (op < 0.5 && at < bytes.length) bytes[at] = value;
            else if (op < 0.75 && at < bytes.length) bytes.splice(at, 1);
            else bytes.splice(at, 0, value);
          }
          const mangled = Uint8Array.from(bytes);
          const want = reference(typeName, mangled);
          const got = ours(typeName, mangled);
          if (!want.ok)
            expect(got.ok, `${typeName}: protobufjs refuses ${Buffer.from(mangled).toString('hex')}`).toBe(false);
          else expect(got, `${typeName}: ${Buffer.from(mangled).toString('hex')}`).toEqual(want);
          if (want.ok) read++;
          else refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(500);
    expect(read).toBeGreaterThan(500);
  });

  it('hands out fresh arrays, bytes and sub-messages at every decode', () => {
    const rnd = random(7);
    let checked = 0;
    for (const typeName of TYPES) {
      const type = typeOf(typeName);
      for (const bytes of messagesOf(typeName, rnd, 3)) {
        const first = containersOf(type.decode(bytes));
        const second = new Set(containersOf(type.decode(bytes)));
        for (const c of first) expect(second.has(c), typeName).toBe(false);
        checked += first.length;
      }
    }
    expect(checked).toBeGreaterThan(TYPES.length * 3);
  });

  it('merges a sub-message sent twice, and names what is wrong with bytes it refuses', () => {
    const state = State.create({
      header: { seq: 41n, timestampNs: 1_732_900_000_000_000_000n, name: 'vrobots-sim', sysId: 7 },
      robotType: 'multirotor',
      active: true,
      simTimeNs: 20_000_000n,
      actuator: { pwm: [1580, -1560, 1575, 1555], normalized: [0.5, Number.NaN], lastCmdSeq: 3n },
    });
    const bytes = State.encode(state);
    expect(State.decode(bytes)).toEqual(state);
    // A header sent twice: the second merges into the first, as protobuf says.
    const twice = Buffer.concat([bytes, Buffer.from(State.encode(State.create({ header: { sysId: 9 } })))]);
    const merged = State.decode(twice);
    expect(merged.header.sysId).toBe(9);
    expect(merged.header.seq).toBe(41n);
    expect(shapeOf(merged)).toBe(shapeOf(referenceOf('swarmbotix.states.State').decode(twice)));
    expect(() => State.decode(bytes.subarray(0, bytes.length - 1))).toThrow(
      /^swarmbotix\.states\.State: index out of range/,
    );
    expect(() => State.decode(bytes.subarray(0, bytes.length - 1))).toThrow(RangeError);
    // robotType (field 2) as two bytes that are not UTF-8.
    expect(() => State.decode(Uint8Array.from([0x12, 0x02, 0xff, 0xfe]))).toThrow(/invalid UTF-8/);
    // active (field 3, a bool) as a six-byte varint whose only bit is past 32: true, as protobufjs reads it.
    expect(State.decode(Uint8Array.from([0x18, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01])).active).toBe(true);
    expect(() => State.decode(Uint8Array.from([0x00, 0x01]))).toThrow(/field number 0/);
    expect(() => State.decode(Uint8Array.from([0x1c]))).toThrow(/invalid wire type 4/);
    expect(() => State.decode('not bytes' as never)).toThrow(TypeError);
  });
});
