/**
 * One sample on its way to one subscriber, and then the sample the subscriber is handed: a
 * single object per sample and subscriber, no closures (the publish hot path allocates this
 * and the payload copy, nothing else). A stamped (`ros`) sample is its own attachment: its
 * fields are made when read, from the sequence number and source time the publication kept as
 * plain numbers, so a handler's MessageInfo costs no attachment object per message.
 */
import type { RmwAttachment, RmwSample } from '../rmw.js';
import type { Task } from './delivery-queue.js';
import type { BusSubscriber } from './local-bus.js';
import { msToNs, RECEPTION_EPOCH_MS } from './local-clock.js';

export class LocalSample implements RmwSample, Task {
  /** Reception time as ms after RECEPTION_EPOCH_MS. */
  private receivedAfterEpoch = 0;

  constructor(
    private readonly sub: BusSubscriber,
    readonly key: string,
    readonly payload: Uint8Array,
    /** The publisher's GID on a `ros` endpoint; undefined (no attachment) on a `raw` one. */
    readonly gid: Uint8Array | undefined,
    private readonly sequence: number,
    private readonly stampMs: number,
  ) {}

  get receivedAtMs(): number {
    return RECEPTION_EPOCH_MS + this.receivedAfterEpoch;
  }

  get attachment(): RmwAttachment | undefined {
    return this.gid === undefined ? undefined : (this as { readonly gid: Uint8Array } & this);
  }

  /** Attachment field: the publisher's sequence number. */
  get sequenceNumber(): bigint {
    return BigInt(this.sequence);
  }

  /** Attachment field: the source time in ns since the epoch. */
  get sourceTimestampNs(): bigint {
    return msToNs(this.stampMs);
  }

  run(receivedAtMs: () => number): void {
    const sub = this.sub;
    if (!sub.isOpen()) return;
    this.receivedAfterEpoch = receivedAtMs() - RECEPTION_EPOCH_MS;
    sub.deliver(this);
  }

  report(message: string): void {
    this.sub.session.emit({
      type: 'transport_error',
      key: this.sub.key,
      message: `subscription callback on '${this.sub.key}' threw: ${message}`,
    });
  }
}
