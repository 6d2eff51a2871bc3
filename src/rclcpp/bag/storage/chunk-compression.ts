/**
 * MCAP chunk compression, the way rosbag2's MCAP storage presets use it (`zstd`, `lz4`), with
 * libraries that run in Node and in a page alike: lz4js (pure JavaScript, LZ4 frames) and
 * zstd-wasm (WebAssembly, loaded the first time zstd is asked for, then synchronous as the
 * MCAP writer's and reader's hooks must be).
 */

import { describeThrown, err, ok, type ResultOf } from '../../../result.js';
import { lz4Library } from './bag-libraries.js';
import { BagCompression } from './types.js';

export type CompressChunk = (data: Uint8Array) => { compression: string; compressedData: Uint8Array };
export type DecompressHandlers = Record<string, (data: Uint8Array, decompressedSize: bigint) => Uint8Array>;

interface Zstd {
  compress(data: Uint8Array, level?: number): Uint8Array;
  decompress(data: Uint8Array, options?: { defaultHeapSize?: number }): Uint8Array;
}

/** Largest output a zstd frame without its size is grown to when decompressed whole. */
const MAX_UNSIZED_BYTES = 2 ** 31;

let zstd: Promise<ResultOf<Zstd>> | undefined;

function loadZstd(): Promise<ResultOf<Zstd>> {
  zstd ??= import('@bokuweb/zstd-wasm').then(
    async (m) => {
      await m.init();
      return ok<Zstd>({ compress: m.compress, decompress: m.decompress });
    },
    (thrown: unknown) => err('Unsupported', `zstd compression could not be loaded: ${describeThrown(thrown)}`),
  );
  return zstd;
}

/** The MCAP writer's hook for `compression`; undefined for none. */
export async function chunkCompressor(compression: BagCompression): Promise<ResultOf<CompressChunk | undefined>> {
  switch (compression) {
    case BagCompression.None:
      return ok(undefined);
    case BagCompression.Lz4: {
      const lz4 = await lz4Library();
      if (!lz4.ok) return lz4;
      const { compress } = lz4.value;
      return ok((data) => ({ compression: 'lz4', compressedData: compress(data) }));
    }
    case BagCompression.Zstd: {
      const z = await loadZstd();
      if (!z.ok) return z;
      const { compress } = z.value;
      return ok((data) => ({ compression: 'zstd', compressedData: compress(data) }));
    }
    default:
      return err('InvalidArgument', `compression must be 'none', 'zstd' or 'lz4', got ${JSON.stringify(compression)}`);
  }
}

/** The MCAP reader's hooks for every compression a bag may use (lz4 and zstd each only when it loads). */
export async function decompressHandlers(): Promise<DecompressHandlers> {
  const handlers: DecompressHandlers = {};
  const lz4 = await lz4Library();
  if (lz4.ok) handlers.lz4 = (data, size) => lz4.value.decompress(data, Number(size));
  const z = await loadZstd();
  if (z.ok) handlers.zstd = (data, size) => z.value.decompress(data, { defaultHeapSize: Number(size) });
  return handlers;
}

/**
 * Decompresses a whole zstd frame (rosbag2_compression's file and message modes); a frame that
 * does not carry its size is retried with a larger buffer up to MAX_UNSIZED_BYTES.
 */
export async function zstdDecompressor(): Promise<ResultOf<(data: Uint8Array) => Uint8Array>> {
  const z = await loadZstd();
  if (!z.ok) return z;
  const { decompress } = z.value;
  return ok((data) => {
    for (let size = Math.max(1 << 20, data.byteLength * 8); ; size *= 4) {
      try {
        return decompress(data, { defaultHeapSize: Math.min(size, MAX_UNSIZED_BYTES) });
      } catch (thrown) {
        if (size >= MAX_UNSIZED_BYTES) throw thrown;
      }
    }
  });
}
