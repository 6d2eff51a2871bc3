/**
 * The `vrobots` command line, parsed into one command value. node:util parseArgs does the
 * option work (strict: an unknown option is misuse); the verbs are two levels deep at
 * most, which a small switch handles more plainly than a framework would.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { parseRouterLocators } from '../../rclcpp/index.js';
import { parseRobotType } from '../robot-type.js';
import { DEFAULT_SERVICE_TIMEOUT_MS } from '../sdk/connect-options.js';

export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | {
      readonly kind: 'sim';
      readonly router: string | undefined;
      readonly robots: readonly string[];
      readonly serviceDelayMs: number | undefined;
      readonly armPort: number | undefined;
      readonly quiet: boolean;
    }
  | {
      readonly kind: 'topic-list';
      readonly router: string | undefined;
      readonly windowMs: number;
      readonly keyword: string | undefined;
    }
  | { readonly kind: 'topic-hz'; readonly router: string | undefined; readonly key: string; readonly windowMs: number }
  | {
      readonly kind: 'robot-create';
      readonly router: string | undefined;
      readonly robotType: string;
      readonly timeoutMs: number;
    }
  | { readonly kind: 'web'; readonly router: string | undefined; readonly port: number }
  | {
      readonly kind: 'robot-delete';
      readonly router: string | undefined;
      readonly sysId: number;
      readonly timeoutMs: number;
    }
  | ArmCliCommand;

export const ARM_CLI_VERBS = ['status', 'connect', 'claim', 'release', 'disconnect', 'sweep'] as const;
export type ArmCliVerb = (typeof ARM_CLI_VERBS)[number];

export interface ArmCliCommand {
  readonly kind: 'arm';
  readonly verb: ArmCliVerb;
  readonly router: string | undefined;
  readonly sysId: number;
  /** The control identity: the same across invocations, so `connect` then `claim` are one owner. */
  readonly client: string;
  readonly pcIp: string | undefined;
  readonly rateHz: number | undefined;
  readonly transport: 'udp' | 'tcp' | undefined;
  readonly wait: boolean;
  readonly armHost: string | undefined;
  /** sweep: how long, and how far each joint swings (rad). */
  readonly sweepMs: number;
  readonly amplitude: number;
  readonly timeoutMs: number;
}

/** Misuse: one line saying what was wrong, and the usage line of the command at hand; exit 2. */
export interface CliMisuse {
  readonly kind: 'misuse';
  readonly message: string;
  readonly usage: string;
}

export const DEFAULT_LIST_SECONDS = 1.5;
export const DEFAULT_HZ_SECONDS = 5;
/** `vrobots web` listens on 127.0.0.1 at this port unless --port says otherwise. */
export const DEFAULT_WEB_PORT = 8760;
/** robot create / delete wait as long as the SDK's service_timeout. */
export const DEFAULT_ROBOT_TIMEOUT_SECONDS = DEFAULT_SERVICE_TIMEOUT_MS / 1000;
export const DEFAULT_SWEEP_SECONDS = 5;
export const DEFAULT_SWEEP_AMPLITUDE = 0.2;
export const DEFAULT_ARM_CLIENT = 'vrobots-cli';

/** One usage line per command: the hint a misuse prints. */
export const COMMAND_USAGE = {
  sim: 'vrobots sim [--router EP] [--robots TYPE,...] [--service-delay MS] [--arm-port PORT] [-q]',
  'topic list': `vrobots topic list [-t SECS=${DEFAULT_LIST_SECONDS}] [-k KEYWORD] [--router EP]`,
  'topic hz': `vrobots topic hz KEY [-w SECS=${DEFAULT_HZ_SECONDS}] [--router EP]`,
  'robot create': `vrobots robot create TYPE [--router EP] [--timeout SECS=${DEFAULT_ROBOT_TIMEOUT_SECONDS}]`,
  'robot delete': `vrobots robot delete ID [--router EP] [--timeout SECS=${DEFAULT_ROBOT_TIMEOUT_SECONDS}]`,
  web: `vrobots web [--router EP] [--port N=${DEFAULT_WEB_PORT}]`,
  arm: `vrobots arm <${ARM_CLI_VERBS.join(' | ')}> ID [--router EP] [--client NAME] [--pc-ip IP] [--rate HZ] [--transport udp|tcp] [--wait] [--arm-host HOST] [--secs SECS=${DEFAULT_SWEEP_SECONDS}] [--amp RAD=${DEFAULT_SWEEP_AMPLITUDE}]`,
  any: 'vrobots <sim | topic list | topic hz | robot create | robot delete | web | arm> [options]',
} as const;
type UsageOf = keyof typeof COMMAND_USAGE;

