/**
 * Bags: a recorder records a talker's /chatter into a bag (in memory here; `nodeBagFiles(dir)`
 * writes a folder that `ros2 bag info` reads), then a player plays it back twice as fast on
 * /chatter_replayed, where a listener hears the same messages with half the spacing.
 *   npx tsx examples/bag_record_play.ts [--count 5] [--router ws/127.0.0.1:10000]
 */
import {
  createPlayer,
  Executor,
  type Executor as ExecutorT,
  memoryBagFiles,
  openBagReader,
  openBagWriter,
  startRecording,
  std_msgs,
} from '../src/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const parsed = parseExampleArgs(argv, 5);
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const created = await Executor.create({ router: parsed.value.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const code = await run(created.value, parsed.value.count, log);
  await created.value.shutdown();
  return code;
}

async function run(executor: ExecutorT, count: number, log: Log): Promise<number> {
  const node = executor.createNode('bag_demo');
  if (!node.ok) return failed(log, node.error.message);
  const talker = node.value.createPublisher(std_msgs.msg.String, '/chatter');
  if (!talker.ok) return failed(log, talker.error.message);

  // Record: the recorder subscribes to /chatter and writes what arrives, in spin.
  const files = memoryBagFiles('demo_bag');
  const writer = await openBagWriter({ files });
  if (!writer.ok) return failed(log, writer.error.message);
  const recorder = startRecording(node.value, { writer: writer.value, topics: ['/chatter'] });
  if (!recorder.ok) return failed(log, recorder.error.message);
  await executor.spinFor(200); // the recorder's subscription is matched
  for (let i = 0; i < count; i++) {
    talker.value.publish({ data: `hello ${i}` });
    await executor.spinFor(100);
  }
  const report = await recorder.value.stop(5000);
  if (!report.ok) return failed(log, report.error.message);
  const { messages, dropped } = report.value.stats;
  log(`recorded ${messages} messages, dropped ${dropped.queue_overflow + dropped.message_lost + dropped.write_failed}`);

  // Play: twice as fast, remapped, to a listener.
  const reader = await openBagReader({ files });
  if (!reader.ok) return failed(log, reader.error.message);
  let last: number | undefined;
  const heard = node.value.createSubscription(std_msgs.msg.String, '/chatter_replayed', (m) => {
    const now = performance.now();
    log(
      `replayed '${m.data}'${last === undefined ? '' : ` ${Math.round((now - last) / 10) * 10} ms after the previous`}`,
    );
    last = now;
  });
  if (!heard.ok) return failed(log, heard.error.message);
  const player = createPlayer(node.value, {
    reader: reader.value,
    rate: 2,
    remap: { '/chatter': '/chatter_replayed' },
  });
  if (!player.ok) return failed(log, player.error.message);
  await player.value.ready(5000);
  player.value.play();
  const done = await player.value.waitForFinish(30_000);
  await executor.spinFor(100);
  player.value.stop();
  await reader.value.close();
  if (!done.ok) return failed(log, done.error.message);
  log(`played ${player.value.stats().published} messages at rate 2`);
  return 0;
}

function failed(log: Log, message: string): number {
  log(message);
  return 1;
}

runIfMain(import.meta.url, main);
