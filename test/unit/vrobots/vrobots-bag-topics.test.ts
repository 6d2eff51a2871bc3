// The vrobots bag topics: which keys are recorded as what, and the schema they get.
import { describe, expect, it } from 'vitest';
import { memoryBagFiles, openBagReader, openBagWriter } from '../../../src/index.js';
import {
  playSwarm,
  State,
  swarmDescriptorSet,
  swarmSubjectOf,
  swarmTopicDefinition,
} from '../../../src/vrobots/index.js';
import { recordSwarm } from '../../../src/vrobots/bag/index.js';

describe('vrobots bag topics', () => {
  it('maps a key to its subject and protobuf schema', () => {
    expect(swarmSubjectOf('vrobots/12/z/state')).toBe('state');
    expect(swarmSubjectOf('vrobots/12/z/frames')).toBe('frames');
    expect(swarmSubjectOf('vrobots/12/z/srv/reset')).toBeUndefined();
    expect(swarmSubjectOf('vrobots/x/z/state')).toBeUndefined();
    expect(swarmTopicDefinition('vrobots/1/z/cmd')).toEqual({
      ok: true,
      value: { encoding: 'protobuf', name: 'swarmbotix.commands.Command', data: swarmDescriptorSet() },
    });
    const bad = swarmTopicDefinition('/chatter');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toContain("'/chatter' is not a vrobots topic");
  });

  it('the descriptor set is a FileDescriptorSet naming every swarmbotix file', () => {
    const text = new TextDecoder().decode(swarmDescriptorSet());
    for (const name of ['swarmbotix_common.proto', 'swarmbotix_states.proto', 'swarmbotix_commands.proto']) {
      expect(text).toContain(name);
    }
  });

  it('refuses an unknown subject and a bad rate by name', async () => {
    const writer = await openBagWriter({ files: memoryBagFiles('x') });
    if (!writer.ok) throw new Error(writer.error.message);
    const fakeExecutor = { createNode: () => ({ ok: false }) } as never;
    const r = recordSwarm(fakeExecutor, { writer: writer.value, subjects: ['camera' as never] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain("'camera' is not a vrobots subject");
    const files = memoryBagFiles('y');
    const w = await openBagWriter({ files });
    if (!w.ok) throw new Error(w.error.message);
    const def = swarmTopicDefinition('vrobots/1/z/state');
    if (!def.ok) throw new Error(def.error.message);
    w.value.createTopic(
      {
        name: 'vrobots/1/z/state',
        type: def.value.name,
        serializationFormat: 'protobuf',
        offeredQosProfiles: [],
        typeDescriptionHash: '',
      },
      def.value,
    );
    const bytes = State.encode({ header: { sysId: 1, seq: 1n } } as never);
    w.value.write('vrobots/1/z/state', bytes, 1n, 1n);
    const closed = await w.value.close();
    if (!closed.ok) throw new Error(closed.error.message);
    const reader = await openBagReader({ files });
    if (!reader.ok) throw new Error(reader.error.message);
    const slow = playSwarm(reader.value, () => {}, { rate: 0 });
    expect(slow.ok).toBe(false);
    if (!slow.ok) expect(slow.error.message).toContain('rate 0 must be a number > 0');
    const played = playSwarm(reader.value, () => {});
    if (!played.ok) throw new Error(played.error.message);
    expect(await played.value.done).toEqual({ ok: true, value: 1 });
    await reader.value.close();
  });
});
