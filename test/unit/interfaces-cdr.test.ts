// CDR of every bundled type, byte for byte against @foxglove/rosmsg2-serialization (an
// independent XCDR1 implementation) on random messages, and decode(encode(m)) == m.
import { join } from 'node:path';
import { MessageReader, MessageWriter } from '@foxglove/rosmsg2-serialization';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundledModules } from '../../src/rclcpp/interfaces/bundled.js';
import type { StructDef } from '../../src/rclcpp/interfaces/compiler/definition.js';
import type { MessageClass } from '../../src/rclcpp/interfaces/runtime/index.js';
import * as msgs from '../../src/rclcpp/interfaces/generated/index.js';
import { foxgloveDefinitions, hasWString, MessageArbitraries } from '../support/interface-arbitraries.js';

const compiled = bundledModules(join(import.meta.dirname, '../../interfaces'));
if (!compiled.ok) throw new Error(compiled.error.message);
const structs = new Map<string, StructDef>(
  compiled.value.interfaces.flatMap((i) => i.structs.map((s) => [s.typeName, s] as const)),
);
const messages = [...structs.values()].filter((s) => !s.description);

function messageClass(typeName: string): MessageClass<Record<string, unknown>> {
  const [pkg, kind, name] = typeName.split('/') as [string, string, string];
  const section = (msgs as unknown as Record<string, Record<string, Record<string, unknown>>>)[pkg]![kind]!;
  return section[name] as MessageClass<Record<string, unknown>>;
}

const ascii = new MessageArbitraries(structs, { ascii: true, maxSequence: 4 });
const unicode = new MessageArbitraries(structs, { ascii: false, maxSequence: 3 });

describe('generated CDR of every bundled type', () => {
  it('covers every message structure of the bundled packages', () => {
    expect(messages.length).toBeGreaterThan(280);
    for (const s of messages) expect(messageClass(s.typeName).typeName).toBe(s.typeName);
  });

  for (const s of messages) {
    const type = messageClass(s.typeName);
    const independent = !hasWString(s.typeName, structs);
    it(`${s.typeName}: same bytes as rosmsg2-serialization, and decode(encode(m)) equals m`, () => {
      const writer = independent ? new MessageWriter(foxgloveDefinitions(s.typeName, structs)) : undefined;
      fc.assert(
        fc.property(ascii.of(s.typeName), (m) => {
          const bytes = type.encode(m);
          if (writer !== undefined) expect(bytes).toEqual(writer.writeMessage(m));
          expect(type.decode(bytes)).toEqual(m);
        }),
        { numRuns: 15 },
      );
    });
    it(`${s.typeName}: unicode strings round-trip and read back with rosmsg2-serialization's reader`, () => {
      const reader = independent ? new MessageReader(foxgloveDefinitions(s.typeName, structs)) : undefined;
      fc.assert(
        fc.property(unicode.of(s.typeName), (m) => {
          const bytes = type.encode(m);
          expect(type.decode(bytes)).toEqual(m);
          if (reader !== undefined) expect(reader.readMessage(bytes)).toEqual(m);
        }),
        { numRuns: 5 },
      );
    });
  }
});
