/**
 * Bags: rosbag2-compatible MCAP storage (storage/), recording and playback. One export line per
 * piece; `*.node.ts` files are not listed here (the browser build imports this list).
 */

export type * from './storage/types.js';
export { BagCompression, SchemaEncoding, SerializationFormat } from './storage/types.js';
export * from './recorder/index.js';
export * from './player/index.js';
