/**
 * Reading a rosbag2 MCAP bag: the files metadata.yaml lists (or, without it, every `.mcap` in
 * the folder, as rosbag2 reads a bare file), their topics and schemas from the MCAP summaries,
 * and the messages of all files merged into one log-time order. What metadata.yaml lacks is
 * taken from the files, as rosbag2's MCAP storage does (statistics, channel metadata).
 */

import { parse } from 'yaml';
import { describeThrown, err, ok, type Result, type ResultOf } from '../../../result.js';
import { NO_TIME } from './bag-metadata-builder.js';
import { decompressHandlers } from './chunk-compression.js';
import { type BagFile, type McapMessage, openMcapFile } from './mcap-bag-file.js';
import { METADATA_FILE, METADATA_VERSION, metadataFromYaml } from './metadata-yaml.js';
import { qosListFromYaml } from './qos-yaml.js';
import { type Rosbag2Compression, rosbag2Compression } from './rosbag2-compression.js';
import type {
  BagMessage,
  BagMessageDefinition,
  BagMetadata,
  BagReader,
  BagReaderOptions,
  BagReadFilter,
  BagTopicInfo,
} from './types.js';

const decoder = new TextDecoder();

function topicsOfFiles(files: readonly BagFile[]): BagTopicInfo[] {
  const topics = new Map<string, BagTopicInfo>();
  for (const f of files) {
    for (const c of f.channels.values()) {
      if (topics.has(c.topic)) continue;
      const schema = f.schemas.get(c.schemaId);
      let qos: BagTopicInfo['offeredQosProfiles'] = [];
      const text = c.metadata.get('offered_qos_profiles');
      if (text !== undefined && text.length > 0) {
        try {
          const q = qosListFromYaml(parse(text, { intAsBigInt: true }));
          if (q.ok) qos = q.value;
        } catch {
          // a profile list that is no YAML reads as none, as rosbag2 leaves it
        }
      }
      topics.set(c.topic, {
        name: c.topic,
        type: schema?.name ?? '',
        serializationFormat: c.messageEncoding,
        offeredQosProfiles: qos,
        typeDescriptionHash: c.metadata.get('topic_type_hash') ?? '',
        messageCount: 0,
      });
    }
  }
  // counts from every file's statistics
  for (const f of files) {
    for (const [id, n] of f.channelCounts) {
      const c = f.channels.get(id);
      const t = c === undefined ? undefined : topics.get(c.topic);
      if (t !== undefined) topics.set(t.name, { ...t, messageCount: t.messageCount + Number(n) });
    }
  }
  return [...topics.values()];
}

function metadataOfFiles(files: readonly BagFile[], bagSizeBytes: number): BagMetadata {
  let start = NO_TIME;
  let end = 0n;
  let count = 0;
  for (const f of files) {
    if (f.info.messageCount === 0 && f.info.startingTimeNs === NO_TIME) continue;
    if (f.info.startingTimeNs < start) start = f.info.startingTimeNs;
    if (f.info.startingTimeNs + f.info.durationNs > end) end = f.info.startingTimeNs + f.info.durationNs;
    count += f.info.messageCount;
  }
  return {
    version: METADATA_VERSION,
    bagSizeBytes,
    storageIdentifier: 'mcap',
    relativeFilePaths: files.map((f) => f.path),
    files: files.map((f) => f.info),
    durationNs: start === NO_TIME ? 0n : end - start,
    startingTimeNs: start,
    messageCount: count,
    topicsWithMessageCount: topicsOfFiles(files),
    compressionFormat: '',
    compressionMode: '',
    customData: {},
    rosDistro: '',
  };
}

function textOf(schema: BagFile['schemas'] extends ReadonlyMap<number, infer S> ? S : never): BagMessageDefinition {
  const binary = schema.encoding === 'protobuf' || schema.encoding === 'flatbuffer';
  return { encoding: schema.encoding, name: schema.name, data: binary ? schema.data : decoder.decode(schema.data) };
}

class McapBagReader implements BagReader {
  private closed = false;

  constructor(
    readonly metadata: BagMetadata,
    private readonly files: readonly BagFile[],
    private readonly decode: Rosbag2Compression['message'],
  ) {}

  get topics(): readonly BagTopicInfo[] {
    return this.metadata.topicsWithMessageCount;
  }

  definitionOf(topic: string): BagMessageDefinition | undefined {
    for (const f of this.files) {
      for (const c of f.channels.values()) {
        if (c.topic !== topic) continue;
        const s = f.schemas.get(c.schemaId);
        return s === undefined ? undefined : textOf(s);
      }
    }
    return undefined;
  }

