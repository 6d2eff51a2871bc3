/**
 * The `rclts` command: ros2-style tools without ROS, over a router (`--router ws/HOST:PORT`)
 * or in-process, on the bundled interface packages; and the interface generator.
 */

import { EXIT_CODES_HELP } from '../usage.js';
import { type CliIo, ExitCode, type ParsedArgs, parseArgs } from './cli-args.js';
import { QOS_OPTIONS } from './cli-qos.js';
import { runAction } from './cmd-action.js';
import { runBagInfo } from './cmd-bag-info.js';
import { runBagPlay } from './cmd-bag-play.js';
import { runBagRecord } from './cmd-bag-record.js';
import { runGraphCommand } from './cmd-graph.js';
import { runGenerate, runInterface } from './cmd-interface.js';
import { runLifecycle } from './cmd-lifecycle.js';
import { runParam } from './cmd-param.js';
import { runServiceEcho } from './cmd-service-echo.js';
import { runTfEcho } from './cmd-tf-echo.js';
import { runServiceCall, runTopicIo } from './cmd-topic-io.js';

/** One usage line per command group: what a usage error of that group prints. */
export const COMMAND_USAGE = {
  interfaces: 'interfaces generate <pkg dirs>... --out <dir> [--rclts <module>]   your .msg/.srv/.action to TypeScript',
  interface: 'interface list | show <pkg/msg/Name>                               the bundled types',
  node: 'node list | info <node> [--include-hidden]',
  topic: 'topic list [-t] | info <topic> | echo <topic> [type] | hz <topic> [type] | pub <topic> <type> [values]',
  service: 'service list [-t] | type <service> | call <service> <type> [values] | echo <service> [type]',
  param: 'param list [node] | get <node> <name> | set <node> <name> <value> | dump <node>',
  lifecycle: 'lifecycle get <node> | list <node> | set <node> <transition>',
  action: 'action list [-t] | info <action> | send_goal <action> <pkg/action/Name> [values] [--feedback]',
  tf: 'tf echo <target frame> <source frame> [--rate HZ] [--budget MS]   tf2_echo: the latest transform',
  bag: 'bag info <bag folder or .mcap>                                   what ros2 bag info prints',
  'bag record':
    'bag record [topics...] [-a] [-e REGEX] [-x REGEX] [-o DIR] [--max-bag-size B] [--max-bag-duration S] [--compression-format zstd|lz4]',
  'bag play':
    'bag play <bag> [--rate R] [--loop] [--topics T...] [--remap A:=B...] [--start-offset S] [--clock [HZ]] [--start-paused]',
} as const;

export const USAGE = `usage: rclts <command> [options]

${Object.values(COMMAND_USAGE)
  .map((line) => `  ${line}`)
  .join('\n')}

graph options: --router ws/HOST:PORT (default: in-process, which sees only itself), --domain N,
  --wait-ms N (discovery, default 1500)
echo/hz (service echo too): --once, --count N, --timeout-ms N, --window-ms N    echo: --field a.b    pub: --once, --times N, --rate HZ
echo/hz/pub QoS: --qos-profile default|sensor_data|services_default|parameters|parameter_events|rosout_default,
  --qos-depth N, --qos-history keep_last|keep_all, --qos-reliability reliable|best_effort,
  --qos-durability volatile|transient_local (default: the default profile, reliable volatile keep-last 10)
call, param, lifecycle, send_goal: --timeout-ms N (default 5000; send_goal: for the server and the acceptance)
types: the bundled packages, and your own with --interfaces <package dirs, comma-separated>
values: YAML flow style, as ros2 takes them: "{linear: {x: 1.0}, angular: {z: 0.5}}"
${EXIT_CODES_HELP}
`;

const VALUED = [
  'interfaces',
  'router',
  'domain',
  'wait-ms',
  'count',
  'timeout-ms',
  'window-ms',
  'times',
  'rate',
  'out',
  'rclts',
  'field',
  'budget',
  ...QOS_OPTIONS,
];

const VERBS: Readonly<Record<string, readonly string[]>> = {
  interfaces: ['generate'],
  interface: ['list', 'show'],
  node: ['list', 'info'],
  topic: ['list', 'info', 'echo', 'hz', 'pub'],
  service: ['list', 'type', 'call', 'echo'],
  param: ['list', 'get', 'set', 'dump'],
  lifecycle: ['get', 'set', 'list'],
  action: ['list', 'info', 'send_goal'],
  tf: ['echo'],
  bag: ['info', 'record', 'play'],
};

/** The usage line of `group` after a usage error (the command has said what was wrong). */
function usageHint(group: keyof typeof COMMAND_USAGE): string {
  return `usage: rclts ${COMMAND_USAGE[group].replace(/ {3,}.*$/, '')}   (rclts --help: every command)\n`;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [group, verb, ...rest] = argv;
  if (group === '--help' || group === '-h' || group === 'help') {
    io.out(USAGE);
    return ExitCode.Ok;
  }
  if (group === undefined) {
    io.err(`rclts: no command given\n${USAGE}`);
    return ExitCode.Misuse;
  }
  if (!Object.hasOwn(VERBS, group) || verb === undefined || !VERBS[group]!.includes(verb)) {
    io.err(`rclts: unknown command '${[group, verb].filter(Boolean).join(' ')}'\n${USAGE}`);
    return ExitCode.Misuse;
  }
  const known = group as keyof typeof COMMAND_USAGE;
  // Their own options (short forms, lists), as ros2 bag record/play take them.
  if (group === 'bag' && (verb === 'record' || verb === 'play')) {
    const code = await (verb === 'record' ? runBagRecord(rest, io) : runBagPlay(rest, io));
    if (code === ExitCode.Misuse) io.err(usageHint(`bag ${verb}`));
    return code;
  }
  const args = parseArgs(rest, VALUED);
  if (typeof args === 'string') {
    io.err(`rclts: ${args}\n${usageHint(known)}`);
    return ExitCode.Misuse;
  }
  const code = await runCommand(known, verb, args, io);
  if (code === ExitCode.Misuse) io.err(usageHint(known));
  return code;
}

function runCommand(
  group: keyof typeof COMMAND_USAGE,
  verb: string,
  args: ParsedArgs,
  io: CliIo,
): Promise<ExitCode> | ExitCode {
  if (group === 'interfaces') return runGenerate(args, io);
  if (group === 'interface') return runInterface(verb, args, io);
  if (group === 'topic' && (verb === 'echo' || verb === 'pub' || verb === 'hz')) return runTopicIo(verb, args, io);
  if (group === 'service' && verb === 'call') return runServiceCall(args, io);
  if (group === 'service' && verb === 'echo') return runServiceEcho(args, io);
  if (group === 'param') return runParam(verb, args, io);
  if (group === 'lifecycle') return runLifecycle(verb, args, io);
  if (group === 'action') return runAction(verb, args, io);
  if (group === 'tf') return runTfEcho(args, io);
  if (group === 'bag' && verb === 'info') return runBagInfo(args, io);
  return runGraphCommand(group, verb, args, io);
}
