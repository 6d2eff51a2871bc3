/**
 * The per-entity counter behind attachments, stamped as rmw_zenoh (and rclts's zenoh backend)
 * does: sequence numbers from 1 per client (publishers stamp their own: local-pub-sub.ts), source timestamp in ns since the
 * epoch, one random 16-byte GID per entity. Like the zenoh backend, only `ros` endpoints
 * carry attachments, so a subscriber sees the same RmwAttachment (or none) on both backends.
 */
import type { RmwAttachment } from '../rmw.js';
import { nowNs } from '../wire/attachment.js';
import { newGid } from '../wire/gid.js';

export class AttachmentStamp {
  /** Drawn with the first request: a client that never sends holds none. */
  private drawnGid: Uint8Array | undefined;
  private sequence = 0n;

  /** `attach`: whether the endpoint's naming carries attachments (`ros`). */
  constructor(private readonly attach: boolean) {}

  get gid(): Uint8Array {
    this.drawnGid ??= newGid();
    return this.drawnGid;
  }

  /** Counts one request; its sequence number and attachment, or undefined for `raw` endpoints. */
  next(): { readonly sequenceNumber: bigint; readonly attachment: RmwAttachment | undefined } {
    this.sequence += 1n;
    const sequenceNumber = this.sequence;
    if (!this.attach) return { sequenceNumber, attachment: undefined };
    return { sequenceNumber, attachment: { sequenceNumber, sourceTimestampNs: nowNs(), gid: this.gid } };
  }

  /** A reply's attachment: the request's sequence number and the client's GID, stamped now. */
  static reply(request: RmwAttachment | undefined): RmwAttachment | undefined {
    if (request === undefined) return undefined;
    return { sequenceNumber: request.sequenceNumber, sourceTimestampNs: nowNs(), gid: request.gid };
  }
}
