/**
 * The `vrobots` command line, parsed into one command value. node:util parseArgs does the
 * option work (strict: an unknown option is misuse); the verbs are two levels deep at
 * most, which a small switch handles more plainly than a framework would.
 */
import { parseRobotType } from '../../vrobots/index.js';
import { type ArmCliCommand, parseArm } from './cli-arm-args.js';
import { type BagCliCommand, parseBag } from './cli-bag-args.js';
import { parse, ROUTER, routerOf, seconds } from './cli-parse.js';
import {
  type CliMisuse,
  COMMAND_USAGE,
  DEFAULT_HZ_SECONDS,
  DEFAULT_LIST_SECONDS,
  DEFAULT_ROBOT_TIMEOUT_SECONDS,
  DEFAULT_WEB_PORT,
  misuse,
  type UsageOf,
} from './cli-usage.js';

export type { ArmCliCommand, ArmCliVerb } from './cli-arm-args.js';
export type { BagCliCommand } from './cli-bag-args.js';
export type { CliMisuse } from './cli-usage.js';
export {
  COMMAND_USAGE,
  DEFAULT_HZ_SECONDS,
  DEFAULT_LIST_SECONDS,
  DEFAULT_ROBOT_TIMEOUT_SECONDS,
  DEFAULT_WEB_PORT,
  USAGE,
} from './cli-usage.js';

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
  | ArmCliCommand
  | BagCliCommand;

/** Gives a misuse the usage line of the command it concerns. */
function about(command: UsageOf, r: CliCommand | CliMisuse): CliCommand | CliMisuse {
  return r.kind === 'misuse' ? { ...r, usage: COMMAND_USAGE[command] } : r;
}

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
    case 'bag':
      return about('bag', parseBag(rest));
    default:
      return misuse(`unknown command '${command}' (known: sim, topic, robot, web, arm, bag)`);
  }
}
