// The compiled decode must give what pbjs's decode followed by the decode walk gives, key for
// key and type for type, for every vrobots message type; must take every message the encoders
// write without falling back; must never return a message where pbjs would refuse the bytes;
// and nothing it hands out may be shared between two decodes.
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../src/vrobots/generated/swarmbotix-types.js';
import { directDecoder } from '../../src/vrobots/messages/decode-direct.js';
import { fromWire } from '../../src/vrobots/messages/decode-walk.js';
import { toWire } from '../../src/vrobots/messages/encode-walk.js';
import { State } from '../../src/vrobots/messages/topic-messages.js';
import { WireMisfit } from '../../src/vrobots/messages/wire-reader.js';
import { generatedOf, messageOf, type Plain, random } from './vrobots-codec-fixtures.js';

const TYPES = Object.keys(FIELDS);

function decoderOf(typeName: string): (bytes: Uint8Array) => Plain {
  const direct = directDecoder(typeName);
  if (direct === undefined) throw new Error(`no compiled decode for ${typeName}`);
  return direct;
}

/** The bytes of `plain` as the walk and pbjs write them. */
function wireOf(typeName: string, plain: Plain): Uint8Array {
  return generatedOf(typeName).encode(toWire(typeName, plain)).finish();
}

/** The reference: pbjs's instance made plain by the walk, or what pbjs threw. */
function reference(typeName: string, bytes: Uint8Array): { ok: true; shape: string } | { ok: false } {
  try {
    return { ok: true, shape: shapeOf(fromWire(typeName, generatedOf(typeName).decode(bytes) as Plain)) };
  } catch {
    return { ok: false };
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

/** Valid messages of a type: the default and random ones pbjs reads back. */
function messagesOf(typeName: string, rnd: () => number, count: number): Uint8Array[] {
  const out = [wireOf(typeName, {})];
  while (out.length < count) {
    const bytes = wireOf(typeName, messageOf(typeName, rnd));
    if (reference(typeName, bytes).ok) out.push(bytes); // not the random lone surrogates pbjs refuses
  }
  return out;
}

describe('vrobots codec: the compiled decode', () => {
  it('covers every message type', () => {
    expect(TYPES.filter((t) => directDecoder(t) === undefined)).toEqual([]);
  });

  it("gives pbjs's decode made plain by the walk, without falling back, for every type", () => {
    const rnd = random(23);
    let compared = 0;
    for (const typeName of TYPES) {
      const direct = decoderOf(typeName);
      for (const bytes of messagesOf(typeName, rnd, 41)) {
        const want = reference(typeName, bytes);
        expect(want.ok).toBe(true);
        expect(shapeOf(direct(bytes)), typeName).toBe(want.ok ? want.shape : '');
        compared++;
      }
    }
    expect(compared).toBe(TYPES.length * 41);
  });

  it('reads a Node Buffer as a Uint8Array, and skips fields it does not know as pbjs does', () => {
    const rnd = random(5);
    for (const typeName of TYPES) {
      const direct = decoderOf(typeName);
      const [bytes] = messagesOf(typeName, rnd, 2).slice(1);
      const buffer = Buffer.from(bytes as Uint8Array);
      expect(shapeOf(direct(buffer)), typeName).toBe(shapeOf(direct(bytes as Uint8Array)));
      // Field 1999 as a varint, a 64-bit and a 32-bit value, and three bytes.
      const unknown = Buffer.concat([
        buffer,
        Buffer.from([0xf8, 0x7c, 0x96, 0x01, 0xf9, 0x7c, 1, 2, 3, 4, 5, 6, 7, 8]),
        Buffer.from([0xfd, 0x7c, 1, 2, 3, 4, 0xfa, 0x7c, 3, 9, 9, 9]),
      ]);
      const want = reference(typeName, unknown);
      expect(want.ok, typeName).toBe(true);
      expect(shapeOf(direct(unknown)), typeName).toBe(want.ok ? want.shape : '');
    }
  });

  it('never returns a message from cut bytes that pbjs refuses, nor a different one from those it reads', () => {
    const rnd = random(91);
    let refused = 0;
    let cuts = 0;
    for (const typeName of TYPES) {
      const direct = decoderOf(typeName);
      for (const bytes of messagesOf(typeName, rnd, 6)) {
        for (let cut = 0; cut < bytes.length; cut += Math.max(1, Math.floor(bytes.length / 17))) {
          const part = bytes.subarray(0, cut);
          const want = reference(typeName, part);
          let got: string | WireMisfit;
          try {
            got = shapeOf(direct(part));
          } catch (thrown) {
            expect(thrown, `${typeName} cut at ${cut}`).toBeInstanceOf(WireMisfit);
            got = thrown as WireMisfit;
          }
          if (!want.ok) {
            expect(got, `${typeName} cut at ${cut}: pbjs refuses it`).toBeInstanceOf(WireMisfit);
            refused++;
          } else if (typeof got === 'string') expect(got, `${typeName} cut at ${cut}`).toBe(want.shape);
          cuts++;
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(cuts).toBeGreaterThan(refused);
  });

  it('answers bytes with flipped, dropped or added bytes as pbjs does, or with WireMisfit alone', () => {
    const rnd = random(44);
    let refused = 0;
    let read = 0;
    for (const typeName of TYPES) {
      const direct = decoderOf(typeName);
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
          let got: string | undefined;
          try {
            got = shapeOf(direct(mangled));
          } catch (thrown) {
            expect(thrown, `${typeName}: only WireMisfit leaves the compiled decode`).toBeInstanceOf(WireMisfit);
          }
          if (!want.ok) expect(got, `${typeName}: pbjs refuses these bytes`).toBeUndefined();
          else if (got !== undefined) expect(got, typeName).toBe(want.shape);
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
      const direct = decoderOf(typeName);
      for (const bytes of messagesOf(typeName, rnd, 3)) {
        const first = containersOf(direct(bytes));
        const second = new Set(containersOf(direct(bytes)));
        for (const c of first) expect(second.has(c), typeName).toBe(false);
        checked += first.length;
      }
    }
    expect(checked).toBeGreaterThan(TYPES.length * 3);
  });

  it('decodes a State through the message type, and hands bytes it cannot read to pbjs', () => {
    const state = State.create({
      header: { seq: 41n, timestampNs: 1_732_900_000_000_000_000n, name: 'vrobots-sim', sysId: 7 },
      robotType: 'multirotor',
      active: true,
      simTimeNs: 20_000_000n,
      actuator: { pwm: [1580, -1560, 1575, 1555], normalized: [0.5, Number.NaN], lastCmdSeq: 3n },
    });
    const bytes = State.encode(state);
    const want = reference('swarmbotix.states.State', bytes);
    expect(want.ok ? want.shape : '').toBe(shapeOf(State.decode(bytes)));
    expect(State.decode(bytes)).toEqual(state);
    // A header sent twice: pbjs merges the two, which the compiled decode leaves to it.
    const twice = Buffer.concat([bytes, Buffer.from(State.encode(State.create({ header: { sysId: 9 } })))]);
    expect(() => decoderOf('swarmbotix.states.State')(twice)).toThrow(WireMisfit);
    const merged = State.decode(twice);
    expect(merged.header.sysId).toBe(9);
    expect(merged.header.seq).toBe(41n);
    // Bytes pbjs refuses: the error is pbjs's.
    expect(() => State.decode(bytes.subarray(0, bytes.length - 1))).toThrow(RangeError);
    // robotType (field 2) as two bytes that are not UTF-8.
    const notText = Uint8Array.from([0x12, 0x02, 0xff, 0xfe]);
    expect(() => decoderOf('swarmbotix.states.State')(notText)).toThrow(WireMisfit);
    expect(() => generatedOf('swarmbotix.states.State').decode(notText)).toThrow();
    expect(() => State.decode(notText)).toThrow(/utf-8/i);
    // active (field 3, a bool) as a six-byte varint whose only bit is past 32: pbjs reads true.
    const highBit = Uint8Array.from([0x18, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]);
    const wantHigh = reference('swarmbotix.states.State', highBit);
    expect(shapeOf(decoderOf('swarmbotix.states.State')(highBit))).toBe(wantHigh.ok ? wantHigh.shape : '');
    expect(State.decode(highBit).active).toBe(true);
    // Field number 0, which no message has.
    const fieldZero = Uint8Array.from([0x00, 0x01]);
    expect(() => decoderOf('swarmbotix.states.State')(fieldZero)).toThrow(WireMisfit);
    expect(() => State.decode(fieldZero)).toThrow(/field number 0/);
  });
});
