/**
 * A Twist teleop publisher: geometry_msgs/msg/Twist on `cmd_vel` from the keyboard (w/s:
 * faster/slower, a/d: turn, space: stop, q: quit) when run in a terminal, or a scripted square
 * (`--count` commands) otherwise.
 *   npx tsx examples/teleop_twist.ts [--router ws/127.0.0.1:10000] [--period-ms 100]
 */
import { Executor } from '../src/index.js';
import { geometry_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

const KEYS: Readonly<Record<string, readonly [number, number]>> = {
  w: [0.1, 0],
  s: [-0.1, 0],
  a: [0, 0.2],
  d: [0, -0.2],
};

export async function main(
  argv: readonly string[],
  log: Log = console.log,
  keyboard = process.stdin.isTTY === true,
): Promise<number> {
  const parsed = parseExampleArgs(argv, 8, { 'period-ms': 100 });
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const args = parsed.value;
  const created = await Executor.create({ router: args.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  const node = executor.createNode('teleop_twist');
  const publisher = node.ok ? node.value.createPublisher(geometry_msgs.msg.Twist, 'cmd_vel') : node;
  if (!publisher.ok) {
    log(publisher.error.message);
    await executor.shutdown();
    return 1;
  }
  const speed = { linear: 0, angular: 0 };
  const send = (): void => {
    const twist = geometry_msgs.msg.Twist.create({ linear: { x: speed.linear }, angular: { z: speed.angular } });
    const sent = publisher.value.publish(twist);
    log(
      sent.ok
        ? `cmd_vel: linear.x ${speed.linear.toFixed(2)} angular.z ${speed.angular.toFixed(2)}`
        : sent.error.message,
    );
  };
  if (keyboard) {
    log('w/s: faster/slower, a/d: turn, space: stop, q: quit');
    process.stdin.setRawMode(true);
    process.stdin.on('data', (b: Buffer) => {
      const key = b.toString();
      if (key === 'q' || key === '\u0003') executor.cancel();
      else if (key === ' ') Object.assign(speed, { linear: 0, angular: 0 });
      else if (KEYS[key] !== undefined) {
        speed.linear += KEYS[key][0];
        speed.angular += KEYS[key][1];
      }
      send();
    });
    await executor.spin();
    process.stdin.setRawMode(false);
    process.stdin.pause();
  } else {
    // a square: forward, turn, forward, turn, ...
    let n = 0;
    const timer = node.ok
      ? node.value.createWallTimer(args.numbers['period-ms'] ?? 100, () => {
          Object.assign(speed, n % 2 === 0 ? { linear: 0.5, angular: 0 } : { linear: 0, angular: Math.PI / 2 });
          send();
          if (++n >= args.count) executor.cancel();
        })
      : node;
    if (!timer.ok) log(timer.error.message);
    else await executor.spin();
  }
  await executor.shutdown();
  return 0;
}

runIfMain(import.meta.url, main);
