/**
 * Bags compressed by rosbag2_compression (metadata.yaml's compression_format and
 * compression_mode), which rosbags' writer and older rosbag2 produce: `file` mode compresses
 * each whole file (`<name>_0.mcap.zstd`), `message` mode each message's data. Only zstd exists
 * there; reading a file-mode bag holds each decompressed file in memory.
 */

import { describeThrown, err, ok, type ResultOf } from '../../../result.js';
import { zstdDecompressor } from './chunk-compression.js';
import { bytesSource } from './memory-bag-files.js';
import type { BagFileSource, BagMetadata } from './types.js';

export interface Rosbag2Compression {
  /** The decompressed file behind a compressed one (file mode). */
  readonly file?: ((source: BagFileSource, path: string) => Promise<ResultOf<BagFileSource>>) | undefined;
  /** A message's data decompressed (message mode). */
  readonly message?: ((data: Uint8Array) => Uint8Array) | undefined;
}

/** What reading `m`'s files and messages needs; Unsupported for a format other than zstd. */
export async function rosbag2Compression(m: BagMetadata, uri: string): Promise<ResultOf<Rosbag2Compression>> {
  const format = m.compressionFormat.toLowerCase();
  const mode = m.compressionMode.toLowerCase();
  if (format === '' || mode === '' || mode === 'none') return ok({});
  if (format !== 'zstd') {
    return err(
      'Unsupported',
      `${uri} is compressed with '${m.compressionFormat}'; rclts reads zstd (rosbag2_compression's only format)`,
    );
  }
  const zstd = await zstdDecompressor();
  if (!zstd.ok) return zstd;
  const decompress = zstd.value;
  if (mode === 'message') return ok({ message: decompress });
  if (mode !== 'file')
    return err('Unsupported', `${uri}: compression_mode '${m.compressionMode}' is neither file nor message`);
  return ok({
    async file(source, path) {
      const whole = await source.read(0n, source.sizeBytes);
      await source.close();
      if (!whole.ok) return whole;
      try {
        return ok(bytesSource(decompress(whole.value), path));
      } catch (thrown) {
        return err('InvalidArgument', `${uri}: ${path} is no zstd file: ${describeThrown(thrown)}`);
      }
    },
  });
}
