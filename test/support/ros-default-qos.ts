/**
 * ROS 2's default QoS profile (rmw_qos_profile_default) at the rmw seam, written out here
 * rather than taken from src/, so that tests comparing against it catch a wrong default.
 */
import type { RmwQos } from '../../src/rmw/qos.js';

export const ROS_DEFAULT_QOS: RmwQos = {
  reliability: 'reliable',
  durability: 'volatile',
  history: 'keep_last',
  depth: 10,
  deadlineMs: 0,
  lifespanMs: 0,
  liveliness: 'automatic',
  livelinessLeaseMs: 0,
};
