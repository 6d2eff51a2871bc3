/**
 * rmw QoS onto zenoh, as rmw_zenoh maps it: RELIABLE -> reliable, BEST_EFFORT -> best
 * effort; congestion control DROP except RELIABLE + KEEP_ALL -> BLOCK. What zenoh cannot
 * enforce (deadline, lifespan, liveliness, a lease) is reported `unknown` unless the request
 * was the no-op default (infinite / automatic), which is what zenoh gives anyway.
 */
import type { CongestionControl as ZCongestionControl, Reliability as ZReliability } from '@eclipse-zenoh/zenoh-ts';
import type { RmwActualQos, RmwQos } from '../qos.js';
import type { ZenohTs } from './zenoh-ts/index.js';

export interface ZenohPublisherQos {
  readonly reliability: ZReliability;
  readonly congestionControl: ZCongestionControl;
}

export function zenohPublisherQos(zenoh: ZenohTs, qos: RmwQos): ZenohPublisherQos {
  const reliable = qos.reliability === 'reliable';
  return {
    reliability: reliable ? zenoh.Reliability.RELIABLE : zenoh.Reliability.BEST_EFFORT,
    congestionControl:
      reliable && qos.history === 'keep_all' ? zenoh.CongestionControl.BLOCK : zenoh.CongestionControl.DROP,
  };
}

/**
 * What the zenoh backend grants. Reliability is the publisher's wire marker (a subscription
 * reports what it asked for: zenoh delivers per publisher). History and depth are applied by
 * the executor's queue; durability by rclts's transient-local emulation.
 */
export function zenohActualQos(qos: RmwQos): RmwActualQos {
  return {
    reliability: qos.reliability,
    durability: qos.durability,
    history: qos.history,
    depth: qos.depth,
    deadlineMs: qos.deadlineMs === 0 ? 0 : 'unknown',
    lifespanMs: qos.lifespanMs === 0 ? 0 : 'unknown',
    liveliness: qos.liveliness === 'automatic' ? 'automatic' : 'unknown',
    livelinessLeaseMs: qos.livelinessLeaseMs === 0 ? 0 : 'unknown',
  };
}
