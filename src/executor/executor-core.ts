/**
 * The executor arena: one rmw session, a fixed-capacity table of entries, a ready list and
 * a timer heap. User code runs only inside spin verbs; transport callbacks only queue and
 * mark entries ready. See docs/rclcpp.md for the dispatch rules.
 */

import type { ExecutorEvent, SpinReport } from '../rclcpp/api.js';
import { describeThrown, type Err, err, ok, type Result, type ResultOf } from '../result.js';
import type { BackendKind, RmwSession } from '../rmw/rmw.js';
import { Arena } from './arena.js';
import { checkBudget, MAX_TIMER_MS } from '../budget.js';
import { type Entry, type EntryHost, EntryKind } from './entry.js';
import { ReadyList } from './ready-list.js';
import type { TimerEntry, TimerScheduler } from './timer-entry.js';
import { TimerHeap } from './timer-heap.js';
import { WakeSignal, yieldToHost } from './wake-signal.js';

export interface CoreOptions {
  readonly capacity: number;
  readonly keepAllLimit: number;
}

/** Test seams, not part of the public options. */
export interface CoreInternals {
  /** Clock of timers in ms (default performance.now). Budgets always use real time. */
  readonly clock?: () => number;
  /** How long spin() runs rounds back-to-back before yielding to the host (default SPIN_SLICE_MS). */
  readonly spinSliceMs?: number;
}

export interface ExecutorStats {
  readonly handlerErrors: number;
  readonly dropped: number;
  readonly decodeErrors: number;
  /** onEvent listeners and shutdown callbacks that threw (swallowed) */
  readonly listenerErrors: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
const MAX_PENDING_EVENTS = 1024;
/** spin() re-arms its wait at least this often (cancel() wakes it sooner). */
const SPIN_WAIT_CHUNK_MS = 60_000;
/** spin()/spinFor() run rounds back-to-back for at most this long before yielding to the host. */
const SPIN_SLICE_MS = 2;

function keepAliveTick(): void {}

function emptyReport(): Mutable<SpinReport> {
  return { subscriptions: 0, timers: 0, services: 0, clients: 0, guardConditions: 0, handlerErrors: 0 };
}

const REPORT_FIELD: Readonly<Record<EntryKind, keyof SpinReport | undefined>> = {
  [EntryKind.Subscription]: 'subscriptions',
  [EntryKind.PollSubscription]: undefined,
  [EntryKind.Service]: 'services',
  [EntryKind.Client]: 'clients',
  [EntryKind.Timer]: 'timers',
  [EntryKind.GuardCondition]: 'guardConditions',
};

export class ExecutorCore implements EntryHost, TimerScheduler {
  readonly backend: BackendKind;
  readonly domainId: number;
  readonly keepAllLimit: number;
  private readonly arena: Arena<Entry>;
  private readonly ready = new ReadyList<Entry>();
  private readonly timers = new TimerHeap<TimerEntry>();
  private readonly signal = new WakeSignal();
  private readonly clock: () => number;
  private readonly spinSliceMs: number;
  private readonly listeners = new Set<(event: ExecutorEvent) => void>();
  private readonly shutdownCallbacks = new Set<() => void>();
  private readonly closers = new Set<() => void>();
  private pendingEvents: ExecutorEvent[] = [];
  private readonly pendingOverflow = new Map<Entry, number>();
  private readonly counters: Mutable<ExecutorStats> = {
    handlerErrors: 0,
    dropped: 0,
    decodeErrors: 0,
    listenerErrors: 0,
  };
  private roundReport: Mutable<SpinReport> | undefined;
  /** spin() and spinFor() return no reports: their rounds count into this one, never read. */
  private readonly discardedReport = emptyReport();
  private handlerDepth = 0;
  private spinning = false;
  private cancelRequested = false;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private closing: Promise<Result> | undefined;
  private readonly unsubscribeSession: () => void;

