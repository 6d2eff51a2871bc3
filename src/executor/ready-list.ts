/**
 * Entries with work waiting. A round takes a snapshot of the list, sorted by registration
 * sequence: the cost is O(k log k) in the k ready entries, independent of how many entries
 * exist, and work that becomes ready during the round lands in the next snapshot.
 */
export interface Readyable {
  readonly seq: number;
  /** true while the entry sits in the pending list or in the round being dispatched */
  queued: boolean;
}

function bySeq(a: Readyable, b: Readyable): number {
  return a.seq - b.seq;
}

export class ReadyList<E extends Readyable> {
  private pending: E[] = [];
  /** The array of the previous round, emptied and reused for the next pending list. */
  private spare: E[] | undefined;
  /** Some entry was marked after one registered later than it. */
  private unordered = false;

  get size(): number {
    return this.pending.length;
  }

  mark(entry: E): void {
    if (entry.queued) return;
    entry.queued = true;
    const pending = this.pending;
    if (pending.length > 0 && (pending[pending.length - 1] as E).seq > entry.seq) this.unordered = true;
    pending.push(entry);
  }

  /** The entries of one round in registration order. They stay `queued` until dispatched. */
  takeRound(): E[] {
    const round = this.pending;
    this.pending = this.spare ?? [];
    this.spare = undefined;
    // Entries re-marked by a round come in registration order already: sort only when needed.
    if (this.unordered) round.sort(bySeq);
    this.unordered = false;
    return round;
  }

  /** Hands back a dispatched round's array so the next takeRound allocates nothing. */
  recycle(round: E[]): void {
    // Pops keep the array's storage (setting length to 0 drops it, and a round of a hundred
    // entries then grows a new one each time); a pop is inlined, a length store is a runtime call.
    while (round.length > 0) round.pop();
    this.spare = round;
  }

  clear(): void {
    for (const e of this.pending) e.queued = false;
    this.pending = [];
    this.unordered = false;
  }
}
