/**
 * A synchronised pair of topics (message_filters): a camera node publishes sensor_msgs Image on
 * `camera/image_raw` and CameraInfo on `camera/camera_info` with the same stamp, the info a few
 * ms late and now and then missing; a perception node gets both in one callback through an
 * exact TimeSynchronizer, and an ApproximateTimeSynchronizer pairs the image with a depth image
 * stamped up to 4 ms apart. In-process by default, or over a router with --router.
 *   npx tsx examples/synchronised_pair.ts [--count 5] [--period-ms 50] [--router ws/127.0.0.1:10000]
 */
import { Duration, Executor, message_filters, type Node } from '../src/index.js';
import { sensor_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

type Stamp = { sec: number; nanosec: number };
const show = (s: Stamp): string => `${s.sec}.${String(s.nanosec).padStart(9, '0')}`;
const nsOf = (s: Stamp): bigint => BigInt(s.sec) * 1_000_000_000n + BigInt(s.nanosec);

/** The camera: every period an image, its info (except every 4th) and a depth image a little off. */
function startCamera(node: Node, periodMs: number): boolean {
  const image = node.createPublisher(sensor_msgs.msg.Image, 'camera/image_raw');
  const info = node.createPublisher(sensor_msgs.msg.CameraInfo, 'camera/camera_info');
  const depth = node.createPublisher(sensor_msgs.msg.Image, 'camera/depth');
  if (!image.ok || !info.ok || !depth.ok) return false;
  let frame = 0;
  const timer = node.createWallTimer(periodMs, () => {
    const now = node.now().toMsg();
    if (!now.ok) return;
    const stamp = now.value;
    const header = { stamp, frame_id: 'camera' };
    image.value.publish(sensor_msgs.msg.Image.create({ header, width: 640, height: 480, encoding: 'rgb8' }));
    if (frame % 4 !== 3) info.value.publish(sensor_msgs.msg.CameraInfo.create({ header, width: 640, height: 480 }));
    const off = ((frame * 7) % 9) - 4; // -4 .. 4 ms
    const ns = nsOf(stamp) + BigInt(off) * 1_000_000n;
    const depthStamp = { sec: Number(ns / 1_000_000_000n), nanosec: Number(ns % 1_000_000_000n) };
    depth.value.publish(
      sensor_msgs.msg.Image.create({ header: { stamp: depthStamp, frame_id: 'depth' }, encoding: '32FC1' }),
    );
    frame++;
  });
  return timer.ok;
}

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 5, { 'period-ms': 50, 'budget-ms': 10_000 });
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
  const done = async (code: number) => {
    await executor.shutdown();
    return code;
  };
  const camera = executor.createNode('camera');
  const perception = executor.createNode('perception');
  if (!camera.ok || !perception.ok) return done(1);

  const node = perception.value;
  const image = message_filters.Subscriber.create(node, sensor_msgs.msg.Image, 'camera/image_raw');
  const info = message_filters.Subscriber.create(node, sensor_msgs.msg.CameraInfo, 'camera/camera_info');
  const depth = message_filters.Subscriber.create(node, sensor_msgs.msg.Image, 'camera/depth');
  if (!image.ok || !info.ok || !depth.ok) return done(1);

  let pairs = 0;
  // The callback's parameters are (Image, CameraInfo): the compiler holds it to the inputs.
  const exact = message_filters.TimeSynchronizer.create([image.value, info.value], { queueSize: 10 }, (img, cam) => {
    pairs++;
    log(`image + info at ${show(img.header.stamp)}: ${img.width}x${img.height}, info ${cam.width}x${cam.height}`);
    if (pairs >= args.count) executor.cancel();
  });
  const slop = Duration.fromMs(5);
  if (!slop.ok) return done(1);
  const approx = message_filters.ApproximateTimeSynchronizer.create(
    [image.value, depth.value],
    { queueSize: 10, maxIntervalDuration: slop.value },
    (img, d) => {
      const ms = Number(nsOf(d.header.stamp) - nsOf(img.header.stamp)) / 1e6;
      log(`image + depth at ${show(img.header.stamp)}: depth ${ms >= 0 ? '+' : ''}${ms.toFixed(0)} ms`);
    },
  );
  if (!exact.ok || !approx.ok) return done(1);
  if (!startCamera(camera.value, args.numbers['period-ms'] ?? 50)) return done(1);

  await executor.spinFor(args.numbers['budget-ms'] ?? 10_000);
  return done(pairs >= args.count ? 0 : 1);
}

runIfMain(import.meta.url, main);
