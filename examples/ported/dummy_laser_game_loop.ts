/**
 * Port of ros2/demos dummy_robot/dummy_sensors/src/dummy_laser.cpp, run inside a host's game loop.
 *
 * The original: a plain `main` that makes node `dummy_laser`, a publisher of
 * sensor_msgs/LaserScan on `scan` (keep-last 10) and a scan message for frame
 * `single_rrbot_hokuyo_link` (angles from the Hokuyo's -45..225 degree range at 0.25 degree
 * steps, range 0..10 m); it logs the angle increment, the scan size and the time increment, then
 * loops `while (rclcpp::ok())` at `rclcpp::WallRate(30)`: every range = |sin(counter)| with
 * counter += 0.1, the stamp from a ros clock, publish, `rclcpp::spin_some(node)`,
 * `loop_rate.sleep()`.
 *
 * The port: the loop belongs to a host that cannot block (a game engine, a browser's
 * requestAnimationFrame, a simulator tick). Each host frame polls the 30 Hz Rate with `ready()`
 * instead of sleeping in it, publishes a scan when it is due, and gives the executor a budgeted
 * drain, `spinAll(ms)`, where the original calls spin_some: everything ready is handled within
 * the budget (rclts's spinSome hands each entity one item per call, so a host loop slower than
 * a publisher would fall behind on it). The stamp is `node.now()`, the node's ros clock
 * (sim time under `-p use_sim_time:=true`), as the original's TimeSource-attached clock.
 *   npx tsx examples/ported/dummy_laser_game_loop.ts [--count FRAMES] [--host-hz 60] [--router ws/HOST:PORT]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Executor,
  type Node,
  type NodeOptions,
  type Publisher,
  QoS,
  Rate,
  type Result,
  type ResultOf,
} from '../../src/index.js';
import { sensor_msgs } from '../../src/rclcpp/interfaces/generated/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted } from './ported-args.js';

const DEG2RAD = Math.PI / 180;

export class DummyLaser {
  private counter = 0;

  private constructor(
    readonly node: Node,
    private readonly publisher: Publisher<sensor_msgs.msg.LaserScan>,
    private readonly msg: sensor_msgs.msg.LaserScan,
  ) {}

  static create(executor: Executor, options: NodeOptions = {}): ResultOf<DummyLaser> {
    const node = executor.createNode('dummy_laser', options);
    if (!node.ok) return node;
    const publisher = node.value.createPublisher(sensor_msgs.msg.LaserScan, 'scan', QoS.default().keepLast(10));
    if (!publisher.ok) return publisher;
    const angleResolution = 2500;
    const startAngle = -450000;
    const stopAngle = 2250000;
    const scanFrequency = 2500;
    const angleRange = stopAngle - startAngle;
    // The endpoint is included when the range is a whole number of steps.
    const numValues = Math.trunc(angleRange / angleResolution) + (angleRange % angleResolution === 0 ? 1 : 0);
    const msg = sensor_msgs.msg.LaserScan.create({
      header: { frame_id: 'single_rrbot_hokuyo_link' },
      time_increment: 0,
      angle_increment: Math.fround((angleResolution / 10000) * DEG2RAD),
      angle_min: Math.fround((startAngle / 10000) * DEG2RAD - Math.PI / 2),
      angle_max: Math.fround((stopAngle / 10000) * DEG2RAD - Math.PI / 2),
      scan_time: Math.fround(100 / scanFrequency),
      range_min: 0,
      range_max: 10,
      ranges: new Float32Array(numValues),
    });
    const logger = node.value.getLogger();
    logger.info(`angle inc:\t${msg.angle_increment.toFixed(6)}`);
    logger.info(`scan size:\t${msg.ranges.length}`);
    logger.info(`scan time increment: \t${msg.time_increment.toFixed(6)}`);
    return { ok: true, value: new DummyLaser(node.value, publisher.value, msg) };
  }

  /** One pass of the original's loop body, up to (not including) spin_some. */
  publishScan(): Result {
    this.counter += 0.1;
    const distance = Math.abs(Math.sin(this.counter));
    this.msg.ranges.fill(distance);
    const stamp = this.node.now().toMsg();
    if (!stamp.ok) return stamp;
    this.msg.header.stamp = stamp.value;
    return this.publisher.publish(this.msg);
  }
}

export interface GameLoopOptions {
  /** Host frames to run. */
  readonly frames: number;
  /** The host's frame rate (the loop the laser lives in), default 60. */
  readonly hostHz?: number;
  /** The laser's rate, default the original's 30 Hz. */
  readonly sensorHz?: number;
  /** The drain's budget per frame, default 4 ms. */
  readonly spinBudgetMs?: number;
}

export interface GameLoopReport {
  readonly frames: number;
  readonly scans: number;
  /** Subscription messages the per-frame drains handed to handlers. */
  readonly messagesHandled: number;
}

/** The host's loop: never waits inside rclts; each frame polls the Rate and drains the executor. */
export async function runGameLoop(
  executor: Executor,
  laser: DummyLaser,
  options: GameLoopOptions,
): Promise<ResultOf<GameLoopReport>> {
  const { frames, hostHz = 60, sensorHz = 30, spinBudgetMs = 4 } = options;
  const rate = Rate.create(sensorHz);
  if (!rate.ok) return rate;
  let scans = 0;
  let messagesHandled = 0;
  for (let frame = 0; frame < frames; frame++) {
    if (rate.value.ready()) {
      const sent = laser.publishScan();
      if (!sent.ok) return sent;
      scans++;
    }
    const spun = executor.spinAll(spinBudgetMs);
    if (!spun.ok) return spun;
    messagesHandled += spun.value.subscriptions;
    // The host's own pacing (an engine's vsync); rclts is only called from inside the frame.
    await sleep(1000 / hostHz);
  }
  return { ok: true, value: { frames, scans, messagesHandled } };
}

export function main(argv: readonly string[]): Promise<number> {
  return runPorted(argv, { count: 300, numbers: { 'host-hz': 60 } }, async (executor, { count, numbers, rosArgs }) => {
    const laser = DummyLaser.create(executor, { arguments: rosArgs });
    if (!laser.ok) return laser;
    const report = await runGameLoop(executor, laser.value, { frames: count, hostHz: numbers['host-hz'] ?? 60 });
    if (report.ok) laser.value.node.getLogger().info(`${report.value.frames} frames, ${report.value.scans} scans`);
    return report;
  });
}

runIfMain(import.meta.url, main);
