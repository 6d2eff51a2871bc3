/**
 * Delivery order of a transient-local subscriber, as zenoh-ext's AdvancedSubscriber keeps it:
 * - a batch (history plus the live samples held back meanwhile) goes out per source in its
 *   own order: samples with an rmw_zenoh attachment per publisher GID by sequence number,
 *   samples without one per zenoh clock (the publishing session) by timestamp;
 * - a sample without an attachment passes only when it is newer than the last one delivered
 *   from its clock: zenoh-ext orders a publisher that sends no source info by timestamp
 *   alone, so a history sample that arrives twice, or a live sample that was still in flight
 *   when newer history was delivered, is dropped instead of delivered out of order.
 * Samples with an attachment are left to the replay filter (ros naming), which also knows a
 * restarted publisher; samples with neither attachment nor timestamp pass as they come.
 */
import type { Timestamp } from '@eclipse-zenoh/zenoh-ts';
import type { RmwSample } from '../rmw.js';
import { gidToHex } from '../wire/gid.js';
import { MAX_TRACKED_PUBLISHERS } from './replay-filter.js';

/** A zenoh timestamp: the clock (session id) that made it and its NTP64 time. */
export interface Stamp {
  readonly clock: string;
  readonly time: bigint;
}

export function toStamp(ts: Timestamp | undefined): Stamp | undefined {
  return ts === undefined ? undefined : { clock: ts.getId().toString(), time: ts.getNtp64() };
}

export interface Stamped {
  readonly sample: RmwSample;
  readonly stamp: Stamp | undefined;
}

/** The batch grouped by source (first-seen order), each source in its own order. */
export function orderBySource<T extends Stamped>(batch: readonly T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const item of batch) {
    const key = sourceOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  const out: T[] = [];
  for (const group of groups.values()) out.push(...group.sort(bySourceOrder));
  return out;
}

function sourceOf({ sample, stamp }: Stamped): string {
  if (sample.attachment !== undefined) return `gid:${gidToHex(sample.attachment.gid)}`;
  return stamp === undefined ? 'unstamped' : `clock:${stamp.clock}`;
}

/** Within one source: by sequence number, else by time; unstamped samples keep their order. */
function bySourceOrder(x: Stamped, y: Stamped): number {
  const a = x.sample.attachment;
  const b = y.sample.attachment;
  if (a !== undefined && b !== undefined) return compare(a.sequenceNumber, b.sequenceNumber);
  if (x.stamp !== undefined && y.stamp !== undefined) return compare(x.stamp.time, y.stamp.time);
  return 0;
}

function compare(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The last delivered time per clock, for samples without an attachment. */
export class StampOrder {
  private readonly last = new Map<string, bigint>();

  /** true when the sample may be delivered (it is then recorded); false when it is stale. */
  admit({ sample, stamp }: Stamped): boolean {
    if (sample.attachment !== undefined || stamp === undefined) return true;
    const last = this.last.get(stamp.clock);
    if (last !== undefined && stamp.time <= last) return false;
    // Most recently heard last, so the first entry is the longest silent clock.
    this.last.delete(stamp.clock);
    this.last.set(stamp.clock, stamp.time);
    if (this.last.size > MAX_TRACKED_PUBLISHERS) {
      const oldest = this.last.keys().next();
      if (oldest.done !== true) this.last.delete(oldest.value);
    }
    return true;
  }

  /** How many clocks are remembered. */
  get size(): number {
    return this.last.size;
  }

  clear(): void {
    this.last.clear();
  }
}
