/**
 * A managed talker: its publisher only publishes while the node is active. By default it
 * drives itself (configure, activate, talk, deactivate, shutdown); with --managed it waits to
 * be driven (`rclts lifecycle set /lc_talker configure`, then `activate`) until --count
 * messages went out.
 *   npx tsx examples/lifecycle_talker.ts [--count 5] [--period-ms 500] [--managed] [--router ws/...]
 */
import { CallbackReturn, Executor, LifecycleNode } from '../src/index.js';
import { std_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const managed = argv.includes('--managed');
  const parsed = parseExampleArgs(
    argv.filter((a) => a !== '--managed'),
    5,
    { 'period-ms': 500 },
  );
  if (!parsed.ok) {
    log(parsed.error.message);
    return 2;
  }
  const created = await Executor.create({ router: parsed.value.router });
  if (!created.ok) {
    log(`cannot start: ${created.error.message}`);
    return 1;
  }
  const executor = created.value;
  const made = LifecycleNode.create(executor, 'lc_talker', {
    callbacks: {
      onConfigure: () => {
        log('on_configure: publisher ready, not yet publishing');
        return CallbackReturn.SUCCESS;
      },
      onActivate: () => {
        log('on_activate: publishing');
        return CallbackReturn.SUCCESS;
      },
      onDeactivate: () => {
        log('on_deactivate: silent');
        return CallbackReturn.SUCCESS;
      },
    },
  });
  if (!made.ok) return fail(log, made.error.message, executor);
  const lc = made.value;
  const publisher = lc.createPublisher(std_msgs.msg.String, 'chatter');
  if (!publisher.ok) return fail(log, publisher.error.message, executor);
  let n = 0;
  const timer = lc.node.createWallTimer(parsed.value.numbers['period-ms'] ?? 500, () => {
    const sent = publisher.value.publish({ data: `Lifecycle HelloWorld #${n + 1}` });
    if (!sent.ok) {
      if (!managed) log(`not published: ${sent.error.message}`);
      return;
    }
    n++;
    log(`Publishing: 'Lifecycle HelloWorld #${n}'`);
    if (n >= parsed.value.count) executor.cancel();
  });
  if (!timer.ok) return fail(log, timer.error.message, executor);
  if (!managed) {
    for (const step of [() => lc.configure(), () => lc.activate()]) {
      const r = await step();
      if (!r.ok) return fail(log, r.error.message, executor);
    }
  } else log(`waiting: rclts lifecycle set ${lc.node.getFullyQualifiedName()} configure, then activate`);
  await executor.spin();
  if (!managed) {
    await lc.deactivate();
    const refused = publisher.value.publish({ data: 'after deactivate' });
    if (!refused.ok) log(`after deactivate: ${refused.error.message}`);
    const down = await lc.shutdown();
    log(`state: ${down.ok ? down.value.label : down.error.message}`);
  }
  await executor.shutdown();
  return 0;
}

async function fail(log: Log, message: string, executor: { shutdown(): Promise<unknown> }): Promise<number> {
  log(message);
  await executor.shutdown();
  return 1;
}

runIfMain(import.meta.url, main);
