/** Local publishers and subscribers: samples copied at publish, delivered from the bus queue. */
import { ok, type Result, type ResultOf } from '../../result.js';
import { checkPayloadType } from '../endpoint-check.js';
import type { RmwActualQos } from '../qos.js';
import type { RmwPublisher, RmwSample, RmwSubscriber } from '../rmw.js';
import { AttachmentStamp } from './attachment-stamp.js';
import type { BusPublisher, BusSessionLink, BusSubscriber, CachedSample, LocalBus } from './local-bus.js';
import { type EntityClosed, LocalEntity } from './local-entity.js';

export class LocalPublisher extends LocalEntity implements RmwPublisher, BusPublisher {
  private readonly stamp: AttachmentStamp;
  private readonly cache: CachedSample[] | undefined;
  private readonly cacheDepth: number;

  constructor(
    private readonly bus: LocalBus,
    key: string,
    qos: RmwActualQos,
    attach: boolean,
    onClose: EntityClosed,
  ) {
    super(key, qos, 'publisher', onClose);
    this.stamp = new AttachmentStamp(attach);
    const transientLocal = qos.durability === 'transient_local';
    this.cache = transientLocal ? [] : undefined;
    this.cacheDepth = Math.max(1, typeof qos.depth === 'number' ? qos.depth : 1);
    bus.addPublisher(this);
  }

  get history(): readonly CachedSample[] | undefined {
    return this.cache;
  }

  get gid(): Uint8Array {
    return this.stamp.gid;
  }

  publish(payload: Uint8Array): Result {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    const checked = checkPayloadType(payload, this.what);
    if (!checked.ok) return checked;
    const attachment = this.stamp.nextAttachment();
    // The caller may reuse its buffer as soon as publish returns: take a copy now.
    const copy = new Uint8Array(payload);
    if (this.cache !== undefined) {
      this.cache.push({ payload: new Uint8Array(copy), attachment });
      if (this.cache.length > this.cacheDepth) this.cache.shift();
    }
    const subs = this.bus.matchingSubscribers(this.key);
    for (let i = 0; i < subs.length; i++) {
      // Each subscriber gets its own bytes, so one handler mutating them cannot reach another.
      this.bus.postSample(subs[i] as BusSubscriber, this.key, i === 0 ? copy : new Uint8Array(copy), attachment);
    }
    return ok();
  }

  subscriptionCount(): ResultOf<number> {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    return ok(this.bus.matchingSubscribers(this.key).length);
  }

  protected detach(): void {
    this.bus.removePublisher(this);
  }
}

export class LocalSubscriber extends LocalEntity implements RmwSubscriber, BusSubscriber {
  readonly transientLocal: boolean;

  constructor(
    private readonly bus: LocalBus,
    key: string,
    qos: RmwActualQos,
    readonly session: BusSessionLink,
    private readonly onSample: (sample: RmwSample) => void,
    onClose: EntityClosed,
  ) {
    super(key, qos, 'subscription', onClose);
    this.transientLocal = qos.durability === 'transient_local';
    bus.addSubscriber(this);
  }

  deliver(sample: RmwSample): void {
    this.onSample(sample);
  }

  protected detach(): void {
    this.bus.removeSubscriber(this);
  }
}
