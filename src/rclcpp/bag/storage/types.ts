/**
 * The bag storage vocabulary, named after rosbag2's (rosbag2_storage's BagMetadata,
 * TopicMetadata, TopicInformation, FileInformation, SerializedBagMessage). A bag is a folder of
 * MCAP files and a `metadata.yaml`; `BagFiles` is where that folder lives (Node fs, or memory in
 * a page), so the writer and the reader have no Node built-in on their path.
 */

import type { Result, ResultOf } from '../../../result.js';
import type { RmwQos } from '../../../rmw/qos.js';

/** Where one file of a bag is written to, in order. */
export interface BagFileSink {
  /** Appends `chunk` (the sink may keep a reference until the promise settles). */
  write(chunk: Uint8Array): Promise<Result>;
  /** Flushes and closes; the file is complete when this answers Ok. */
  close(): Promise<Result>;
}

/** One file of a bag read at random offsets (MCAP's indexed reader reads the footer first). */
export interface BagFileSource {
  readonly sizeBytes: bigint;
  read(offset: bigint, length: bigint): Promise<ResultOf<Uint8Array>>;
  close(): Promise<Result>;
}

/** A bag folder: Node fs (`nodeBagFiles`), or memory (`memoryBagFiles`, the browser's). */
export interface BagFiles {
  /**
   * The bag's uri as rosbag2 names it: the folder path (its last segment names the files,
   * `<name>_0.mcap`), or a memory bag's name.
   */
  readonly uri: string;
  /** Creates (or truncates) `relativePath` in the folder, making the folder when needed. */
  create(relativePath: string): Promise<ResultOf<BagFileSink>>;
  open(relativePath: string): Promise<ResultOf<BagFileSource>>;
  /** The file names in the folder (no sub-folders), sorted. */
  list(): Promise<ResultOf<readonly string[]>>;
}

/** Message serialisation formats a bag's topics use (rosbag2's `serialization_format`). */
export const SerializationFormat = { Cdr: 'cdr', Protobuf: 'protobuf' } as const;
export type SerializationFormat = (typeof SerializationFormat)[keyof typeof SerializationFormat];

/** A topic of a bag: rosbag2's TopicMetadata with its TopicInformation's message count. */
export interface BagTopicInfo {
  readonly name: string;
  /** `pkg/msg/Name` for ROS types; the protobuf full name (`vrobots.Pose`) for protobuf. */
  readonly type: string;
  /** `cdr` for ROS types; `protobuf` for protobuf topics. A read bag may name others. */
  readonly serializationFormat: SerializationFormat | (string & {});
  /** The publishers' QoS, written to metadata.yaml as rosbag2 serialises them. */
  readonly offeredQosProfiles: readonly RmwQos[];
  /** REP-2011 `RIHS01_…`, or '' when unknown. */
  readonly typeDescriptionHash: string;
  readonly messageCount: number;
}

/** What a writer is told about a topic: all of BagTopicInfo but the count it keeps itself. */
export type BagTopicMetadata = Omit<BagTopicInfo, 'messageCount'>;

/**
 * A topic's schema as the MCAP Schema record holds it: `ros2msg` with the concatenated
 * definition rosbag2 writes (text), `protobuf` with a FileDescriptorSet (bytes), or `unknown`
 * with no text when the type's definition was not found (rosbag2 writes the same).
 */
export const SchemaEncoding = {
  Ros2Msg: 'ros2msg',
  Ros2Idl: 'ros2idl',
  Protobuf: 'protobuf',
  Unknown: 'unknown',
} as const;
export type SchemaEncoding = (typeof SchemaEncoding)[keyof typeof SchemaEncoding];

export interface BagMessageDefinition {
  /** A read bag may hold another encoding (e.g. `jsonschema`). */
  readonly encoding: SchemaEncoding | (string & {});
  /** The MCAP schema name: the ROS type `pkg/msg/Name`, or the protobuf full name. */
  readonly name: string;
  /** Text for `ros2msg`/`ros2idl`, FileDescriptorSet bytes for `protobuf`. */
  readonly data: Uint8Array | string;
}

/** Chunk compression of the MCAP files (rosbag2's MCAP storage presets `zstd_*`, `lz4`). */
export const BagCompression = { None: 'none', Zstd: 'zstd', Lz4: 'lz4' } as const;
export type BagCompression = (typeof BagCompression)[keyof typeof BagCompression];

