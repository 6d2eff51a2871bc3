/**
 * Records the vrobots topics of a swarm into a bag: one raw subscription per subject on every
 * robot's key (`vrobots/*\/z/state` ...), each sample's protobuf bytes written as they came under
 * its key as the topic name (schema and message encoding `protobuf`). The writer is the caller's:
 * a folder on disk in Node, `memoryBagFiles` in a page, whose MCAP file is the download.
 */
import { hostId } from '../../host.js';
import type { BagMetadata, BagWriter, Executor, Node } from '../../rclcpp/index.js';
import { err, ok, type Result, type ResultOf } from '../../result.js';
import { VROBOTS_NODE_OPTIONS } from '../node-options.js';
import { observerQos, RawBytes } from '../tools/raw-bytes.js';
import { SWARM_SUBJECTS, type SwarmSubject, swarmKeyExpr, swarmTopicDefinition } from './swarm-topics.js';

export interface RecordSwarmOptions {
  readonly writer: BagWriter;
  /** The subjects recorded; absent: all of SWARM_SUBJECTS. */
  readonly subjects?: readonly SwarmSubject[] | undefined;
}

export interface SwarmRecordStats {
  /** Messages the writer accepted. */
  readonly written: number;
  /** Messages the writer refused (Full, a failed file); never silent: `firstDrop` says why. */
  readonly dropped: number;
  readonly firstDrop: string | undefined;
  /** The topics (keys) seen, sorted. */
  readonly topics: readonly string[];
}

export interface SwarmRecording {
  stats(): SwarmRecordStats;
  /** Withdraws the subscriptions and closes the bag (its metadata.yaml); the writer is done after. */
  stop(): Promise<ResultOf<{ readonly stats: SwarmRecordStats; readonly metadata: BagMetadata }>>;
}

let recorders = 0;

function executorOf(target: Executor | Node): Executor {
  return 'createNode' in target ? target : target.executor;
}

const nsOfMs = (ms: number): bigint => BigInt(Math.round(ms * 1000)) * 1000n;

/** Starts recording on `target`'s executor (spin it); InvalidArgument for an unknown subject. */
export function recordSwarm(target: Executor | Node, options: RecordSwarmOptions): ResultOf<SwarmRecording> {
  const subjects = options.subjects ?? SWARM_SUBJECTS;
  for (const s of subjects) {
    if (!SWARM_SUBJECTS.includes(s)) {
      return err(
        'InvalidArgument',
        `recordSwarm: '${String(s)}' is not a vrobots subject (${SWARM_SUBJECTS.join(', ')})`,
      );
    }
  }
  const created = executorOf(target).createNode(`vrobots_bag_${hostId()}_${recorders++}`, VROBOTS_NODE_OPTIONS);
  if (!created.ok) return created;
  const node = created.value;
  const { writer } = options;
  const declared = new Set<string>();
  let written = 0;
  let dropped = 0;
  let firstDrop: string | undefined;
  const drop = (why: string) => {
    dropped++;
    firstDrop ??= why;
  };
  const declare = (key: string): Result => {
    if (declared.has(key)) return ok();
    const definition = swarmTopicDefinition(key);
    if (!definition.ok) return definition;
    const topic = {
      name: key,
      type: definition.value.name,
      serializationFormat: 'protobuf',
      offeredQosProfiles: [],
      typeDescriptionHash: '',
    } as const;
    const made = writer.createTopic(topic, definition.value);
    if (made.ok) declared.add(key);
    return made;
  };
  for (const subject of subjects) {
    const keyExpr = swarmKeyExpr(subject);
    const sub = node.createSubscription(
      RawBytes,
      keyExpr,
      (payload, info) => {
        const topic = declare(info.key);
        if (!topic.ok) return drop(`${info.key}: ${topic.error.message}`);
        const recv = nsOfMs(info.receivedAtMs);
        // A copy: the writer queues the bytes past this handler.
        const done = writer.write(info.key, payload.slice(), recv, info.sourceTimestampNs ?? recv);
        if (done.ok) written++;
        else drop(`${info.key}: ${done.error.message}`);
      },
      observerQos(),
    );
    if (!sub.ok) {
      node.destroy();
      return err(sub.error.name, `recordSwarm: cannot subscribe '${keyExpr}': ${sub.error.message}`);
    }
  }
  const stats = (): SwarmRecordStats => ({ written, dropped, firstDrop, topics: [...declared].sort() });
  let stopped = false;
  return ok({
    stats,
    async stop() {
      if (stopped) return err('NotInitialized', 'recordSwarm: the recording was already stopped');
      stopped = true;
      node.destroy();
      const closed = await writer.close();
      if (!closed.ok) return closed;
      return ok({ stats: stats(), metadata: closed.value });
    },
  });
}
