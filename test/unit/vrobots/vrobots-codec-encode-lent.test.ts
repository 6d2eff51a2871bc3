// encodeLent writes encode's bytes without copying them out: a view into the shared writer,
// which the next encode writes over (so a caller hands it on at once, as publishRaw takes it).
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../../src/vrobots/generated/swarmbotix-types.js';
import { messageTypeByName } from '../../../src/vrobots/messages/message-registry.js';
import type { ProtoMessageType } from '../../../src/vrobots/messages/proto-codec.js';
import { State } from '../../../src/vrobots/messages/topic-messages.js';
import { messageOf, type Plain, random } from '../../support/vrobots-codec-fixtures.js';

function typeOf(typeName: string): ProtoMessageType<Plain> {
  const t = messageTypeByName(typeName);
  if (!t.ok) throw new Error(t.error.message);
  return t.value as ProtoMessageType<Plain>;
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('vrobots codec: encodeLent', () => {
  it("gives encode's bytes for random messages of every type", () => {
    const rnd = random(32);
    for (const typeName of Object.keys(FIELDS)) {
      const type = typeOf(typeName);
      for (let i = 0; i < 5; i++) {
        const m = messageOf(typeName, rnd);
        expect(hex(type.encodeLent(m)), typeName).toBe(hex(type.encode(m)));
      }
    }
  });

  it('lends the shared buffer: the next encode writes over the bytes, encode copies them out', () => {
    const a = State.create({ robotType: 'multirotor', simTimeNs: 1n });
    const b = State.create({ robotType: 'rover', simTimeNs: 2n });
    const copied = State.encode(a);
    const lent = State.encodeLent(a);
    const lentHex = hex(lent);
    expect(lentHex).toBe(hex(copied));
    State.encode(b);
    expect(hex(lent)).not.toBe(lentHex);
    expect(hex(copied)).toBe(lentHex);
  });
});
