/**
 * Timers and guard conditions: entries with no transport. A timer is credited measured
 * wall time; when a round finds it late by whole periods, those periods are skipped and
 * counted as overruns, and the phase is kept (the next deadline stays on the period grid).
 */
import { describeValue, err, ok, type Result } from '../result.js';
import { Entry, type EntryHost, EntryKind } from './entry.js';
import type { TimerHeap } from './timer-heap.js';

/**
 * The shortest period a timer accepts: 1 µs. Below it the deadline arithmetic loses the
 * period (deadline + period === deadline), so such a timer would fire once and then count
 * every round as an infinite overrun.
 */
export const MIN_TIMER_PERIOD_MS = 0.001;

/** A timer period or delay: a finite number of ms, at least MIN_TIMER_PERIOD_MS; else InvalidArgument naming it. */
export function checkTimerPeriod(argument: string, value: unknown): Result {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    return err(
      'InvalidArgument',
      `${argument} must be a finite number of milliseconds > 0, got ${describeValue(value)}`,
    );
  }
  if (value < MIN_TIMER_PERIOD_MS) {
    return err(
      'InvalidArgument',
      `${argument} must be at least ${MIN_TIMER_PERIOD_MS} ms (1 µs), got ${describeValue(value)} ms`,
    );
  }
  return ok();
}

export interface TimerScheduler {
  now(): number;
  /** (Re)inserts the timer in the deadline heap under a fresh token. */
  arm(timer: TimerEntry): void;
}

export class TimerEntry extends Entry {
  deadline: number;
  /** bumps on every (re)arm and cancel: stale heap nodes are recognised by it */
  token = 0;
  canceled = false;
  /** set when a round found the deadline passed */
  due = false;
  overruns = 0;

  constructor(
    private readonly scheduler: TimerScheduler,
    readonly periodMs: number,
    readonly oneShot: boolean,
    private readonly callback: () => void,
    label: string,
  ) {
    super(EntryKind.Timer, label);
    this.deadline = scheduler.now() + periodMs;
  }

  hasWork(): boolean {
    return this.due && !this.canceled;
  }

  dispatchOne(host: EntryHost): boolean {
    if (!this.due || this.canceled) return false;
    this.due = false;
    const now = this.scheduler.now();
    if (this.oneShot) {
      this.canceled = true;
    } else {
      const missed = Math.max(0, Math.floor((now - this.deadline) / this.periodMs));
      this.overruns += missed;
      this.deadline += (missed + 1) * this.periodMs;
      this.scheduler.arm(this);
    }
    host.runHandler(this, this.callback);
    return true;
  }

  cancel(): void {
    this.canceled = true;
    this.due = false;
    this.token++;
  }

  /** Restarts the period from now and un-cancels. */
  restart(): void {
    this.canceled = false;
    this.due = false;
    this.deadline = this.scheduler.now() + this.periodMs;
    this.scheduler.arm(this);
  }

  dispose(): void {
    this.cancel();
  }
}

/**
 * Pops every live timer whose deadline is at or before `now` and hands it to `due`; stale heap
 * nodes (released, canceled or re-armed timers) are dropped on the way.
 */
export function collectDue<T extends TimerEntry>(heap: TimerHeap<T>, now: number, due: (timer: T) => void): void {
  for (;;) {
    const top = heap.peek();
    if (top === undefined) return;
    const timer = top.item;
    if (!timer.alive || timer.canceled || top.token !== timer.token) {
      heap.pop();
      continue;
    }
    if (top.deadline > now) return;
    heap.pop();
    due(timer);
  }
}

export class GuardEntry extends Entry {
  triggered = false;

  constructor(private readonly callback: () => void) {
    super(EntryKind.GuardCondition, 'guard condition');
  }

  hasWork(): boolean {
    return this.triggered;
  }

  dispatchOne(host: EntryHost): boolean {
    if (!this.triggered) return false;
    this.triggered = false;
    host.runHandler(this, this.callback);
    return true;
  }

  dispose(): void {
    this.triggered = false;
  }
}
