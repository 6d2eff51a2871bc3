/**
 * The node logger as rclcpp's users know it (RCLCPP_INFO, _ONCE, _SKIPFIRST, _THROTTLE,
 * _EXPRESSION), its child loggers, its levels from `--ros-args --log-level`, and its records on
 * /rosout, which a second node counts.
 *   npx tsx examples/logging_demo.ts [--count 10] [--period-ms 200] [--ros-args --log-level debug]
 * Lines go to stderr in rcutils's format (`[INFO] [1700000000.123456789] [logging_demo]: ...`);
 * RCUTILS_CONSOLE_OUTPUT_FORMAT and RCUTILS_COLORIZED_OUTPUT change them as they change rclcpp's.
 */
import { Executor, QoS, setLogOutput } from '../src/index.js';
import { rcl_interfaces } from '../src/rclcpp/interfaces/generated/index.js';
import { type Log, parseExampleArgs, runIfMain } from './example-args.js';

/** `log` given: the logger's lines go to it too (the tests read them there). */
export async function main(argv: readonly string[], log?: Log): Promise<number> {
  const at = argv.indexOf('--ros-args');
  const own = at < 0 ? argv : argv.slice(0, at);
  const parsed = parseExampleArgs(own, 10, { 'period-ms': 200 });
  const say = log ?? ((line: string) => console.log(line));
  if (!parsed.ok) {
    say(parsed.error.message);
    return 2;
  }
  const { count, router, numbers } = parsed.value;
  const periodMs = numbers['period-ms'] ?? 200;
  if (log !== undefined) setLogOutput((line) => log(line));
  try {
    const created = await Executor.create({ router });
    if (!created.ok) {
      say(`cannot start: ${created.error.message}`);
      return 1;
    }
    const executor = created.value;
    let heard = 0;
    const watcher = executor.createNode('rosout_watcher', { enableRosout: false });
    if (!watcher.ok) return fail(say, watcher.error.message, executor);
    const sub = watcher.value.createSubscription(rcl_interfaces.msg.Log, '/rosout', () => void heard++, QoS.rosout());
    if (!sub.ok) return fail(say, sub.error.message, executor);

    const made = executor.createNode('logging_demo', { arguments: at < 0 ? [] : argv.slice(at) });
    if (!made.ok) return fail(say, made.error.message, executor);
    const node = made.value;
    const logger = node.getLogger();
    const worker = logger.getChild('worker');
    let n = 0;
    const timer = node.createWallTimer(periodMs, () => {
      n++;
      logger.debug(() => `tick ${n} (built only at debug level)`);
      logger.infoOnce('the first tick');
      logger.infoSkipFirst(`tick ${n}, not the first`);
      logger.warnThrottle(node, periodMs * 10, `at most once per ${periodMs * 10} ms (tick ${n})`);
      worker.errorExpression(n === count, `the last tick (${n})`);
      if (n >= count) executor.cancel();
    });
    if (!timer.ok) return fail(say, timer.error.message, executor);
    await executor.spin();
    timer.value.cancel();
    // The last records reach the watcher on the next rounds.
    await executor.spinFor(50);
    say(`/rosout carried ${heard} records`);
    await executor.shutdown();
    return 0;
  } finally {
    if (log !== undefined) setLogOutput(undefined);
  }
}

async function fail(say: Log, message: string, executor: { shutdown(): Promise<unknown> }): Promise<number> {
  say(message);
  await executor.shutdown();
  return 1;
}

runIfMain(import.meta.url, main);
