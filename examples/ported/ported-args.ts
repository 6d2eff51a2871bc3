/**
 * Shared by the ported rclcpp programs: the example's own flags come before `--ros-args`
 * (`--router`, `--count`, its numbers), everything from `--ros-args` on goes to the node as
 * rclcpp's `argv` does (remaps, `-p`, `--log-level`); and the `main` they all have.
 */
import { Executor, type ResultOf } from '../../src/index.js';
import { type CommonArgs, parseExampleArgs } from '../example-args.js';

export interface PortedArgs extends CommonArgs {
  /** `--ros-args ...` as given, for NodeOptions.arguments; empty without it. */
  readonly rosArgs: readonly string[];
}

export function parsePortedArgs(
  argv: readonly string[],
  count: number,
  numbers: Record<string, number> = {},
): ResultOf<PortedArgs> {
  const at = argv.indexOf('--ros-args');
  const own = at < 0 ? argv : argv.slice(0, at);
  const parsed = parseExampleArgs(own, count, numbers);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { ...parsed.value, rosArgs: at < 0 ? [] : argv.slice(at) } };
}

/**
 * rclcpp's `main`: parse the flags (exit 2 on a bad one), open the executor (`--router` or
 * in-process), run the program, shut down; exit 1 with the reason when `run` answers an error.
 */
export async function runPorted(
  argv: readonly string[],
  defaults: { readonly count?: number; readonly numbers?: Record<string, number> },
  run: (executor: Executor, args: PortedArgs) => Promise<ResultOf<unknown>>,
): Promise<number> {
  const args = parsePortedArgs(argv, defaults.count ?? Number.POSITIVE_INFINITY, defaults.numbers);
  if (!args.ok) {
    console.error(args.error.message);
    return 2;
  }
  const created = await Executor.create({ router: args.value.router });
  if (!created.ok) {
    console.error(`cannot start: ${created.error.message}`);
    return 1;
  }
  const done = await run(created.value, args.value);
  if (!done.ok) console.error(done.error.message);
  await created.value.shutdown();
  return done.ok ? 0 : 1;
}

/** `rclcpp::spin(node)` once the node is made: until `executor.cancel()` (or Ctrl-C). */
export async function spinOnceMade(executor: Executor, made: ResultOf<unknown>): Promise<ResultOf<unknown>> {
  return made.ok ? executor.spin() : made;
}
