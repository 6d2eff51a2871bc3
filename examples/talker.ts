/**
 * The ROS demo talker: publishes `Hello World: N` on `chatter`.
 *   npx tsx examples/talker.ts [--count 10] [--period-ms 1000] [--router ws/127.0.0.1:10000]
 * In-process by default (a lone talker then has no listener; see talker_listener.ts).
 */
import { Executor, std_msgs } from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 10, { 'period-ms': 1000 });
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
  const node = executor.createNode('talker');
  if (!node.ok) return fail(log, node.error.message, executor);
  const publisher = node.value.createPublisher(std_msgs.msg.String, 'chatter');
  if (!publisher.ok) return fail(log, publisher.error.message, executor);
  let n = 0;
  const timer = node.value.createWallTimer(args.numbers['period-ms'] ?? 1000, () => {
    n++;
    const message = { data: `Hello World: ${n}` };
    log(`Publishing: '${message.data}'`);
    const sent = publisher.value.publish(message);
    if (!sent.ok) log(`publish failed: ${sent.error.message}`);
    if (n >= args.count) executor.cancel();
  });
  if (!timer.ok) return fail(log, timer.error.message, executor);
  await executor.spin();
  await executor.shutdown();
  return 0;
}

async function fail(log: Log, message: string, executor: { shutdown(): Promise<unknown> }): Promise<number> {
  log(message);
  await executor.shutdown();
  return 1;
}

runIfMain(import.meta.url, main);
