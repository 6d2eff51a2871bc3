/**
 * The whole command line as rcl_parse_arguments reads it: every `--ros-args ... [--]`
 * section (there may be several; `--ros-args` inside one is ignored, `--` ends it), and
 * outside them the user's arguments (rclcpp's remove_ros_arguments keeps those) plus
 * remap rules in the form rcl still takes there (`from:=to` without `-r`, deprecated).
 *
 * A flag rclts does not implement answers Unsupported naming it; a flag without its value or
 * with a malformed one answers InvalidArgument naming it; an unknown argument inside a section
 * is kept in `unparsedRos` (rclcpp refuses those when it creates the node or context).
 */

import { describeThrown, describeValue, err, ok, type ResultOf } from '../../result.js';
import { type RemapRule, parseRemapRule } from './remap-rule.js';
import { type LogLevelRule, type ParamOverride, parseLogLevelRule, parseParamRule } from './rules.js';

/** A `-p` rule and where it was (parameter sources apply in argument order, later wins). */
export interface PositionedParamOverride extends ParamOverride {
  readonly at: number;
}

/** A `--params-file` and where it was. */
export interface ParamsFileArg {
  readonly path: string;
  readonly at: number;
}

export interface RosArguments {
  /** Remap rules in the order given (first match wins). */
  readonly remaps: readonly RemapRule[];
  readonly paramOverrides: readonly PositionedParamOverride[];
  readonly paramsFiles: readonly ParamsFileArg[];
  /** The default level first (name undefined), then per logger; a repeated name keeps its last level. */
  readonly logLevels: readonly LogLevelRule[];
  /** `--enable-rosout-logs` / `--disable-rosout-logs`, the last one given; undefined: neither. */
  readonly enableRosout: boolean | undefined;
  /** Arguments inside a `--ros-args` section that are no ROS flag. */
  readonly unparsedRos: readonly string[];
  /** Everything outside the sections: the program's own arguments. */
  readonly userArgs: readonly string[];
}

/** Flags rcl knows, with a value, that rclts does not implement, and why. */
const UNSUPPORTED_VALUED: Readonly<Record<string, string>> = {
  '--log-config-file': 'rclts has no external logging library to configure',
  '--log-file-name': 'rclts writes no log files',
  '-e': 'rclts has no security enclaves (every node uses enclave /)',
  '--enclave': 'rclts has no security enclaves (every node uses enclave /)',
};

/** Switches rcl knows that rclts does not implement, and why. */
const UNSUPPORTED_SWITCH: Readonly<Record<string, string>> = {
  '--disable-stdout-logs': 'the rclts logger cannot be kept off the console from the command line',
  '--enable-external-lib-logs': 'rclts has no external logging library',
};

/** Switches that ask for what rclts already does: accepted, nothing to change. */
const ALREADY_SO = new Set(['--enable-stdout-logs', '--disable-external-lib-logs']);

const VALUED = new Set(['-r', '--remap', '-p', '--param', '--params-file', '--log-level']);

interface Gathered {
  remaps: RemapRule[];
  paramOverrides: PositionedParamOverride[];
  paramsFiles: ParamsFileArg[];
  defaultLevel: LogLevelRule | undefined;
  levels: Map<string, LogLevelRule>;
  enableRosout: boolean | undefined;
  unparsedRos: string[];
  userArgs: string[];
}

