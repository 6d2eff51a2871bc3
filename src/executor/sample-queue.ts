/**
 * The per-entry bounded queue, honouring the QoS history policy:
 * - keep-last `depth`: when full, the OLDEST item is dropped to make room (ROS semantics:
 *   a subscriber wants the freshest data);
 * - keep-all: grows up to `limit`; past it the INCOMING item is refused, since keep-all
 *   promises delivery of what it has already accepted.
 * Either way the dropped item is handed back so the caller can count and report it.
 *
 * A ring buffer (a power-of-two array, grown by doubling): push and shift are O(1) with no
 * compaction; an entry that never receives anything allocates no storage.
 */
const NO_STORAGE: readonly never[] = [];

export class SampleQueue<T> {
  private ring: (T | undefined)[] = NO_STORAGE as never[];
  private head = 0;
  private count = 0;

  constructor(
    readonly keepAll: boolean,
    /** keep-last depth, or the keep-all limit */
    readonly limit: number,
  ) {}

  get length(): number {
    return this.count;
  }

  /** Adds an item; returns the item dropped to respect the bound, if any. */
  push(item: T): { readonly dropped: T } | undefined {
    if (this.count < this.limit) {
      this.append(item);
      return undefined;
    }
    if (this.keepAll) return { dropped: item };
    const oldest = this.shift() as T;
    this.append(item);
    return { dropped: oldest };
  }

  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const ring = this.ring;
    const item = ring[this.head];
    ring[this.head] = undefined;
    this.head = (this.head + 1) & (ring.length - 1);
    this.count--;
    return item;
  }

  /** Empties the queue, returning what it held (oldest first). */
  drain(): T[] {
    const rest: T[] = [];
    while (this.count > 0) rest.push(this.shift() as T);
    this.ring = NO_STORAGE as never[];
    this.head = 0;
    return rest;
  }

  private append(item: T): void {
    if (this.count === this.ring.length) this.grow();
    const ring = this.ring;
    ring[(this.head + this.count) & (ring.length - 1)] = item;
    this.count++;
  }

  private grow(): void {
    const old = this.ring;
    const next: (T | undefined)[] = new Array(old.length === 0 ? 4 : old.length * 2);
    for (let i = 0; i < this.count; i++) next[i] = old[(this.head + i) & (old.length - 1)];
    this.ring = next;
    this.head = 0;
  }
}
