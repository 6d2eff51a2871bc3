/**
 * metadata.yaml as rosbag2_storage's yaml.hpp writes and reads it: the BagMetadata node (keys
 * in rosbag2's order) under `rosbag2_bagfile_information`; the same node alone is what each
 * MCAP file's `rosbag2` metadata record holds as `serialized_metadata`. Reading follows
 * rosbag2's version rules (fields appear at versions 3, 5, 6, 7, 8; QoS names at 9).
 */

import { parse, stringify } from 'yaml';
import { describeThrown, err, ok, type ResultOf } from '../../../result.js';
import { qosListFromYaml, qosToYaml } from './qos-yaml.js';
import type { BagFileInformation, BagMetadata, BagTopicInfo } from './types.js';

/** The metadata version Kilted's rosbag2 writes. */
export const METADATA_VERSION = 9;
export const METADATA_FILE = 'metadata.yaml';
const TOP_KEY = 'rosbag2_bagfile_information';

function topicNode(t: BagTopicInfo, version: number): object {
  return {
    topic_metadata: {
      name: t.name,
      type: t.type,
      serialization_format: t.serializationFormat,
      offered_qos_profiles: t.offeredQosProfiles.map((q) => qosToYaml(q, version)),
      type_description_hash: t.typeDescriptionHash,
    },
    message_count: t.messageCount,
  };
}

function fileNode(f: BagFileInformation): object {
  return {
    path: f.path,
    starting_time: { nanoseconds_since_epoch: f.startingTimeNs },
    duration: { nanoseconds: f.durationNs },
    message_count: f.messageCount,
  };
}

function metadataNode(m: BagMetadata): object {
  const custom = Object.entries(m.customData);
  return {
    version: m.version,
    storage_identifier: m.storageIdentifier,
    duration: { nanoseconds: m.durationNs },
    starting_time: { nanoseconds_since_epoch: m.startingTimeNs },
    message_count: m.messageCount,
    topics_with_message_count: m.topicsWithMessageCount.map((t) => topicNode(t, m.version)),
    compression_format: m.compressionFormat,
    compression_mode: m.compressionMode,
    relative_file_paths: [...m.relativeFilePaths],
    files: m.files.map(fileNode),
    // yaml-cpp writes an empty map as a null node
    custom_data: custom.length === 0 ? null : Object.fromEntries(custom),
    ros_distro: m.rosDistro,
  };
}

const OPTIONS = { nullStr: '~', lineWidth: 0 } as const;

/** The text of metadata.yaml. */
export function metadataToYaml(m: BagMetadata): string {
  return stringify({ [TOP_KEY]: metadataNode(m) }, OPTIONS);
}

/** The `serialized_metadata` of an MCAP file's `rosbag2` metadata record. */
export function serializedMetadata(m: BagMetadata): string {
  return stringify(metadataNode(m), OPTIONS);
}

type Node = Record<string, unknown>;
const asNode = (v: unknown): Node => (typeof v === 'object' && v !== null ? (v as Node) : {});
const big = (v: unknown): bigint => (typeof v === 'bigint' ? v : typeof v === 'number' ? BigInt(Math.trunc(v)) : 0n);
const num = (v: unknown): number => Number(v ?? 0);
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

function topicFromNode(raw: unknown, version: number): ResultOf<BagTopicInfo> {
  const n = asNode(raw);
  const t = asNode(n.topic_metadata);
  if (typeof t.name !== 'string' || typeof t.type !== 'string') {
    return err('InvalidArgument', 'metadata.yaml: a topic has no name or type');
  }
  // Versions 4 to 8 hold the profiles as one YAML string.
  let profiles: unknown = t.offered_qos_profiles;
  if (typeof profiles === 'string') {
    try {
      profiles = parse(profiles, { intAsBigInt: true });
    } catch (thrown) {
      return err('InvalidArgument', `metadata.yaml: ${t.name}'s offered_qos_profiles: ${describeThrown(thrown)}`);
    }
  }
  const qos = version >= 4 ? qosListFromYaml(profiles) : ok([]);
  if (!qos.ok) return err('InvalidArgument', `metadata.yaml: topic ${t.name}: ${qos.error.message}`);
  return ok({
    name: t.name,
    type: t.type,
    serializationFormat: str(t.serialization_format),
    offeredQosProfiles: qos.value,
    typeDescriptionHash: version >= 7 ? str(t.type_description_hash) : '',
    messageCount: num(n.message_count),
  });
}

/** BagMetadata from the node rosbag2 writes (metadata.yaml's, or a `serialized_metadata`). */
export function metadataFromNode(raw: unknown, bagSizeBytes: number): ResultOf<BagMetadata> {
  const n = asNode(raw);
  if (n.version === undefined) return err('InvalidArgument', 'metadata.yaml: no version');
  const version = num(n.version);
  const topics: BagTopicInfo[] = [];
  for (const t of Array.isArray(n.topics_with_message_count) ? n.topics_with_message_count : []) {
    const topic = topicFromNode(t, version);
    if (!topic.ok) return topic;
    topics.push(topic.value);
  }
  const files: BagFileInformation[] = (version >= 5 && Array.isArray(n.files) ? n.files : []).map((f) => {
    const fn = asNode(f);
    return {
      path: str(fn.path),
      startingTimeNs: big(asNode(fn.starting_time).nanoseconds_since_epoch),
      durationNs: big(asNode(fn.duration).nanoseconds),
      messageCount: num(fn.message_count),
    };
  });
  const custom = version >= 6 ? asNode(n.custom_data) : {};
  return ok({
    version,
    bagSizeBytes,
    storageIdentifier: str(n.storage_identifier),
    relativeFilePaths: (Array.isArray(n.relative_file_paths) ? n.relative_file_paths : []).map(str),
    files,
    durationNs: big(asNode(n.duration).nanoseconds),
    startingTimeNs: big(asNode(n.starting_time).nanoseconds_since_epoch),
    messageCount: num(n.message_count),
    topicsWithMessageCount: topics,
    compressionFormat: version >= 3 ? str(n.compression_format) : '',
    compressionMode: version >= 3 ? str(n.compression_mode) : '',
    customData: Object.fromEntries(Object.entries(custom).map(([k, v]) => [k, str(v)])),
    rosDistro: version >= 8 ? str(n.ros_distro) : '',
  });
}

/** BagMetadata from metadata.yaml's text; InvalidArgument naming what is wrong. */
export function metadataFromYaml(text: string, bagSizeBytes: number): ResultOf<BagMetadata> {
  let doc: unknown;
  try {
    doc = parse(text, { intAsBigInt: true });
  } catch (thrown) {
    return err('InvalidArgument', `metadata.yaml is no YAML: ${describeThrown(thrown)}`);
  }
  const top = asNode(doc)[TOP_KEY];
  if (top === undefined) return err('InvalidArgument', `metadata.yaml has no ${TOP_KEY}`);
  return metadataFromNode(top, bagSizeBytes);
}

/** A serialized_metadata text read back. */
export function metadataFromSerialized(text: string, bagSizeBytes: number): ResultOf<BagMetadata> {
  try {
    return metadataFromNode(parse(text, { intAsBigInt: true }), bagSizeBytes);
  } catch (thrown) {
    return err('InvalidArgument', `a rosbag2 metadata record is no YAML: ${describeThrown(thrown)}`);
  }
}