/** One ROS flag at `args[i]`; answers how many arguments it took, or the error. */
function readFlag(g: Gathered, args: readonly string[], i: number): ResultOf<number> {
  const flag = args[i] as string;
  if (flag === '--enable-rosout-logs' || flag === '--disable-rosout-logs') {
    g.enableRosout = flag === '--enable-rosout-logs';
    return ok(1);
  }
  if (ALREADY_SO.has(flag)) return ok(1);
  const switchWhy = UNSUPPORTED_SWITCH[flag];
  if (switchWhy !== undefined) return err('Unsupported', `--ros-args ${flag}: ${switchWhy}`);
  const valuedWhy = UNSUPPORTED_VALUED[flag];
  if (valuedWhy !== undefined) {
    if (i + 1 >= args.length) return err('InvalidArgument', `--ros-args: ${flag} needs a value`);
    return err('Unsupported', `--ros-args ${flag} ${args[i + 1]}: ${valuedWhy}`);
  }
  if (!VALUED.has(flag)) {
    g.unparsedRos.push(flag);
    return ok(1);
  }
  const value = args[i + 1];
  if (value === undefined) return err('InvalidArgument', `--ros-args: ${flag} needs a value`);
  if (flag === '-r' || flag === '--remap') {
    const rule = parseRemapRule(value);
    if (!rule.ok) return err(rule.error.name, `--ros-args ${flag}: ${rule.error.message}`);
    g.remaps.push(rule.value);
  } else if (flag === '-p' || flag === '--param') {
    const rule = parseParamRule(flag, value);
    if (!rule.ok) return err(rule.error.name, `--ros-args ${rule.error.message}`);
    g.paramOverrides.push({ ...rule.value, at: i });
  } else if (flag === '--params-file') {
    g.paramsFiles.push({ path: value, at: i });
  } else {
    const rule = parseLogLevelRule(value);
    if (!rule.ok) return err(rule.error.name, `--ros-args ${rule.error.message}`);
    if (rule.value.name === undefined) g.defaultLevel = rule.value;
    else g.levels.set(rule.value.name, rule.value);
  }
  return ok(2);
}

/** The arguments as a plain array of strings, read once (a hostile array answers an error, not a throw). */
function copyStrings(args: unknown): ResultOf<readonly string[]> {
  try {
    if (!Array.isArray(args)) {
      return err('InvalidArgument', `arguments must be an array of strings, got ${describeValue(args)}`);
    }
    const out: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a: unknown = args[i];
      if (typeof a !== 'string')
        return err('InvalidArgument', `arguments[${i}] must be a string, got ${describeValue(a)}`);
      out.push(a);
    }
    return ok(out);
  } catch (thrown) {
    return err('InvalidArgument', `arguments could not be read: ${describeThrown(thrown)}`);
  }
}

/** rcl_parse_arguments over `args` (without the program name). */
export function parseRosArguments(args: readonly unknown[]): ResultOf<RosArguments> {
  const copied = copyStrings(args);
  if (!copied.ok) return copied;
  const strings = copied.value;
  const g: Gathered = {
    remaps: [],
    paramOverrides: [],
    paramsFiles: [],
    defaultLevel: undefined,
    levels: new Map(),
    enableRosout: undefined,
    unparsedRos: [],
    userArgs: [],
  };
  let inRos = false;
  for (let i = 0; i < strings.length; ) {
    const a = strings[i] as string;
    if (a === '--ros-args') {
      inRos = true;
      i++;
    } else if (inRos && a === '--') {
      inRos = false;
      i++;
    } else if (inRos) {
      const took = readFlag(g, strings, i);
      if (!took.ok) return took;
      i += took.value;
    } else {
      const deprecated = a.includes(':=') ? parseRemapRule(a) : undefined;
      if (deprecated?.ok === true) g.remaps.push(deprecated.value);
      else g.userArgs.push(a);
      i++;
    }
  }
  const logLevels = [...(g.defaultLevel === undefined ? [] : [g.defaultLevel]), ...g.levels.values()];
  return ok({
    remaps: g.remaps,
    paramOverrides: g.paramOverrides,
    paramsFiles: g.paramsFiles,
    logLevels,
    enableRosout: g.enableRosout,
    unparsedRos: g.unparsedRos,
    userArgs: g.userArgs,
  });
}

/** rclcpp's remove_ros_arguments: the arguments that are not ROS's. */
export function removeRosArguments(args: readonly unknown[]): ResultOf<readonly string[]> {
  const parsed = parseRosArguments(args);
  return parsed.ok ? ok(parsed.value.userArgs) : parsed;
}
