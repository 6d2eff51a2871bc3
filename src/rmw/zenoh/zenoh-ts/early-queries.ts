/** Queries that reach a queryable before zenoh-ts registered it, or after it was undeclared. */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { finalizeQuietly } from './query-replies.js';
import { RecentIds } from './recent-ids.js';

interface QueryClosure {
  callback: (query: unknown) => void;
  drop: () => void;
}

/** How long a query for a not-yet-registered queryable is held before it is finalized. */
const EARLY_QUERY_HOLD_MS = 5000;

/**
 * zenoh-ts registers a queryable's callback only after the plugin confirmed the declaration,
 * and the plugin may forward a query before that confirmation (or `ws` may hand both to us
 * in one synchronous burst). zenoh-ts then drops the query without finalizing it and the
 * caller waits out its whole timeout. This table stands in for zenoh-ts's queryable map:
 * a query for an id not registered yet is held until the id is registered (then delivered),
 * and a query for an id already undeclared is finalized at once (the caller sees "no reply").
 */
class QueryableTable extends Map<number, QueryClosure> {
  private readonly early = new Map<number, { queries: unknown[]; timer: ReturnType<typeof setTimeout> }>();
  /** Undeclared queryable ids, so late queries for them are finalized at once. */
  private readonly gone = new RecentIds();

  override get(id: number): QueryClosure | undefined {
    const known = super.get(id);
    if (known !== undefined) return known;
    if (this.gone.has(id)) return { callback: finalizeQuietly, drop: () => {} };
    return { callback: (q) => this.hold(id, q), drop: () => {} };
  }

  override set(id: number, closure: QueryClosure): this {
    super.set(id, closure);
    const held = this.early?.get(id);
    if (held !== undefined) {
      this.early.delete(id);
      clearTimeout(held.timer);
      for (const q of held.queries) closure.callback(q);
    }
    return this;
  }

  override delete(id: number): boolean {
    this.gone?.add(id);
    // Queries held for a queryable that will never be registered (a timed-out declaration undone).
    const held = this.early?.get(id);
    if (held !== undefined) {
      this.early.delete(id);
      clearTimeout(held.timer);
      for (const q of held.queries) finalizeQuietly(q);
    }
    return super.delete(id);
  }

  override clear(): void {
    for (const { queries, timer } of this.early?.values() ?? []) {
      clearTimeout(timer);
      for (const q of queries) finalizeQuietly(q);
    }
    this.early?.clear();
    super.clear();
  }

  private hold(id: number, query: unknown): void {
    let entry = this.early.get(id);
    if (entry === undefined) {
      const timer = setTimeout(() => {
        const e = this.early.get(id);
        this.early.delete(id);
        for (const q of e?.queries ?? []) finalizeQuietly(q);
      }, EARLY_QUERY_HOLD_MS);
      (timer as { unref?: () => void }).unref?.();
      entry = { queries: [], timer };
      this.early.set(id, entry);
    }
    entry.queries.push(query);
  }
}

/**
 * Installs QueryableTable on a fresh session (before anything is declared). Returns false
 * when zenoh-ts's internals are not where 1.10.1 keeps them (then nothing is changed).
 */
export function guardEarlyQueries(session: Session): boolean {
  const inner = (session as unknown as { inner?: { queryables?: unknown } }).inner;
  if (typeof inner !== 'object' || inner === null || !(inner.queryables instanceof Map)) return false;
  if (inner.queryables instanceof QueryableTable) return true;
  const table = new QueryableTable();
  for (const [id, closure] of inner.queryables as Map<number, QueryClosure>) table.set(id, closure);
  inner.queryables = table;
  return true;
}
