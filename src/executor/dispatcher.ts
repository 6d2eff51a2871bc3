/**
 * Dispatch: the ready list, the timer deadline heap and the wake signal, and the round that
 * hands at most one item to each ready entry in registration order. Entries call back into
 * it (EntryHost) from transport callbacks (queue and mark ready, never user code) and from
 * their dispatch (run the user's handler, report what went wrong).
 */

import { type Entry, type EntryHost, EntryKind } from './entry.js';
import type { EntryTable } from './entry-table.js';
import type { EventHub } from './event-hub.js';
import { emptyReport, type Mutable, type SpinReport } from './events.js';
import { ReadyList } from './ready-list.js';
import type { TimerEntry, TimerScheduler } from './timer-entry.js';
import { TimerHeap } from './timer-heap.js';
import { WakeSignal } from './wake-signal.js';

const REPORT_FIELD: Readonly<Record<EntryKind, keyof SpinReport | undefined>> = {
  [EntryKind.Subscription]: 'subscriptions',
  [EntryKind.PollSubscription]: undefined,
  [EntryKind.Service]: 'services',
  [EntryKind.Client]: 'clients',
  [EntryKind.Timer]: 'timers',
  [EntryKind.GuardCondition]: 'guardConditions',
};

export class Dispatcher implements EntryHost, TimerScheduler {
  protected readonly signal = new WakeSignal();
  /** How many calls into user code are on the stack (handlers, listeners, shutdown callbacks). */
  protected handlerDepth = 0;
  private readonly ready = new ReadyList<Entry>();
  private readonly timers = new TimerHeap<TimerEntry>();
  private roundReport: Mutable<SpinReport> | undefined;

  constructor(
    private readonly events: EventHub,
    private readonly entries: EntryTable,
    private readonly clock: () => number,
  ) {}

  // ---- EntryHost / TimerScheduler ----

  now(): number {
    return this.clock();
  }

  arm(timer: TimerEntry): void {
    timer.token++;
    this.timers.push({ deadline: timer.deadline, seq: timer.seq, token: timer.token, item: timer });
    this.signal.notify();
  }

  markReady(entry: Entry): void {
    if (entry.alive) this.ready.mark(entry);
    this.signal.notify();
  }

  notify(): void {
    this.signal.notify();
  }

  runHandler(entry: Entry, fn: () => void): boolean {
    entry.running = true;
    this.handlerDepth++;
    try {
      fn();
      return true;
    } catch (thrown) {
      this.reportHandlerError(entry, thrown);
      return false;
    } finally {
      this.handlerDepth--;
      entry.running = false;
      if (entry.releaseRequested) this.entries.releaseEntry(entry);
    }
  }

  reportHandlerError(entry: Entry, error: unknown): void {
    this.events.counters.handlerErrors++;
    if (this.roundReport !== undefined) this.roundReport.handlerErrors++;
    this.events.emit({ type: 'handler_error', entity: entry.describe(), error });
  }

  reportDropped(entry: Entry, count: number): void {
    this.events.countDropped(entry, count);
  }

  reportDecodeError(entry: Entry, message: string): void {
    this.events.counters.decodeErrors++;
    this.events.emit({ type: 'decode_error', entity: entry.describe(), message });
  }

  // ---- user code outside entries ----

  /** Hands queued events to the listeners, as user code (blocking helpers answer Reentrant there). */
  protected deliverEvents(): void {
    if (!this.events.hasPending()) return;
    this.handlerDepth++;
    try {
      this.events.deliver();
    } finally {
      this.handlerDepth--;
    }
  }

  protected runShutdownCallbacks(): void {
    this.handlerDepth++;
    try {
      this.events.runShutdownCallbacks();
    } finally {
      this.handlerDepth--;
    }
  }

  // ---- rounds ----

  /** Moves timers whose deadline has passed into the ready list; discards stale heap nodes. */
  private collectDueTimers(): void {
    if (this.timers.size === 0) return;
    const now = this.clock();
    for (;;) {
      const top = this.timers.peek();
      if (top === undefined) return;
      const timer = top.item;
      if (!timer.alive || timer.canceled || top.token !== timer.token) {
        this.timers.pop();
        continue;
      }
      if (top.deadline > now) return;
      this.timers.pop();
      timer.due = true;
      this.ready.mark(timer);
    }
  }

  protected hasReadyWork(): boolean {
    this.collectDueTimers();
    return this.ready.size > 0;
  }

  protected nextTimerDelay(): number {
    const top = this.timers.peek();
    return top === undefined ? Number.POSITIVE_INFINITY : Math.max(0, top.deadline - this.clock());
  }

  /** Waits until the next timer is due, a notify, or maxMs. */
  protected async waitForWork(maxMs: number): Promise<void> {
    const delay = Math.min(maxMs, this.nextTimerDelay());
    if (delay <= 0) return;
    await this.signal.wait(delay);
  }

  /** One round: the ready snapshot in registration order, at most one item per entry. */
  protected round(report: Mutable<SpinReport> = emptyReport()): SpinReport {
    this.roundReport = report;
    let dispatched = false;
    try {
      this.collectDueTimers();
      this.deliverEvents();
      const entries = this.ready.takeRound();
      for (const entry of entries) {
        entry.queued = false;
        if (!entry.alive) continue;
        if (entry.dispatchOne(this)) {
          dispatched = true;
          const field = REPORT_FIELD[entry.kind];
          if (field !== undefined) report[field]++;
        }
        if (entry.alive && entry.hasWork()) this.ready.mark(entry);
      }
      this.ready.recycle(entries);
      this.deliverEvents();
    } finally {
      this.roundReport = undefined;
    }
    // Passive waiters (a blocking helper while someone else spins) re-check their condition.
    if (dispatched) this.signal.notify();
    return report;
  }

  /** Shutdown: nothing is dispatched any more. */
  protected clearDispatch(): void {
    this.ready.clear();
    this.timers.clear();
  }
}
