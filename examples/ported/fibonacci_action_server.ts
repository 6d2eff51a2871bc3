/**
 * Port of ros2/demos action_tutorials/action_tutorials_cpp/src/fibonacci_action_server.cpp
 * (`action_tutorials_cpp::FibonacciActionServer`).
 *
 * The original: node `fibonacci_action_server` with an example_interfaces/action/Fibonacci
 * server on `fibonacci`. handle_goal logs `Received goal request with order N` and rejects an
 * order above 46; handle_cancel logs and accepts; handle_accepted starts `execute` on a
 * detached thread, which logs `Executing goal`, then at 1 Hz (`rclcpp::Rate`) appends the next
 * number to the sequence [0, 1] and publishes it as feedback (`Publish feedback`) up to
 * `order`, ending `canceled` (`Goal canceled`) when a cancel was accepted, else `succeed`
 * (`Goal succeeded`).
 *
 * The port: rclts runs user code on one thread, in spin, so the loop becomes one wall timer per
 * goal, each tick one iteration of the original's loop (the first runs at once, as the loop's
 * first iteration does before its first sleep); `--period-ms` sets the 1 s period. Callbacks
 * are one object given at creation; the GoalResponse and CancelResponse values are rclcpp's.
 *   npx tsx examples/ported/fibonacci_action_server.ts [--period-ms 1000] [--router ws/HOST:PORT]
 */
import {
  CancelResponse,
  type Executor,
  example_interfaces,
  GoalResponse,
  type Node,
  type NodeOptions,
  type ResultOf,
  type ServerGoalHandle,
} from '../../src/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted, spinOnceMade } from './ported-args.js';

type Fibonacci = typeof example_interfaces.action.Fibonacci;
type GoalHandleFibonacci = ServerGoalHandle<
  example_interfaces.action.Fibonacci_Goal,
  example_interfaces.action.Fibonacci_Result,
  example_interfaces.action.Fibonacci_Feedback
>;

export interface FibonacciActionServerOptions extends NodeOptions {
  readonly periodMs?: number;
}

export class FibonacciActionServer {
  private constructor(
    readonly node: Node,
    private readonly periodMs: number,
  ) {}

  static create(executor: Executor, options: FibonacciActionServerOptions = {}): ResultOf<FibonacciActionServer> {
    const { periodMs = 1000, ...nodeOptions } = options;
    const node = executor.createNode('fibonacci_action_server', nodeOptions);
    if (!node.ok) return node;
    const self = new FibonacciActionServer(node.value, periodMs);
    const logger = node.value.getLogger();
    const action: Fibonacci = example_interfaces.action.Fibonacci;
    const server = node.value.createActionServer(action, 'fibonacci', {
      goal: (_uuid, goal) => {
        logger.info(`Received goal request with order ${goal.order}`);
        return goal.order > 46 ? GoalResponse.Reject : GoalResponse.AcceptAndExecute;
      },
      cancel: () => {
        logger.info('Received request to cancel goal');
        return CancelResponse.Accept;
      },
      accepted: (goalHandle) => self.execute(goalHandle),
    });
    return server.ok ? { ok: true, value: self } : server;
  }

  private execute(goalHandle: GoalHandleFibonacci): void {
    const logger = this.node.getLogger();
    logger.info('Executing goal');
    const { order } = goalHandle.goal;
    const sequence = [0, 1];
    let i = 1;
    const step = (): boolean => {
      if (i >= order) {
        goalHandle.succeed({ sequence });
        logger.info('Goal succeeded');
        return false;
      }
      if (goalHandle.isCanceling()) {
        goalHandle.canceled({ sequence });
        logger.info('Goal canceled');
        return false;
      }
      sequence.push((sequence[i] ?? 0) + (sequence[i - 1] ?? 0));
      i++;
      goalHandle.publishFeedback({ sequence });
      logger.info('Publish feedback');
      return true;
    };
    if (!step()) return;
    const timer = this.node.createWallTimer(this.periodMs, () => {
      if (!step() && timer.ok) timer.value.reset();
    });
    if (!timer.ok) {
      logger.error(`cannot execute the goal: ${timer.error.message}`);
      goalHandle.abort({ sequence });
    }
  }
}

export function main(argv: readonly string[]): Promise<number> {
  return runPorted(argv, { numbers: { 'period-ms': 1000 } }, (executor, { numbers, rosArgs }) =>
    spinOnceMade(
      executor,
      FibonacciActionServer.create(executor, { arguments: rosArgs, periodMs: numbers['period-ms'] ?? 1000 }),
    ),
  );
}

runIfMain(import.meta.url, main);
