/**
 * Offered QoS profiles as rosbag2_storage's qos.cpp serialises them: metadata version 9 names
 * the policies (`keep_last`, `reliable`, ...), older versions number them (rmw's enum values);
 * durations are `{sec, nsec}` with rmw's RMW_DURATION_INFINITE for "none". Reading accepts
 * both, as rosbag2 does (it looks at `history` to tell which).
 */

import { err, ok, type ResultOf } from '../../../result.js';
import type { RmwQos } from '../../../rmw/qos.js';

/** rmw's RMW_DURATION_INFINITE as rosbag2 writes it. */
const INFINITE = { sec: 9223372036, nsec: 854775807 } as const;
// Durations older bags carry for "infinite" (rosbag2 maps them to infinite too).
const FOXY_INFINITE: ReadonlyArray<readonly [number, number]> = [
  [9223372036, 854775807],
  [2147483647, 4294967295],
  [2147483647, 2147483647],
];

// rmw's enum numbers (rmw/types.h), used by metadata versions before 9.
const HISTORY_NUMBER = { keep_last: 1, keep_all: 2 } as const;
const RELIABILITY_NUMBER = { reliable: 1, best_effort: 2 } as const;
const DURABILITY_NUMBER = { transient_local: 1, volatile: 2 } as const;
const LIVELINESS_NUMBER = { automatic: 1, manual_by_topic: 3 } as const;

export interface YamlDuration {
  sec: number;
  nsec: number;
}

/** One profile as the YAML node rosbag2 writes (keys in its order). */
export interface YamlQos {
  history: string | number;
  depth: number;
  reliability: string | number;
  durability: string | number;
  deadline: YamlDuration;
  lifespan: YamlDuration;
  liveliness: string | number;
  liveliness_lease_duration: YamlDuration;
  avoid_ros_namespace_conventions: boolean;
}

function duration(ms: number): YamlDuration {
  if (ms <= 0 || !Number.isFinite(ms)) return { ...INFINITE };
  const ns = BigInt(Math.round(ms * 1e6));
  return { sec: Number(ns / 1_000_000_000n), nsec: Number(ns % 1_000_000_000n) };
}

export function qosToYaml(q: RmwQos, version: number): YamlQos {
  const named = version >= 9;
  return {
    history: named ? q.history : HISTORY_NUMBER[q.history],
    depth: q.depth,
    reliability: named ? q.reliability : RELIABILITY_NUMBER[q.reliability],
    durability: named ? q.durability : DURABILITY_NUMBER[q.durability],
    deadline: duration(q.deadlineMs),
    lifespan: duration(q.lifespanMs),
    liveliness: named ? q.liveliness : LIVELINESS_NUMBER[q.liveliness],
    liveliness_lease_duration: duration(q.livelinessLeaseMs),
    avoid_ros_namespace_conventions: false,
  };
}

function policy<T extends string>(
  what: string,
  raw: unknown,
  numbers: Readonly<Record<T, number>>,
  fallback: T,
): ResultOf<T> {
  const names = Object.keys(numbers) as T[];
  if (typeof raw === 'string') {
    if (names.includes(raw as T)) return ok(raw as T);
    // system_default / unknown: what rclcpp would pick
    if (raw === 'system_default' || raw === 'unknown' || raw === 'best_available') return ok(fallback);
  }
  if (typeof raw === 'number' || typeof raw === 'bigint') {
    const n = Number(raw);
    const found = names.find((k) => numbers[k] === n);
    if (found !== undefined) return ok(found);
    if (n === 0 || n === 3 || n === 4) return ok(fallback);
  }
  return err('InvalidArgument', `offered_qos_profiles: ${what} ${JSON.stringify(String(raw))} is no QoS policy value`);
}

function durationMs(raw: unknown): number {
  if (typeof raw !== 'object' || raw === null) return 0;
  const { sec, nsec } = raw as { sec?: unknown; nsec?: unknown };
  const s = Number(sec ?? 0);
  const n = Number(nsec ?? 0);
  if (FOXY_INFINITE.some(([fs, fn]) => fs === s && fn === n)) return 0;
  return s * 1000 + n / 1e6;
}

/** One profile read back (version 8's numbers or version 9's names). */
export function qosFromYaml(node: unknown): ResultOf<RmwQos> {
  if (typeof node !== 'object' || node === null) {
    return err('InvalidArgument', 'offered_qos_profiles: a profile is no mapping');
  }
  const y = node as Record<string, unknown>;
  const history = policy('history', y.history, HISTORY_NUMBER, 'keep_last');
  if (!history.ok) return history;
  const reliability = policy('reliability', y.reliability, RELIABILITY_NUMBER, 'reliable');
  if (!reliability.ok) return reliability;
  const durability = policy('durability', y.durability, DURABILITY_NUMBER, 'volatile');
  if (!durability.ok) return durability;
  const liveliness = policy('liveliness', y.liveliness, LIVELINESS_NUMBER, 'automatic');
  if (!liveliness.ok) return liveliness;
  return ok({
    history: history.value,
    depth: Number(y.depth ?? 0),
    reliability: reliability.value,
    durability: durability.value,
    liveliness: liveliness.value,
    deadlineMs: durationMs(y.deadline),
    lifespanMs: durationMs(y.lifespan),
    livelinessLeaseMs: durationMs(y.liveliness_lease_duration),
  });
}

/** A list of profiles read back; a list that is absent or empty is no profile. */
export function qosListFromYaml(node: unknown): ResultOf<RmwQos[]> {
  if (node === null || node === undefined || node === '') return ok([]);
  if (!Array.isArray(node)) return err('InvalidArgument', 'offered_qos_profiles is no list');
  const out: RmwQos[] = [];
  for (const p of node) {
    const q = qosFromYaml(p);
    if (!q.ok) return q;
    out.push(q.value);
  }
  return ok(out);
}
