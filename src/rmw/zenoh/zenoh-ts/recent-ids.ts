/**
 * The last ids zenoh-ts forgot (undeclared, finished, timed out), for the tables that stand in
 * for its own and take what comes late for those ids quietly. Bounded: the oldest go first.
 */

/** Ids remembered per table; something later than this many forgets is zenoh-ts's to warn about. */
const IDS_KEPT = 4096;

export class RecentIds {
  private readonly ids = new Set<number>();

  add(id: number): void {
    this.ids.add(id);
    if (this.ids.size > IDS_KEPT) this.ids.delete(this.ids.values().next().value as number);
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  /** Whether `id` was remembered; it is not any more. */
  take(id: number): boolean {
    return this.ids.delete(id);
  }
}
