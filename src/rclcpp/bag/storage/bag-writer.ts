/**
 * Writing a rosbag2 bag the way rosbag2's MCAP storage and SequentialWriter do: files
 * `<name>_0.mcap`, `<name>_1.mcap`, ... (a new one past the size or duration limit, with every
 * schema and channel again), MCAP profile `ros2`, one schema per type, one channel per topic
 * carrying `offered_qos_profiles` and `topic_type_hash`, a `rosbag2` metadata record in each
 * file, and metadata.yaml at the end. `write` is synchronous and queues; one drain loop feeds
 * the MCAP writer so the files see messages in the order they were queued.
 */

import type { McapWriter } from '@mcap/core';
import { describeThrown, err, ok, type Result, type ResultOf } from '../../../result.js';
import { mcapLibrary } from './bag-libraries.js';
import { BagMetadataBuilder } from './bag-metadata-builder.js';
import { type CompressChunk, chunkCompressor } from './chunk-compression.js';
import { METADATA_FILE, metadataToYaml, serializedMetadata } from './metadata-yaml.js';
import { qosToYaml } from './qos-yaml.js';
import { stringify } from 'yaml';
import { checkWriterOptions, type CheckedWriterOptions } from './writer-options.js';
import type {
  BagFileSink,
  BagMessageDefinition,
  BagMetadata,
  BagTopicMetadata,
  BagWriter,
  BagWriterOptions,
} from './types.js';

/** The library string in each file's header. */
export const BAG_LIBRARY = 'rclts';
const encoder = new TextEncoder();

interface Topic {
  readonly meta: BagTopicMetadata;
  readonly definition: BagMessageDefinition;
}

type Job =
  | { kind: 'topic'; topic: Topic }
  | { kind: 'message'; topic: string; data: Uint8Array; recv: bigint; send: bigint };

/** IWritable over a BagFileSink, counting bytes and keeping the first failure. */
class SinkWritable {
  bytes = 0n;
  failure: Result | undefined;
  constructor(readonly sink: BagFileSink) {}
  async write(buffer: Uint8Array): Promise<void> {
    if (this.failure !== undefined) return;
    const r = await this.sink.write(buffer);
    if (!r.ok) this.failure = r;
    else this.bytes += BigInt(buffer.byteLength);
  }
  position(): bigint {
    return this.bytes;
  }
}

interface OpenFile {
  readonly path: string;
  readonly mcap: McapWriter;
  readonly out: SinkWritable;
  readonly schemaIds: Map<string, number>;
  readonly channelIds: Map<string, number>;
}

function qosText(topic: BagTopicMetadata): string {
  if (topic.offeredQosProfiles.length === 0) return '[]';
  return stringify(
    topic.offeredQosProfiles.map((q) => qosToYaml(q, 9)),
    { lineWidth: 0 },
  ).trimEnd();
}

function baseName(uri: string): string {
  return (
    uri
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() || 'rosbag2'
  );
}

class McapBagWriter implements BagWriter {
  private readonly topics = new Map<string, Topic>();
  private readonly builder: BagMetadataBuilder;
  private readonly queue: Job[] = [];
  private queued = 0;
  private draining: Promise<void> | undefined;
  private file: OpenFile | undefined;
  private closedBytes = 0;
  private failure: Result | undefined;
  private closed = false;
  private readonly name: string;

  constructor(
    private readonly options: CheckedWriterOptions,
    private readonly compress: CompressChunk | undefined,
  ) {
    this.builder = new BagMetadataBuilder(options.customData, options.rosDistro);
    this.name = baseName(options.files.uri);
  }

  get pendingBytes(): number {
    return this.queued;
  }

