/**
 * What the remote-api plugin sends for a subscriber, get or matching listener zenoh-ts has
 * already forgotten: samples and replies in flight while it was undeclared or finished.
 * zenoh-ts drops them, rightly, and writes a line on the console for each ("Received sample
 * for inexistant subscriber 5687"), which is routine while entities churn and tells the user
 * nothing. These tables stand in for zenoh-ts's own: they remember the last ids zenoh-ts
 * forgot and take what comes for them quietly; an id never seen is still warned about.
 */

import { RecentIds } from './recent-ids.js';

interface Closure {
  callback: (arg: unknown) => void;
  drop: () => void;
}

const takeQuietly: Closure = { callback: () => {}, drop: () => {} };

class ForgettingTable extends Map<number, Closure> {
  private readonly forgotten = new RecentIds();

  override get(id: number): Closure | undefined {
    const known = super.get(id);
    if (known !== undefined) return known;
    return this.forgotten.has(id) ? takeQuietly : undefined;
  }

  override delete(id: number): boolean {
    const had = super.delete(id);
    if (had) this.forgotten.add(id);
    return had;
  }
}

/** zenoh-ts 1.10.1's tables whose late deliveries it warns about. */
const TABLES = ['subscribers', 'gets', 'matchingListeners'] as const;

/**
 * Installs ForgettingTable for each table (their entries move over). False when one is not
 * where zenoh-ts 1.10.1 keeps it (then nothing changes).
 */
export function takeLateDeliveriesQuietly(inner: object): boolean {
  const holder = inner as Record<string, unknown>;
  if (!TABLES.every((t) => holder[t] instanceof Map)) return false;
  for (const t of TABLES) {
    const current = holder[t] as Map<number, Closure>;
    if (current instanceof ForgettingTable) continue;
    const table = new ForgettingTable();
    for (const [id, closure] of current) table.set(id, closure);
    holder[t] = table;
  }
  return true;
}
