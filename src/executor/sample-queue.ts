/**
 * The per-entry bounded queue, honouring the QoS history policy:
 * - keep-last `depth`: when full, the OLDEST item is dropped to make room (ROS semantics:
 *   a subscriber wants the freshest data);
 * - keep-all: grows up to `limit`; past it the INCOMING item is refused, since keep-all
 *   promises delivery of what it has already accepted.
 * Either way the dropped item is handed back so the caller can count and report it.
 */
export class SampleQueue<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  constructor(
    readonly keepAll: boolean,
    /** keep-last depth, or the keep-all limit */
    readonly limit: number,
  ) {}

  get length(): number {
    return this.items.length - this.head;
  }

  /** Adds an item; returns the item dropped to respect the bound, if any. */
  push(item: T): { readonly dropped: T } | undefined {
    if (this.length < this.limit) {
      this.items.push(item);
      return undefined;
    }
    if (this.keepAll) return { dropped: item };
    const oldest = this.shift() as T;
    this.items.push(item);
    return { dropped: oldest };
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head++;
    // Compact once the consumed prefix dominates, keeping shift amortised O(1).
    if (this.head > 32 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Empties the queue, returning what it held (oldest first). */
  drain(): T[] {
    const rest = this.items.slice(this.head) as T[];
    this.items = [];
    this.head = 0;
    return rest;
  }
}
