/**
 * Events and counters of one executor. Transport callbacks and rounds queue events here;
 * listeners are user code and run only when a spin verb delivers them.
 */

import type { Entry } from './entry.js';
import type { ExecutorEvent, ExecutorStats, Mutable } from './events.js';

/** Past this many undelivered events new ones are dropped (nobody spins to deliver them). */
const MAX_PENDING_EVENTS = 1024;

export class EventHub {
  readonly counters: Mutable<ExecutorStats> = { handlerErrors: 0, dropped: 0, decodeErrors: 0, listenerErrors: 0 };
  private readonly listeners = new Set<(event: ExecutorEvent) => void>();
  private readonly shutdownCallbacks = new Set<() => unknown>();
  private pendingEvents: ExecutorEvent[] = [];
  private readonly pendingOverflow = new Map<Entry, number>();

  onEvent(listener: (event: ExecutorEvent) => void): () => void {
    if (typeof listener !== 'function') return () => {};
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  addShutdownCallback(callback: () => unknown): () => void {
    if (typeof callback !== 'function') return () => {};
    this.shutdownCallbacks.add(callback);
    return () => this.shutdownCallbacks.delete(callback);
  }

  emit(event: ExecutorEvent): void {
    if (this.pendingEvents.length >= MAX_PENDING_EVENTS) return;
    this.pendingEvents.push(event);
  }

  countDropped(entry: Entry, count: number): void {
    this.counters.dropped += count;
    this.pendingOverflow.set(entry, (this.pendingOverflow.get(entry) ?? 0) + count);
  }

  forget(entry: Entry): void {
    this.pendingOverflow.delete(entry);
  }

  hasPending(): boolean {
    return this.pendingEvents.length !== 0 || this.pendingOverflow.size !== 0;
  }

  /** Hands queued events to the listeners; a listener that throws is counted. */
  deliver(): void {
    if (!this.hasPending()) return;
    for (const [entry, dropped] of this.pendingOverflow) {
      this.emit({ type: 'queue_overflow', entity: entry.describe(), dropped });
    }
    this.pendingOverflow.clear();
    if (this.pendingEvents.length === 0) return;
    const events = this.pendingEvents;
    this.pendingEvents = [];
    for (const event of events) {
      for (const listener of [...this.listeners]) this.callUser(listener, event);
    }
  }

  runShutdownCallbacks(): void {
    for (const callback of [...this.shutdownCallbacks]) this.callUser(callback, undefined);
  }

  countListenerError(): void {
    this.counters.listenerErrors++;
  }

  private callUser<A>(fn: (arg: A) => unknown, arg: A): void {
    try {
      fn(arg);
    } catch {
      this.counters.listenerErrors++;
    }
  }
}
