// The bag storage on its own: what openBagWriter puts in the files and metadata.yaml, read back
// by openBagReader, split and compressed, and the error values of bad input.
import { McapIndexedReader } from '@mcap/core';
import { describe, expect, it } from 'vitest';
import {
  type BagFiles,
  type BagMessage,
  type BagReader,
  definitionFiles,
  type MemoryBagFiles,
  memoryBagFiles,
  messageDefinitionFor,
  metadataFromYaml,
  openBagReader,
  openBagWriter,
  protobufDefinition,
  type RmwQos,
} from '../../../../src/index.js';

const QOS: RmwQos = {
  reliability: 'reliable',
  durability: 'transient_local',
  history: 'keep_last',
  depth: 7,
  deadlineMs: 0,
  lifespanMs: 1500,
  liveliness: 'automatic',
  livelinessLeaseMs: 0,
};
const decoder = new TextDecoder();

function source() {
  const s = definitionFiles();
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

async function all(reader: BagReader, filter?: Parameters<BagReader['messages']>[0]): Promise<BagMessage[]> {
  const out: BagMessage[] = [];
  for await (const m of reader.messages(filter)) {
    if (!m.ok) throw new Error(m.error.message);
    out.push(m.value);
  }
  return out;
}

async function writeBag(files: BagFiles, options: Record<string, unknown> = {}, count = 10) {
  const w = await openBagWriter({ files, ...options });
  if (!w.ok) throw new Error(w.error.message);
  const def = messageDefinitionFor('std_msgs/msg/String', source());
  if (!def.ok) throw new Error(def.error.message);
  expect(
    w.value.createTopic(
      {
        name: '/chatter',
        type: 'std_msgs/msg/String',
        serializationFormat: 'cdr',
        offeredQosProfiles: [QOS],
        typeDescriptionHash: 'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18',
      },
      def.value,
    ).ok,
  ).toBe(true);
  for (let i = 0; i < count; i++) {
    const r = w.value.write(
      '/chatter',
      new Uint8Array([0, 1, 0, 0, i, i, i, i]),
      1_000_000_000n + BigInt(i) * 100_000_000n,
      999n + BigInt(i),
    );
    expect(r.ok).toBe(true);
  }
  const closed = await w.value.close();
  if (!closed.ok) throw new Error(closed.error.message);
  return closed.value;
}

async function mcapOf(files: MemoryBagFiles, path: string) {
  const bytes = files.contents(path)!;
  return McapIndexedReader.Initialize({
    readable: {
      size: async () => BigInt(bytes.byteLength),
      read: async (o, s) => bytes.subarray(Number(o), Number(o + s)),
    },
  });
}

describe('bag writer', () => {
  it('writes <name>_0.mcap as rosbag2 MCAP storage does, and metadata.yaml', async () => {
    const files = memoryBagFiles('my_bag');
    const meta = await writeBag(files);
    expect(meta.relativeFilePaths).toEqual(['my_bag_0.mcap']);
    expect(meta.messageCount).toBe(10);
    expect(meta.startingTimeNs).toBe(1_000_000_000n);
    expect(meta.durationNs).toBe(900_000_000n);
    const mcap = await mcapOf(files, 'my_bag_0.mcap');
    expect(mcap.header.profile).toBe('ros2');
    const [schema] = [...mcap.schemasById.values()];
    expect(schema!.name).toBe('std_msgs/msg/String');
    expect(schema!.encoding).toBe('ros2msg');
    expect(decoder.decode(schema!.data)).toContain('string data');
    const [channel] = [...mcap.channelsById.values()];
    expect(channel!.messageEncoding).toBe('cdr');
    expect(channel!.metadata.get('topic_type_hash')).toMatch(/^RIHS01_/);
    expect(channel!.metadata.get('offered_qos_profiles')).toBe(
      [
        '- history: keep_last',
        '  depth: 7',
        '  reliability: reliable',
        '  durability: transient_local',
        '  deadline:',
        '    sec: 9223372036',
        '    nsec: 854775807',
        '  lifespan:',
        '    sec: 1',
        '    nsec: 500000000',
        '  liveliness: automatic',
        '  liveliness_lease_duration:',
        '    sec: 9223372036',
        '    nsec: 854775807',
        '  avoid_ros_namespace_conventions: false',
      ].join('\n'),
    );
    const records = [];
    for await (const m of mcap.readMetadata({ name: 'rosbag2' })) records.push(m);
    expect(records.length).toBeGreaterThan(0);
    expect(records.at(-1)!.metadata.get('serialized_metadata')).toContain('storage_identifier: mcap');
    const yaml = decoder.decode(files.contents('metadata.yaml')!);
    expect(yaml).toMatch(/^rosbag2_bagfile_information:\n {2}version: 9\n {2}storage_identifier: mcap\n/);
    expect(yaml).toContain('custom_data: ~');
    expect(yaml).toContain('ros_distro: kilted');
    expect(yaml).toContain('        offered_qos_profiles:\n          - history: keep_last\n');
    const back = metadataFromYaml(yaml, 0);
    expect(back.ok && back.value.topicsWithMessageCount[0]).toEqual({ ...meta.topicsWithMessageCount[0] });
    expect(back.ok && back.value.files).toEqual(meta.files);
  });

  it('reads back every message with its two timestamps, filtered by topic and time', async () => {
    const files = memoryBagFiles('b');
    await writeBag(files);
    const reader = await openBagReader({ files });
    if (!reader.ok) throw new Error(reader.error.message);
    const msgs = await all(reader.value);
    expect(msgs.map((m) => m.data[4])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(msgs[3]!.recvTimestampNs).toBe(1_300_000_000n);
    expect(msgs[3]!.sendTimestampNs).toBe(1002n);
    expect(reader.value.topics[0]!.offeredQosProfiles).toEqual([QOS]);
    expect(reader.value.definitionOf('/chatter')?.encoding).toBe('ros2msg');
    const window = await all(reader.value, { startNs: 1_200_000_000n, endNs: 1_500_000_000n });
    expect(window.map((m) => m.data[4])).toEqual([2, 3, 4]);
    expect(await all(reader.value, { topics: ['/other'] })).toEqual([]);
    expect((await reader.value.close()).ok).toBe(true);
  });

  it('splits by duration and by size into _0, _1, ... and reads across the files in order', async () => {
    const byTime = memoryBagFiles('t');
    const meta = await writeBag(byTime, { maxBagDurationNs: 250_000_000n }, 10);
    expect(meta.relativeFilePaths).toEqual(['t_0.mcap', 't_1.mcap', 't_2.mcap', 't_3.mcap']);
    expect(meta.files.map((f) => f.messageCount)).toEqual([3, 3, 3, 1]);
    expect(meta.files[1]!.startingTimeNs).toBe(1_300_000_000n);
    const bySize = memoryBagFiles('s');
    const sized = await writeBag(bySize, { maxBagSizeBytes: 1, chunkSizeBytes: 1 }, 3);
    expect(sized.relativeFilePaths.length).toBe(3);
    const reader = await openBagReader({ files: byTime });
    if (!reader.ok) throw new Error(reader.error.message);
    expect((await all(reader.value)).map((m) => m.data[4])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // each file stands alone: its own schema and channel
    const second = await mcapOf(byTime, 't_1.mcap');
    expect([...second.channelsById.values()].map((c) => c.topic)).toEqual(['/chatter']);
  });

  it.each(['zstd', 'lz4'] as const)('compresses chunks with %s and reads them back', async (compression) => {
    const files = memoryBagFiles('c');
    await writeBag(files, { compression }, 50);
    const mcap = await mcapOf(files, 'c_0.mcap');
    expect(mcap.chunkIndexes[0]!.compression).toBe(compression);
    const reader = await openBagReader({ files });
    if (!reader.ok) throw new Error(reader.error.message);
    expect((await all(reader.value)).length).toBe(50);
  });

  it('reads a bare .mcap file without metadata.yaml', async () => {
    const files = memoryBagFiles('x');
    await writeBag(files);
    const bare = memoryBagFiles('y', { 'x_0.mcap': files.contents('x_0.mcap')! });
    const reader = await openBagReader({ files: bare });
    if (!reader.ok) throw new Error(reader.error.message);
    expect(reader.value.metadata.messageCount).toBe(10);
    expect(reader.value.topics[0]).toMatchObject({ name: '/chatter', type: 'std_msgs/msg/String', messageCount: 10 });
    expect(reader.value.topics[0]!.offeredQosProfiles).toEqual([QOS]);
    expect((await all(reader.value)).length).toBe(10);
  });

  it('takes protobuf schemas (FileDescriptorSet bytes)', async () => {
    const files = memoryBagFiles('p');
    const w = await openBagWriter({ files });
    if (!w.ok) throw new Error(w.error.message);
    const fds = new Uint8Array([10, 3, 1, 2, 3]);
    w.value.createTopic(
      {
        name: '/pose',
        type: 'vrobots.Pose',
        serializationFormat: 'protobuf',
        offeredQosProfiles: [],
        typeDescriptionHash: '',
      },
      protobufDefinition('vrobots.Pose', fds),
    );
    w.value.write('/pose', new Uint8Array([8, 1]), 5n, 5n);
    await w.value.close();
    const mcap = await mcapOf(files, 'p_0.mcap');
    const [schema] = [...mcap.schemasById.values()];
    expect(schema).toMatchObject({ name: 'vrobots.Pose', encoding: 'protobuf', data: fds });
    expect([...mcap.channelsById.values()][0]!.messageEncoding).toBe('protobuf');
  });

  it('answers bad input with error values and sends nothing', async () => {
    const files = memoryBagFiles('e');
    expect((await openBagWriter({ files, compression: 'bz2' as never })).ok).toBe(false);
    expect((await openBagWriter({ files, maxBagSizeBytes: -1 })).ok).toBe(false);
    const w = await openBagWriter({ files, maxPendingBytes: 4 });
    if (!w.ok) throw new Error(w.error.message);
    expect(w.value.write('/nope', new Uint8Array(1), 0n, 0n)).toMatchObject({ ok: false, error: { name: 'NotFound' } });
    const t = {
      name: '/a',
      type: 'std_msgs/msg/Empty',
      serializationFormat: 'cdr',
      offeredQosProfiles: [],
      typeDescriptionHash: '',
    };
    const d = { encoding: 'unknown', name: 'std_msgs/msg/Empty', data: '' } as const;
    expect(w.value.createTopic(t, d).ok).toBe(true);
    expect(w.value.createTopic({ ...t, type: 'std_msgs/msg/String' }, d)).toMatchObject({
      error: { name: 'AlreadyExists' },
    });
    expect(w.value.write('/a', new Uint8Array(4), 1n, 1n).ok).toBe(true);
    expect(w.value.write('/a', new Uint8Array(4), 2n, 2n)).toMatchObject({ error: { name: 'Full' } });
    await w.value.close();
    expect(w.value.write('/a', new Uint8Array(1), 3n, 3n)).toMatchObject({ error: { name: 'NotAllowed' } });
    expect(await openBagReader({ files: memoryBagFiles('none') })).toMatchObject({ error: { name: 'NotFound' } });
  });
});

describe('message definitions', () => {
  it('concatenates dependencies as rosbag2 does (80 =, MSG: name as written)', () => {
    const d = messageDefinitionFor('geometry_msgs/msg/PoseStamped', source());
    if (!d.ok) throw new Error(d.error.message);
    const text = d.value.data as string;
    const parts = text.split(`\n${'='.repeat(80)}\n`);
    expect(parts.slice(1).map((p) => p.split('\n')[0])).toEqual([
      'MSG: geometry_msgs/Pose',
      'MSG: geometry_msgs/Point',
      'MSG: geometry_msgs/Quaternion',
      'MSG: std_msgs/Header',
      'MSG: builtin_interfaces/Time',
    ]);
  });

  it('answers encoding unknown for a type it cannot find, as rosbag2 writes', () => {
    const d = messageDefinitionFor('nope_msgs/msg/Nope', () => undefined);
    expect(d).toEqual({ ok: true, value: { encoding: 'unknown', name: 'nope_msgs/msg/Nope', data: '' } });
  });
});
