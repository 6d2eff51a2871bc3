// `rclts bag info` prints what `ros2 bag info` prints (rosbag2_py's format_bag_metadata.cpp), on a
// bag rclts wrote and on bags rosbag2 itself recorded (test/fixtures/bags/rosbag2).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatFileSize, formatTimePoint } from '../../../src/cli/rclts/cmd-bag-info.js';
import { runCli } from '../../../src/cli/rclts/run-cli.js';
import { nodeBagFiles, openBagReader, openBagWriter } from '../../../src/index.js';
import { String as StringMsg } from '../../../src/rclcpp/interfaces/generated/std_msgs/msg.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/bags/rosbag2');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function info(path: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(['bag', 'info', path], {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    stopRequested: new Promise(() => {}),
  });
  return { code, out, err };
}

/** The output with the local-time part of Start and End replaced (the zone is the machine's). */
function withoutLocalTime(out: string): string {
  return out.replace(/^(Start|End)(: +)\w{3} [ \d]\d \d{4} \d\d:\d\d:\d\d\.\d{9} /gm, '$1$2<local> ');
}

describe('rclts bag info', () => {
  it('prints the fields of ros2 bag info for a bag rclts wrote (service events as services)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rclts-bag-info-'));
    dirs.push(dir);
    const path = join(dir, 'demo');
    const w = await openBagWriter({ files: nodeBagFiles(path), maxBagDurationNs: 1_000_000_000n });
    if (!w.ok) throw new Error(w.error.message);
    const topic = (name: string, type: string) =>
      w.value.createTopic(
        { name, type, serializationFormat: 'cdr', offeredQosProfiles: [], typeDescriptionHash: '' },
        { encoding: 'unknown', name: type, data: '' },
      );
    topic('/chatter', 'std_msgs/msg/String');
    topic('/b_topic', 'std_msgs/msg/String');
    topic('/add/_service_event', 'example_interfaces/srv/AddTwoInts_Event');
    const start = 1_700_000_000_250_000_000n;
    for (let i = 0n; i < 15n; i++)
      w.value.write('/chatter', StringMsg.encode({ data: 'hi' }), start + i * 100_000_000n, 0n);
    w.value.write('/b_topic', StringMsg.encode({ data: 'b' }), start + 50n, 0n);
    w.value.write('/add/_service_event', new Uint8Array(4), start + 60n, 0n);
    const closed = await w.value.close();
    if (!closed.ok) throw new Error(closed.error.message);
    const size = closed.value.bagSizeBytes;
    const reader = await openBagReader({ files: nodeBagFiles(path) });
    if (!reader.ok) throw new Error(reader.error.message);
    const folderSize = reader.value.metadata.bagSizeBytes;
    await reader.value.close();
    expect(folderSize).toBeGreaterThan(size);
    const r = await info(path);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(withoutLocalTime(r.out)).toBe(
      [
        '',
        'Files:             demo_0.mcap',
        '                   demo_1.mcap',
        `Bag size:          ${formatFileSize(folderSize)}`,
        'Storage id:        mcap',
        'ROS Distro:        kilted',
        'Duration:          1.400000000s',
        'Start:             <local> (1700000000.250000000)',
        'End:               <local> (1700000001.650000000)',
        'Messages:          16',
        'Topic information: Topic: /b_topic | Type: std_msgs/msg/String | Count: 1 | Serialization Format: cdr',
        '                   Topic: /chatter | Type: std_msgs/msg/String | Count: 15 | Serialization Format: cdr',
        'Service:           1',
        'Service information: Service: /add | Type: example_interfaces/srv/AddTwoInts | Event Count: 1 | Serialization Format: cdr',
        '',
        '',
      ].join('\n'),
    );
  });

  it('reads a bag rosbag2 recorded (metadata version 4) as ros2 bag info does', async () => {
    const r = await info(join(FIXTURES, 'talker'));
    expect(r.code).toBe(0);
    expect(withoutLocalTime(r.out)).toBe(
      [
        '',
        'Files:             talker.mcap',
        'Bag size:          14.2 KiB',
        'Storage id:        mcap',
        'ROS Distro:        unknown',
        'Duration:          4.531096768s',
        'Start:             <local> (1585866235.112411371)',
        'End:               <local> (1585866239.643508139)',
        'Messages:          20',
        'Topic information: Topic: /parameter_events | Type: rcl_interfaces/msg/ParameterEvent | Count: 0 | Serialization Format: cdr',
        '                   Topic: /rosout | Type: rcl_interfaces/msg/Log | Count: 10 | Serialization Format: cdr',
        '                   Topic: /topic | Type: std_msgs/msg/String | Count: 10 | Serialization Format: cdr',
        'Service:           0',
        'Service information: ',
        '',
      ].join('\n'),
    );
  });

  it('a bare .mcap file, and a missing bag is a clear failure', async () => {
    const bare = await info(join(FIXTURES, 'cdr_test/cdr_test_0.mcap'));
    expect(bare.code).toBe(0);
    expect(bare.out).toContain('Messages:          7\n');
    expect(bare.out).toContain('Topic: /array_topic | Type: test_msgs/msg/Arrays | Count: 4 |');
    const missing = await info(join(FIXTURES, 'no_such_bag'));
    expect(missing.code).not.toBe(0);
    expect(missing.err).toMatch(/no_such_bag/);
    expect((await info('')).code).not.toBe(0);
  });

  it('formats sizes and time points as rosbag2 does', () => {
    expect([0, 1023, 1024, 1536, 10 * 1024 * 1024].map(formatFileSize)).toEqual([
      '0 B',
      '1023 B',
      '1.0 KiB',
      '1.5 KiB',
      '10.0 MiB',
    ]);
    expect(formatTimePoint(5n)).toMatch(/^\w{3} [ \d]\d \d{4} \d\d:\d\d:\d\d\.000000005 \(0\.000000005\)$/);
  });
});

describe('bags rosbag2 recorded, read by rclts', () => {
  it('every message in log-time order, its values decoded', async () => {
    const reader = await openBagReader({ files: nodeBagFiles(join(FIXTURES, 'talker')) });
    if (!reader.ok) throw new Error(reader.error.message);
    const rosout = reader.value.topics.find((t) => t.name === '/rosout')!;
    expect(rosout.offeredQosProfiles[0]).toMatchObject({ durability: 'transient_local', lifespanMs: 10_000 });
    const texts: string[] = [];
    let last = 0n;
    for await (const m of reader.value.messages({ topics: ['/topic'] })) {
      if (!m.ok) throw new Error(m.error.message);
      expect(m.value.recvTimestampNs >= last).toBe(true);
      last = m.value.recvTimestampNs;
      texts.push(StringMsg.decode(m.value.data).data);
    }
    expect(texts).toEqual(Array.from({ length: 10 }, (_, i) => `Hello, world! ${i}`));
    expect(reader.value.definitionOf('/topic')?.encoding).toBe('ros2msg');
    await reader.value.close();
  });
});
