/**
 * Benchmark: the generated CDR code (src/rclcpp/interfaces/generated) against
 * @foxglove/rosmsg2-serialization's MessageWriter/MessageReader (what a user would otherwise
 * pick), on the same messages in the same run: Twist, JointState (6 joints), LaserScan (720
 * rays), Image (640x480 rgb8), PointCloud2 (10 000 points of 16 bytes) and an action server's
 * GoalStatusArray of 300 kept goals (a sequence of nested structs); the large byte
 * arrays also against one memcpy of the same size (Uint8Array.prototype.slice).
 *
 * `rclts decode` is what a subscription does with a received payload (`decode(bytes, 'given')`:
 * arrays view the bytes); `rclts decode, lent` is a caller's own bytes (one private copy per
 * message); `odd offset` puts the payload one byte into its buffer, as a zenoh sample may sit in
 * its frame, where numeric arrays cannot be viewed and are copied.
 */
import { join } from 'node:path';
import { MessageReader, MessageWriter } from '@foxglove/rosmsg2-serialization';
import { bundledModules } from '../src/interface-compiler/bundled.js';
import { action_msgs, geometry_msgs, sensor_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import type { MessageClass } from '../src/rclcpp/interfaces/runtime/index.js';
import { foxgloveDefinitions } from '../test/support/interface-arbitraries.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import type { Figure } from './harness/results.js';

const BENCH = 'interfaces CDR';
const ROOT = join(import.meta.dirname, '..');

interface Case {
  readonly name: string;
  readonly type: MessageClass<never>;
  readonly message: unknown;
  /** Bytes of the one large array, for the memcpy floor. */
  readonly bulk?: number;
  /** Has numeric arrays, which a payload at an odd offset makes decode copy. */
  readonly numeric?: boolean;
}

/** `bytes` one byte into a buffer of their own. */
function atOddOffset(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes, 1);
  return out.subarray(1);
}

const header = { stamp: { sec: 1, nanosec: 2 }, frame_id: 'base_link' };

function cases(): Case[] {
  const joints = ['shoulder_pan', 'shoulder_lift', 'elbow', 'wrist_1', 'wrist_2', 'wrist_3'];
  const ramp = (n: number) => Float64Array.from({ length: n }, (_, i) => i * 0.01);
  const image = new Uint8Array(640 * 480 * 3).map((_, i) => i & 0xff);
  const cloud = new Uint8Array(10_000 * 16).map((_, i) => (i * 7) & 0xff);
  const field = (name: string, offset: number) => ({ name, offset, datatype: 7, count: 1 });
  return [
    {
      name: 'Twist',
      type: geometry_msgs.msg.Twist as unknown as MessageClass<never>,
      message: { linear: { x: 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0.25 } },
    },
    {
      name: 'JointState(6)',
      type: sensor_msgs.msg.JointState as unknown as MessageClass<never>,
      message: { header, name: joints, position: ramp(6), velocity: ramp(6), effort: ramp(6) },
      numeric: true,
    },
    {
      name: 'LaserScan(720)',
      type: sensor_msgs.msg.LaserScan as unknown as MessageClass<never>,
      message: {
        header,
        angle_min: -Math.PI,
        angle_max: Math.PI,
        angle_increment: (2 * Math.PI) / 720,
        time_increment: 0,
        scan_time: 0.1,
        range_min: 0.1,
        range_max: 30,
        ranges: Float32Array.from({ length: 720 }, (_, i) => 1 + (i % 50) / 10),
        intensities: new Float32Array(720).fill(100),
      },
      numeric: true,
    },
    {
      // What an action server publishes on every status change: one entry per goal it keeps,
      // finished ones until their results expire (15 min by default).
      name: 'GoalStatusArray(300)',
      type: action_msgs.msg.GoalStatusArray as unknown as MessageClass<never>,
      message: {
        status_list: Array.from({ length: 300 }, (_, i) => ({
          goal_info: { goal_id: { uuid: new Uint8Array(16).fill(i & 0xff) }, stamp: { sec: i, nanosec: 7 } },
          status: 4,
        })),
      },
    },
    {
      name: 'Image(640x480 rgb8)',
      type: sensor_msgs.msg.Image as unknown as MessageClass<never>,
      message: { header, height: 480, width: 640, encoding: 'rgb8', is_bigendian: 0, step: 640 * 3, data: image },
      bulk: image.length,
    },
    {
      name: 'PointCloud2(10k)',
      type: sensor_msgs.msg.PointCloud2 as unknown as MessageClass<never>,
      message: {
        header,
        height: 1,
        width: 10_000,
        fields: [field('x', 0), field('y', 4), field('z', 8), field('intensity', 12)],
        is_bigendian: false,
        point_step: 16,
        row_step: 160_000,
        data: cloud,
        is_dense: true,
      },
      bulk: cloud.length,
    },
  ];
}

/** The time one sample of a subject takes, about. */
const SAMPLE_SECONDS = 0.02;

