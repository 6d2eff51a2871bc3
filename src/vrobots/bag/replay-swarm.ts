/**
 * A vrobots bag published back on its keys (playSwarm's timing, raw publishers on a node of its
 * own), so any client of the router (the web console, the SDK) sees the recorded run again.
 */
import { hostId } from '../../host.js';
import type { BagReader, Executor, Node, Publisher } from '../../rclcpp/index.js';
import { err, ok, type ResultOf } from '../../result.js';
import { VROBOTS_NODE_OPTIONS } from '../node-options.js';
import { RawBytes } from '../tools/raw-bytes.js';
import { playSwarm, type SwarmPlaybackOptions, swarmTopicsOf } from './swarm-playback.js';

export interface SwarmReplayReport {
  readonly played: number;
  /** Messages whose publish failed; `firstFailure` says why. */
  readonly failed: number;
  readonly firstFailure: string | undefined;
  readonly keys: number;
}

export interface SwarmReplay {
  /** Resolves when the bag is played out (or stop() was called); the node is gone then. */
  readonly done: Promise<ResultOf<SwarmReplayReport>>;
  stop(): void;
}

let replays = 0;

/** Starts publishing `reader`'s vrobots topics from `target`'s executor; the reader stays the caller's. */
export function replaySwarm(
  target: Executor | Node,
  reader: BagReader,
  options: SwarmPlaybackOptions = {},
): ResultOf<SwarmReplay> {
  const executor = 'createNode' in target ? target : target.executor;
  const created = executor.createNode(`vrobots_bag_replay_${hostId()}_${replays++}`, VROBOTS_NODE_OPTIONS);
  if (!created.ok) return created;
  const node = created.value;
  const publishers = new Map<string, Publisher<Uint8Array>>();
  let failed = 0;
  let firstFailure: string | undefined;
  const fail = (why: string) => {
    failed++;
    firstFailure ??= why;
  };
  // Declared before the first message, so the router knows every key when the run starts.
  for (const topic of swarmTopicsOf(reader)) {
    const made = node.createPublisher(RawBytes, topic);
    if (!made.ok) {
      node.destroy();
      return err(made.error.name, `replaySwarm: cannot publish on '${topic}': ${made.error.message}`);
    }
    publishers.set(topic, made.value);
  }
  const playback = playSwarm(
    reader,
    (message) => {
      const publisher = publishers.get(message.topic);
      if (publisher === undefined) return fail(`${message.topic}: no publisher`);
      const sent = publisher.publishRaw(message.data);
      if (!sent.ok) fail(`${message.topic}: ${sent.error.message}`);
    },
    options,
  );
  if (!playback.ok) {
    node.destroy();
    return playback;
  }
  const done = playback.value.done.then((played): ResultOf<SwarmReplayReport> => {
    node.destroy();
    if (!played.ok) return played;
    return ok({ played: played.value, failed, firstFailure, keys: publishers.size });
  });
  return ok({ done, stop: () => playback.value.stop() });
}
