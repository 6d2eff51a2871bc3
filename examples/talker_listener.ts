/**
 * Talker and listener in one process, one executor, over the in-process backend (or a
 * router with --router): the listener hears every message the talker sends.
 *   npx tsx examples/talker_listener.ts [--count 5] [--period-ms 100]
 */
import { Executor, std_msgs } from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 5, { 'period-ms': 100, 'budget-ms': 30_000 });
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
  const talker = executor.createNode('talker');
  const listener = executor.createNode('listener');
  if (!talker.ok || !listener.ok) {
    await executor.shutdown();
    return 1;
  }
  let heard = 0;
  const sub = listener.value.createSubscription(std_msgs.msg.String, 'chatter', (message) => {
    log(`I heard: '${message.data}'`);
    if (++heard >= args.count) executor.cancel();
  });
  const pub = talker.value.createPublisher(std_msgs.msg.String, 'chatter');
  if (!sub.ok || !pub.ok) {
    await executor.shutdown();
    return 1;
  }
  let n = 0;
  // Keeps publishing until the listener has heard `count` (over a network the first ones may
  // go out before discovery completes).
  const timer = talker.value.createWallTimer(args.numbers['period-ms'] ?? 100, () => {
    const message = { data: `Hello World: ${++n}` };
    log(`Publishing: '${message.data}'`);
    pub.value.publish(message);
  });
  if (!timer.ok) {
    await executor.shutdown();
    return 1;
  }
  await executor.spinFor(args.numbers['budget-ms'] ?? 30_000);
  await executor.shutdown();
  return heard >= args.count ? 0 : 1;
}

runIfMain(import.meta.url, main);
