/**
 * message_filters' Cache: the last `cacheSize` messages of a source, ordered by stamp, passed
 * on at once to its own callbacks. Queries answer what is held now (they never wait); times
 * are a Time or a stamp `{ sec, nanosec }`, bounds inclusive as upstream's.
 */
import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { Time } from '../time.js';
import { callAnswering, type FilterSource, SimpleFilter, type StampOption, stampGetterOf } from './filter.js';
import type { Connection, SignalOutcome } from './signal.js';
import { type Headered, messageStampNs, type StampGetter, type StampLike, stampNs, timeFromNs } from './stamp.js';

export type CacheOptions<M> = StampOption<M> & {
  /** How many messages are kept (upstream's cache_size, default 1). */
  readonly cacheSize?: number | undefined;
};

interface Held<M> {
  readonly message: M;
  readonly ns: bigint;
}

export class Cache<M> extends SimpleFilter<M> {
  private held: Held<M>[] = [];
  private input: Connection | undefined;
  private refused = 0;
  private lastRefusal: string | undefined;

  private constructor(
    private size: number,
    stamp: StampGetter<M> | undefined,
  ) {
    super(stamp);
  }

  /** A cache fed by `source` (its stamps), or by `add` when `source` is undefined. */
  static create<M>(source: FilterSource<M>, options?: { readonly cacheSize?: number | undefined }): ResultOf<Cache<M>>;
  static create<M>(
    source: undefined,
    ...[options]: M extends Headered ? [options?: CacheOptions<M>] : [options: CacheOptions<M>]
  ): ResultOf<Cache<M>>;
  static create<M>(source: FilterSource<M> | undefined, options?: CacheOptions<M>): ResultOf<Cache<M>> {
    let size: unknown;
    try {
      size = (options as { cacheSize?: unknown } | undefined)?.cacheSize ?? 1;
    } catch {
      return err('InvalidArgument', 'Cache.create: options could not be read');
    }
    if (!isCacheSize(size)) {
      return err('InvalidArgument', `Cache.create: cacheSize must be an integer >= 1, got ${describeValue(size)}`);
    }
    let stamp: StampGetter<M> | undefined;
    try {
      stamp = source === undefined ? stampGetterOf<M>(options) : source.stampOf;
    } catch {
      return err('InvalidArgument', 'Cache.create: the source could not be read');
    }
    if (source !== undefined && typeof stamp !== 'function') {
      return err('InvalidArgument', 'Cache.create takes a filter (Subscriber, Cache, PassThrough) or undefined');
    }
    const cache = new Cache<M>(size, stamp);
    if (source !== undefined) {
      const connected = cache.connectInput(source);
      if (!connected.ok) return connected;
    }
    return ok(cache);
  }

  /** Feeds the cache from `source` instead of its previous input. */
  connectInput(source: FilterSource<M>): Result {
    this.input?.disconnect();
    try {
      this.input = source.registerCallback((message) => this.receive(message));
    } catch {
      return err('InvalidArgument', 'Cache.connectInput takes a filter (Subscriber, Cache, PassThrough)');
    }
    return ok();
  }

  /** Stops taking messages from the input; what is held stays. */
  disconnect(): void {
    this.input?.disconnect();
    this.input = undefined;
  }

  /** Upstream ignores 0; here anything but an integer >= 1 answers InvalidArgument. */
  setCacheSize(cacheSize: number): Result {
    if (!isCacheSize(cacheSize)) {
      return err(
        'InvalidArgument',
        `Cache.setCacheSize: cacheSize must be an integer >= 1, got ${describeValue(cacheSize)}`,
      );
    }
    this.size = cacheSize;
    return ok();
  }

  getCacheSize(): number {
    return this.size;
  }

  /** Adds a message (dropping the oldest past the size) and passes it on. */
  add(message: M): Result {
    const ns = messageStampNs('Cache.add', this.stampOf, message);
    if (!ns.ok) return ns;
    return callAnswering('Cache.add', () => this.insert(message, ns.value), this.rejections);
  }

