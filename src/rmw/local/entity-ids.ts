/**
 * Identities and attachments the local backend stamps exactly like rmw_zenoh does, so a
 * subscriber sees the same `RmwAttachment` on both backends: sequence numbers from 1 per
 * publisher or client, source timestamp in ns since the epoch, a random 16-byte GID per entity.
 */
import type { RmwAttachment } from '../rmw.js';

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** rmw_zenoh's session_id: 32 lowercase hex, random per context. */
export function newSessionId(): string {
  return Array.from(randomBytes(16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A stable, unique 16-byte GID for one entity. */
export function newGid(): Uint8Array {
  return randomBytes(16);
}

/** Nanoseconds since the epoch, with sub-millisecond precision where the platform has it. */
export function nowNs(): bigint {
  const ms = performance.timeOrigin + performance.now();
  return BigInt(Math.floor(ms)) * 1_000_000n + BigInt(Math.floor((ms % 1) * 1_000_000));
}

/** The per-entity counter behind publication and request attachments. */
export class AttachmentStamp {
  readonly gid: Uint8Array = newGid();
  private sequence = 0n;

  /** Next attachment: sequence numbers start at 1. */
  next(): RmwAttachment {
    this.sequence += 1n;
    return { sequenceNumber: this.sequence, sourceTimestampNs: nowNs(), gid: this.gid };
  }

  /** An attachment for a reply: the request's sequence number and the client's GID, stamped now. */
  static reply(request: RmwAttachment): RmwAttachment {
    return { sequenceNumber: request.sequenceNumber, sourceTimestampNs: nowNs(), gid: request.gid };
  }
}
