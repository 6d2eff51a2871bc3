/**
 * Headers of what this client sends: src_id, client name, frame, and a seq per key (a gap
 * at the reader is a drop; a new handle starts again at 0, which readers see as a
 * publisher restart).
 */
import type { Header } from '../messages/topic-messages.js';
import type { ResolvedConnectOptions } from './connect-options.js';

/** Version of the swarmbotix schema this client is built with. */
export const CLIENT_SCHEMA_VERSION = 1;

export class HeaderStamp {
  private readonly options: ResolvedConnectOptions;
  private readonly sysId: number;
  private readonly seqs = new Map<string, bigint>();

  constructor(options: ResolvedConnectOptions, sysId: number) {
    this.options = options;
    this.sysId = sysId;
  }

  /** The next header for `key`; its seq is used up only by `commit` (a refused send keeps it). */
  next(key: string): Header {
    const seq = this.seqs.get(key) ?? 0n;
    return {
      srcId: this.options.srcId,
      name: this.options.clientName,
      seq,
      timestampNs: nowNs(),
      schemaVersion: CLIENT_SCHEMA_VERSION,
      sysId: this.sysId,
      coordFrameId: this.options.coordFrameId,
      axisConvention: this.options.axisConvention,
      topicFullName: key,
    };
  }

  /** Marks the header of `key` as sent: the next one carries seq + 1. */
  commit(key: string): void {
    this.seqs.set(key, (this.seqs.get(key) ?? 0n) + 1n);
  }
}

/** Unix time in nanoseconds (millisecond clock plus the monotonic sub-millisecond part). */
export function nowNs(): bigint {
  const ms = performance.timeOrigin + performance.now();
  return BigInt(Math.floor(ms)) * 1_000_000n + BigInt(Math.floor((ms % 1) * 1e6));
}