export const USAGE = `usage: vrobots <command> [options]

commands:
  ${COMMAND_USAGE.sim.slice('vrobots '.length)}
                               run the headless simulator until Ctrl-C (scene robots get ids
                               from 0; --arm-port: the first arm's stream port, the next
                               arms count up from it; -q: no event log)
  ${COMMAND_USAGE['topic list'].slice('vrobots '.length)}
                               list the vrobots keys that speak, with measured Hz and bytes
  ${COMMAND_USAGE['topic hz'].slice('vrobots '.length)}
                               rate, intervals, latency, seq and size of one key
  ${COMMAND_USAGE['robot create'].slice('vrobots '.length)}
                               ask the simulator's manager for a new robot; prints its sys_id
  ${COMMAND_USAGE['robot delete'].slice('vrobots '.length)}
                               delete a robot
  ${COMMAND_USAGE.web.slice('vrobots '.length)}
                               serve the web console on http://127.0.0.1:N/ (opens nothing;
                               without --router the page runs the simulator itself)
  arm <status | connect | claim | release | disconnect | sweep> ID [options]
                               the arm's real-time session: its status, the immediate
                               commands (--pc-ip, --rate HZ selects SOFT_RTI, --transport,
                               --wait) and a sine-sweep demo (--secs, --amp); --client names
                               the control owner (default ${DEFAULT_ARM_CLIENT})
options:
  --router EP[,EP...]          zenoh router with the remote-api plugin, e.g. ws/127.0.0.1:10000;
                               several (commas): tried in order, the next one after a router loss
  -V, --version                print the versions of rclts, zenoh-ts and node
  -h, --help                   print this help
exit codes: 0 ok, 1 ran and failed, 2 bad arguments`;

const misuse = (message: string, command: UsageOf = 'any'): CliMisuse => ({
  kind: 'misuse',
  message,
  usage: COMMAND_USAGE[command],
});

function seconds(name: string, text: string | undefined, fallback: number): number | CliMisuse {
  if (text === undefined) return fallback * 1000;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
    return misuse(`${name} must be a positive number of seconds, got '${text}'`);
  return value * 1000;
}

function routerOf(values: { router?: string | boolean | undefined }): string | undefined | CliMisuse {
  const router = values.router;
  if (router === undefined) return undefined;
  if (typeof router !== 'string' || router.trim() === '')
    return misuse('--router needs an endpoint, e.g. ws/127.0.0.1:10000');
  const parsed = parseRouterLocators(router);
  return parsed.ok ? parsed.value.joined : misuse(`--router: ${parsed.error.message}`);
}

type Values = Record<string, string | boolean | undefined>;

/** parseArgs's own messages are long and name its internals; say the same thing in one line. */
function parseArgsProblem(thrown: unknown): string {
  const e = thrown as { code?: unknown; message?: unknown };
  const text = typeof e?.message === 'string' ? e.message : '';
  const option = /'(-{1,2}[^' ]+)/.exec(text)?.[1];
  switch (e?.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return /^-\d/.test(option ?? '')
        ? `'${option}' is not a valid value here (numbers are >= 0)`
        : `unknown option '${option ?? '?'}'`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `option '${option ?? '?'}' needs a value`;
    default:
      return text.split('\n')[0] ?? 'bad arguments';
  }
}

function parse(
  args: readonly string[],
  options: NonNullable<ParseArgsConfig['options']>,
): { values: Values; positionals: string[] } | CliMisuse {
  try {
    const parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { values: parsed.values as Values, positionals: parsed.positionals };
  } catch (thrown) {
    return misuse(parseArgsProblem(thrown));
  }
}

/** Gives a misuse the usage line of the command it concerns. */
function about(command: UsageOf, r: CliCommand | CliMisuse): CliCommand | CliMisuse {
  return r.kind === 'misuse' ? { ...r, usage: COMMAND_USAGE[command] } : r;
}

const ROUTER = { router: { type: 'string' } } as const;

