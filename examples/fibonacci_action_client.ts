/**
 * The ROS action tutorial's client: sends one `fibonacci` goal, prints the feedback and the
 * result. With --cancel-after N it cancels the goal after N feedback messages.
 *   npx tsx examples/fibonacci_action_client.ts [ORDER] [--cancel-after N] [--budget-ms 30000] [--router ws/127.0.0.1:10000]
 */
import { CancelReturnCode, Executor, example_interfaces, GoalStatus } from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 1, { 'budget-ms': 30_000, 'cancel-after': 0 });
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const args = parsed.value;
  const order = Number(args.positionals[0] ?? 10);
  if (!Number.isInteger(order)) {
    log('usage: fibonacci_action_client [ORDER] (an integer)');
    return 2;
  }
  const budget = args.numbers['budget-ms'] ?? 30_000;
  const cancelAfter = args.numbers['cancel-after'] ?? 0;
  const created = await Executor.create({ router: args.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  try {
    const node = executor.createNode('fibonacci_action_client');
    const client = node.ok ? node.value.createActionClient(example_interfaces.action.Fibonacci, 'fibonacci') : node;
    if (!client.ok) {
      log(client.error.message);
      return 1;
    }
    const ready = await client.value.waitForActionServer(budget);
    if (!ready.ok) {
      log(`Action server not available: ${ready.error.message}`);
      return 1;
    }
    let feedbackCount = 0;
    log('Sending goal');
    const goal = client.value.sendGoal(
      { order },
      {
        goalResponse: (accepted) =>
          log(
            accepted.ok && accepted.value
              ? 'Goal accepted by server, waiting for result'
              : 'Goal was rejected by server',
          ),
        feedback: (handle, feedback) => {
          log(`Next number in sequence received: ${[...feedback.sequence].join(' ')}`);
          if (++feedbackCount === cancelAfter) {
            const canceled = client.value.cancelGoal(handle);
            if (canceled.ok) {
              void canceled.value.wait(budget).then((a) => {
                if (a.ok && a.value.returnCode === CancelReturnCode.None) log('Goal is canceling');
              });
            }
          }
        },
      },
    );
    if (!goal.ok) {
      log(goal.error.message);
      return 1;
    }
    const accepted = await goal.value.acceptance.wait(budget);
    if (!accepted.ok || !accepted.value) return 1;
    const result = await goal.value.result().wait(budget);
    if (!result.ok) {
      log(`No result: ${result.error.message}`);
      return 1;
    }
    const names: Record<number, string> = {
      [GoalStatus.Succeeded]: 'succeeded',
      [GoalStatus.Canceled]: 'canceled',
      [GoalStatus.Aborted]: 'aborted',
    };
    log(`Goal ${names[result.value.code] ?? 'ended'}; result: ${[...result.value.result.sequence].join(' ')}`);
    return result.value.code === GoalStatus.Succeeded || (cancelAfter > 0 && result.value.code === GoalStatus.Canceled)
      ? 0
      : 1;
  } finally {
    await executor.shutdown();
  }
}

runIfMain(import.meta.url, main);
