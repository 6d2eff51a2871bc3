/**
 * The ROS action tutorial's server: `fibonacci` (example_interfaces/action/Fibonacci). Each
 * accepted goal grows its sequence one step per --period-ms, publishing it as feedback, and
 * succeeds at `order` steps; a cancel request is accepted and ends the goal as canceled.
 *   npx tsx examples/fibonacci_action_server.ts [--count N] [--period-ms 100] [--router ws/127.0.0.1:10000]
 * Serves until Ctrl-C, or until --count goals have finished.
 */
import { CancelResponse, Executor, example_interfaces, GoalResponse, type ServerGoalHandle } from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

type Goal = ServerGoalHandle<
  example_interfaces.action.Fibonacci_Goal,
  example_interfaces.action.Fibonacci_Result,
  example_interfaces.action.Fibonacci_Feedback
>;

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, Number.POSITIVE_INFINITY, { 'period-ms': 100 });
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
  const running = new Map<Goal, number[]>();
  let finished = 0;
  const done = (): void => {
    if (++finished >= args.count) executor.cancel();
  };
  const node = executor.createNode('fibonacci_action_server');
  const server = node.ok
    ? node.value.createActionServer(example_interfaces.action.Fibonacci, 'fibonacci', {
        goal: (_id, goal) => {
          log(`Received goal request with order ${goal.order}`);
          return goal.order < 0 || goal.order > 46 ? GoalResponse.Reject : GoalResponse.AcceptAndExecute;
        },
        cancel: () => {
          log('Received request to cancel goal');
          return CancelResponse.Accept;
        },
        accepted: (goal) => {
          running.set(goal, [0, 1]);
        },
      })
    : node;
  // One step of every running goal per period, in spin like every other callback.
  const timer = node.ok
    ? node.value.createWallTimer(args.numbers['period-ms'] ?? 100, () => {
        for (const [goal, sequence] of running) {
          if (goal.isCanceling()) {
            goal.canceled({ sequence });
            log('Goal canceled');
          } else if (sequence.length > goal.goal.order) {
            goal.succeed({ sequence });
            log('Goal succeeded');
          } else {
            sequence.push((sequence.at(-1) as number) + (sequence.at(-2) as number));
            goal.publishFeedback({ sequence });
            log('Publish feedback');
            continue;
          }
          running.delete(goal);
          done();
        }
      })
    : node;
  const failed = !server.ok ? server : !timer.ok ? timer : undefined;
  if (failed !== undefined) {
    log(failed.error.message);
    await executor.shutdown();
    return 1;
  }
  const stop = (): void => executor.cancel();
  process.once('SIGINT', stop);
  log('Fibonacci action server ready.');
  await executor.spin();
  process.off('SIGINT', stop);
  await executor.shutdown();
  return 0;
}

runIfMain(import.meta.url, main);
