// The bag storage when files go wrong: garbage, a recording cut short, a disk that fails.
// Each is an error value (or, for the cut recording, what was written before the cut).
import { describe, expect, it } from 'vitest';
import {
  type BagFiles,
  type BagMessage,
  memoryBagFiles,
  openBagReader,
  openBagWriter,
  err as rclErr,
} from '../../../../src/index.js';

const topic = {
  name: '/t',
  type: 'std_msgs/msg/Empty',
  serializationFormat: 'cdr',
  offeredQosProfiles: [],
  typeDescriptionHash: '',
};
const unknown = { encoding: 'unknown', name: 'std_msgs/msg/Empty', data: '' } as const;

async function writeSome(count: number): Promise<Uint8Array> {
  const files = memoryBagFiles('f');
  const w = await openBagWriter({ files, chunkSizeBytes: 64 });
  if (!w.ok) throw new Error(w.error.message);
  w.value.createTopic(topic, unknown);
  for (let i = 0; i < count; i++) w.value.write('/t', new Uint8Array([0, 1, 0, 0, i]), BigInt(i) * 10n, 0n);
  await w.value.close();
  return files.contents('f_0.mcap')!;
}

async function read(files: BagFiles): Promise<BagMessage[]> {
  const r = await openBagReader({ files });
  if (!r.ok) throw new Error(r.error.message);
  const out: BagMessage[] = [];
  for await (const m of r.value.messages()) if (m.ok) out.push(m.value);
  return out;
}

describe('bag storage faults', () => {
  it('a file that is no MCAP is InvalidArgument naming it, no throw', async () => {
    const files = memoryBagFiles('g', { 'junk.mcap': new Uint8Array(1000).fill(7) });
    const r = await openBagReader({ files });
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(!r.ok && r.error.message).toContain('junk.mcap');
  });

  it('a metadata.yaml that is no YAML, or names a missing file, is an error value', async () => {
    const bad = memoryBagFiles('b', { 'metadata.yaml': new TextEncoder().encode('rosbag2_bagfile_information: [') });
    expect(await openBagReader({ files: bad })).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    const yaml =
      'rosbag2_bagfile_information:\n  version: 9\n  storage_identifier: mcap\n  relative_file_paths:\n    - gone_0.mcap\n';
    const missing = memoryBagFiles('m', { 'metadata.yaml': new TextEncoder().encode(yaml) });
    expect(await openBagReader({ files: missing })).toMatchObject({ ok: false, error: { name: 'NotFound' } });
    const sqlite = memoryBagFiles('s', {
      'metadata.yaml': new TextEncoder().encode(yaml.replace('mcap', 'sqlite3')),
    });
    expect(await openBagReader({ files: sqlite })).toMatchObject({ ok: false, error: { name: 'Unsupported' } });
  });

  it('a recording cut short (no summary) reads the messages written before the cut, in order', async () => {
    const whole = await writeSome(40);
    const cut = whole.subarray(0, Math.floor(whole.byteLength * 0.6));
    const got = await read(memoryBagFiles('c', { 'c_0.mcap': cut }));
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(40);
    expect(got.map((m) => m.data[4])).toEqual(got.map((_, i) => i));
  });

  it('a disk that fails: create and write errors come back from write, flush and close', async () => {
    const refusing: BagFiles = {
      ...memoryBagFiles('r'),
      create: async () => rclErr('Error', 'disk full (test)'),
    };
    const w = await openBagWriter({ files: refusing });
    if (!w.ok) throw new Error(w.error.message);
    expect(w.value.createTopic(topic, unknown).ok).toBe(true);
    expect((await w.value.flush()).ok).toBe(false);
    expect(w.value.write('/t', new Uint8Array(4), 1n, 1n)).toMatchObject({
      ok: false,
      error: { message: 'disk full (test)' },
    });
    expect(await w.value.close()).toMatchObject({ ok: false });

    const inner = memoryBagFiles('w');
    let writes = 0;
    const failing: BagFiles = {
      ...inner,
      create: async (path) => {
        const sink = await inner.create(path);
        if (!sink.ok) return sink;
        return {
          ok: true,
          value: {
            write: async (chunk) => (++writes > 3 ? rclErr('Error', 'write failed (test)') : sink.value.write(chunk)),
            close: () => sink.value.close(),
          },
        };
      },
    };
    const w2 = await openBagWriter({ files: failing, chunkSizeBytes: 16 });
    if (!w2.ok) throw new Error(w2.error.message);
    w2.value.createTopic(topic, unknown);
    for (let i = 0; i < 50; i++) w2.value.write('/t', new Uint8Array(8), BigInt(i), 0n);
    expect(await w2.value.flush()).toMatchObject({ ok: false, error: { message: 'write failed (test)' } });
    expect(w2.value.write('/t', new Uint8Array(8), 99n, 0n).ok).toBe(false);
  });
});
