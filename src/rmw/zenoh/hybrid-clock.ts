/**
 * zenoh timestamps for this context's publications. rmw_zenoh sessions run with timestamping
 * on, so every sample they publish carries an HLC timestamp (NTP64 time and the id of its
 * clock), and zenoh-ext's advanced subscriber orders and de-duplicates history by it. The
 * remote-api plugin stamps nothing itself and a bridge in peer mode has no clock, so rclts
 * keeps one per context: its id is the context's session id (the `<zid>` of its advanced
 * publisher keys), its time the wall clock, strictly increasing like an HLC.
 */
import type { Timestamp, ZenohId } from '@eclipse-zenoh/zenoh-ts';
import { nowNs } from '../wire/attachment.js';
import { sessionIdBytes } from '../wire/gid.js';
import type { ZenohTs } from './zenoh-ts/index.js';

/** uhlc keeps the 4 lowest bits of the fraction for its counter. */
const COUNTER_MASK = 0xfn;
const NS_PER_S = 1_000_000_000n;

/** NTP64 as zenoh uses it: seconds since the Unix epoch in the high 32 bits, the fraction below. */
export function ntp64OfNs(ns: bigint): bigint {
  const seconds = ns / NS_PER_S;
  const fraction = ((ns % NS_PER_S) << 32n) / NS_PER_S;
  return (seconds << 32n) | fraction;
}

export class HybridClock {
  private last = 0n;
  private readonly id: ZenohId;
  /** The clock id as zenoh-ts writes it in a timestamp. */
  readonly idBytes: Uint8Array;

  constructor(
    private readonly zenoh: ZenohTs,
    sessionId: string,
  ) {
    this.id = new zenoh.ZenohId(sessionIdBytes(sessionId));
    this.idBytes = this.id.toLeBytes();
  }

  now(): Timestamp {
    return this.timestampAt(this.nextNtp64());
  }

  /** A timestamp of this clock at `ntp64` (from nextNtp64). */
  timestampAt(ntp64: bigint): Timestamp {
    return new this.zenoh.Timestamp(this.id, ntp64);
  }

  /** The NTP64 time of the next timestamp, for a frame that needs no Timestamp object. */
  nextNtp64(): bigint {
    const t = ntp64OfNs(nowNs()) & ~COUNTER_MASK;
    this.last = t > this.last ? t : this.last + 1n;
    return this.last;
  }
}
