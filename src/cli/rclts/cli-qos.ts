/**
 * `--qos-profile`, `--qos-depth`, `--qos-history`, `--qos-reliability`, `--qos-durability` of
 * `rclts topic echo|hz|pub`, with ros2's names. A profile sets every policy; the single-policy
 * options override it. `system_default` is refused, as QoS.systemDefault() is.
 */

import { err, ok, QoS, type ResultOf } from '../../index.js';
import { intOption, type ParsedArgs } from './cli-args.js';

export const QOS_OPTIONS = ['qos-profile', 'qos-depth', 'qos-history', 'qos-reliability', 'qos-durability'] as const;

const PROFILES: Readonly<Record<string, () => QoS>> = {
  default: QoS.default,
  sensor_data: QoS.sensorData,
  services_default: QoS.services,
  parameters: QoS.parameters,
  parameter_events: QoS.parameterEvents,
  rosout_default: QoS.rosout,
};

type Apply = (q: QoS, depth: number) => QoS;
const POLICIES: Readonly<
  Record<'qos-history' | 'qos-reliability' | 'qos-durability', Readonly<Record<string, Apply>>>
> = {
  'qos-history': { keep_last: (q: QoS, depth: number) => q.keepLast(depth), keep_all: (q: QoS) => q.keepAll() },
  'qos-reliability': { reliable: (q: QoS) => q.reliable(), best_effort: (q: QoS) => q.bestEffort() },
  'qos-durability': { volatile: (q: QoS) => q.durabilityVolatile(), transient_local: (q: QoS) => q.transientLocal() },
};

function choice<T>(option: string, value: string | true, choices: Readonly<Record<string, T>>): ResultOf<T> {
  const names = Object.keys(choices);
  if (typeof value === 'string' && Object.hasOwn(choices, value)) return ok(choices[value]!);
  const why = value === 'system_default' ? ' (system_default is refused: name the policy)' : '';
  return err('InvalidArgument', `--${option} must be one of ${names.join(', ')}, got ${String(value)}${why}`);
}

/** The QoS the options ask for (`fallback` when none is given). */
export function qosFromOptions(args: ParsedArgs, fallback: () => QoS = QoS.default): ResultOf<QoS> {
  const profileName = args.options.get('qos-profile');
  let q = fallback();
  if (profileName !== undefined) {
    const p = choice('qos-profile', profileName, PROFILES);
    if (!p.ok) return p;
    q = p.value();
  }
  const depthGiven = args.options.has('qos-depth');
  const depth = intOption(args, 'qos-depth', 0);
  if (typeof depth === 'string') return err('InvalidArgument', depth);
  if (depthGiven && depth === 0) return err('InvalidArgument', '--qos-depth must be at least 1, got 0');
  const history = args.options.get('qos-history');
  if (history !== undefined) {
    const h = choice('qos-history', history, POLICIES['qos-history']);
    if (!h.ok) return h;
    q = h.value(q, depthGiven ? depth : q.toRmw().depth);
  } else if (depthGiven) {
    q = q.keepLast(depth);
  }
  for (const option of ['qos-reliability', 'qos-durability'] as const) {
    const v = args.options.get(option);
    if (v === undefined) continue;
    const c = choice(option, v, POLICIES[option]);
    if (!c.ok) return c;
    q = c.value(q, 0);
  }
  return ok(q);
}