  createTopic(topic: BagTopicMetadata, definition: BagMessageDefinition): Result {
    if (this.closed) return err('NotAllowed', `bag ${this.options.files.uri} is closed`);
    if (typeof topic?.name !== 'string' || topic.name.length === 0 || typeof topic.type !== 'string') {
      return err('InvalidArgument', 'createTopic needs a topic with a name and a type');
    }
    const known = this.topics.get(topic.name);
    if (known !== undefined) {
      if (known.meta.type === topic.type) return ok();
      return err('AlreadyExists', `topic ${topic.name} is in the bag with type ${known.meta.type}, not ${topic.type}`);
    }
    const t = { meta: { ...topic, offeredQosProfiles: [...topic.offeredQosProfiles] }, definition };
    this.topics.set(topic.name, t);
    this.builder.addTopic(t.meta);
    this.enqueue({ kind: 'topic', topic: t }, 0);
    return ok();
  }

  write(topic: string, data: Uint8Array, recvTimestampNs: bigint, sendTimestampNs: bigint): Result {
    if (this.failure !== undefined) return this.failure;
    if (this.closed) return err('NotAllowed', `bag ${this.options.files.uri} is closed`);
    if (!this.topics.has(topic))
      return err('NotFound', `topic ${topic} was not created in the bag (createTopic first)`);
    if (!(data instanceof Uint8Array)) return err('InvalidArgument', `a message on ${topic} must be a Uint8Array`);
    if (typeof recvTimestampNs !== 'bigint' || typeof sendTimestampNs !== 'bigint' || recvTimestampNs < 0n) {
      return err('InvalidArgument', `a message on ${topic} needs bigint nanosecond timestamps (receive time >= 0)`);
    }
    if (this.queued + data.byteLength > this.options.maxPendingBytes && this.queued > 0) {
      return err(
        'Full',
        `bag ${this.options.files.uri}: ${this.queued} bytes wait for the file (budget maxPendingBytes ${this.options.maxPendingBytes}); message on ${topic} not written`,
      );
    }
    this.enqueue({ kind: 'message', topic, data, recv: recvTimestampNs, send: sendTimestampNs }, data.byteLength);
    return ok();
  }

  async flush(): Promise<Result> {
    while (this.draining !== undefined) await this.draining;
    return this.failure ?? ok();
  }

  async close(): Promise<ResultOf<BagMetadata>> {
    if (this.closed) return err('NotAllowed', `bag ${this.options.files.uri} is closed already`);
    const flushed = await this.flush();
    this.closed = true;
    if (!flushed.ok) return flushed;
    if (this.file === undefined) {
      const opened = await this.openFile();
      if (!opened.ok) return opened;
    }
    const ended = await this.endFile();
    if (!ended.ok) return ended;
    const metadata = this.builder.metadata(this.closedBytes);
    const sink = await this.options.files.create(METADATA_FILE);
    if (!sink.ok) return sink;
    const wrote = await sink.value.write(encoder.encode(metadataToYaml(metadata)));
    const done = await sink.value.close();
    if (!wrote.ok) return wrote;
    if (!done.ok) return done;
    return ok(metadata);
  }

