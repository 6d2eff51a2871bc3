/**
 * Shared by the ported rclcpp programs: the example's own flags come before `--ros-args`
 * (`--router`, `--count`, its numbers), everything from `--ros-args` on goes to the node as
 * rclcpp's `argv` does (remaps, `-p`, `--log-level`).
 */

import type { ResultOf } from '../../src/index.js';
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
