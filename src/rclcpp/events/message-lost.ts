/**
 * rclcpp's message-lost event as rmw_zenoh computes it: per publisher GID, a sequence number
 * that jumps by more than one counts the skipped ones as lost. Checked where samples arrive
 * (before the subscription's queue, as rmw_zenoh does, so QoS-queue drops are not counted).
 */
import type { RmwAttachment } from '../../rmw/rmw.js';
import { gidToHex } from '../../rmw/wire/gid.js';

/** rmw_message_lost_status_t. */
export interface MessageLostStatus {
  readonly totalCount: number;
  readonly totalCountChange: number;
}

/** Publishers remembered at most; past it the oldest is forgotten (its next sample starts afresh). */
const MAX_PUBLISHERS = 4096;

export class MessageLostCounter {
  private readonly last = new Map<string, bigint>();
  private total = 0;
  private sinceTaken = 0;

  /** Notes one arrival; true when it shows messages lost. */
  observe(attachment: RmwAttachment | undefined): boolean {
    if (attachment === undefined) return false;
    const key = gidToHex(attachment.gid);
    const before = this.last.get(key);
    if (before === undefined && this.last.size >= MAX_PUBLISHERS) {
      const oldest = this.last.keys().next().value;
      if (oldest !== undefined) this.last.delete(oldest);
    }
    this.last.set(key, attachment.sequenceNumber);
    if (before === undefined) return false;
    const step = attachment.sequenceNumber - before;
    const jump = step < 0n ? -step : step;
    if (jump <= 1n) return false;
    const lost = jump - 1n > 0x7fffffffn ? 0x7fffffff : Number(jump - 1n);
    this.total += lost;
    this.sinceTaken += lost;
    return true;
  }

  /** The status since the last take, or undefined when nothing was lost since. */
  take(): MessageLostStatus | undefined {
    if (this.sinceTaken === 0) return undefined;
    const status = { totalCount: this.total, totalCountChange: this.sinceTaken };
    this.sinceTaken = 0;
    return status;
  }
}
