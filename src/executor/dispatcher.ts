/**
 * Dispatch: the ready list, the timer deadline heap and the wake signal, and the round that
 * hands at most one item to each ready entry in registration order. Entries call back into
 * it (EntryHost) from transport callbacks (queue and mark ready, never user code) and from
 * their dispatch (run the user's handler, report what went wrong).
 */

import type { GroupMember } from './callback-group-state.js';
import { type Entry, type EntryHost, EntryKind } from './entry.js';
import type { EntryTable } from './entry-table.js';
import type { EventHub } from './event-hub.js';
import { emptyReport, type Mutable, type SpinReport } from './events.js';
import { failed, type HandlerOutcome, mayBeThenable, observeReturned } from './handler-outcome.js';
import { ReadyList } from './ready-list.js';
import { collectDue, type TimerEntry, type TimerScheduler } from './timer-entry.js';
import { TimerHeap } from './timer-heap.js';
import type { WakeSignal } from './wake-signal.js';

/** Counts one dispatched item in the round's report (a switch: a computed field name is a slow store). */
function countDispatched(report: Mutable<SpinReport>, kind: EntryKind): void {
  switch (kind) {
    case EntryKind.Subscription:
      report.subscriptions++;
      return;
    case EntryKind.Service:
      report.services++;
      return;
    case EntryKind.Client:
      report.clients++;
      return;
    case EntryKind.Timer:
      report.timers++;
      return;
    case EntryKind.GuardCondition:
      report.guardConditions++;
      return;
    case EntryKind.PollSubscription:
      return;
  }
}

/** runHandler's zero-argument function, called through invoke's two-argument path. */
function callThunk(fn: () => unknown): unknown {
  return fn();
}

export class Dispatcher implements EntryHost, TimerScheduler {
  /** How many calls into user code are on the stack (handlers, listeners, shutdown callbacks). */
  protected handlerDepth = 0;
  private readonly ready = new ReadyList<Entry>();
  private readonly timers = new TimerHeap<TimerEntry>();
  private readonly markDue = (timer: TimerEntry): void => {
    timer.due = true;
    this.ready.mark(timer);
  };
  /** A callback group's next turn: marked for the next round (and a waiting spin woken). */
  private readonly markTurn = (member: GroupMember): void => this.markReady(member as Entry);
  private roundReport: Mutable<SpinReport> | undefined;
  private readonly unheardWatchers = new Set<(entry: Entry, error: unknown, entity: string) => void>();

