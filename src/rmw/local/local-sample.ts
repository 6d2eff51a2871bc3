/**
 * One sample on its way to one subscriber, and then the sample the subscriber is handed: a
 * single object per sample and subscriber, no closures (the publish hot path allocates this
 * and the payload copy, nothing else). Its key and GID are its publisher's and its reception
 * time its flush's, read through references rather than copied into every sample. A stamped
 * (`ros`) sample is its own attachment: its fields are made when read, from the sequence
 * number and source time the publication kept as plain numbers, so a handler's MessageInfo
 * costs no attachment object per message.
 */
import type { RmwAttachment, RmwSample } from '../rmw.js';
import type { FlushStamp } from './delivery-queue.js';
import { msToNs } from './local-clock.js';

/** What a sample needs of the publisher that made it. */
export interface SampleSource {
  readonly key: string;
  /** The publisher's GID on a `ros` endpoint; undefined (no attachment) on a `raw` one. */
  readonly stampGid: Uint8Array | undefined;
}

export class LocalSample implements RmwSample {
  constructor(
    private readonly source: SampleSource,
    readonly payload: Uint8Array,
    private readonly sequence: number,
    private readonly stampMs: number,
    /** Filled with the reception time when the flush that delivers this sample begins. */
    private readonly received: FlushStamp,
  ) {}

  /** The concrete key the sample was published on: its publisher's. */
  get key(): string {
    return this.source.key;
  }

  get receivedAtMs(): number {
    return this.received.ms;
  }

  /** Attachment field: the publisher's GID. */
  get gid(): Uint8Array | undefined {
    return this.source.stampGid;
  }

  get attachment(): RmwAttachment | undefined {
    return this.source.stampGid === undefined ? undefined : (this as { readonly gid: Uint8Array } & this);
  }

  /** Attachment field: the publisher's sequence number. */
  get sequenceNumber(): bigint {
    return BigInt(this.sequence);
  }

  /** Attachment field: the source time in ns since the epoch. */
  get sourceTimestampNs(): bigint {
    return msToNs(this.stampMs);
  }
}
