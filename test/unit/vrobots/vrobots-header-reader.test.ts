import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../../src/vrobots/generated/swarmbotix-types.js';
import { messageNames, messageTypeByName } from '../../../src/vrobots/messages/message-registry.js';
import { Command, State } from '../../../src/vrobots/messages/topic-messages.js';
import { readHeader } from '../../../src/vrobots/tools/header-reader.js';

const SEQ = 2n ** 64n - 3n;
const STAMP = 1_764_000_000_123_456_789n;

describe('readHeader', () => {
  it('reads seq and stamp of every message with a header, all 64 bits', () => {
    const withHeader = messageNames().filter((name) =>
      FIELDS[name]?.some((f) => f.name === 'header' && f.type === 'swarmbotix.common.Header'),
    );
    expect(withHeader.length).toBeGreaterThan(3);
    for (const name of withHeader) {
      const type = messageTypeByName(name);
      if (!type.ok) throw new Error(type.error.message);
      const bytes = type.value.encode(type.value.create({ header: { seq: SEQ, timestampNs: STAMP, name: 'x' } }));
      expect(readHeader('k', bytes), name).toEqual({ seq: SEQ, stampNs: STAMP });
    }
  });

  it('skips fields before the header and inside it', () => {
    const header = State.encode(State.create({ header: { srcId: 7, name: 'sim', seq: 5n, timestampNs: 9n } }));
    // field 9 (varint 1) and field 10 (8 fixed bytes) ahead of the header
    const prefix = Uint8Array.from([9 << 3, 1, (10 << 3) | 1, 1, 2, 3, 4, 5, 6, 7, 8]);
    const bytes = new Uint8Array([...prefix, ...header]);
    expect(readHeader('k', bytes)).toEqual({ seq: 5n, stampNs: 9n });
  });

  it('answers undefined for bytes with no header, a cut header or not a message', () => {
    expect(readHeader('k', new Uint8Array(0))).toBeUndefined();
    const full = Command.encode(Command.create({ header: { seq: 1n, timestampNs: 2n } }));
    expect(readHeader('k', full.subarray(0, 3))).toBeUndefined();
    expect(readHeader('k', Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))).toBeUndefined();
  });
});