  constructor(
    private readonly events: EventHub,
    private readonly entries: EntryTable,
    private readonly clock: () => number,
    /** Wakes spin verbs and passive waiters: new work, a finished round, cancel, shutdown, an event. */
    protected readonly signal: WakeSignal,
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

  runHandler(entry: Entry, fn: () => unknown, done?: (outcome: HandlerOutcome) => void): boolean {
    return this.invoke(entry, callThunk, fn, undefined, done);
  }

  runHandlerWith<A, B>(entry: Entry, fn: (a: A, b: B) => unknown, a: A, b: B): boolean {
    return this.invoke(entry, fn, a, b, undefined);
  }

  private invoke<A, B>(
    entry: Entry,
    fn: (a: A, b: B) => unknown,
    a: A,
    b: B,
    done: ((outcome: HandlerOutcome) => void) | undefined,
  ): boolean {
    let returned: unknown;
    entry.enterHandler();
    this.handlerDepth++;
    try {
      returned = fn(a, b);
    } catch (thrown) {
      this.handlerReturned(entry);
      this.settle(entry, failed(thrown), false, done);
      return false;
    }
    this.handlerReturned(entry);
    // Kept apart so that this hot path stays small: most handlers return undefined.
    if (returned !== undefined || done !== undefined) this.observe(entry, returned, done);
    return true;
  }

  private handlerReturned(entry: Entry): void {
    this.handlerDepth--;
    if (entry.leaveHandler()) this.entries.releaseEntry(entry);
  }

  private observe(entry: Entry, returned: unknown, done: ((outcome: HandlerOutcome) => void) | undefined): void {
    if (done === undefined && !mayBeThenable(returned)) return;
    const later = observeReturned(returned, (outcome, late) => this.settle(entry, outcome, late, done));
    if (!later) return;
    const group = entry.callbackGroup;
    if (group === undefined) {
      // Run to completion: the entry waits for its handler's promise. Except a service's: its
      // promise is a deferred reply (rclcpp's deferred send_response), which may come late or
      // never, and other requests go on being dispatched meanwhile.
      entry.busy = entry.kind !== EntryKind.Service;
    } else if (!group.reentrant) {
      // A mutually exclusive group is taken until the promise settles, a service's too.
      entry.busy = true;
      group.hold();
    }
  }

  /** The end of a handler call. Never throws: it may run from a promise reaction. */
  private settle(
    entry: Entry,
    outcome: HandlerOutcome,
    later: boolean,
    done?: (outcome: HandlerOutcome) => void,
  ): void {
    const held = later && entry.busy;
    entry.busy = false;
    if (held && entry.callbackGroup !== undefined) {
      entry.callbackGroup.settle();
      entry.callbackGroup.nextTurn(this.markTurn);
    }
    if (!outcome.ok) this.reportHandlerError(entry, outcome.error);
    if (done !== undefined) {
      try {
        done(outcome);
      } catch (thrown) {
        this.reportHandlerError(entry, thrown);
      }
    }
    if (later && entry.alive && entry.hasWork()) this.markReady(entry);
  }

  /** `entity` names what failed when it is not the entry's own handler (a callback it ran). */
  reportHandlerError(entry: Entry, error: unknown, entity: string = entry.describe()): void {
    this.events.counters.handlerErrors++;
    if (this.roundReport !== undefined) this.roundReport.handlerErrors++;
    this.events.emit({ type: 'handler_error', entity, error });
    if (this.unheardWatchers.size === 0 || this.events.hasListeners()) return;
    for (const watch of this.unheardWatchers) {
      try {
        watch(entry, error, entity);
      } catch {
        this.events.countListenerError();
      }
    }
  }

  /**
   * Internal (the rclcpp layer's nodes): told of a handler error when no onEvent listener would
   * hear it, so that the entity's node can log it rather than leave it to a counter.
   */
  watchUnheardHandlerErrors(watch: (entry: Entry, error: unknown, entity: string) => void): () => void {
    this.unheardWatchers.add(watch);
    return () => this.unheardWatchers.delete(watch);
  }

  reportDropped(entry: Entry, count: number): void {
    this.events.countDropped(entry, count);
  }

  reportDecodeError(entry: Entry, message: string): void {
    this.events.counters.decodeErrors++;
    this.events.emit({ type: 'decode_error', entity: entry.describe(), message });
  }

  // ---- user code outside entries ----

  protected hasPendingEvents(): boolean {
    return this.events.hasPending();
  }

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
    collectDue(this.timers, this.clock(), this.markDue);
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

  /**
   * One round: the ready snapshot in registration order, at most one item per entry. An entry
   * whose async handler has not settled is skipped (it is marked again when it settles). An
   * entry whose own dispatch throws is reported and the round goes on with the next.
   */
  protected round(report: Mutable<SpinReport> = emptyReport()): SpinReport {
    this.roundReport = report;
    let dispatched = false;
    try {
      this.collectDueTimers();
      this.deliverEvents();
      const entries = this.ready.takeRound();
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i] as Entry;
        if (!entry.takeTurn()) continue;
        const group = entry.callbackGroup;
        // A member of a taken mutually exclusive group waits for its turn (marked again then).
        if (group !== undefined && !group.admits(entry)) continue;
        try {
          if (entry.dispatchOne(this)) {
            dispatched = true;
            countDispatched(report, entry.kind);
          }
        } catch (thrown) {
          this.reportHandlerError(entry, thrown);
        }
        if (group !== undefined) group.nextTurn(this.markTurn);
        if (entry.idle && entry.hasWork()) this.ready.mark(entry);
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
