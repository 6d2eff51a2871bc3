/**
 * The spin verbs: spinSome, spinAll, spinOnce, spin, spinFor and the engine of blocking helpers
 * (spinUntil). They decide when rounds run and who may run them (one spinner at a time, never
 * from inside a handler); the rounds themselves are the dispatcher's.
 */

import { checkBudget, MAX_TIMER_MS } from '../budget.js';
import { describeThrown, describeValue, type Err, err, ok, type Result, type ResultOf } from '../result.js';
import { Dispatcher } from './dispatcher.js';
import { emptyReport, type SpinReport } from './events.js';
import { reportResult, resetReport } from './report-result.js';
import { yieldToHost } from './wake-signal.js';

/** spin() re-arms its wait at least this often (cancel() wakes it sooner). */
const SPIN_WAIT_CHUNK_MS = 60_000;
/** spin()/spinFor() run rounds back-to-back for at most this long before yielding to the host. */
export const SPIN_SLICE_MS = 2;

function keepAliveTick(): void {}

export abstract class Spinner extends Dispatcher {
  /** How long spin() runs rounds back-to-back before yielding to the host. */
  protected spinSliceMs = SPIN_SLICE_MS;
  /** spin() and spinFor() return no reports: their rounds count into this one, never read. */
  private readonly discardedReport = emptyReport();
  /** What spinSome/spinOnce/spinAll count into; answered as a frozen copy (report-result.ts). */
  private readonly verbReport = emptyReport();
  private spinning = false;
  protected cancelRequested = false;

  /** False once shutdown has begun: spin verbs refuse, running ones return. */
  abstract isOpen(): boolean;

  inHandler(): boolean {
    return this.handlerDepth > 0;
  }

  isSpinning(): boolean {
    return this.spinning;
  }

  isShutdown(): boolean {
    return !this.isOpen();
  }

  private refuseSpin(verb: string): Err | undefined {
    if (!this.isOpen()) return err('NotInitialized', `${verb}: executor is shut down`);
    if (this.inHandler()) return err('Reentrant', `${verb} called from inside a handler of this executor`);
    if (this.spinning) return err('BadSequence', `${verb} called while the executor is already spinning`);
    return undefined;
  }

  private endSpin(): void {
    this.spinning = false;
    this.cancelRequested = false;
    this.notify();
  }

  spinSome(): ResultOf<SpinReport> {
    const refused = this.refuseSpin('spinSome');
    if (refused !== undefined) return refused;
    this.spinning = true;
    const report = this.verbReport;
    resetReport(report);
    try {
      this.round(report);
      return reportResult(report);
    } finally {
      this.endSpin();
    }
  }