  private enqueue(job: Job, bytes: number): void {
    this.queue.push(job);
    this.queued += bytes;
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && this.failure === undefined) {
      const job = this.queue.shift()!;
      let r: Result;
      try {
        r = job.kind === 'topic' ? await this.addTopic(job.topic) : await this.addMessage(job);
      } catch (thrown) {
        r = err('Error', `bag ${this.options.files.uri}: the MCAP writer failed: ${describeThrown(thrown)}`);
      }
      if (job.kind === 'message') this.queued -= job.data.byteLength;
      if (!r.ok) this.failure = r;
    }
    this.queue.length = 0;
    this.queued = 0;
  }

  private async openFile(): Promise<Result> {
    try {
      return await this.openFileNow();
    } catch (thrown) {
      return err('Error', `bag ${this.options.files.uri}: the MCAP writer failed: ${describeThrown(thrown)}`);
    }
  }

  private async openFileNow(): Promise<Result> {
    const path = `${this.name}_${this.builder.metadata(0).relativeFilePaths.length}.mcap`;
    const sink = await this.options.files.create(path);
    if (!sink.ok) return sink;
    const out = new SinkWritable(sink.value);
    const { McapWriter } = await mcapLibrary();
    const mcap = new McapWriter({
      writable: out,
      chunkSize: this.options.chunkSizeBytes,
      ...(this.compress === undefined ? {} : { compressChunk: this.compress }),
    });
    this.file = { path, mcap, out, schemaIds: new Map(), channelIds: new Map() };
    this.builder.addFile(path);
    await mcap.start({ profile: 'ros2', library: BAG_LIBRARY });
    await this.writeMetadataRecord();
    for (const t of this.topics.values()) {
      const r = await this.register(t);
      if (!r.ok) return r;
    }
    return out.failure ?? ok();
  }

  private async writeMetadataRecord(): Promise<void> {
    const serialized = serializedMetadata(this.builder.metadata(this.closedBytes)).trimEnd();
    await this.file!.mcap.addMetadata({ name: 'rosbag2', metadata: new Map([['serialized_metadata', serialized]]) });
  }

  private async endFile(): Promise<Result> {
    const f = this.file;
    if (f === undefined) return ok();
    await this.writeMetadataRecord();
    this.file = undefined;
    await f.mcap.end();
    const closed = await f.out.sink.close();
    this.closedBytes += Number(f.out.bytes);
    return f.out.failure ?? closed;
  }

  private async register(t: Topic): Promise<Result> {
    const f = this.file!;
    if (f.channelIds.has(t.meta.name)) return ok();
    let schemaId = f.schemaIds.get(t.meta.type);
    if (schemaId === undefined) {
      const d = t.definition;
      schemaId = await f.mcap.registerSchema({
        name: d.name.length > 0 ? d.name : t.meta.type,
        encoding: d.encoding,
        data: typeof d.data === 'string' ? encoder.encode(d.data) : d.data,
      });
      f.schemaIds.set(t.meta.type, schemaId);
    }
    const channelId = await f.mcap.registerChannel({
      topic: t.meta.name,
      messageEncoding: t.meta.serializationFormat,
      schemaId,
      metadata: new Map([
        ['offered_qos_profiles', qosText(t.meta)],
        ['topic_type_hash', t.meta.typeDescriptionHash],
      ]),
    });
    f.channelIds.set(t.meta.name, channelId);
    return f.out.failure ?? ok();
  }

  private async addTopic(t: Topic): Promise<Result> {
    if (this.file === undefined) return this.openFile();
    return this.register(t);
  }

  private shouldSplit(t: bigint): boolean {
    const f = this.file!;
    const { maxBagSizeBytes, maxBagDurationNs } = this.options;
    const start = this.builder.fileStartNs();
    // a file holds at least one message (rosbag2 gets the same from its minimum split size)
    if (start === undefined) return false;
    if (maxBagSizeBytes > 0 && f.out.bytes >= BigInt(maxBagSizeBytes)) return true;
    return maxBagDurationNs > 0n && t - start > maxBagDurationNs;
  }

  private async addMessage(m: Extract<Job, { kind: 'message' }>): Promise<Result> {
    if (this.file === undefined) {
      const opened = await this.openFile();
      if (!opened.ok) return opened;
    } else if (this.shouldSplit(m.recv)) {
      const ended = await this.endFile();
      if (!ended.ok) return ended;
      const opened = await this.openFile();
      if (!opened.ok) return opened;
    }
    const f = this.file!;
    const channelId = f.channelIds.get(m.topic)!;
    await f.mcap.addMessage({ channelId, sequence: 0, logTime: m.recv, publishTime: m.send, data: m.data });
    if (f.out.failure !== undefined) return f.out.failure;
    this.builder.count(m.topic, m.recv);
    return ok();
  }
}

/** Opens a bag for writing; the first file is made when the first topic or message comes. */
export async function openBagWriter(options: BagWriterOptions): Promise<ResultOf<BagWriter>> {
  const checked = checkWriterOptions(options);
  if (!checked.ok) return checked;
  const compress = await chunkCompressor(checked.value.compression);
  if (!compress.ok) return compress;
  return ok(new McapBagWriter(checked.value, compress.value));
}