  async *messages(filter: BagReadFilter = {}): AsyncGenerator<ResultOf<BagMessage>, void, void> {
    if (this.closed) {
      yield err('NotAllowed', 'the bag reader is closed');
      return;
    }
    const wanted = filter.topics === undefined ? undefined : new Set(filter.topics);
    const streams = this.files.map((f) => ({
      file: f,
      it: f.messages(filter),
      head: undefined as McapMessage | undefined,
    }));
    try {
      const live: typeof streams = [];
      for (const s of streams) {
        const n = await s.it.next();
        if (!n.done) {
          s.head = n.value;
          live.push(s);
        }
      }
      while (live.length > 0) {
        // the earliest head; ties go to the earlier file
        let at = 0;
        for (let i = 1; i < live.length; i++) if (live[i]!.head!.logTime < live[at]!.head!.logTime) at = i;
        const s = live[at]!;
        const m = s.head!;
        const topic = s.file.channels.get(m.channelId)?.topic;
        if (topic !== undefined && (wanted === undefined || wanted.has(topic))) {
          const data = this.decode === undefined ? m.data : this.decode(m.data);
          yield ok({ topic, data, recvTimestampNs: m.logTime, sendTimestampNs: m.publishTime });
        }
        const n = await s.it.next();
        if (n.done) live.splice(at, 1);
        else s.head = n.value;
      }
    } catch (thrown) {
      yield err('Error', `cannot read bag ${this.metadata.relativeFilePaths.join(', ')}: ${describeThrown(thrown)}`);
    }
  }

  async close(): Promise<Result> {
    if (this.closed) return ok();
    this.closed = true;
    let first: Result = ok();
    for (const f of this.files) {
      const r = await f.source.close();
      if (!r.ok && first.ok) first = r;
    }
    return first;
  }
}

function lastSegment(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** Opens a bag (a folder with metadata.yaml, a folder of .mcap files, or one .mcap file) for reading. */
export async function openBagReader(options: BagReaderOptions): Promise<ResultOf<BagReader>> {
  const files = options?.files;
  if (typeof files?.open !== 'function' || typeof files.list !== 'function') {
    return err('InvalidArgument', 'bag reader options.files must be BagFiles (nodeBagFiles(path) or memoryBagFiles())');
  }
  const names = await files.list();
  if (!names.ok) return names;
  let fromYaml: BagMetadata | undefined;
  let paths: string[];
  if (names.value.includes(METADATA_FILE)) {
    const src = await files.open(METADATA_FILE);
    if (!src.ok) return src;
    const bytes = await src.value.read(0n, src.value.sizeBytes);
    await src.value.close();
    if (!bytes.ok) return bytes;
    const parsed = metadataFromYaml(decoder.decode(bytes.value), 0);
    if (!parsed.ok) return err(parsed.error.name, `${files.uri}: ${parsed.error.message}`);
    fromYaml = parsed.value;
    if (parsed.value.storageIdentifier !== 'mcap') {
      return err(
        'Unsupported',
        `${files.uri} is a '${parsed.value.storageIdentifier}' bag; rclts reads MCAP bags only`,
      );
    }
    paths = parsed.value.relativeFilePaths.map((p) => (names.value.includes(p) ? p : lastSegment(p)));
  } else {
    paths = names.value.filter((n) => n.endsWith('.mcap'));
    if (paths.length === 0) return err('NotFound', `${files.uri} holds no metadata.yaml and no .mcap file`);
  }
  const compression =
    fromYaml === undefined ? ok<Rosbag2Compression>({}) : await rosbag2Compression(fromYaml, files.uri);
  if (!compression.ok) return compression;
  const unpack = compression.value.file;
  const handlers = await decompressHandlers();
  const opened: BagFile[] = [];
  let size = 0;
  const fail = async (e: ResultOf<never>): Promise<ResultOf<BagReader>> => {
    for (const f of opened) await f.source.close();
    return e;
  };
  for (const p of paths) {
    const stored = await files.open(p);
    if (!stored.ok) return fail(stored);
    size += Number(stored.value.sizeBytes);
    const src = unpack === undefined ? stored : await unpack(stored.value, p);
    if (!src.ok) return fail(src);
    try {
      opened.push(await openMcapFile(p, src.value, handlers));
    } catch (thrown) {
      await src.value.close();
      return fail(err('InvalidArgument', `${files.uri}: ${p} is no readable MCAP file: ${describeThrown(thrown)}`));
    }
  }
  const metadata = metadataOfFiles(opened, size);
  if (fromYaml === undefined) return ok(new McapBagReader(metadata, opened, undefined));
  // rosbag2 counts the folder's size, metadata.yaml included
  const yamlSize = names.value.includes(METADATA_FILE) ? await sizeOf(files, METADATA_FILE) : 0;
  return ok(new McapBagReader({ ...fromYaml, bagSizeBytes: size + yamlSize }, opened, compression.value.message));
}

async function sizeOf(files: BagReaderOptions['files'], path: string): Promise<number> {
  const src = await files.open(path);
  if (!src.ok) return 0;
  await src.value.close();
  return Number(src.value.sizeBytes);
}
