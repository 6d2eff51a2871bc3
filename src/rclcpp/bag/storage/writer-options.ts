/** BagWriterOptions checked once, with rosbag2's defaults filled in. */

import { describeValue, err, ok, type ResultOf } from '../../../result.js';
import { BagCompression, type BagFiles, type BagWriterOptions } from './types.js';

/** The MCAP C++ writer's default chunk size, which rosbag2's MCAP storage keeps. */
export const DEFAULT_CHUNK_SIZE_BYTES = 768 * 1024;
/** Bytes a writer queues before `write` answers Full. */
export const DEFAULT_MAX_PENDING_BYTES = 64 * 1024 * 1024;
/** The distro rclts speaks, for metadata.yaml's `ros_distro`. */
export const ROS_DISTRO = 'kilted';

export interface CheckedWriterOptions {
  readonly files: BagFiles;
  readonly maxBagSizeBytes: number;
  readonly maxBagDurationNs: bigint;
  readonly compression: BagCompression;
  readonly chunkSizeBytes: number;
  readonly maxPendingBytes: number;
  readonly customData: Readonly<Record<string, string>>;
  readonly rosDistro: string;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function checkWriterOptions(options: BagWriterOptions): ResultOf<CheckedWriterOptions> {
  if (typeof options !== 'object' || options === null) {
    return err('InvalidArgument', `bag writer options must be an object, got ${describeValue(options)}`);
  }
  const o = options;
  const files = o.files;
  if (typeof files?.create !== 'function' || typeof files.uri !== 'string') {
    return err('InvalidArgument', 'bag writer options.files must be BagFiles (nodeBagFiles(dir) or memoryBagFiles())');
  }
  const numbers = {
    maxBagSizeBytes: 0,
    chunkSizeBytes: DEFAULT_CHUNK_SIZE_BYTES,
    maxPendingBytes: DEFAULT_MAX_PENDING_BYTES,
  };
  for (const key of Object.keys(numbers) as (keyof typeof numbers)[]) {
    const v = o[key];
    if (v === undefined) continue;
    if (!isCount(v))
      return err('InvalidArgument', `bag writer ${key} must be a whole number >= 0, got ${describeValue(v)}`);
    numbers[key] = v;
  }
  const duration = o.maxBagDurationNs ?? 0n;
  if (typeof duration !== 'bigint' || duration < 0n) {
    return err('InvalidArgument', `bag writer maxBagDurationNs must be a bigint >= 0, got ${describeValue(duration)}`);
  }
  const compression = o.compression ?? BagCompression.None;
  if (!Object.values(BagCompression).includes(compression)) {
    return err(
      'InvalidArgument',
      `bag writer compression must be 'none', 'zstd' or 'lz4', got ${describeValue(compression)}`,
    );
  }
  const custom = o.customData ?? {};
  if (typeof custom !== 'object' || custom === null || Object.values(custom).some((v) => typeof v !== 'string')) {
    return err('InvalidArgument', 'bag writer customData must map names to strings');
  }
  const distro = o.rosDistro ?? ROS_DISTRO;
  if (typeof distro !== 'string')
    return err('InvalidArgument', `bag writer rosDistro must be a string, got ${describeValue(distro)}`);
  return ok({
    files,
    maxBagSizeBytes: numbers.maxBagSizeBytes,
    maxBagDurationNs: duration,
    compression,
    chunkSizeBytes: numbers.chunkSizeBytes,
    maxPendingBytes: numbers.maxPendingBytes,
    customData: { ...custom },
    rosDistro: distro,
  });
}
