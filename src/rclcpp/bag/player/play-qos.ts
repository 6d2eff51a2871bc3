/**
 * The QoS a played topic is published with, as rosbag2_storage's
 * Rosbag2QoS::adapt_offer_to_recorded_offers answers it from the profiles the bag recorded:
 * when every recorded publisher offered the same compatibility-relevant policies (reliability,
 * durability, deadline, liveliness and its lease), that profile with keep-last 10; otherwise,
 * or with none recorded, rosbag2's default publisher (reliable, volatile, keep-last 10).
 */
import type { RmwQos } from '../../../rmw/qos.js';
import { QoS } from '../../qos.js';

/** rosbag2's Rosbag2QoS(): rclcpp's default profile (keep-last 10). */
const rosbag2Default = (): RmwQos => QoS.default().toRmw();

const sameCompatibility = (a: RmwQos, b: RmwQos): boolean =>
  a.reliability === b.reliability &&
  a.durability === b.durability &&
  a.deadlineMs === b.deadlineMs &&
  a.liveliness === b.liveliness &&
  a.livelinessLeaseMs === b.livelinessLeaseMs;

export function adaptOfferToRecordedOffers(profiles: readonly RmwQos[]): RmwQos {
  const first = profiles[0];
  if (first === undefined || !profiles.every((p) => sameCompatibility(first, p))) return rosbag2Default();
  return { ...first, history: 'keep_last', depth: rosbag2Default().depth };
}
