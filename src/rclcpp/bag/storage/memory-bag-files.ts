/**
 * A bag folder in memory: what a page records into (the MCAP bytes are the download) and
 * reads a file it was given from. Files are kept as their written chunks until read.
 */

import { err, ok, type ResultOf } from '../../../result.js';
import type { BagFileSink, BagFileSource, MemoryBagFiles } from './types.js';

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const c of chunks) size += c.byteLength;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function isPlainName(path: string): boolean {
  return path.length > 0 && !path.includes('/') && !path.includes('\\') && path !== '.' && path !== '..';
}

/** A file held as bytes, read at random offsets. */
export function bytesSource(bytes: Uint8Array, name: string): BagFileSource {
  return {
    sizeBytes: BigInt(bytes.byteLength),
    async read(offset, length) {
      if (offset < 0n || length < 0n || offset + length > BigInt(bytes.byteLength)) {
        return err('InvalidArgument', `read past the end of ${name}`);
      }
      return ok(bytes.subarray(Number(offset), Number(offset + length)));
    },
    async close() {
      return ok();
    },
  };
}

/**
 * An empty bag folder named `name` (its files are `<name>_0.mcap`, ...), optionally holding
 * `files` already (e.g. an .mcap file a page was given).
 */
export function memoryBagFiles(name = 'rosbag2', files: Readonly<Record<string, Uint8Array>> = {}): MemoryBagFiles {
  const done = new Map<string, Uint8Array>(Object.entries(files));
  const open = new Set<string>();
  return {
    uri: name,
    async create(relativePath): Promise<ResultOf<BagFileSink>> {
      if (!isPlainName(relativePath)) return err('InvalidArgument', `bag file name ${JSON.stringify(relativePath)}`);
      const chunks: Uint8Array[] = [];
      done.delete(relativePath);
      open.add(relativePath);
      let closed = false;
      return ok({
        async write(chunk) {
          if (closed) return err('NotAllowed', `bag file ${relativePath} is closed`);
          chunks.push(chunk.slice());
          return ok();
        },
        async close() {
          if (!closed) {
            closed = true;
            open.delete(relativePath);
            done.set(relativePath, concat(chunks));
          }
          return ok();
        },
      });
    },
    async open(relativePath): Promise<ResultOf<BagFileSource>> {
      const bytes = done.get(relativePath);
      if (bytes === undefined) return err('NotFound', `bag ${name} has no file ${relativePath}`);
      return ok(bytesSource(bytes, relativePath));
    },
    async list() {
      return ok([...done.keys(), ...open].sort());
    },
    contents(relativePath) {
      return done.get(relativePath);
    },
  };
}
