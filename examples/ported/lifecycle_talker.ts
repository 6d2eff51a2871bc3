/**
 * Port of ros2/demos lifecycle/src/lifecycle_talker.cpp (`LifecycleTalker`).
 *
 * The original: a `rclcpp_lifecycle::LifecycleNode` `lc_talker`, driven from outside through
 * its lifecycle services (`ros2 lifecycle set /lc_talker configure`, or the demo's
 * lifecycle_service_client.cpp). on_configure creates a lifecycle publisher on
 * `lifecycle_chatter` (keep-last 10) and a 1 s wall timer; each tick builds `Lifecycle
 * HelloWorld #N` and logs `Lifecycle publisher is active. Publishing: [...]` or `...currently
 * inactive. Messages are not published.` and publishes (a no-op while inactive). on_activate
 * activates the publisher and sleeps 2 s; on_deactivate deactivates it; on_cleanup and
 * on_shutdown drop the timer and the publisher (on_shutdown logs the state it came from).
 *
 * The port: LifecycleNode holds a Node instead of being one; callbacks are given by name and
 * may be async, so the 2 s pause of on_activate (`--activate-delay-ms`) does not block the
 * executor as `sleep_for` blocks rclcpp's thread; the lifecycle publisher follows the node's
 * activation by itself (rclcpp's base-class on_activate call is not needed). Its `publish`
 * while inactive answers an error value instead of a warning, which the port ignores as the
 * original ignores the warning.
 *   npx tsx examples/ported/lifecycle_talker.ts [--period-ms 1000] [--activate-delay-ms 2000] [--router ws/HOST:PORT]
 *   then: npx rclts lifecycle set /lc_talker configure   (and activate, deactivate, cleanup, shutdown)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CallbackReturn,
  type Executor,
  LifecycleNode,
  type LifecycleNodeOptions,
  type LifecyclePublisher,
  QoS,
  type ResultOf,
  std_msgs,
  type Timer,
} from '../../src/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted, spinOnceMade } from './ported-args.js';

export interface LifecycleTalkerOptions extends LifecycleNodeOptions {
  readonly periodMs?: number;
  readonly activateDelayMs?: number;
}

export class LifecycleTalker {
  private publisher: LifecyclePublisher<std_msgs.msg.String> | undefined;
  private timer: Timer | undefined;
  private count = 0;

  private constructor(readonly lifecycle: LifecycleNode) {}

  static create(executor: Executor, options: LifecycleTalkerOptions = {}): ResultOf<LifecycleTalker> {
    const { periodMs = 1000, activateDelayMs = 2000, ...nodeOptions } = options;
    const made = LifecycleNode.create(executor, 'lc_talker', nodeOptions);
    if (!made.ok) return made;
    const self = new LifecycleTalker(made.value);
    const lc = made.value;
    const logger = lc.node.getLogger();
    lc.on('onConfigure', () => {
      const publisher = lc.createPublisher(std_msgs.msg.String, 'lifecycle_chatter', QoS.default().keepLast(10));
      const timer = lc.node.createWallTimer(periodMs, () => self.publish());
      if (!publisher.ok || !timer.ok) {
        logger.error(
          `on_configure failed: ${publisher.ok ? '' : publisher.error.message} ${timer.ok ? '' : timer.error.message}`,
        );
        return CallbackReturn.FAILURE;
      }
      self.publisher = publisher.value;
      self.timer = timer.value;
      logger.info('on_configure() is called.');
      return CallbackReturn.SUCCESS;
    });
    lc.on('onActivate', async () => {
      logger.info('on_activate() is called.');
      await sleep(activateDelayMs);
      return CallbackReturn.SUCCESS;
    });
    lc.on('onDeactivate', () => {
      logger.info('on_deactivate() is called.');
      return CallbackReturn.SUCCESS;
    });
    lc.on('onCleanup', () => {
      self.release();
      logger.info('on cleanup is called.');
      return CallbackReturn.SUCCESS;
    });
    lc.on('onShutdown', (state) => {
      self.release();
      logger.info(`on shutdown is called from state ${state.label}.`);
      return CallbackReturn.SUCCESS;
    });
    return { ok: true, value: self };
  }

  private publish(): void {
    const logger = this.lifecycle.node.getLogger();
    const msg = std_msgs.msg.String.create({ data: `Lifecycle HelloWorld #${++this.count}` });
    if (this.publisher === undefined) return;
    if (!this.publisher.isActivated()) {
      logger.info('Lifecycle publisher is currently inactive. Messages are not published.');
    } else {
      logger.info(`Lifecycle publisher is active. Publishing: [${msg.data}]`);
    }
    this.publisher.publish(msg);
  }

  private release(): void {
    this.timer?.reset();
    this.publisher?.destroy();
    this.timer = undefined;
    this.publisher = undefined;
  }
}

export function main(argv: readonly string[]): Promise<number> {
  const numbers = { 'period-ms': 1000, 'activate-delay-ms': 2000 };
  return runPorted(argv, { numbers }, (executor, args) =>
    spinOnceMade(
      executor,
      LifecycleTalker.create(executor, {
        arguments: args.rosArgs,
        periodMs: args.numbers['period-ms'] ?? 1000,
        activateDelayMs: args.numbers['activate-delay-ms'] ?? 2000,
      }),
    ),
  );
}

runIfMain(import.meta.url, main);