export interface BagWriterOptions {
  readonly files: BagFiles;
  /** Start a new file past this many bytes (rosbag2's `max_bagfile_size`); 0/absent: never. */
  readonly maxBagSizeBytes?: number | undefined;
  /** Start a new file past this long (rosbag2's `max_bagfile_duration`); 0/absent: never. */
  readonly maxBagDurationNs?: bigint | undefined;
  /** Chunk compression; absent: none. */
  readonly compression?: BagCompression | undefined;
  /** MCAP chunk size (bytes of messages per chunk); absent: the MCAP writer's default. */
  readonly chunkSizeBytes?: number | undefined;
  /** Bytes accepted by `write` but not yet in a file past which `write` answers Full. */
  readonly maxPendingBytes?: number | undefined;
  /** metadata.yaml's `custom_data`. */
  readonly customData?: Readonly<Record<string, string>> | undefined;
  /** metadata.yaml's `ros_distro`; absent: the distro rclts speaks (`kilted`). */
  readonly rosDistro?: string | undefined;
}

export interface BagWriter {
  /** Declares a topic; AlreadyExists when `topic.name` was declared with another type. */
  createTopic(topic: BagTopicMetadata, definition: BagMessageDefinition): Result;
  /**
   * Queues one serialized message (log time = receive time). Never loses one silently: a topic
   * never declared answers NotFound, a full queue Full, a failed file the file's error.
   */
  write(topic: string, data: Uint8Array, recvTimestampNs: bigint, sendTimestampNs: bigint): Result;
  /** Bytes queued and not yet in a file. */
  readonly pendingBytes: number;
  /** Resolves when everything queued so far is in a file (or the first error). */
  flush(): Promise<Result>;
  /** Finishes the last file and writes metadata.yaml; answers the metadata written. */
  close(): Promise<ResultOf<BagMetadata>>;
}

/** rosbag2's FileInformation. */
export interface BagFileInformation {
  readonly path: string;
  readonly startingTimeNs: bigint;
  readonly durationNs: bigint;
  readonly messageCount: number;
}

/** rosbag2's BagMetadata (metadata.yaml, version 9 as Kilted's rosbag2 writes it). */
export interface BagMetadata {
  readonly version: number;
  /** Sum of the files' sizes; not in metadata.yaml (rosbag2 computes it on reading too). */
  readonly bagSizeBytes: number;
  readonly storageIdentifier: string;
  readonly relativeFilePaths: readonly string[];
  readonly files: readonly BagFileInformation[];
  readonly durationNs: bigint;
  readonly startingTimeNs: bigint;
  readonly messageCount: number;
  readonly topicsWithMessageCount: readonly BagTopicInfo[];
  /** rosbag2_compression's fields: '' for MCAP chunk compression, which is the storage's own. */
  readonly compressionFormat: string;
  readonly compressionMode: string;
  readonly customData: Readonly<Record<string, string>>;
  readonly rosDistro: string;
}

/** rosbag2's SerializedBagMessage. */
export interface BagMessage {
  readonly topic: string;
  readonly data: Uint8Array;
  /** MCAP log time. */
  readonly recvTimestampNs: bigint;
  /** MCAP publish time. */
  readonly sendTimestampNs: bigint;
}

export interface BagReadFilter {
  /** Only these topics; absent: all. */
  readonly topics?: readonly string[] | undefined;
  /** Log times at or after; absent: from the start. */
  readonly startNs?: bigint | undefined;
  /** Log times before; absent: to the end. */
  readonly endNs?: bigint | undefined;
}

export interface BagReaderOptions {
  readonly files: BagFiles;
}

export interface BagReader {
  readonly metadata: BagMetadata;
  readonly topics: readonly BagTopicInfo[];
  /** The schema a topic was recorded with; undefined for a topic the bag does not have. */
  definitionOf(topic: string): BagMessageDefinition | undefined;
  /** Messages in log-time order across all files; an unreadable file ends it with its error. */
  messages(filter?: BagReadFilter): AsyncIterable<ResultOf<BagMessage>>;
  close(): Promise<Result>;
}

/** A bag in memory: what a page records into and offers as a download. */
export interface MemoryBagFiles extends BagFiles {
  /** The bytes of one file, or undefined when there is none (or it is still being written). */
  contents(relativePath: string): Uint8Array | undefined;
}

/*
 * Entry points (src/rclcpp/bag/index.ts):
 *   openBagWriter(options: BagWriterOptions): Promise<ResultOf<BagWriter>>
 *   openBagReader(options: BagReaderOptions): Promise<ResultOf<BagReader>>
 *   memoryBagFiles(name?: string): MemoryBagFiles
 *   nodeBagFiles(path: string): BagFiles            (bag-files.node.ts; a .mcap file path reads that file alone)
 *   messageDefinitionFor(type: string, source: MessageDefinitionSource): ResultOf<BagMessageDefinition>
 *   definitionFiles(directories?): ResultOf<MessageDefinitionSource>   (Node: the installed .msg texts)
 *   protobufDefinition(fullName: string, fileDescriptorSet: Uint8Array): BagMessageDefinition
 */
