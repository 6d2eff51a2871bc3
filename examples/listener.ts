/**
 * The ROS demo listener: prints what arrives on `chatter`, exits after `--count` messages or
 * when `--budget-ms` runs out (exit code 1 then).
 *   npx tsx examples/listener.ts [--count 10] [--budget-ms 60000] [--router ws/127.0.0.1:10000]
 */
import { Executor, std_msgs } from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 10, { 'budget-ms': 60_000 });
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
  let heard = 0;
  const node = executor.createNode('listener');
  const subscribed = node.ok
    ? node.value.createSubscription(std_msgs.msg.String, 'chatter', (message) => {
        log(`I heard: '${message.data}'`);
        if (++heard >= args.count) executor.cancel();
      })
    : node;
  if (!subscribed.ok) {
    log(subscribed.error.message);
    await executor.shutdown();
    return 1;
  }
  const budget = args.numbers['budget-ms'] ?? 60_000;
  await executor.spinFor(budget);
  await executor.shutdown();
  if (heard < args.count) {
    log(`heard ${heard} of ${args.count} messages within ${budget} ms`);
    return 1;
  }
  return 0;
}

runIfMain(import.meta.url, main);
