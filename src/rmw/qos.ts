/** QoS policy values as the rmw sees them (the rclcpp `QoS` builder produces these). */
export const Reliability = { Reliable: 'reliable', BestEffort: 'best_effort' } as const;
export type Reliability = (typeof Reliability)[keyof typeof Reliability];

export const Durability = { Volatile: 'volatile', TransientLocal: 'transient_local' } as const;
export type Durability = (typeof Durability)[keyof typeof Durability];

export const History = { KeepLast: 'keep_last', KeepAll: 'keep_all' } as const;
export type History = (typeof History)[keyof typeof History];

export const LivelinessPolicy = { Automatic: 'automatic', ManualByTopic: 'manual_by_topic' } as const;
export type LivelinessPolicy = (typeof LivelinessPolicy)[keyof typeof LivelinessPolicy];

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
