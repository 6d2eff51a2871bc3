/**
 * Headers of what the simulator sends: src_id 0, its name, a seq per key from 0 (a gap is a
 * drop, back to 0 a restart), the capture time, the sys_id and frame the message is about.
 */
import { AxisConvention, type Header } from '../generated/swarmbotix-types.js';

/** Name the simulator writes into every header it sends. */
export const SIM_SENDER_NAME = 'vrobots-sim';
export const SIM_SRC_ID = 0;
export const SIM_SCHEMA_VERSION = 1;

export const nowNs = (): bigint => BigInt(Date.now()) * 1_000_000n;

export class SimStamp {
  private readonly seqs = new Map<string, bigint>();

  /** `frameId` empty: no frame (manager and scene replies). */
  constructor(private readonly frameId = '') {}

  /** The next header on `key`; each call uses up one seq of that key. */
  header(key: string, sysId: number, stampNs: bigint = nowNs()): Header {
    const seq = this.seqs.get(key) ?? 0n;
    this.seqs.set(key, seq + 1n);
    return {
      srcId: SIM_SRC_ID,
      name: SIM_SENDER_NAME,
      seq,
      timestampNs: stampNs,
      schemaVersion: SIM_SCHEMA_VERSION,
      sysId,
      coordFrameId: this.frameId,
      axisConvention: this.frameId.length > 0 ? AxisConvention.UNITY : AxisConvention.UNSPECIFIED,
      topicFullName: key,
    };
  }
}
