/**
 * tf2 in one process: a robot node broadcasts a static laser mount (base_link -> laser, on
 * /tf_static) and its odometry (odom -> base_link, driving a circle, on /tf); a listener node
 * fills a Buffer and prints odom -> laser at the latest common time, as `ros2 run tf2_ros
 * tf2_echo odom laser` does. In-process by default, or over a router with --router.
 *   npx tsx examples/tf2_broadcaster_listener.ts [--count 5] [--period-ms 100] [--router ws/127.0.0.1:10000]
 */
import { Executor, tf2 } from '../src/index.js';
import type { geometry_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

const f3 = (values: readonly number[]): string => `[${values.map((v) => v.toFixed(3)).join(', ')}]`;

/** What tf2_echo prints for one lookup. */
export function echoLines(t: geometry_msgs.msg.TransformStamped): string[] {
  const { translation: v, rotation: q } = t.transform;
  const rpy = tf2.quaternionToRPY(q);
  const stamp = `${t.header.stamp.sec}.${String(t.header.stamp.nanosec).padStart(9, '0')}`;
  return [
    `At time ${stamp}`,
    `- Translation: ${f3([v.x, v.y, v.z])}`,
    `- Rotation: in Quaternion (xyzw) ${f3([q.x, q.y, q.z, q.w])}`,
    `- Rotation: in RPY (radian) ${f3([rpy.roll, rpy.pitch, rpy.yaw])}`,
  ];
}

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 5, { 'period-ms': 100, 'budget-ms': 10_000 });
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const args = parsed.value;
  const periodMs = args.numbers['period-ms'] ?? 100;
  const created = await Executor.create({ router: args.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  const robot = executor.createNode('robot');
  const echo = executor.createNode('tf2_echo');
  if (!robot.ok || !echo.ok) {
    await executor.shutdown();
    return 1;
  }
  // As tf2_ros's Buffer(node->get_clock()): history is dropped if that clock jumps back.
  const buffer = tf2.Buffer.create({ clock: echo.value.getClock() });
  if (!buffer.ok) {
    await executor.shutdown();
    return 1;
  }
  const statics = tf2.StaticTransformBroadcaster.create(robot.value);
  const odometry = tf2.TransformBroadcaster.create(robot.value);
  const listener = tf2.TransformListener.create(echo.value, buffer.value);
  if (!statics.ok || !odometry.ok || !listener.ok) {
    await executor.shutdown();
    return 1;
  }
  const stamp = () => {
    const msg = robot.value.now().toMsg();
    return msg.ok ? msg.value : { sec: 0, nanosec: 0 };
  };
  // The laser sits 20 cm ahead of the base, 10 cm up, turned a quarter to the left.
  statics.value.sendTransform({
    header: { stamp: stamp(), frame_id: 'base_link' },
    child_frame_id: 'laser',
    transform: { translation: { x: 0.2, y: 0, z: 0.1 }, rotation: tf2.quaternionFromRPY(0, 0, Math.PI / 2) },
  });
  let step = 0;
  const drive = robot.value.createWallTimer(periodMs, () => {
    const heading = (step++ * Math.PI) / 10;
    odometry.value.sendTransform({
      header: { stamp: stamp(), frame_id: 'odom' },
      child_frame_id: 'base_link',
      transform: {
        translation: { x: Math.sin(heading), y: 1 - Math.cos(heading), z: 0 },
        rotation: tf2.quaternionFromRPY(0, 0, heading),
      },
    });
  });
  let printed = 0;
  const print = echo.value.createWallTimer(periodMs, () => {
    const t = buffer.value.lookupTransform('odom', 'laser', { sec: 0, nanosec: 0 });
    if (!t.ok) {
      log(`Waiting for odom -> laser: ${t.error.message}`);
      return;
    }
    for (const line of echoLines(t.value)) log(line);
    if (++printed >= args.count) executor.cancel();
  });
  if (!drive.ok || !print.ok) {
    await executor.shutdown();
    return 1;
  }
  // Before the first odometry arrives, a wait with a budget (rather than a lookup that fails).
  const first = await buffer.value.waitForTransform(
    'odom',
    'laser',
    { sec: 0, nanosec: 0 },
    args.numbers['budget-ms'] ?? 10_000,
  );
  if (!first.ok) log(first.error.message);
  else await executor.spinFor(args.numbers['budget-ms'] ?? 10_000);
  await executor.shutdown();
  return printed >= args.count ? 0 : 1;
}

runIfMain(import.meta.url, main);