  /**
   * rclcpp's spin_all: rounds back-to-back while work is ready, within `maxDurationMs` of real
   * time, synchronously (no wait for work that is not there yet). Each round keeps its rules
   * (one item per ready entry, registration order), so a busy entry cannot starve the others;
   * the budget is checked between rounds, so the last round may end a little past it. At least
   * one round runs (a budget of 0 is spinSome). The report sums the rounds.
   */
  spinAll(maxDurationMs: number): ResultOf<SpinReport> {
    const bad = checkBudget('maxDurationMs', maxDurationMs);
    if (!bad.ok) return bad;
    const refused = this.refuseSpin('spinAll');
    if (refused !== undefined) return refused;
    this.spinning = true;
    const report = this.verbReport;
    resetReport(report);
    try {
      const now = performance.now();
      this.runSlice(now, now + maxDurationMs, report);
      return reportResult(report);
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
      while (!this.hasReadyWork() && !this.cancelRequested && this.isOpen()) {
        const remaining = budgetMs - (performance.now() - start);
        if (remaining <= 0) break;
        if (this.hasPendingEvents()) this.deliverEvents();
        else await this.waitForWork(remaining);
      }
      const report = this.verbReport;
      resetReport(report);
      if (this.isOpen()) this.round(report);
      return reportResult(report);
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
      while (!this.cancelRequested && this.isOpen()) {
        const now = performance.now();
        const remaining = durationMs - (now - start);
        if (remaining <= 0) break;
        if (this.hasReadyWork()) {
          if (this.runSlice(now, Math.min(sliceStart + this.spinSliceMs, start + durationMs))) {
            await yieldToHost();
            sliceStart = performance.now();
          }
        } else if (this.hasPendingEvents()) {
          // Events (a transport's connection_lost, an overflow) do not wait for work to come.
          this.deliverEvents();
        } else if (remaining === Number.POSITIVE_INFINITY && this.nextTimerDelay() === Number.POSITIVE_INFINITY) {
          // Only a notify can make work ready (new work, arm(), cancel(), shutdown): no timer per
          // wait, and an interval that keeps the process alive meanwhile.
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
  private runSlice(now: number, until: number, report = this.discardedReport): boolean {
    const cheap = this.spinSliceMs / 8;
    let stride = 1;
    let countdown = 1;
    let last = now;
    for (;;) {
      this.round(report);
      if (this.cancelRequested || !this.isOpen() || !this.hasReadyWork()) return false;
      if (--countdown > 0) continue;
      const t = performance.now();
      if (t >= until) return true;
      stride = t - last < cheap ? Math.min(stride * 2, 16) : 1;
      countdown = stride;
      last = t;
    }
  }

  /**
   * rclcpp's spin_until_future_complete: spinUntil the future is done, then its result.
   * Timeout names the budget; a value that is not a future answers InvalidArgument.
   */
  async spinUntilFutureComplete<T>(future: FutureLike<T>, budgetMs: number): Promise<ResultOf<T>> {
    const what = 'spinUntilFutureComplete';
    let isReady: unknown;
    let take: unknown;
    try {
      isReady = future.isReady;
      take = future.take;
    } catch (thrown) {
      return err('InvalidArgument', `${what}: the future could not be read: ${describeThrown(thrown)}`);
    }
    if (typeof isReady !== 'function' || typeof take !== 'function') {
      return err(
        'InvalidArgument',
        `${what}: future must be a Future (isReady and take), got ${describeValue(future)}`,
      );
    }
    const waited = await this.spinUntil(() => Reflect.apply(isReady, future, []) === true, budgetMs, what);
    if (!waited.ok) {
      if (waited.error.name !== 'Timeout') return waited;
      return err('Timeout', `${what}: the future was not complete within the budget of ${budgetMs} ms`);
    }
    try {
      return Reflect.apply(take, future, []) as ResultOf<T>;
    } catch (thrown) {
      return err('Error', `${what}: the future's take() threw: ${describeThrown(thrown)}`);
    }
  }

  cancel(): void {
    if (!this.spinning) return;
    this.cancelRequested = true;
    this.notify();
  }

  /**
   * Waits until `done()` holds, up to the budget: the engine of blocking helpers
   * (waitForService, Future.wait, takeWithin) and of anyone who waits on an executor. It runs
   * the rounds that are ready while nobody spins and otherwise waits passively, without
   * claiming the executor: a host loop's spinSome()/spin() keeps working meanwhile, in either
   * order, and a running spin's rounds wake it. Answers Reentrant inside a handler (it would
   * never return), Timeout when the budget runs out, NotInitialized after shutdown.
   */
  async spinUntil(done: () => boolean, budgetMs: number, what = 'spinUntil'): Promise<Result> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    if (this.inHandler()) {
      return err(
        'Reentrant',
        `${what}: cannot wait inside a handler of this executor (it would never return); use the non-blocking verb`,
      );
    }
    const start = performance.now();
    for (;;) {
      const holds = holdsNow(done, what);
      if (holds !== false) return holds === true ? ok() : holds;
      if (!this.isOpen()) return err('NotInitialized', `${what}: executor is shut down`);
      const remaining = budgetMs - (performance.now() - start);
      if (remaining <= 0) return err('Timeout', `${what}: budget of ${budgetMs} ms ran out`);
      if (this.spinning) {
        await this.signal.wait(remaining);
      } else if (this.hasReadyWork() || this.hasPendingEvents()) {
        this.round(this.discardedReport);
        // The round may have met the condition (a reply settling a Future): answer without a macrotask hop.
        const met = holdsNow(done, what);
        if (met !== false) return met === true ? ok() : met;
        await yieldToHost();
      } else {
        await this.waitForWork(remaining);
      }
    }
  }
}

/** What spinUntilFutureComplete needs of a future (the rclcpp layer's Future; structural, as this floor is below it). */
export interface FutureLike<T> {
  isReady(): boolean;
  take(): ResultOf<T>;
}

/** The caller's condition; a throw from it ends the wait with an error instead of escaping. */
function holdsNow(done: () => boolean, what: string): boolean | Err {
  try {
    return done() === true;
  } catch (thrown) {
    return err('Error', `${what}: the condition threw: ${describeThrown(thrown)}`);
  }
}
