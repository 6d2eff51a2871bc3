/**
 * One sample on its way to one subscriber, and then the sample the subscriber is handed: a
 * single object per sample and subscriber, no closures (the publish hot path allocates this
 * and the payload copy, nothing else). The attachment is built when first read, from the
 * sequence number and source time the publication kept as plain numbers.
 */
import type { RmwAttachment, RmwSample } from '../rmw.js';
import type { Task } from './delivery-queue.js';
import type { BusSubscriber } from './local-bus.js';
import { msToNs, RECEPTION_EPOCH_MS } from './local-clock.js';

export class LocalSample implements RmwSample, Task {
  /** Reception time as ms after RECEPTION_EPOCH_MS. */
  private receivedAfterEpoch = 0;
  private built: RmwAttachment | undefined;

  constructor(
    private readonly sub: BusSubscriber,
    readonly key: string,
    readonly payload: Uint8Array,
    private readonly gid: Uint8Array | undefined,
    private readonly sequence: number,
    private readonly stampMs: number,
  ) {}

  get receivedAtMs(): number {
    return RECEPTION_EPOCH_MS + this.receivedAfterEpoch;
  }

  get attachment(): RmwAttachment | undefined {
    if (this.gid === undefined) return undefined;
    this.built ??= { sequenceNumber: BigInt(this.sequence), sourceTimestampNs: msToNs(this.stampMs), gid: this.gid };
    return this.built;
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
