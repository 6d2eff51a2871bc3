/**
 * QoS policy values as the rmw sees them (the rclcpp `QoS` builder produces these), from one
 * table: each value's public name, its string, and rmw's number for it (what rmw_zenoh writes
 * in a liveliness token's QoS chunk). The named objects, the checks and the wire numbers are
 * all derived from it, so adding a value is one line here.
 */
const POLICIES = {
  reliability: { Reliable: ['reliable', 1], BestEffort: ['best_effort', 2] },
  durability: { Volatile: ['volatile', 2], TransientLocal: ['transient_local', 1] },
  history: { KeepLast: ['keep_last', 1], KeepAll: ['keep_all', 2] },
  liveliness: { Automatic: ['automatic', 1], ManualByTopic: ['manual_by_topic', 3] },
} as const;

type Policies = typeof POLICIES;
export type QosPolicy = keyof Policies;
type NamedValues<P extends QosPolicy> = {
  readonly [K in keyof Policies[P]]: Policies[P][K] extends readonly [infer V, number] ? V : never;
};
/** The values of one policy, e.g. `'reliable' | 'best_effort'`. */
export type QosValue<P extends QosPolicy> = NamedValues<P>[keyof NamedValues<P>];

function rows(policy: QosPolicy): ReadonlyArray<readonly [string, readonly [string, number]]> {
  return Object.entries(POLICIES[policy]);
}

function namedValues<P extends QosPolicy>(policy: P): NamedValues<P> {
  return Object.freeze(Object.fromEntries(rows(policy).map(([name, [value]]) => [name, value]))) as NamedValues<P>;
}

export const Reliability = namedValues('reliability');
export type Reliability = QosValue<'reliability'>;

export const Durability = namedValues('durability');
export type Durability = QosValue<'durability'>;

export const History = namedValues('history');
export type History = QosValue<'history'>;

export const LivelinessPolicy = namedValues('liveliness');
export type LivelinessPolicy = QosValue<'liveliness'>;

/** Whether `value` is one of `policy`'s values. */
export function isQosValue<P extends QosPolicy>(policy: P, value: unknown): value is QosValue<P> {
  return rows(policy).some(([, [v]]) => v === value);
}

/** rmw's number for a policy value, as on the wire. */
export function qosWireNumber<P extends QosPolicy>(policy: P, value: QosValue<P>): number {
  return rows(policy).find(([, [v]]) => v === value)?.[1][1] ?? 0;
}

/** The value rmw numbers `n` for `policy`; undefined when rclts knows no such value. */
export function qosValueOfWireNumber<P extends QosPolicy>(policy: P, n: number): QosValue<P> | undefined {
  return rows(policy).find(([, [, num]]) => num === n)?.[1][0] as QosValue<P> | undefined;
}

/** Requested QoS: every field set (the rclcpp layer fills defaults). */
export interface RmwQos {
  readonly reliability: Reliability;
  readonly durability: Durability;
  readonly history: History;
  /** keep-last depth; for keep-all, the queue limit past which samples are dropped and reported */
  readonly depth: number;
  /** 0 = infinite */
  readonly deadlineMs: number;
  /** 0 = infinite */
  readonly lifespanMs: number;
  readonly liveliness: LivelinessPolicy;
  /** 0 = infinite */
  readonly livelinessLeaseMs: number;
}

/** Granted QoS: what the backend applied; `'unknown'` where it cannot tell. */
export type RmwActualQos = { readonly [K in keyof RmwQos]: RmwQos[K] | 'unknown' };

/** Distinct QoS profiles kept for sharing; past this many, new ones are handed out unshared. */
const SHARED_QOS_LIMIT = 256;
const sharedQos = new Map<string, Readonly<RmwQos> | Readonly<RmwActualQos>>();

/**
 * One frozen object per distinct QoS profile, so that thousands of entities with the same
 * policies hold one object between them rather than a copy each (its fields are all that
 * matters; nothing compares QoS objects by identity).
 */
export function shareQos<Q extends RmwQos | RmwActualQos>(qos: Q): Q {
  const key = `${qos.reliability}|${qos.durability}|${qos.history}|${qos.depth}|${qos.deadlineMs}|${qos.lifespanMs}|${qos.liveliness}|${qos.livelinessLeaseMs}`;
  const known = sharedQos.get(key);
  if (known !== undefined) return known as Q;
  const frozen = Object.freeze({
    reliability: qos.reliability,
    durability: qos.durability,
    history: qos.history,
    depth: qos.depth,
    deadlineMs: qos.deadlineMs,
    lifespanMs: qos.lifespanMs,
    liveliness: qos.liveliness,
    livelinessLeaseMs: qos.livelinessLeaseMs,
  }) as Q;
  if (sharedQos.size < SHARED_QOS_LIMIT) sharedQos.set(key, frozen);
  return frozen;
}