/** Operations per second of `op` over `iterations` calls (the results are kept so none is skipped). */
function rate(op: () => { length: number } | object, iterations: number): number {
  let keep = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) keep += (op() as { length?: number }).length ?? 1;
  const ns = Number(process.hrtime.bigint() - t0);
  if (keep < 0) throw new Error('unreachable');
  return (iterations * 1e9) / ns;
}

export async function benchInterfacesCdr(bc: BenchContext): Promise<void> {
  const { rec, mode } = bc;
  const compiled = bundledModules(join(ROOT, 'interfaces'));
  if (!compiled.ok) throw new Error(compiled.error.message);
  const structs = new Map(compiled.value.interfaces.flatMap((i) => i.structs.map((s) => [s.typeName, s] as const)));
  const rounds = byMode(mode, 12, 40);
  for (const c of cases()) {
    const defs = foxgloveDefinitions(c.type.typeName, structs);
    const writer = new MessageWriter(defs);
    const reader = new MessageReader(defs);
    const bytes = c.type.encode(c.message as never);
    const theirs = writer.writeMessage(c.message);
    if (bytes.length !== theirs.length || !bytes.every((b, i) => b === theirs[i])) {
      rec.error(BENCH, c.name, 'rclts', 'encodes differently from rosmsg2-serialization');
      continue;
    }
    // about 20 ms of work per sample at the size of the message
    const iterations = Math.max(20, Math.round(2_000_000 / (bytes.length + 200)));
    const subjects: Record<string, () => object> = {
      'rclts encode': () => c.type.encode(c.message as never),
      'rosmsg2-serialization encode': () => writer.writeMessage(c.message),
      'rclts decode': () => c.type.decode(bytes, 'given'),
      'rosmsg2-serialization decode': () => reader.readMessage(bytes) as object,
    };
    if (c.numeric === true) {
      const odd = atOddOffset(bytes);
      subjects['rclts decode, odd offset'] = () => c.type.decode(odd, 'given');
      subjects['rosmsg2-serialization decode, odd offset'] = () => reader.readMessage(odd) as object;
    }
    if (c.bulk !== undefined) {
      subjects['rclts decode, lent'] = () => c.type.decode(bytes);
      const block = new Uint8Array(c.bulk);
      subjects.memcpy = () => block.slice();
    }
    const names = Object.keys(subjects);
    // Warm-up, which also sizes each subject's sample to about 20 ms: a decode that views a
    // large payload takes microseconds, and 20 of them would time the clock, not the decode.
    // The fastest of a few tries: a try the scheduler paused only reads slower.
    const calls = new Map<string, number>();
    for (const n of names) {
      rate(subjects[n]!, Math.ceil(iterations / 4));
      let fastest = 0;
      for (let t = 0; t < 5; t++) fastest = Math.max(fastest, rate(subjects[n]!, iterations));
      calls.set(n, Math.max(iterations, Math.round(fastest * SAMPLE_SECONDS)));
    }
    const samples = new Map<string, number[]>(names.map((n) => [n, []]));
    for (let r = 0; r < rounds; r++)
      for (const n of rotated(names, r)) samples.get(n)!.push(rate(subjects[n]!, calls.get(n)!));
    const fig = new Map<string, Figure>();
    for (const n of names) {
      fig.set(
        n,
        rec.measure({
          bench: BENCH,
          case: c.name,
          subject: n,
          metric: 'messages/s',
          unit: 'msg/s',
          samples: samples.get(n)!,
        }),
      );
    }
    const rows: ReadonlyArray<readonly [string, string]> = [
      ['rclts encode', 'rosmsg2-serialization encode'],
      ['rclts decode', 'rosmsg2-serialization decode'],
      ...(c.numeric === true
        ? [['rclts decode, odd offset', 'rosmsg2-serialization decode, odd offset'] as const]
        : []),
      ...(c.bulk !== undefined
        ? ([
            ['rclts decode, lent', 'rosmsg2-serialization decode'],
            ['rclts encode', 'memcpy'],
            ['rclts decode, lent', 'memcpy'],
          ] as const)
        : []),
    ];
    for (const [mine, base] of rows) {
      // Targets: encode and received decode at or above rosmsg2-serialization, encode and the
      // copying decode at half a memcpy or more; the other rows say what the copy costs.
      const target =
        base === 'memcpy'
          ? ({ op: '>=', bound: 0.5, text: '≥ 0.5x memcpy' } as const)
          : mine === 'rclts encode' || mine === 'rclts decode'
            ? ({ op: '>=', bound: 1, text: '≥ 1x rosmsg2-serialization' } as const)
            : undefined;
      const row = rec.compare({
        bench: BENCH,
        case: `${c.name}, ${bytes.length} B`,
        metric: 'messages/s',
        better: 'higher',
        subject: mine,
        figure: fig.get(mine),
        baselineSubject: base,
        baseline: fig.get(base),
        ...(target !== undefined ? { target } : {}),
        ...(mine === 'rclts decode, lent' && base !== 'memcpy'
          ? {
              note: "bytes the caller keeps: rclts copies them once per message, rosmsg2-serialization's reader views them",
            }
          : {}),
      });
      rec.log(`  ${c.name}: ${mine} ${row.ratio?.toFixed(2) ?? '-'}x ${base}`);
    }
  }
}
