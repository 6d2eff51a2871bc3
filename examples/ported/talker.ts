/**
 * Port of ros2/demos demo_nodes_cpp/src/topics/talker.cpp (`demo_nodes_cpp::Talker`).
 *
 * The original: a component node `talker` with a publisher of std_msgs/String on `chatter`
 * (QoS keep-last 7) and a 1 s wall timer that builds `Hello World: N` (N from 1), logs
 * `Publishing: '...'` with RCLCPP_INFO and publishes it; `rclcpp::spin` until Ctrl-C.
 *
 * The port: the node is held, not inherited (rclts nodes are made by an executor); QoS comes
 * last and the period is in milliseconds; `--count N` stops after N messages so a test can
 * run it; `--ros-args` goes to the node as rclcpp's argv does (`-r chatter:=x`, `--log-level`).
 *   npx tsx examples/ported/talker.ts [--count N] [--period-ms 1000] [--router ws/HOST:PORT] [--ros-args ...]
 */
import {
  type Executor,
  type Node,
  type NodeOptions,
  type Publisher,
  QoS,
  Result,
  type ResultOf,
  std_msgs,
} from '../../src/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted, spinOnceMade } from './ported-args.js';

export interface TalkerOptions extends NodeOptions {
  readonly periodMs?: number;
  /** Called after each publication with the number sent so far (main stops at --count). */
  readonly onPublished?: (count: number) => void;
}

export class Talker {
  private count = 1;

  private constructor(
    readonly node: Node,
    private readonly publisher: Publisher<std_msgs.msg.String>,
  ) {}

  static create(executor: Executor, options: TalkerOptions = {}): ResultOf<Talker> {
    const { periodMs = 1000, onPublished, ...nodeOptions } = options;
    const node = executor.createNode('talker', nodeOptions);
    if (!node.ok) return node;
    const publisher = node.value.createPublisher(std_msgs.msg.String, 'chatter', QoS.default().keepLast(7));
    if (!publisher.ok) return publisher;
    const talker = new Talker(node.value, publisher.value);
    const timer = node.value.createWallTimer(periodMs, () => {
      const sent = talker.publishMessage();
      onPublished?.(sent);
    });
    return Result.map(timer, () => talker);
  }

  private publishMessage(): number {
    const msg = std_msgs.msg.String.create({ data: `Hello World: ${this.count++}` });
    const logger = this.node.getLogger();
    logger.info(`Publishing: '${msg.data}'`);
    const sent = this.publisher.publish(msg);
    if (!sent.ok) logger.error(`publish failed: ${sent.error.message}`);
    return this.count - 1;
  }
}

export function main(argv: readonly string[]): Promise<number> {
  return runPorted(argv, { numbers: { 'period-ms': 1000 } }, (executor, { count, numbers, rosArgs }) =>
    spinOnceMade(
      executor,
      Talker.create(executor, {
        arguments: rosArgs,
        periodMs: numbers['period-ms'] ?? 1000,
        onPublished: (n) => n >= count && executor.cancel(),
      }),
    ),
  );
}

runIfMain(import.meta.url, main);
