/**
 * The vrobots topics a bag records and what each carries: a key's last segment names the
 * protobuf message (`vrobots/{id}/z/state` is `swarmbotix.states.State`), and every schema is the
 * FileDescriptorSet of all swarmbotix files (generated from proto/), as MCAP's `protobuf` profile
 * of a schema expects.
 */
import { type BagMessageDefinition, protobufDefinition } from '../../rclcpp/index.js';
import { err, ok, type ResultOf } from '../../result.js';
import { SWARMBOTIX_DESCRIPTOR_SET_BASE64 } from '../generated/swarmbotix-descriptor.js';

/** The key subjects of the simulator's topics and their message full names. */
export const SWARM_TOPIC_TYPES = {
  state: 'swarmbotix.states.State',
  estimate: 'swarmbotix.states.EstimateState',
  cmd: 'swarmbotix.commands.Command',
  frames: 'swarmbotix.coordinates.CoordFrameDef',
} as const;
export type SwarmSubject = keyof typeof SWARM_TOPIC_TYPES;

/** What `recordSwarm` records unless told otherwise: everything the simulator and clients publish. */
export const SWARM_SUBJECTS: readonly SwarmSubject[] = Object.freeze(['state', 'estimate', 'cmd', 'frames']);

/** The key expression of one subject for every robot. */
export const swarmKeyExpr = (subject: SwarmSubject): string => `vrobots/*/z/${subject}`;

let descriptorSet: Uint8Array | undefined;

/** The FileDescriptorSet bytes of every swarmbotix .proto file (decoded once). */
export function swarmDescriptorSet(): Uint8Array {
  if (descriptorSet === undefined) {
    const text = atob(SWARMBOTIX_DESCRIPTOR_SET_BASE64);
    descriptorSet = Uint8Array.from(text, (c) => c.charCodeAt(0));
  }
  return descriptorSet;
}

/** The subject of a `vrobots/{id}/z/{subject}` key, or undefined for another key. */
export function swarmSubjectOf(key: string): SwarmSubject | undefined {
  const match = /^vrobots\/\d+\/z\/([a-z]+)$/.exec(key);
  const subject = match?.[1];
  return subject !== undefined && Object.hasOwn(SWARM_TOPIC_TYPES, subject) ? (subject as SwarmSubject) : undefined;
}

/** The bag schema of a vrobots key; NotFound names a key that is not a recorded vrobots topic. */
export function swarmTopicDefinition(key: string): ResultOf<BagMessageDefinition> {
  const subject = swarmSubjectOf(key);
  if (subject === undefined) {
    return err(
      'NotFound',
      `'${key}' is not a vrobots topic (vrobots/{id}/z/${Object.keys(SWARM_TOPIC_TYPES).join('|')})`,
    );
  }
  return ok(protobufDefinition(SWARM_TOPIC_TYPES[subject], swarmDescriptorSet()));
}
