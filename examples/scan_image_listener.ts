/**
 * A LaserScan and Image subscriber: prints the nearest obstacle of each sensor_msgs/msg/LaserScan
 * on `scan` and the size and mean brightness of each sensor_msgs/msg/Image on `image`.
 * In-process by default, with a simulated sensor publishing both (`--count` of each); with
 * `--router` it listens to a real robot's topics (and simulates nothing).
 *   npx tsx examples/scan_image_listener.ts [--router ws/127.0.0.1:10000] [--count 3]
 */
import { Executor, type Node } from '../src/index.js';
import { sensor_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

function simulateSensor(node: Node, count: number): void {
  const scanPub = node.createPublisher(sensor_msgs.msg.LaserScan, 'scan');
  const imagePub = node.createPublisher(sensor_msgs.msg.Image, 'image');
  if (!scanPub.ok || !imagePub.ok) return;
  let n = 0;
  const timer = node.createWallTimer(20, () => {
    n++;
    const ranges = Float32Array.from({ length: 360 }, (_, i) => 2 + Math.sin((i + n * 10) / 20));
    scanPub.value.publish(
      sensor_msgs.msg.LaserScan.create({
        header: { frame_id: 'laser' },
        angle_min: -Math.PI,
        angle_max: Math.PI,
        angle_increment: (2 * Math.PI) / 360,
        range_min: 0.1,
        range_max: 10,
        ranges,
      }),
    );
    const width = 64;
    const height = 48;
    imagePub.value.publish(
      sensor_msgs.msg.Image.create({
        header: { frame_id: 'camera' },
        width,
        height,
        encoding: 'rgb8',
        step: width * 3,
        data: new Uint8Array(width * height * 3).fill((n * 40) % 256),
      }),
    );
    if (n >= count && timer.ok) timer.value.cancel();
  });
}

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 3, { 'budget-ms': 10_000 });
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
  const node = executor.createNode('scan_image_listener');
  if (!node.ok) {
    log(node.error.message);
    await executor.shutdown();
    return 1;
  }
  let scans = 0;
  let images = 0;
  node.value.createSubscription(sensor_msgs.msg.LaserScan, 'scan', (scan) => {
    scans++;
    let nearest = Number.POSITIVE_INFINITY;
    let at = 0;
    scan.ranges.forEach((r, i) => {
      if (r >= scan.range_min && r < nearest) [nearest, at] = [r, i];
    });
    const bearing = ((scan.angle_min + at * scan.angle_increment) * 180) / Math.PI;
    log(`scan ${scans}: ${scan.ranges.length} rays, nearest ${nearest.toFixed(2)} m at ${bearing.toFixed(0)}°`);
  });
  node.value.createSubscription(sensor_msgs.msg.Image, 'image', (image) => {
    images++;
    let sum = 0;
    for (const b of image.data) sum += b;
    log(
      `image ${images}: ${image.width}x${image.height} ${image.encoding}, mean ${(sum / image.data.length).toFixed(1)}`,
    );
  });
  if (args.router === undefined) simulateSensor(node.value, args.count);
  const done = await executor.spinUntil(
    () => scans >= args.count && images >= args.count,
    args.numbers['budget-ms'] ?? 10_000,
  );
  await executor.shutdown();
  if (!done.ok) log(`heard ${scans} scans and ${images} images of ${args.count}: ${done.error.message}`);
  return done.ok ? 0 : 1;
}

runIfMain(import.meta.url, main);
