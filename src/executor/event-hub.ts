/**
 * Events and counters of one executor. Transport callbacks and rounds queue events here;
 * listeners are user code and run only when a spin verb delivers them. Queuing the first
 * event wakes the executor, so a spin() with nothing to dispatch still delivers it promptly.
 */

import type { Entry } from './entry.js';
import type { ExecutorEvent, ExecutorStats, Mutable } from './events.js';
import { mayBeThenable, observeReturned } from './handler-outcome.js';

/** Past this many undelivered events new ones are dropped (nobody spins to deliver them). */
const MAX_PENDING_EVENTS = 1024;

export class EventHub {
  readonly counters: Mutable<ExecutorStats> = { handlerErrors: 0, dropped: 0, decodeErrors: 0, listenerErrors: 0 };
  private readonly listeners = new Set<(event: ExecutorEvent) => void>();
  private readonly shutdownCallbacks = new Set<() => unknown>();
  private pendingEvents: ExecutorEvent[] = [];
  private readonly pendingOverflow = new Map<Entry, number>();

  constructor(private readonly wake: () => void) {}

  onEvent(listener: (event: ExecutorEvent) => void): () => void {
    if (typeof listener !== 'function') return () => {};
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether anyone listens: a handler error nobody hears is reported another way (dispatcher.ts). */
  hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  addShutdownCallback(callback: () => unknown): () => void {
    if (typeof callback !== 'function') return () => {};
    this.shutdownCallbacks.add(callback);
    return () => this.shutdownCallbacks.delete(callback);
  }

  emit(event: ExecutorEvent): void {
    if (this.pendingEvents.length >= MAX_PENDING_EVENTS) return;
    this.pendingEvents.push(event);
    if (this.pendingEvents.length === 1) this.wake();
  }

  countDropped(entry: Entry, count: number): void {
    this.counters.dropped += count;
    if (this.pendingOverflow.size === 0) this.wake();
    this.pendingOverflow.set(entry, (this.pendingOverflow.get(entry) ?? 0) + count);
  }

  forget(entry: Entry): void {
    this.pendingOverflow.delete(entry);
  }

  hasPending(): boolean {
    return this.pendingEvents.length !== 0 || this.pendingOverflow.size !== 0;
  }

  /** Hands queued events to the listeners; a listener that throws or rejects is counted. */
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
    let returned: unknown;
    try {
      returned = fn(arg);
    } catch {
      this.counters.listenerErrors++;
      return;
    }
    if (!mayBeThenable(returned)) return;
    observeReturned(returned, (outcome) => {
      if (!outcome.ok) this.counters.listenerErrors++;
    });
  }
}