  private receive(message: M): SignalOutcome {
    const ns = messageStampNs('Cache', this.stampOf, message);
    if (!ns.ok) {
      this.refused++;
      this.lastRefusal = ns.error.message;
      return undefined;
    }
    return this.insert(message, ns.value);
  }

  private insert(message: M, ns: bigint): SignalOutcome {
    // As upstream: drop first, then insert after every message with a stamp not later.
    while (this.held.length >= this.size) this.held.shift();
    let at = this.held.length;
    while (at > 0 && (this.held[at - 1] as Held<M>).ns > ns) at--;
    this.held.splice(at, 0, { message, ns });
    return this.signalMessage(message);
  }

  /** Messages stamped in [start, end], oldest first. */
  getInterval(start: StampLike, end: StampLike): ResultOf<M[]> {
    const range = bounds('Cache.getInterval', start, end);
    if (!range.ok) return range;
    const [lo, hi] = range.value;
    return ok(this.held.filter((h) => h.ns >= lo && h.ns <= hi).map((h) => h.message));
  }

  /**
   * The smallest run of messages that surrounds [start, end]: from the newest at or before
   * start to the oldest at or after end, or as close to that as the cache gets.
   */
  getSurroundingInterval(start: StampLike, end: StampLike): ResultOf<M[]> {
    const range = bounds('Cache.getSurroundingInterval', start, end);
    if (!range.ok) return range;
    const [lo, hi] = range.value;
    if (this.held.length === 0) return ok([]);
    let first = this.held.length - 1;
    while (first > 0 && this.at(first).ns > lo) first--;
    let last = first;
    while (last < this.held.length - 1 && this.at(last).ns < hi) last++;
    return ok(this.held.slice(first, last + 1).map((h) => h.message));
  }

  /** The newest message stamped strictly before `time`; NotFound when there is none. */
  getElemBeforeTime(time: StampLike): ResultOf<M> {
    const t = stampNs('Cache.getElemBeforeTime', time);
    if (!t.ok) return t;
    let found: Held<M> | undefined;
    for (const h of this.held) {
      if (h.ns >= t.value) break;
      found = h;
    }
    return found === undefined
      ? err('NotFound', `Cache.getElemBeforeTime: nothing before ${t.value} ns`)
      : ok(found.message);
  }

  /** The oldest message stamped strictly after `time`; NotFound when there is none. */
  getElemAfterTime(time: StampLike): ResultOf<M> {
    const t = stampNs('Cache.getElemAfterTime', time);
    if (!t.ok) return t;
    const found = this.held.find((h) => h.ns > t.value);
    return found === undefined
      ? err('NotFound', `Cache.getElemAfterTime: nothing after ${t.value} ns`)
      : ok(found.message);
  }

  /** The newest stamp held; time zero (ros clock) when empty, as upstream. */
  getLatestTime(): Time {
    return timeFromNs(this.held.at(-1)?.ns ?? 0n);
  }

  /** The oldest stamp held; time zero (ros clock) when empty, as upstream. */
  getOldestTime(): Time {
    return timeFromNs(this.held[0]?.ns ?? 0n);
  }

  /** How many messages are held now. */
  cachedCount(): number {
    return this.held.length;
  }

  /** Messages from the input whose stamp could not be read (not held, not passed on). */
  getRefusals(): { readonly count: number; readonly last: string | undefined } {
    return { count: this.refused, last: this.lastRefusal };
  }

  private at(i: number): Held<M> {
    return this.held[i] as Held<M>;
  }
}

function isCacheSize(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 1;
}

function bounds(what: string, start: unknown, end: unknown): ResultOf<readonly [bigint, bigint]> {
  const lo = stampNs(`${what} start`, start);
  if (!lo.ok) return lo;
  const hi = stampNs(`${what} end`, end);
  if (!hi.ok) return hi;
  return ok([lo.value, hi.value]);
}
