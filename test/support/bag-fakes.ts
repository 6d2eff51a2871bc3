/**
 * A bag writer and reader in memory behind the storage interfaces (src/rclcpp/bag/storage/types.ts),
 * for recorder and player tests that check what was handed over and when: a writer that can be
 * told to refuse, and a reader over a list of messages.
 */
import { err, ok, type Result, type ResultOf } from '../../src/index.js';
import type {
  BagMessage,
  BagMessageDefinition,
  BagMetadata,
  BagReader,
  BagReadFilter,
  BagTopicInfo,
  BagTopicMetadata,
  BagWriter,
} from '../../src/rclcpp/bag/index.js';

export class FakeWriter implements BagWriter {
  readonly topics = new Map<string, { topic: BagTopicMetadata; definition: BagMessageDefinition }>();
  readonly messages: BagMessage[] = [];
  /** When set, write answers Full. */
  refuse = false;
  closed = false;
  pendingBytes = 0;

  createTopic(topic: BagTopicMetadata, definition: BagMessageDefinition): Result {
    this.topics.set(topic.name, { topic, definition });
    return ok();
  }

  write(topic: string, data: Uint8Array, recvTimestampNs: bigint, sendTimestampNs: bigint): Result {
    if (!this.topics.has(topic)) return err('NotFound', `topic ${topic} was not created`);
    if (this.refuse) return err('Full', 'the fake writer refuses');
    this.messages.push({ topic, data, recvTimestampNs, sendTimestampNs });
    return ok();
  }

  flush(): Promise<Result> {
    return Promise.resolve(ok());
  }

  close(): Promise<ResultOf<BagMetadata>> {
    this.closed = true;
    return Promise.resolve(
      ok(
        metadataOf(
          [...this.topics.values()].map((t) => t.topic),
          this.messages,
        ),
      ),
    );
  }
}

function metadataOf(topics: readonly BagTopicMetadata[], messages: readonly BagMessage[]): BagMetadata {
  const times = messages.map((m) => m.recvTimestampNs);
  const start = times.reduce((a, b) => (b < a ? b : a), times[0] ?? 0n);
  const end = times.reduce((a, b) => (b > a ? b : a), times[0] ?? 0n);
  return {
    version: 9,
    bagSizeBytes: 0,
    storageIdentifier: 'fake',
    relativeFilePaths: [],
    files: [],
    durationNs: end - start,
    startingTimeNs: start,
    messageCount: messages.length,
    topicsWithMessageCount: topics.map((t) => ({
      ...t,
      messageCount: messages.filter((m) => m.topic === t.name).length,
    })),
    compressionFormat: '',
    compressionMode: '',
    customData: {},
    rosDistro: 'kilted',
  };
}

/**
 * A reader over `messages` (sorted by log time here, as a bag reader answers them);
 * `firstReadMs` delays the first message, as a slow storage would.
 */
export function fakeReader(
  topics: readonly BagTopicMetadata[],
  messages: readonly BagMessage[],
  firstReadMs = 0,
): BagReader {
  const sorted = [...messages].sort((a, b) =>
    a.recvTimestampNs < b.recvTimestampNs ? -1 : a.recvTimestampNs > b.recvTimestampNs ? 1 : 0,
  );
  const metadata = metadataOf(topics, sorted);
  return {
    metadata,
    topics: metadata.topicsWithMessageCount as readonly BagTopicInfo[],
    definitionOf: () => undefined,
    async *messages(filter?: BagReadFilter): AsyncIterable<ResultOf<BagMessage>> {
      if (firstReadMs > 0) await new Promise((resolve) => setTimeout(resolve, firstReadMs));
      for (const m of sorted) {
        if (filter?.topics !== undefined && !filter.topics.includes(m.topic)) continue;
        if (filter?.startNs !== undefined && m.recvTimestampNs < filter.startNs) continue;
        if (filter?.endNs !== undefined && m.recvTimestampNs >= filter.endNs) continue;
        yield ok(m);
      }
    },
    close: () => Promise.resolve(ok()),
  };
}

/** A topic as a recorder would declare it. */
export function cdrTopic(
  name: string,
  type: string,
  offered: BagTopicMetadata['offeredQosProfiles'] = [],
): BagTopicMetadata {
  return { name, type, serializationFormat: 'cdr', offeredQosProfiles: offered, typeDescriptionHash: '' };
}