  constructor(
    readonly session: RmwSession,
    options: CoreOptions,
    internals: CoreInternals = {},
  ) {
    this.backend = session.backend;
    this.domainId = session.domainId;
    this.keepAllLimit = options.keepAllLimit;
    this.arena = new Arena<Entry>(options.capacity);
    this.clock = internals.clock ?? (() => performance.now());
    this.spinSliceMs = internals.spinSliceMs ?? SPIN_SLICE_MS;
    this.unsubscribeSession = session.onEvent((event) => {
      const where = 'key' in event ? ` on '${event.key}'` : '';
      this.emit({ type: 'transport', message: `${event.type}${where}: ${event.message}` });
    });
  }

  // ---- registration (used by the rclcpp layer) ----

  isOpen(): boolean {
    return this.state === 'open';
  }

  /** Refusal to register, or undefined when there is room. Checked before touching the rmw. */
  checkCanRegister(what: string): Err | undefined {
    if (this.state !== 'open') return err('NotInitialized', `executor is shut down; cannot register ${what}`);
    if (!this.arena.hasRoom())
      return err('Full', `executor is full (capacity ${this.arena.capacity}); cannot register ${what}`);
    return undefined;
  }

  register<E extends Entry>(entry: E): ResultOf<E> {
    const what = entry.describe();
    const refused = this.checkCanRegister(what);
    if (refused !== undefined) return refused;
    return this.arena.insert(entry, what) as ResultOf<E>;
  }

  lookup(handleId: unknown): ResultOf<Entry> {
    if (this.state !== 'open' && handleId !== 0) return err('NotInitialized', 'executor is shut down');
    return this.arena.lookup(handleId);
  }

  /** Releases an entry; from inside its own handler the release waits until the handler returns. */
  release(handleId: unknown): Result {
    const found = this.lookup(handleId);
    if (!found.ok) return found;
    const entry = found.value;
    if (entry.running) entry.releaseRequested = true;
    else this.releaseEntry(entry);
    return ok();
  }

  /** Hook run at shutdown after entries are released (nodes withdraw from the graph). */
  addCloser(closer: () => void): () => void {
    this.closers.add(closer);
    return () => this.closers.delete(closer);
  }

  private releaseEntry(entry: Entry): void {
    if (!entry.alive) return;
    entry.alive = false;
    this.arena.remove(entry.handleId);
    this.pendingOverflow.delete(entry);
    try {
      entry.dispose();
    } catch (thrown) {
      this.emit({ type: 'transport', message: `closing ${entry.describe()} failed: ${describeThrown(thrown)}` });
    }
  }

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

  /** Resolves on the next wake-up (new work, a finished round, cancel, shutdown) or after ms. */
  waitForActivity(ms: number): Promise<void> {
    return this.state === 'closed' ? Promise.resolve() : this.signal.wait(ms);
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
      if (entry.releaseRequested) this.releaseEntry(entry);
    }
  }

  reportHandlerError(entry: Entry, error: unknown): void {
    this.counters.handlerErrors++;
    if (this.roundReport !== undefined) this.roundReport.handlerErrors++;
    this.emit({ type: 'handler_error', entity: entry.describe(), error });
  }

  reportDropped(entry: Entry, count: number): void {
    this.counters.dropped += count;
    this.pendingOverflow.set(entry, (this.pendingOverflow.get(entry) ?? 0) + count);
  }

  reportDecodeError(entry: Entry, message: string): void {
    this.counters.decodeErrors++;
    this.emit({ type: 'decode_error', entity: entry.describe(), message });
  }

  // ---- events ----

