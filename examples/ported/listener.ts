/**
 * Port of ros2/demos demo_nodes_cpp/src/topics/listener.cpp (`demo_nodes_cpp::Listener`).
 *
 * The original: a component node `listener` subscribing to std_msgs/String on `chatter`
 * (keep-last 10); its callback logs `I heard: [...]` with RCLCPP_INFO; `rclcpp::spin`.
 *
 * The port: the same node and callback, the handler bound at creation and run only inside a
 * spin call (as rclcpp's executor runs it); `--count N` stops after N messages and
 * `--budget-ms` bounds the wait, so a lone listener gives up instead of hanging.
 *   npx tsx examples/ported/listener.ts [--count N] [--budget-ms 0 (none)] [--router ws/HOST:PORT] [--ros-args ...]
 */
import {
  type Executor,
  err,
  type Node,
  type NodeOptions,
  QoS,
  Result,
  type ResultOf,
  std_msgs,
} from '../../src/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted } from './ported-args.js';

export interface ListenerOptions extends NodeOptions {
  readonly onHeard?: (msg: std_msgs.msg.String, count: number) => void;
}

export class Listener {
  heard = 0;

  private constructor(readonly node: Node) {}

  static create(executor: Executor, options: ListenerOptions = {}): ResultOf<Listener> {
    const { onHeard, ...nodeOptions } = options;
    const node = executor.createNode('listener', nodeOptions);
    if (!node.ok) return node;
    const listener = new Listener(node.value);
    const logger = node.value.getLogger();
    const sub = node.value.createSubscription(
      std_msgs.msg.String,
      'chatter',
      (msg) => {
        logger.info(`I heard: [${msg.data}]`);
        onHeard?.(msg, ++listener.heard);
      },
      QoS.default().keepLast(10),
    );
    return Result.map(sub, () => listener);
  }
}

export function main(argv: readonly string[]): Promise<number> {
  return runPorted(argv, { numbers: { 'budget-ms': 0 } }, async (executor, { count, numbers, rosArgs }) => {
    const listener = Listener.create(executor, {
      arguments: rosArgs,
      onHeard: (_msg, n) => n >= count && executor.cancel(),
    });
    if (!listener.ok) return listener;
    const budget = numbers['budget-ms'] ?? 0;
    const spun = budget > 0 ? await executor.spinFor(budget) : await executor.spin();
    if (!spun.ok || !Number.isFinite(count) || listener.value.heard >= count) return spun;
    return err('Timeout', `heard ${listener.value.heard} of ${count} messages within --budget-ms ${budget}`);
  });
}

runIfMain(import.meta.url, main);
