/** The QoS the local backend grants. */
import { type RmwActualQos, type RmwQos, shareQos } from '../qos.js';

/**
 * In process nothing is lost, so delivery is reliable whatever was asked; history and depth
 * are applied by the executor's queue; transient local is emulated by the bus; the timing
 * policies are not enforced here.
 */
export function localActualQos(qos: RmwQos): RmwActualQos {
  return shareQos<RmwActualQos>({
    reliability: 'reliable',
    durability: qos.durability,
    history: qos.history,
    depth: qos.depth,
    deadlineMs: 'unknown',
    lifespanMs: 'unknown',
    liveliness: 'unknown',
    livelinessLeaseMs: 'unknown',
  });
}