  onEvent(listener: (event: ExecutorEvent) => void): () => void {
    if (typeof listener !== 'function') return () => {};
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  addShutdownCallback(callback: () => void): () => void {
    if (typeof callback !== 'function') return () => {};
    this.shutdownCallbacks.add(callback);
    return () => this.shutdownCallbacks.delete(callback);
  }

  private emit(event: ExecutorEvent): void {
    if (this.pendingEvents.length < MAX_PENDING_EVENTS) this.pendingEvents.push(event);
  }

  /** Listeners are user code: they run only inside spin verbs, and a throw is swallowed. */
  private flushEvents(): void {
    if (this.pendingOverflow.size === 0 && this.pendingEvents.length === 0) return;
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

  private callUser<A>(fn: (arg: A) => void, arg: A): void {
    this.handlerDepth++;
    try {
      fn(arg);
    } catch {
      this.counters.listenerErrors++;
    } finally {
      this.handlerDepth--;
    }
  }

  // ---- dispatch ----

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

  private hasReadyWork(): boolean {
    this.collectDueTimers();
    return this.ready.size > 0;
  }

  private nextTimerDelay(): number {
    const top = this.timers.peek();
    return top === undefined ? Number.POSITIVE_INFINITY : Math.max(0, top.deadline - this.clock());
  }

  private async waitForWork(maxMs: number): Promise<void> {
    const delay = Math.min(maxMs, this.nextTimerDelay());
    if (delay <= 0) return;
    await this.signal.wait(delay);
  }

  /** One round: the ready snapshot in registration order, at most one item per entry. */
  private round(report: Mutable<SpinReport> = emptyReport()): SpinReport {
    this.roundReport = report;
    let dispatched = false;
    try {
      this.collectDueTimers();
      this.flushEvents();
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
      this.flushEvents();
    } finally {
      this.roundReport = undefined;
    }
    // Passive waiters (a blocking helper while someone else spins) re-check their condition.
    if (dispatched) this.signal.notify();
    return report;
  }

  // ---- spin verbs ----

  inHandler(): boolean {
    return this.handlerDepth > 0;
  }

  isSpinning(): boolean {
    return this.spinning;
  }

  isShutdown(): boolean {
    return this.state !== 'open';
  }

  private refuseSpin(verb: string): Err | undefined {
    if (this.state !== 'open') return err('NotInitialized', `${verb}: executor is shut down`);
    if (this.handlerDepth > 0) return err('Reentrant', `${verb} called from inside a handler of this executor`);
    if (this.spinning) return err('BadSequence', `${verb} called while the executor is already spinning`);
    return undefined;
  }

  private endSpin(): void {
    this.spinning = false;
    this.cancelRequested = false;
    this.signal.notify();
  }

  spinSome(): ResultOf<SpinReport> {
    const refused = this.refuseSpin('spinSome');
    if (refused !== undefined) return refused;
    this.spinning = true;
    try {
      return ok(this.round());
    } finally {
      this.endSpin();
    }
  }

  async spinOnce(budgetMs: number): Promise<ResultOf<SpinReport>> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    const refused = this.refuseSpin('spinOnce');
    if (refused !== undefined) return refused;
    this.spinning = true;
    try {
      const start = performance.now();
      while (!this.hasReadyWork() && !this.cancelRequested && this.state === 'open') {
        const remaining = budgetMs - (performance.now() - start);
        if (remaining <= 0) break;
        await this.waitForWork(remaining);
      }
      return ok(this.state === 'open' ? this.round() : emptyReport());
    } finally {
      this.endSpin();
    }
  }

  spin(): Promise<Result> {
    return this.spinLoop('spin', Number.POSITIVE_INFINITY);
  }

  spinFor(durationMs: number): Promise<Result> {
    const bad = checkBudget('durationMs', durationMs);
    if (!bad.ok) return Promise.resolve(bad);
    return this.spinLoop('spinFor', durationMs);
  }

  /**
   * spin()/spinFor(): rounds run back-to-back while work is ready, for at most spinSliceMs
   * of real time; then the host gets a turn (I/O, transport callbacks, other tasks), so a busy
   * entry is not paced by event-loop turns and cannot starve the loop either. Each round keeps
   * its rules (one item per ready entry, registration order, new work waits for the next round).
   */
  private async spinLoop(verb: string, durationMs: number): Promise<Result> {
    const refused = this.refuseSpin(verb);
    if (refused !== undefined) return refused;
    this.spinning = true;
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    try {
      const start = performance.now();
      let sliceStart = start;
      while (!this.cancelRequested && this.state === 'open') {
        const now = performance.now();
        const remaining = durationMs - (now - start);
        if (remaining <= 0) break;
        if (this.hasReadyWork()) {
          if (this.runSlice(now, Math.min(sliceStart + this.spinSliceMs, start + durationMs))) {
            await yieldToHost();
            sliceStart = performance.now();
          }
        } else if (remaining === Number.POSITIVE_INFINITY && this.nextTimerDelay() === Number.POSITIVE_INFINITY) {
          // Only a notify can make work ready (new work, arm(), cancel(), shutdown): no timer per wait.
          // The interval keeps the process alive while spin() waits, as the pending timer did.
          keepAlive ??= setInterval(keepAliveTick, MAX_TIMER_MS);
          await this.signal.waitNotified();
          sliceStart = performance.now();
        } else {
          await this.waitForWork(Math.min(remaining, SPIN_WAIT_CHUNK_MS));
          sliceStart = performance.now();
        }
      }
      return ok();
    } finally {
      if (keepAlive !== undefined) clearInterval(keepAlive);
      this.endSpin();
    }
  }

  /**
   * Rounds back-to-back until no work is ready, the spin is cancelled or shut down, or `until`
   * (real time) has passed; at least one round. Answers true when it stopped for time with
   * work still ready. The clock costs ~0.1 µs a read (as much as a cheap round), so while
   * rounds are cheap it is read every 2, 4 ... 16 rounds, and every round again once they are not.
   */
  private runSlice(now: number, until: number): boolean {
    const cheap = this.spinSliceMs / 8;
    let stride = 1;
    let countdown = 1;
    let last = now;
    for (;;) {
      this.round(this.discardedReport);
      if (this.cancelRequested || this.state !== 'open' || !this.hasReadyWork()) return false;
      if (--countdown > 0) continue;
      const t = performance.now();
      if (t >= until) return true;
      stride = t - last < cheap ? Math.min(stride * 2, 16) : 1;
      countdown = stride;
      last = t;
    }
  }

  cancel(): void {
    if (!this.spinning) return;
    this.cancelRequested = true;
    this.signal.notify();
  }

  /**
   * The engine of blocking helpers (waitForService, Future.wait, takeWithin): drives rounds
   * while nobody else spins, waits passively while someone does, and answers Reentrant
   * inside a handler. The caller has validated the budget.
   */
  async spinUntil(done: () => boolean, budgetMs: number, what: string): Promise<Result> {
    if (this.handlerDepth > 0) {
      return err(
        'Reentrant',
        `${what}: cannot wait inside a handler of this executor (it would never return); use the non-blocking verb`,
      );
    }
    const start = performance.now();
    for (;;) {
      if (done()) return ok();
      if (this.state !== 'open') return err('NotInitialized', `${what}: executor is shut down`);
      const remaining = budgetMs - (performance.now() - start);
      if (remaining <= 0) return err('Timeout', `${what}: budget of ${budgetMs} ms ran out`);
      if (this.spinning) {
        await this.signal.wait(remaining);
        continue;
      }
      this.spinning = true;
      let worked = false;
      try {
        if (!this.hasReadyWork()) await this.waitForWork(remaining);
        if (this.state === 'open' && this.hasReadyWork()) {
          this.round();
          worked = true;
        }
      } finally {
        this.endSpin();
      }
      if (worked) await yieldToHost();
    }
  }

  // ---- session ----

  async ping(budgetMs: number): Promise<Result> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    if (this.state !== 'open') return err('NotInitialized', 'ping: executor is shut down');
    try {
      return await this.session.ping(budgetMs);
    } catch (thrown) {
      return err('TransportError', `ping failed: ${describeThrown(thrown)}`);
    }
  }

  usage(): { readonly used: number; readonly capacity: number } {
    return { used: this.arena.used, capacity: this.arena.capacity };
  }

  stats(): ExecutorStats {
    return { ...this.counters };
  }

  shutdown(): Promise<Result> {
    this.closing ??= this.close();
    return this.closing;
  }

  private async close(): Promise<Result> {
    this.state = 'closing';
    this.cancelRequested = true;
    this.signal.notify();
    for (const callback of [...this.shutdownCallbacks]) this.callUser(callback, undefined);
    for (const entry of this.arena.entries()) this.releaseEntry(entry);
    this.ready.clear();
    this.timers.clear();
    for (const closer of [...this.closers]) {
      try {
        closer();
      } catch {
        this.counters.listenerErrors++;
      }
    }
    this.unsubscribeSession();
    let result: Result;
    try {
      result = await this.session.close();
    } catch (thrown) {
      result = err('TransportError', `closing the ${this.backend} session failed: ${describeThrown(thrown)}`);
    }
    this.state = 'closed';
    this.signal.notify();
    return result;
  }
}
