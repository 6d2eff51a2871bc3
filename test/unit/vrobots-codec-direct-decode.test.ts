// The compiled decode must give the decode walk's plain object, key for key and type for type,
// for every vrobots message type, and nothing it hands out may be shared between two decodes.
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../src/vrobots/generated/swarmbotix-types.js';
import { directDecoder } from '../../src/vrobots/messages/decode-direct.js';
import { fromWire } from '../../src/vrobots/messages/decode-walk.js';
import { toWire } from '../../src/vrobots/messages/encode-walk.js';
import { State } from '../../src/vrobots/messages/topic-messages.js';
import { generatedOf, messageOf, type Plain, random } from './vrobots-codec-fixtures.js';

const TYPES = Object.keys(FIELDS);

/** The bytes of `plain` as the walk and pbjs write them. */
function wireOf(typeName: string, plain: Plain): Uint8Array {
  return generatedOf(typeName).encode(toWire(typeName, plain)).finish();
}

/** pbjs's instance of `bytes`, or undefined for the random strings it refuses to read (lone surrogates). */
function pbjsDecoded(typeName: string, bytes: Uint8Array): Plain | undefined {
  try {
    return generatedOf(typeName).decode(bytes) as Plain;
  } catch {
    return undefined;
  }
}

/** Every key in order and every value with its type: bigint, bytes and numbers told apart. */
function shapeOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `bigint:${v}`;
    if (v instanceof Uint8Array) return `bytes:${Buffer.from(v).toString('hex')}`;
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

describe('vrobots codec: the compiled decode', () => {
  it('covers every message type', () => {
    expect(TYPES.filter((t) => directDecoder(t) === undefined)).toEqual([]);
  });

  it("gives the walk's object for defaults and random messages of every type", () => {
    const rnd = random(23);
    let compared = 0;
    for (const typeName of TYPES) {
      const direct = directDecoder(typeName) as (d: Plain) => Plain;
      const cases: Plain[] = [{}];
      for (let i = 0; i < 40; i++) cases.push(messageOf(typeName, rnd));
      for (const plain of cases) {
        const bytes = wireOf(typeName, plain);
        const once = pbjsDecoded(typeName, bytes);
        const twice = pbjsDecoded(typeName, bytes);
        if (once === undefined || twice === undefined) continue;
        expect(shapeOf(direct(once)), typeName).toBe(shapeOf(fromWire(typeName, twice)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(TYPES.length * 30);
  });

  it('hands out fresh arrays, bytes and sub-messages at every decode', () => {
    const rnd = random(7);
    let checked = 0;
    for (const typeName of TYPES) {
      let bytes = wireOf(typeName, messageOf(typeName, rnd));
      while (pbjsDecoded(typeName, bytes) === undefined) bytes = wireOf(typeName, messageOf(typeName, rnd));
      const first = containersOf(decodeOnce(typeName, bytes));
      const second = new Set(containersOf(decodeOnce(typeName, bytes)));
      for (const c of first) expect(second.has(c), typeName).toBe(false);
      checked += first.length;
    }
    expect(checked).toBeGreaterThan(TYPES.length);
  });

  it('decodes a State through the message type as the walk does', () => {
    const state = State.create({
      header: { seq: 41n, timestampNs: 1_732_900_000_000_000_000n, name: 'vrobots-sim', sysId: 7 },
      robotType: 'multirotor',
      active: true,
      simTimeNs: 20_000_000n,
      actuator: { pwm: [1580, 1560, 1575, 1555], lastCmdSeq: 3n },
    });
    const bytes = State.encode(state);
    const walked = fromWire('swarmbotix.states.State', generatedOf('swarmbotix.states.State').decode(bytes) as Plain);
    expect(shapeOf(State.decode(bytes))).toBe(shapeOf(walked));
    expect(State.decode(bytes)).toEqual(state);
  });
});

function decodeOnce(typeName: string, bytes: Uint8Array): Plain {
  return (directDecoder(typeName) as (d: Plain) => Plain)(generatedOf(typeName).decode(bytes) as Plain);
}
