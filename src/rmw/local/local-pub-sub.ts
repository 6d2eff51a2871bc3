/** Local publishers and subscribers: samples copied at publish, delivered from the bus queue. */
import { type Err, ok, type Result, type ResultOf } from '../../result.js';
import { checkPayloadType } from '../endpoint-check.js';
import type { RmwActualQos } from '../qos.js';
import type { RmwPublisher, RmwSample, RmwSubscriber } from '../rmw.js';
import { newGid } from '../wire/gid.js';
import type { BusPublisher, BusSessionLink, BusSubscriber, CachedSample, LocalBus } from './local-bus.js';
import { wallNowMs } from './local-clock.js';
import { type EntityClosed, LocalEntity } from './local-entity.js';
import { LocalSample } from './local-sample.js';

export class LocalPublisher extends LocalEntity implements RmwPublisher, BusPublisher {
  /** The publisher's GID when its endpoint carries attachments (`ros`), else undefined. */
  readonly stampGid: Uint8Array | undefined;
  private sequence = 0;
  private readonly cache: CachedSample[] | undefined;
  private readonly cacheDepth: number;
  private matched: readonly BusSubscriber[] = [];
  private matchedVersion = -1;

  constructor(
    private readonly bus: LocalBus,
    key: string,
    qos: RmwActualQos,
    attach: boolean,
    onClose: EntityClosed,
  ) {
    super(key, qos, 'publisher', onClose);
    this.stampGid = attach ? newGid() : undefined;
    const transientLocal = qos.durability === 'transient_local';
    this.cache = transientLocal ? [] : undefined;
    this.cacheDepth = Math.max(1, typeof qos.depth === 'number' ? qos.depth : 1);
    bus.addPublisher(this);
  }

  get history(): readonly CachedSample[] | undefined {
    return this.cache;
  }

  publish(payload: Uint8Array): Result {
    if (this.closed) return this.unusable() as Err;
    if (!isBytes(payload)) return checkPayloadType(payload, this.what) as Err;
    // Counted, like rmw_zenoh's sequence numbers, whether anyone listens or not.
    const sequence = ++this.sequence;
    const gid = this.stampGid;
    const stampMs = gid === undefined ? 0 : wallNowMs();
    // The caller may reuse its buffer as soon as publish returns: take a copy now.
    const copy = new Uint8Array(payload);
    if (this.cache !== undefined) {
      this.cache.push({ payload: new Uint8Array(copy), sequence, stampMs });
      if (this.cache.length > this.cacheDepth) this.cache.shift();
    }
    const subs = this.subscribers();
    const queue = this.bus.queue;
    for (let i = 0; i < subs.length; i++) {
      // Each subscriber gets its own bytes, so one handler mutating them cannot reach another.
      const bytes = i === 0 ? copy : new Uint8Array(copy);
      queue.postTask(new LocalSample(subs[i] as BusSubscriber, this.key, bytes, gid, sequence, stampMs));
    }
    return ok();
  }

  subscriptionCount(): ResultOf<number> {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    return ok(this.subscribers().length);
  }

  /** The matching subscribers, looked up again only after the bus's subscriber set changed. */
  private subscribers(): readonly BusSubscriber[] {
    if (this.matchedVersion !== this.bus.subscribersVersion) {
      this.matched = this.bus.matchingSubscribers(this.key);
      this.matchedVersion = this.bus.subscribersVersion;
    }
    return this.matched;
  }

  protected detach(): void {
    this.bus.removePublisher(this);
  }
}

/** `instanceof` that survives a revoked Proxy (whose prototype lookup throws). */
function isBytes(x: unknown): x is Uint8Array {
  try {
    return x instanceof Uint8Array;
  } catch {
    return false;
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
