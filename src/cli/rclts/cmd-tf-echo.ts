/**
 * `rclts tf echo <target> <source> [--budget ms] [--rate hz]`: tf2_ros's tf2_echo. A
 * tf2.Buffer filled by a TransformListener; at each tick (--rate, default 1 Hz as tf2_echo) the
 * latest transform from <source> into <target> is printed as tf2_echo prints it: the stamp, the
 * translation, the rotation as a quaternion (xyzw) and as RPY in radians and degrees, and the
 * 4x4 matrix, three decimals (ros2/geometry2 tf2_ros/src/tf2_echo.cpp). Until the transform is known it says why on stderr, as tf2_echo's
 * "Waiting for transform" lines. Runs until Ctrl-C, --count N echoes (--once), or --budget ms.
 */

import { tf2 } from '../../index.js';
import { type CliIo, ExitCode, intOption, numberOption, type ParsedArgs } from './cli-args.js';
import { openSession } from './cli-session.js';
import { DEFAULT_DISCOVERY_MS } from './cmd-graph.js';

/** tf2_echo's default echo rate. */
const DEFAULT_RATE_HZ = 1;

function fail(io: CliIo, message: string, code: ExitCode = ExitCode.Failed): ExitCode {
  io.err(`rclts: ${message}\n`);
  return code;
}

/** std::fixed with precision 3, as tf2_echo sets std::cout (a negative zero keeps its sign). */
function fixed3(v: number): string {
  const s = v.toFixed(3);
  return Object.is(v, -0) ? `-${s}` : s;
}

const list = (values: readonly number[]): string => `[${values.map(fixed3).join(', ')}]`;

/** What echo reads of a geometry_msgs/msg/TransformStamped. */
export interface EchoedTransform {
  readonly header: { readonly stamp: { readonly sec: number; readonly nanosec: number } };
  readonly transform: { readonly translation: tf2.Vector3Like; readonly rotation: tf2.QuaternionLike };
}

/** The lines tf2_echo prints for one transform. */
export function echoLines(t: EchoedTransform): string[] {
  const { translation: v, rotation: q } = t.transform;
  const rpy = tf2.quaternionToRPY(q);
  const radians = [rpy.roll, rpy.pitch, rpy.yaw];
  // The rotation matrix's columns are the rotated unit axes.
  const columns = [
    tf2.quaternionRotate(q, { x: 1, y: 0, z: 0 }),
    tf2.quaternionRotate(q, { x: 0, y: 1, z: 0 }),
    tf2.quaternionRotate(q, { x: 0, y: 0, z: 1 }),
  ];
  const axes = ['x', 'y', 'z'] as const;
  const rows = axes.map((a) => [columns[0]![a], columns[1]![a], columns[2]![a], v[a]]);
  rows.push([0, 0, 0, 1]);
  return [
    // tf2_echo prints the nanoseconds unpadded after the dot (42 s + 5000 ns is "42.5000"): kept, for scripts reading it.
    `At time ${t.header.stamp.sec}.${t.header.stamp.nanosec}`,
    `- Translation: ${list([v.x, v.y, v.z])}`,
    `- Rotation: in Quaternion (xyzw) ${list([q.x, q.y, q.z, q.w])}`,
    `- Rotation: in RPY (radian) ${list(radians)}`,
    `- Rotation: in RPY (degree) ${list(radians.map((r) => (r * 180) / Math.PI))}`,
    '- Matrix:',
    ...rows.map((r) => r.map((x) => ` ${fixed3(x).padStart(6)}`).join('')),
  ];
}

export async function runTfEcho(args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const [target, source, extra] = args.positionals;
  if (target === undefined || source === undefined)
    return fail(io, 'tf echo needs a target frame and a source frame', ExitCode.Misuse);
  if (extra !== undefined) return fail(io, `tf echo takes two frames, got also '${extra}'`, ExitCode.Misuse);
  const rate = numberOption(args, 'rate', DEFAULT_RATE_HZ);
  const budget = intOption(args, 'budget', 0);
  const count = args.options.has('once') ? 1 : intOption(args, 'count', 0);
  const wait = intOption(args, 'wait-ms', DEFAULT_DISCOVERY_MS);
  for (const v of [rate, budget, count, wait]) if (typeof v === 'string') return fail(io, v, ExitCode.Misuse);
  const periodMs = 1000 / (rate as number);
  const t0 = performance.now();
  const deadline = budget === 0 ? Number.POSITIVE_INFINITY : t0 + (budget as number);
  const opened = await openSession(args, io, Math.min(wait as number, budget === 0 ? Infinity : (budget as number)));
  if (!opened.ok) return fail(io, opened.error.message);
  const s = opened.value;
  try {
    const buffer = tf2.Buffer.create({ clock: s.node.getClock() });
    if (!buffer.ok) return fail(io, buffer.error.message);
    const listener = tf2.TransformListener.create(s.node, buffer.value);
    if (!listener.ok) return fail(io, listener.error.message);
    const stop = { now: false };
    void io.stopRequested.then(() => {
      stop.now = true;
      s.executor.cancel();
    });
    let printed = 0;
    let lastWhy = '';
    let next = performance.now();
    while (!stop.now && !s.executor.isShutdown()) {
      const now = performance.now();
      if (now >= next) {
        next += periodMs;
        const got = buffer.value.lookupTransform(target, source, { nanoseconds: 0n });
        if (got.ok) {
          io.out(`${echoLines(got.value).join('\n')}\n`);
          printed++;
          if (count !== 0 && printed >= (count as number)) break;
        } else {
          lastWhy = got.error.message;
          io.err(`Waiting for transform ${target} ->  ${source}: ${lastWhy}\n`);
        }
      }
      const left = Math.min(next, deadline) - performance.now();
      if (left <= 0 && performance.now() >= deadline) break;
      const spun = await s.executor.spinFor(Math.max(1, Math.min(200, left)));
      if (!spun.ok) break;
    }
    listener.value.destroy();
    if (printed === 0 && budget !== 0)
      return fail(io, `no transform from ${source} to ${target} within --budget ${budget} ms: ${lastWhy}`);
    return ExitCode.Ok;
  } finally {
    await s.close();
  }
}
