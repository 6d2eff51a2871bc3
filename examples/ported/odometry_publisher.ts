/**
 * Port of the odometry publisher of the ROS navigation tutorial "Publishing Odometry Information
 * over ROS" (ros-planning/navigation_tutorials odometry_publisher_tutorial/src/odometry_publisher.cpp),
 * in the rclcpp form its ROS 2 ports take (tf2_ros::TransformBroadcaster, a timer, node->now()).
 *
 * The original: node `odometry_publisher` with a robot driving at vx = 0.1, vy = -0.1 m/s and
 * vth = 0.1 rad/s; at 1 Hz it takes `now()`, integrates the pose over dt = now - last (x, y
 * turned by the heading th), broadcasts the transform odom -> base_link (yaw as a quaternion
 * from tf2::Quaternion::setRPY) on /tf, and publishes nav_msgs/Odometry on `odom` with that pose
 * and the twist in base_link. On `use_sim_time:=true` now() and the timer follow /clock.
 *
 * The port: `tf2.TransformBroadcaster` is tf2_ros's (tf2_msgs/TFMessage on /tf, the dynamic
 * broadcaster's QoS) and `tf2.quaternionFromRPY` is setRPY. `node.createTimer` is rclcpp's
 * create_timer on the node's ros clock, so under `-p use_sim_time:=true` it fires as /clock
 * advances (and not at all while /clock stands still); `node.now()` is a Time, the stamps come
 * from `toMsg()` and dt from `Duration.seconds()`.
 *   npx tsx examples/ported/odometry_publisher.ts [--count N] [--period-ms 1000] [--router ws/HOST:PORT] [--ros-args -p use_sim_time:=true]
 */
import {
  type Executor,
  type Node,
  type NodeOptions,
  type Publisher,
  QoS,
  type Result,
  type ResultOf,
  type Time,
  tf2,
} from '../../src/index.js';
import { nav_msgs } from '../../src/rclcpp/interfaces/generated/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted, spinOnceMade } from './ported-args.js';

export interface OdometryOptions extends NodeOptions {
  readonly periodMs?: number;
  /** Called after each publication with the number made so far (main stops at --count). */
  readonly onPublished?: (count: number) => void;
}

export class OdometryPublisher {
  x = 0;
  y = 0;
  th = 0;
  private readonly vx = 0.1;
  private readonly vy = -0.1;
  private readonly vth = 0.1;
  private lastTime: Time;
  private published = 0;

  private constructor(
    readonly node: Node,
    private readonly odomPub: Publisher<nav_msgs.msg.Odometry>,
    private readonly broadcaster: tf2.TransformBroadcaster,
  ) {
    this.lastTime = node.now();
  }

  static create(executor: Executor, options: OdometryOptions = {}): ResultOf<OdometryPublisher> {
    const { periodMs = 1000, onPublished, ...nodeOptions } = options;
    const node = executor.createNode('odometry_publisher', nodeOptions);
    if (!node.ok) return node;
    const odom = node.value.createPublisher(nav_msgs.msg.Odometry, 'odom', QoS.default().keepLast(50));
    if (!odom.ok) return odom;
    const tf = tf2.TransformBroadcaster.create(node.value);
    if (!tf.ok) return tf;
    const self = new OdometryPublisher(node.value, odom.value, tf.value);
    const timer = node.value.createTimer(periodMs, () => {
      const sent = self.update();
      if (!sent.ok) node.value.getLogger().error(`odometry not published: ${sent.error.message}`);
      else onPublished?.(++self.published);
    });
    if (!timer.ok) return timer;
    const clock = node.value.getClock().isRosTimeActive() ? 'sim time from /clock' : 'system time';
    node.value.getLogger().info(`publishing odom -> base_link on /tf and odom at ${periodMs} ms of ${clock}`);
    return { ok: true, value: self };
  }

  private update(): Result {
    const currentTime = this.node.now();
    const dt = currentTime.minus(this.lastTime);
    if (!dt.ok) return dt;
    this.lastTime = currentTime;
    const seconds = dt.value.seconds();
    this.x += (this.vx * Math.cos(this.th) - this.vy * Math.sin(this.th)) * seconds;
    this.y += (this.vx * Math.sin(this.th) + this.vy * Math.cos(this.th)) * seconds;
    this.th += this.vth * seconds;
    const stamp = currentTime.toMsg();
    if (!stamp.ok) return stamp;
    const rotation = tf2.quaternionFromRPY(0, 0, this.th);
    const header = { stamp: stamp.value, frame_id: 'odom' };
    const transform = {
      header,
      child_frame_id: 'base_link',
      transform: { translation: { x: this.x, y: this.y, z: 0 }, rotation },
    };
    const sentTf = this.broadcaster.sendTransform(transform);
    if (!sentTf.ok) return sentTf;
    this.node
      .getLogger()
      .debug(
        () =>
          `t=${currentTime.seconds().toFixed(3)} x=${this.x.toFixed(3)} y=${this.y.toFixed(3)} th=${this.th.toFixed(3)}`,
      );
    return this.odomPub.publish(
      nav_msgs.msg.Odometry.create({
        header,
        child_frame_id: 'base_link',
        pose: { pose: { position: { x: this.x, y: this.y, z: 0 }, orientation: rotation } },
        twist: { twist: { linear: { x: this.vx, y: this.vy, z: 0 }, angular: { x: 0, y: 0, z: this.vth } } },
      }),
    );
  }
}

export function main(argv: readonly string[]): Promise<number> {
  return runPorted(argv, { numbers: { 'period-ms': 1000 } }, (executor, { count, numbers, rosArgs }) =>
    spinOnceMade(
      executor,
      OdometryPublisher.create(executor, {
        arguments: rosArgs,
        periodMs: numbers['period-ms'] ?? 1000,
        onPublished: (n) => n >= count && executor.cancel(),
      }),
    ),
  );
}

runIfMain(import.meta.url, main);
