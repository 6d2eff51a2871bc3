/**
 * Port of ros2/demos action_tutorials/action_tutorials_cpp/src/fibonacci_action_client.cpp
 * (`action_tutorials_cpp::FibonacciActionClient`).
 *
 * The original: node `fibonacci_action_client` with a Fibonacci action client on `fibonacci`
 * and a 500 ms timer whose first firing cancels it, waits up to 10 s for the server (logging
 * `Action server not available after waiting` and shutting down otherwise), logs `Sending goal`
 * and sends `order = 10` with three callbacks: goal response (`Goal was rejected by server` /
 * `Goal accepted by server, waiting for result`), feedback (`Next number in sequence received:
 * ...`) and result (`Result received: ...`, or an error for aborted / canceled / unknown), after
 * which it calls `rclcpp::shutdown()`.
 *
 * The port: a blocking wait inside a handler answers `Reentrant` in rclts (it would deadlock a
 * single-threaded executor), so the wait for the server moves out of the timer into `sendGoal`,
 * called from main; the three callbacks are the same and run in spin; the result also comes
 * back as a value, so main knows how it ended. `--cancel-after N` cancels from the feedback
 * callback after N feedback messages (a callback-form Future, no polling).
 *   npx tsx examples/ported/fibonacci_action_client.ts [ORDER] [--cancel-after N] [--budget-ms 30000] [--router ws/HOST:PORT]
 */
import {
  type ActionClient,
  type Executor,
  err,
  example_interfaces,
  GoalStatus,
  type Node,
  type NodeOptions,
  type ResultOf,
  type WrappedResult,
} from '../../src/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted } from './ported-args.js';

type Client = ActionClient<
  example_interfaces.action.Fibonacci_Goal,
  example_interfaces.action.Fibonacci_Result,
  example_interfaces.action.Fibonacci_Feedback
>;
type Outcome = WrappedResult<example_interfaces.action.Fibonacci_Result>;

export class FibonacciActionClient {
  private constructor(
    readonly node: Node,
    private readonly client: Client,
  ) {}

  static create(executor: Executor, options: NodeOptions = {}): ResultOf<FibonacciActionClient> {
    const node = executor.createNode('fibonacci_action_client', options);
    if (!node.ok) return node;
    const client = node.value.createActionClient(example_interfaces.action.Fibonacci, 'fibonacci');
    return client.ok ? { ok: true, value: new FibonacciActionClient(node.value, client.value) } : client;
  }

  /** Waits for the server and the result, each within `budgetMs`; `cancelAfter` 0 never cancels. */
  async sendGoal(order: number, budgetMs: number, cancelAfter = 0): Promise<ResultOf<Outcome>> {
    const logger = this.node.getLogger();
    const ready = await this.client.waitForActionServer(budgetMs);
    if (!ready.ok) {
      logger.error('Action server not available after waiting');
      return ready;
    }
    logger.info('Sending goal');
    let feedbackCount = 0;
    const goal = this.client.sendGoal(
      { order },
      {
        goalResponse: (accepted) => {
          if (accepted.ok && accepted.value) logger.info('Goal accepted by server, waiting for result');
          else logger.error('Goal was rejected by server');
        },
        feedback: (goalHandle, feedback) => {
          logger.info(`Next number in sequence received: ${feedback.sequence.join(' ')} `);
          if (++feedbackCount !== cancelAfter) return;
          const cancel = this.client.cancelGoal(goalHandle);
          if (!cancel.ok) logger.error(`cannot cancel: ${cancel.error.message}`);
          else cancel.value.onDone((answer) => answer.ok && logger.info('Cancel request answered'));
        },
        result: (result) => {
          if (!result.ok) logger.error(`No result: ${result.error.message}`);
          else if (result.value.code === GoalStatus.Succeeded) {
            logger.info(`Result received: ${result.value.result.sequence.join(' ')} `);
          } else if (result.value.code === GoalStatus.Aborted) logger.error('Goal was aborted');
          else if (result.value.code === GoalStatus.Canceled) logger.error('Goal was canceled');
          else logger.error('Unknown result code');
        },
      },
    );
    if (!goal.ok) return goal;
    return goal.value.result().wait(budgetMs);
  }
}

export function main(argv: readonly string[]): Promise<number> {
  const defaults = { numbers: { 'budget-ms': 30_000, 'cancel-after': 0 } };
  return runPorted(argv, defaults, async (executor, { positionals, numbers, rosArgs }) => {
    const order = Number(positionals[0] ?? 10);
    if (!Number.isInteger(order)) {
      return err('InvalidArgument', `usage: fibonacci_action_client [ORDER] (an integer), got '${positionals[0]}'`);
    }
    const client = FibonacciActionClient.create(executor, { arguments: rosArgs });
    if (!client.ok) return client;
    const outcome = await client.value.sendGoal(order, numbers['budget-ms'] ?? 30_000, numbers['cancel-after']);
    if (!outcome.ok || outcome.value.code === GoalStatus.Succeeded) return outcome;
    return err('Error', `the goal ended with status ${outcome.value.code}`);
  });
}

runIfMain(import.meta.url, main);
