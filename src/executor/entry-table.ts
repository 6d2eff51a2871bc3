/**
 * Registration: the arena of entries, their release (deferred while the entry's own handler
 * runs) and the closers run at shutdown. Releasing wakes waiters, so a wait on a released
 * entry (a poll subscription's iterator, takeWithin) ends at once.
 */

import { describeThrown, type Err, err, ok, type Result, type ResultOf } from '../result.js';
import { Arena } from './arena.js';
import type { Entry } from './entry.js';
import type { EventHub } from './event-hub.js';

export class EntryTable {
  private readonly arena: Arena<Entry>;
  private readonly closers = new Set<() => void>();

  constructor(
    capacity: number,
    private readonly hub: EventHub,
    private readonly wake: () => void,
  ) {
    this.arena = new Arena<Entry>(capacity);
  }

  get used(): number {
    return this.arena.used;
  }

  get capacity(): number {
    return this.arena.capacity;
  }

  /** Full, or undefined when there is room. */
  checkRoom(what: string): Err | undefined {
    return this.arena.hasRoom()
      ? undefined
      : err('Full', `executor is full (capacity ${this.arena.capacity}); cannot register ${what}`);
  }

  insert<E extends Entry>(entry: E, what: string): ResultOf<E> {
    return this.arena.insert(entry, what) as ResultOf<E>;
  }

  lookup(handleId: unknown): ResultOf<Entry> {
    return this.arena.lookup(handleId);
  }

  /** From inside the entry's own handler the release waits until the handler returns. */
  release(entry: Entry): Result {
    if (entry.running) entry.releaseRequested = true;
    else this.releaseEntry(entry);
    return ok();
  }

  releaseEntry(entry: Entry): void {
    if (!entry.alive) return;
    entry.alive = false;
    this.arena.remove(entry.handleId);
    this.hub.forget(entry);
    try {
      entry.dispose();
    } catch (thrown) {
      this.hub.emit({ type: 'transport', message: `closing ${entry.describe()} failed: ${describeThrown(thrown)}` });
    }
    this.wake();
  }

  releaseAll(): void {
    for (const entry of this.arena.entries()) this.releaseEntry(entry);
  }

  /** Hook run at shutdown after entries are released (nodes withdraw from the graph). */
  addCloser(closer: () => void): () => void {
    this.closers.add(closer);
    return () => this.closers.delete(closer);
  }

  runClosers(): void {
    for (const closer of [...this.closers]) {
      try {
        closer();
      } catch {
        this.hub.countListenerError();
      }
    }
  }
}