function parseSim(args: readonly string[]): CliCommand | CliMisuse {
  const p = parse(args, {
    ...ROUTER,
    robots: { type: 'string' },
    'service-delay': { type: 'string' },
    'arm-port': { type: 'string' },
    quiet: { type: 'boolean', short: 'q' },
  });
  if ('kind' in p) return p;
  if (p.positionals.length > 0) return misuse(`sim takes no arguments, got '${p.positionals.join(' ')}'`);
  const router = routerOf(p.values);
  if (typeof router === 'object') return router;
  const robotsText = p.values.robots;
  const robots =
    typeof robotsText === 'string'
      ? robotsText
          .split(',')
          .map((r) => r.trim())
          .filter((r) => r.length > 0)
      : [];
  for (const name of robots) {
    const known = parseRobotType(name, '--robots');
    if (!known.ok) return misuse(known.error.message);
  }
  let serviceDelayMs: number | undefined;
  const delayText = p.values['service-delay'];
  if (typeof delayText === 'string') {
    serviceDelayMs = Number(delayText);
    if (delayText.trim() === '' || !Number.isFinite(serviceDelayMs) || serviceDelayMs < 0) {
      return misuse(`--service-delay must be a number of ms >= 0, got '${delayText}'`);
    }
  }
  let armPort: number | undefined;
  const portText = p.values['arm-port'];
  if (typeof portText === 'string') {
    armPort = Number(portText);
    if (!/^\d{1,5}$/.test(portText) || armPort > 65535)
      return misuse(`--arm-port must be a port 0..65535, got '${portText}'`);
  }
  return { kind: 'sim', router, robots, serviceDelayMs, armPort, quiet: p.values.quiet === true };
}

function parseTopic(args: readonly string[]): CliCommand | CliMisuse {
  const [verb, ...rest] = args;
  if (verb === 'list') return about('topic list', parseTopicList(rest));
  if (verb === 'hz') return about('topic hz', parseTopicHz(rest));
  return misuse(
    verb === undefined ? 'topic needs a verb: list or hz' : `unknown topic verb '${verb}' (known: list, hz)`,
  );
}

function parseTopicList(rest: readonly string[]): CliCommand | CliMisuse {
  const p = parse(rest, { ...ROUTER, time: { type: 'string', short: 't' }, keyword: { type: 'string', short: 'k' } });
  if ('kind' in p) return p;
  if (p.positionals.length > 0) return misuse(`topic list takes no arguments, got '${p.positionals.join(' ')}'`);
  const router = routerOf(p.values);
  if (typeof router === 'object') return router;
  const windowMs = seconds('-t', p.values.time as string | undefined, DEFAULT_LIST_SECONDS);
  if (typeof windowMs === 'object') return windowMs;
  const keyword = typeof p.values.keyword === 'string' ? p.values.keyword : undefined;
  return { kind: 'topic-list', router, windowMs, keyword };
}

function parseTopicHz(rest: readonly string[]): CliCommand | CliMisuse {
  const p = parse(rest, { ...ROUTER, window: { type: 'string', short: 'w' } });
  if ('kind' in p) return p;
  if (p.positionals.length !== 1) return misuse('topic hz needs exactly one KEY, e.g. vrobots/1/z/state');
  const key = p.positionals[0] as string;
  if (key.includes('*') || key.includes('$'))
    return misuse(`topic hz measures one concrete key; '${key}' is a wildcard`);
  const router = routerOf(p.values);
  if (typeof router === 'object') return router;
  const windowMs = seconds('-w', p.values.window as string | undefined, DEFAULT_HZ_SECONDS);
  if (typeof windowMs === 'object') return windowMs;
  return { kind: 'topic-hz', router, key, windowMs };
}

function parseRobot(args: readonly string[]): CliCommand | CliMisuse {
  const [verb, ...rest] = args;
  if (verb !== 'create' && verb !== 'delete') {
    return misuse(
      verb === undefined
        ? 'robot needs a verb: create or delete'
        : `unknown robot verb '${verb}' (known: create, delete)`,
    );
  }
  return about(verb === 'create' ? 'robot create' : 'robot delete', parseRobotVerb(verb, rest));
}

function parseRobotVerb(verb: 'create' | 'delete', rest: readonly string[]): CliCommand | CliMisuse {
  // `robot delete -1` would otherwise read as an unknown option '-1'.
  const negative = rest.find((a) => /^-\d/.test(a));
  if (verb === 'delete' && negative !== undefined)
    return misuse(`robot delete needs a sys_id (0..4294967295), got '${negative}'`);
  const p = parse(rest, { ...ROUTER, timeout: { type: 'string' } });
  if ('kind' in p) return p;
  const router = routerOf(p.values);
  if (typeof router === 'object') return router;
  const timeoutMs = seconds('--timeout', p.values.timeout as string | undefined, DEFAULT_ROBOT_TIMEOUT_SECONDS);
  if (typeof timeoutMs === 'object') return timeoutMs;
  if (p.positionals.length !== 1)
    return misuse(
      verb === 'create' ? 'robot create needs exactly one TYPE, e.g. truck' : 'robot delete needs exactly one ID',
    );
  const arg = p.positionals[0] as string;
  if (verb === 'create') return { kind: 'robot-create', router, robotType: arg, timeoutMs };
  if (!/^\d{1,10}$/.test(arg) || Number(arg) > 0xffffffff)
    return misuse(`robot delete needs a sys_id (0..4294967295), got '${arg}'`);
  return { kind: 'robot-delete', router, sysId: Number(arg), timeoutMs };
}

