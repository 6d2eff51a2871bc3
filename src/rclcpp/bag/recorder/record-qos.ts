/**
 * The QoS a recording subscription requests, as rosbag2_storage's
 * Rosbag2QoS::adapt_request_to_offers answers it from the publishers' offered QoS: reliable
 * only when every publisher is, transient local only when every publisher is (so a late
 * recorder still gets their history); deadline, lifespan and liveliness left at their
 * defaults, which match every offer. The depth is the recorder's queue (options.queueDepth).
 */
import type { RmwActualQos, RmwQos } from '../../../rmw/qos.js';

/** Fields of the offers that decide compatibility ('unknown' counts as not offering it). */
type Offer = Pick<RmwActualQos, 'reliability' | 'durability'>;

export function adaptRequestToOffers(offers: readonly Offer[], depth: number): RmwQos {
  const every = (test: (o: Offer) => boolean): boolean => offers.length > 0 && offers.every(test);
  return {
    reliability: offers.length === 0 || every((o) => o.reliability === 'reliable') ? 'reliable' : 'best_effort',
    durability: every((o) => o.durability === 'transient_local') ? 'transient_local' : 'volatile',
    history: 'keep_last',
    depth,
    deadlineMs: 0,
    lifespanMs: 0,
    liveliness: 'automatic',
    livelinessLeaseMs: 0,
  };
}

/**
 * An offered profile as the bag keeps it (metadata.yaml's offered_qos_profiles): every field a
 * value, an 'unknown' one written as the default rclcpp would give it.
 */
export function offeredProfile(q: RmwActualQos): RmwQos {
  const pick = <K extends keyof RmwQos>(key: K, fallback: RmwQos[K]): RmwQos[K] =>
    q[key] === 'unknown' ? fallback : (q[key] as RmwQos[K]);
  return {
    reliability: pick('reliability', 'reliable'),
    durability: pick('durability', 'volatile'),
    history: pick('history', 'keep_last'),
    depth: pick('depth', 10),
    deadlineMs: pick('deadlineMs', 0),
    lifespanMs: pick('lifespanMs', 0),
    liveliness: pick('liveliness', 'automatic'),
    livelinessLeaseMs: pick('livelinessLeaseMs', 0),
  };
}
