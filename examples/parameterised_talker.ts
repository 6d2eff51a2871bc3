/**
 * A talker whose greeting and period are parameters: overridable from the command line as
 * ros2 takes them, changeable at run time (`rclts param set /param_talker greeting Hi`), and
 * validated (an empty greeting is refused with a reason, the old one stays).
 *   npx tsx examples/parameterised_talker.ts [--count 10] [--router ws/127.0.0.1:10000] \
 *     --ros-args -p greeting:=Hi -p period_ms:=200 [--params-file talker.yaml]
 */
import { Executor, ParameterType } from '../src/index.js';
import { std_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

export async function main(argv: readonly string[], log: Log = console.log): Promise<number> {
  const rosAt = argv.indexOf('--ros-args');
  const own = rosAt < 0 ? argv : argv.slice(0, rosAt);
  const parsed = parseExampleArgs(own, 10);
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
  const made = executor.createNode('param_talker', { arguments: argv });
  if (!made.ok) return fail(log, made.error.message, executor);
  const node = made.value;
  const greeting = node.declareParameter('greeting', 'Hello World', { description: 'what each message says' });
  const period = node.declareParameter('period_ms', 1000n, {
    type: ParameterType.INTEGER,
    description: 'time between messages',
    integerRange: { from: 1n, to: 60_000n },
    readOnly: true,
  });
  if (!greeting.ok) return fail(log, greeting.error.message, executor);
  if (!period.ok) return fail(log, period.error.message, executor);
  node.addOnSetParametersCallback((params) => {
    const empty = params.find((p) => p.name === 'greeting' && p.value === '');
    return empty === undefined
      ? { successful: true, reason: '' }
      : { successful: false, reason: 'greeting must not be empty' };
  });
  const publisher = node.createPublisher(std_msgs.msg.String, 'chatter');
  if (!publisher.ok) return fail(log, publisher.error.message, executor);
  let n = 0;
  const timer = node.createWallTimer(Number(period.value.value), () => {
    n++;
    // Read on every tick, so a `param set` takes effect at the next message.
    const now = node.getParameter('greeting');
    const message = { data: `${now.ok ? String(now.value.value) : '?'}: ${n}` };
    log(`Publishing: '${message.data}'`);
    publisher.value.publish(message);
    if (n >= parsed.value.count) executor.cancel();
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
