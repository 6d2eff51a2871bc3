/** Local publishers and subscribers: samples copied at publish, delivered from the bus queue. */
import { err, ok, type Result, type ResultOf } from '../../result.js';
import type { RmwActualQos } from '../qos.js';
import type { RmwPublisher, RmwSample, RmwSubscriber } from '../rmw.js';
import { AttachmentStamp } from './attachment-stamp.js';
import { checkPayload } from './endpoint-key.js';
import type { BusPublisher, BusSessionLink, BusSubscriber, CachedSample, LocalBus } from './local-bus.js';

const READY: Promise<Result> = Promise.resolve(ok());

export class LocalPublisher implements RmwPublisher, BusPublisher {
  private readonly stamp: AttachmentStamp;
  private readonly cache: CachedSample[] | undefined;
  private readonly cacheDepth: number;
  private closed = false;

  constructor(
    private readonly bus: LocalBus,
    readonly key: string,
    private readonly qos: RmwActualQos,
    attach: boolean,
    private readonly onClose: () => void,
  ) {
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
    if (this.closed) return err('NotInitialized', `publisher on '${this.key}' is closed`);
    const checked = checkPayload(payload, `publisher on '${this.key}'`);
    if (!checked.ok) return checked;
    const { attachment } = this.stamp.next();
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
    if (this.closed) return err('NotInitialized', `publisher on '${this.key}' is closed`);
    return ok(this.bus.matchingSubscribers(this.key).length);
  }

  ready(): Promise<Result> {
    return READY;
  }

  actualQos(): RmwActualQos {
    return this.qos;
  }

  isOpen(): boolean {
    return !this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.bus.removePublisher(this);
    this.onClose();
  }
}

export class LocalSubscriber implements RmwSubscriber, BusSubscriber {
  readonly transientLocal: boolean;
  private closed = false;

  constructor(
    private readonly bus: LocalBus,
    readonly key: string,
    private readonly qos: RmwActualQos,
    readonly session: BusSessionLink,
    private readonly onSample: (sample: RmwSample) => void,
    private readonly onClose: () => void,
  ) {
    this.transientLocal = qos.durability === 'transient_local';
    bus.addSubscriber(this);
  }

  deliver(sample: RmwSample): void {
    this.onSample(sample);
  }

  ready(): Promise<Result> {
    return READY;
  }

  actualQos(): RmwActualQos {
    return this.qos;
  }

  isOpen(): boolean {
    return !this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.bus.removeSubscriber(this);
    this.onClose();
  }
}
