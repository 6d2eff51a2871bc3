/**
 * Plays a vrobots bag's messages back in their recorded timing to a sink: the console's Play
 * (decoded into its view), or a publisher's publishRaw. The bag's log times set the pace, scaled
 * by `rate`; the sink gets each message's key and protobuf bytes. Only vrobots topics play (a
 * bag may hold others); `stop()` ends it early.
 */
import type { BagMessage, BagReader } from '../../rclcpp/index.js';
import { err, ok, type ResultOf } from '../../result.js';
import { swarmSubjectOf } from './swarm-topics.js';

export interface SwarmPlaybackOptions {
  /** Speed factor, > 0; absent: 1 (original timing). */
  readonly rate?: number | undefined;
}

export interface SwarmPlayback {
  /** Resolves when the last message was handed over, or stop() was called: how many were (or the read error). */
  readonly done: Promise<ResultOf<number>>;
  stop(): void;
}

export type SwarmSink = (message: BagMessage) => void;

/** The vrobots topics of the bag (keys), sorted. */
export function swarmTopicsOf(reader: BagReader): readonly string[] {
  return reader.topics
    .map((t) => t.name)
    .filter((name) => swarmSubjectOf(name) !== undefined)
    .sort();
}

/** Starts playing `reader` into `sink`; InvalidArgument for a bad rate or a bag with no vrobots topic. */
export function playSwarm(
  reader: BagReader,
  sink: SwarmSink,
  options: SwarmPlaybackOptions = {},
): ResultOf<SwarmPlayback> {
  const rate = options.rate ?? 1;
  if (!Number.isFinite(rate) || rate <= 0)
    return err('InvalidArgument', `playSwarm: rate ${rate} must be a number > 0`);
  const topics = swarmTopicsOf(reader);
  if (topics.length === 0)
    return err('InvalidArgument', 'playSwarm: the bag has no vrobots topic (vrobots/{id}/z/...)');
  let stopped = false;
  let wake: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  const run = async (): Promise<ResultOf<number>> => {
    let played = 0;
    let firstNs: bigint | undefined;
    // The clock starts with the first message read (opening the bag is no part of its timing).
    let startedMs = 0;
    for await (const read of reader.messages({ topics })) {
      if (stopped) break;
      if (!read.ok) return read;
      if (firstNs === undefined) {
        firstNs = read.value.recvTimestampNs;
        startedMs = performance.now();
      }
      const dueMs = Number(read.value.recvTimestampNs - firstNs) / 1e6 / rate;
      const waitMs = dueMs - (performance.now() - startedMs);
      if (waitMs > 1) await sleep(waitMs);
      if (stopped) break;
      sink(read.value);
      played++;
    }
    return ok(played);
  };
  return ok({
    done: run(),
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      wake?.();
    },
  });
}
