/** `vrobots arm VERB ID [options]`, parsed: the arm's session verbs and the sweep demo. */

import { parse, ROUTER, routerOf, seconds } from './cli-parse.js';
import {
  ARM_CLI_VERBS,
  type CliMisuse,
  DEFAULT_ARM_CLIENT,
  DEFAULT_ROBOT_TIMEOUT_SECONDS,
  DEFAULT_SWEEP_AMPLITUDE,
  DEFAULT_SWEEP_SECONDS,
  misuse,
} from './cli-usage.js';

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

export function parseArm(args: readonly string[]): ArmCliCommand | CliMisuse {
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
