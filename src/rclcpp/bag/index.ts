/**
 * Bags: rosbag2-compatible MCAP storage (storage/), recording and playback. One export line per
 * piece. Nothing here imports a Node module (disk access goes through host.ts's nodeBuiltin),
 * so the browser build can take the whole list.
 */

export type * from './storage/types.js';
export { BagCompression, SchemaEncoding, SerializationFormat } from './storage/types.js';
export { openBagReader } from './storage/bag-reader.js';
export { BAG_LIBRARY, openBagWriter } from './storage/bag-writer.js';
export { memoryBagFiles } from './storage/memory-bag-files.js';
export { nodeBagFiles } from './storage/node-bag-files.js';
export * from './storage/message-definition.js';
export { METADATA_FILE, METADATA_VERSION, metadataFromYaml, metadataToYaml } from './storage/metadata-yaml.js';
export * from './recorder/index.js';
export * from './player/index.js';