function parseWeb(args: readonly string[]): CliCommand | CliMisuse {
  const p = parse(args, { ...ROUTER, port: { type: 'string' } });
  if ('kind' in p) return p;
  if (p.positionals.length > 0) return misuse(`web takes no arguments, got '${p.positionals.join(' ')}'`);
  const router = routerOf(p.values);
  if (typeof router === 'object') return router;
  const portText = p.values.port;
  let port = DEFAULT_WEB_PORT;
  if (typeof portText === 'string') {
    if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
      return misuse(`--port must be a TCP port 0..65535 (0: any free one), got '${portText}'`);
    }
    port = Number(portText);
  }
  return { kind: 'web', router, port };
}

function parseArm(args: readonly string[]): CliCommand | CliMisuse {
  const [verb, ...rest] = args;
  if (!(ARM_CLI_VERBS as readonly (string | undefined)[]).includes(verb)) {
    return misuse(
      verb === undefined
        ? `arm needs a verb: ${ARM_CLI_VERBS.join(', ')}`
        : `unknown arm verb '${verb}' (known: ${ARM_CLI_VERBS.join(', ')})`,
      'arm',
    );
  }
  const p = parse(rest, {
    ...ROUTER,
    client: { type: 'string' },
    'pc-ip': { type: 'string' },
    rate: { type: 'string' },
    transport: { type: 'string' },
    wait: { type: 'boolean' },
    'arm-host': { type: 'string' },
    secs: { type: 'string' },
    amp: { type: 'string' },
    timeout: { type: 'string' },
  });
  if ('kind' in p) return p;
  const router = routerOf(p.values);
  if (typeof router === 'object') return router;
  if (p.positionals.length !== 1 || !/^\d{1,10}$/.test(p.positionals[0]!) || Number(p.positionals[0]) > 0xffffffff)
    return misuse(`arm ${verb} needs one sys_id (0..4294967295)`);
  const v = p.values;
  let rateHz: number | undefined;
  if (typeof v.rate === 'string') {
    rateHz = Number(v.rate);
    if (v.rate.trim() === '' || !Number.isFinite(rateHz) || rateHz <= 0)
      return misuse(`--rate must be a number of Hz above 0, got '${v.rate}'`);
  }
  const transport = v.transport;
  if (transport !== undefined && transport !== 'udp' && transport !== 'tcp')
    return misuse(`--transport must be udp or tcp, got '${String(transport)}'`);
  const sweepMs = seconds('--secs', v.secs as string | undefined, DEFAULT_SWEEP_SECONDS);
  if (typeof sweepMs === 'object') return sweepMs;
  const timeoutMs = seconds('--timeout', v.timeout as string | undefined, DEFAULT_ROBOT_TIMEOUT_SECONDS);
  if (typeof timeoutMs === 'object') return timeoutMs;
  const amplitude = typeof v.amp === 'string' ? Number(v.amp) : DEFAULT_SWEEP_AMPLITUDE;
  if (!Number.isFinite(amplitude) || amplitude <= 0 || amplitude > 1)
    return misuse(`--amp must be a number of rad in (0, 1], got '${String(v.amp)}'`);
  return {
    kind: 'arm',
    verb: verb as ArmCliVerb,
    router,
    sysId: Number(p.positionals[0]),
    client: typeof v.client === 'string' && v.client.length > 0 ? v.client : DEFAULT_ARM_CLIENT,
    pcIp: typeof v['pc-ip'] === 'string' ? v['pc-ip'] : undefined,
    rateHz,
    transport,
    wait: v.wait === true,
    armHost: typeof v['arm-host'] === 'string' ? v['arm-host'] : undefined,
    sweepMs,
    amplitude,
    timeoutMs,
  };
}

/** Parses argv (without node and script). */
export function parseCli(argv: readonly string[]): CliCommand | CliMisuse {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      return misuse('no command given');
    case '-h':
    case '--help':
    case 'help':
      return { kind: 'help' };
    case '-V':
    case '--version':
    case 'version':
      return rest.length === 0 ? { kind: 'version' } : misuse(`${command} takes no arguments`);
    case 'sim':
      return about('sim', parseSim(rest));
    case 'topic':
      return parseTopic(rest);
    case 'robot':
      return parseRobot(rest);
    case 'web':
      return about('web', parseWeb(rest));
    case 'arm':
      return about('arm', parseArm(rest));
    default:
      return misuse(`unknown command '${command}' (known: sim, topic, robot, web, arm)`);
  }
}
