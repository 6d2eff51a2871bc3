/**
 * message_filters' ExactTime policy, on stamps alone: one slot per input for each stamp seen;
 * a stamp whose slots are all filled is a match, and every older stamp is then given up
 * (dropped). Past `queueSize` stamps (0: no bound) the oldest are dropped.
 */

/** One message as a policy holds it: its input's message and its stamp in nanoseconds. */
export interface Stamped {
  readonly message: unknown;
  readonly ns: bigint;
}

/** What a policy hands back: matched sets and dropped (partial) sets, in order. */
export interface PolicyOutput {
  matched(events: readonly Stamped[]): void;
  dropped(events: readonly (Stamped | undefined)[]): void;
}

export interface SyncPolicy {
  add(index: number, event: Stamped): void;
}

export class ExactTimePolicy implements SyncPolicy {
  private readonly tuples = new Map<bigint, (Stamped | undefined)[]>();
  /** The stamps of `tuples`, ascending (upstream keeps a std::map). */
  private order: bigint[] = [];

  constructor(
    private readonly inputs: number,
    private readonly queueSize: number,
    private readonly output: PolicyOutput,
  ) {}

  add(index: number, event: Stamped): void {
    let tuple = this.tuples.get(event.ns);
    if (tuple === undefined) {
      tuple = new Array<Stamped | undefined>(this.inputs).fill(undefined);
      this.tuples.set(event.ns, tuple);
      this.order.splice(insertionPoint(this.order, event.ns), 0, event.ns);
    }
    tuple[index] = event;
    if (tuple.every((e) => e !== undefined)) {
      this.output.matched(tuple as Stamped[]);
      this.remove(event.ns);
      // Every older stamp can no longer complete: a match leaves no older set behind.
      while (this.order.length > 0 && (this.order[0] as bigint) <= event.ns) this.dropOldest();
    }
    if (this.queueSize > 0) {
      while (this.order.length > this.queueSize) this.dropOldest();
    }
  }

  private dropOldest(): void {
    const ns = this.order[0] as bigint;
    const tuple = this.tuples.get(ns);
    this.remove(ns);
    if (tuple !== undefined) this.output.dropped(tuple);
  }

  private remove(ns: bigint): void {
    this.tuples.delete(ns);
    const i = this.order.indexOf(ns);
    if (i >= 0) this.order.splice(i, 1);
  }
}

/** The first index whose stamp is above `ns`. */
function insertionPoint(sorted: readonly bigint[], ns: bigint): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as bigint) <= ns) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
