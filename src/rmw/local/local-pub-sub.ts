/** Local publishers and subscribers: samples copied at publish, delivered from the bus queue. */
import { type Err, ok, type Result, type ResultOf } from '../../result.js';
import { checkPayloadType } from '../endpoint-check.js';
import type { RmwActualQos } from '../qos.js';
import { intersects } from '../key-expr.js';
import type { RmwEndpointSpec, RmwPublisher, RmwSample, RmwSubscriber } from '../rmw.js';
import { newGid } from '../wire/gid.js';
import type { BusPublisher, BusSubscriber } from './local-bus.js';
import { wallNowMs } from './local-clock.js';
import { type EntityOwner, LocalEntity } from './local-entity.js';
import { LocalSample } from './local-sample.js';

/** A sample a transient-local publisher keeps for late joiners: its bytes and its stamp. */
interface CachedSample {
  readonly payload: Uint8Array;
  readonly sequence: number;
  readonly stampMs: number;
}

export class LocalPublisher extends LocalEntity implements RmwPublisher, BusPublisher {
  /** The publisher's GID when its endpoint carries attachments (`ros`), else undefined. */
  readonly stampGid: Uint8Array | undefined;
  private sequence = 0;
  /** Last `depth` samples, oldest first, when the publisher is transient local. */
  private readonly cache: CachedSample[] | undefined;
  private readonly cacheDepth: number;
  private matched: readonly BusSubscriber[] = [];
  private matchedVersion = -1;
  /** Some matched subscriber reads attachments: only then is a publication's source time worth a clock read. */
  private matchedReadStamps = false;

  constructor(owner: EntityOwner, key: string, spec: RmwEndpointSpec, qos: RmwActualQos) {
    super(owner, key, spec, qos);
    this.stampGid = spec.naming === 'ros' ? newGid() : undefined;
    const transientLocal = qos.durability === 'transient_local';
    this.cache = transientLocal ? [] : undefined;
    this.cacheDepth = Math.max(1, typeof qos.depth === 'number' ? qos.depth : 1);
    owner.bus.addPublisher(this);
  }

  get kind(): 'publisher' {
    return 'publisher';
  }

  protected override get ownGid(): Uint8Array | undefined {
    return this.stampGid;
  }

  protected get role(): string {
    return 'publisher';
  }

  /** A late-joining transient-local subscriber gets what this publisher kept, in order. */
  replayTo(sub: BusSubscriber): void {
    if (this.cache === undefined || !intersects(this.key, sub.key)) return;
    const queue = this.bus.queue;
    for (const kept of this.cache)
      queue.postTo(
        sub,
        new LocalSample(this, new Uint8Array(kept.payload), kept.sequence, kept.stampMs, queue.nextStamp()),
      );
  }

  publish(payload: Uint8Array): Result {
    if (this.closed) return this.unusable() as Err;
    if (!isBytes(payload)) return checkPayloadType(payload, this.what) as Err;
    // Counted, like rmw_zenoh's sequence numbers, whether anyone listens or not.
    const sequence = ++this.sequence;
    const subs = this.subscribers();
    if (subs.length === 0 && this.cache === undefined) return ok();
    const gid = this.stampGid;
    // The clock read costs as much as the rest of a publication: it is skipped when no reader
    // can see the time (no matched subscriber reads attachments and nothing is kept for later).
    const stamped = gid !== undefined && (this.matchedReadStamps || this.cache !== undefined);
    const stampMs = stamped ? wallNowMs() : 0;
    // The caller may reuse its buffer as soon as publish returns: take a copy now.
    const copy = new Uint8Array(payload);
    if (this.cache !== undefined) {
      this.cache.push({ payload: new Uint8Array(copy), sequence, stampMs });
      if (this.cache.length > this.cacheDepth) this.cache.shift();
    }
    const queue = this.bus.queue;
    const received = queue.nextStamp();
    for (let i = 0; i < subs.length; i++) {
      // Each subscriber gets its own bytes, so one handler mutating them cannot reach another.
      const bytes = i === 0 ? copy : new Uint8Array(copy);
      queue.postTo(subs[i] as BusSubscriber, new LocalSample(this, bytes, sequence, stampMs, received));
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
      this.matchedReadStamps = this.matched.some((s) => s.readsAttachment);
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
  constructor(
    owner: EntityOwner,
    key: string,
    spec: RmwEndpointSpec,
    qos: RmwActualQos,
    private readonly onSample: (sample: RmwSample) => void,
    readonly readsAttachment: boolean,
  ) {
    super(owner, key, spec, qos);
  }

  /** The bus's subscriber list is its endpoint set: it joins and leaves with its graph record. */
  override get subscriber(): BusSubscriber {
    return this;
  }

  get kind(): 'subscription' {
    return 'subscription';
  }

  protected get role(): string {
    return 'subscription';
  }

  get transientLocal(): boolean {
    return this.actualQos().durability === 'transient_local';
  }

  /** From the delivery queue only: a subscriber closed before the flush gets nothing more. */
  receive(sample: LocalSample): void {
    if (this.isOpen()) this.onSample(sample);
  }

  report(_sample: LocalSample, message: string): void {
    this.session.emit({
      type: 'transport_error',
      key: this.key,
      message: `subscription callback on '${this.key}' threw: ${message}`,
    });
  }

  protected detach(): void {}
}
