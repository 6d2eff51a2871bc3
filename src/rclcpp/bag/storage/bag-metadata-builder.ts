/**
 * The bookkeeping rosbag2's SequentialWriter does while it writes: the bag's and each file's
 * starting time (earliest receive time), duration (latest minus earliest), message counts,
 * and the per-topic counts that `topics_with_message_count` lists.
 */

import { METADATA_VERSION } from './metadata-yaml.js';
import type { BagFileInformation, BagMetadata, BagTopicInfo, BagTopicMetadata } from './types.js';

/** rosbag2 starts its times at nanoseconds::max(): an empty bag keeps it. */
export const NO_TIME = 9223372036854775807n;

interface FileCounts {
  path: string;
  startingTimeNs: bigint;
  durationNs: bigint;
  messageCount: number;
}

export class BagMetadataBuilder {
  private startingTimeNs = NO_TIME;
  private durationNs = 0n;
  private readonly files: FileCounts[] = [];
  private readonly topics = new Map<string, { topic: BagTopicMetadata; count: number }>();

  constructor(
    private readonly customData: Readonly<Record<string, string>>,
    private readonly rosDistro: string,
  ) {}

  addFile(path: string): void {
    this.files.push({ path, startingTimeNs: NO_TIME, durationNs: 0n, messageCount: 0 });
  }

  addTopic(topic: BagTopicMetadata): void {
    if (!this.topics.has(topic.name)) this.topics.set(topic.name, { topic, count: 0 });
  }

  /** The current file's starting time, or undefined before its first message. */
  fileStartNs(): bigint | undefined {
    const f = this.files.at(-1);
    return f === undefined || f.startingTimeNs === NO_TIME ? undefined : f.startingTimeNs;
  }

  /** Counts one message received at `t` on `topic` into the current file. */
  count(topic: string, t: bigint): void {
    const entry = this.topics.get(topic);
    if (entry !== undefined) entry.count++;
    const f = this.files.at(-1)!;
    if (t < this.startingTimeNs) {
      // an earlier message moves the start: keep the end where it was
      if (this.startingTimeNs !== NO_TIME) this.durationNs += this.startingTimeNs - t;
      this.startingTimeNs = t;
    }
    if (t - this.startingTimeNs > this.durationNs) this.durationNs = t - this.startingTimeNs;
    if (t < f.startingTimeNs) {
      if (f.startingTimeNs !== NO_TIME) f.durationNs += f.startingTimeNs - t;
      f.startingTimeNs = t;
    }
    if (t - f.startingTimeNs > f.durationNs) f.durationNs = t - f.startingTimeNs;
    f.messageCount++;
  }

  metadata(bagSizeBytes: number): BagMetadata {
    const topics: BagTopicInfo[] = [...this.topics.values()].map(({ topic, count }) => ({
      ...topic,
      messageCount: count,
    }));
    const files: BagFileInformation[] = this.files.map((f) => ({ ...f }));
    return {
      version: METADATA_VERSION,
      bagSizeBytes,
      storageIdentifier: 'mcap',
      relativeFilePaths: this.files.map((f) => f.path),
      files,
      durationNs: this.durationNs,
      startingTimeNs: this.startingTimeNs,
      messageCount: topics.reduce((n, t) => n + t.messageCount, 0),
      topicsWithMessageCount: topics,
      compressionFormat: '',
      compressionMode: '',
      customData: { ...this.customData },
      rosDistro: this.rosDistro,
    };
  }
}
