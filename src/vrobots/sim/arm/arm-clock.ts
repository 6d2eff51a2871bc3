/**
 * The arm's clock: real time (a drift-compensated 4 ms loop that skips the ticks it missed
 * rather than bunching them, and records when each tick ran) or a steppable one a test
 * advances by hand, so ticks and watchdogs are exact and independent of machine load.
 */
import { performanceNow } from './arm-time.js';

export interface ArmClock {
  nowMs(): number;
  /** Runs `fn` every `periodMs` until the returned cancel is called. */
  every(periodMs: number, fn: () => void): () => void;
  /** Runs `fn` once after `ms`. */
  after(ms: number, fn: () => void): () => void;
}

interface Due {
  at: number;
  readonly period: number;
  readonly fn: () => void;
  cancelled: boolean;
  readonly order: number;
}

/** A clock that moves only when told: `advance(ms)` runs what falls due, in time order. */
export class SteppableClock implements ArmClock {
  private now = 0;
  private order = 0;
  private readonly due: Due[] = [];

  nowMs(): number {
    return this.now;
  }

  every(periodMs: number, fn: () => void): () => void {
    return this.add(periodMs, periodMs, fn);
  }

  after(ms: number, fn: () => void): () => void {
    return this.add(ms, 0, fn);
  }

  private add(inMs: number, period: number, fn: () => void): () => void {
    const d: Due = { at: this.now + inMs, period, fn, cancelled: false, order: this.order++ };
    this.due.push(d);
    return () => {
      d.cancelled = true;
    };
  }

  /** Moves time forward `ms`, running each callback when its time comes. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const live = this.due.filter((d) => !d.cancelled && d.at <= end);
      if (live.length === 0) break;
      live.sort((a, b) => a.at - b.at || a.order - b.order);
      const next = live[0]!;
      this.now = next.at;
      if (next.period > 0) next.at += next.period;
      else next.cancelled = true;
      next.fn();
    }
    this.now = end;
    for (let i = this.due.length - 1; i >= 0; i--) if (this.due[i]!.cancelled) this.due.splice(i, 1);
  }
}

/** Tick timing of a real-time loop, for the benchmark. */
export interface TickTiming {
  /** performance.now() of every tick that ran (bounded: the last `capacity`). */
  readonly ranAtMs: number[];
  /** Ticks skipped because the loop woke up too late. */
  missed: number;
}

/** Real time: a setTimeout loop aimed at each tick's due time; late ticks are skipped and counted. */
export class RealTimeClock implements ArmClock {
  readonly timing: TickTiming = { ranAtMs: [], missed: 0 };

  constructor(private readonly keepTimings = 0) {}

  nowMs(): number {
    return performanceNow();
  }

  every(periodMs: number, fn: () => void): () => void {
    let cancelled = false;
    let next = performanceNow() + periodMs;
    let handle: ReturnType<typeof setTimeout> | undefined;
    const loop = (): void => {
      if (cancelled) return;
      const now = performanceNow();
      if (now >= next) {
        const late = Math.floor((now - next) / periodMs);
        if (late > 0) {
          this.timing.missed += late;
          next += late * periodMs;
        }
        next += periodMs;
        if (this.keepTimings > 0) {
          this.timing.ranAtMs.push(now);
          if (this.timing.ranAtMs.length > this.keepTimings) this.timing.ranAtMs.shift();
        }
        fn();
      }
      handle = setTimeout(loop, Math.max(0, next - performanceNow() - 0.5));
    };
    handle = setTimeout(loop, periodMs);
    return () => {
      cancelled = true;
      if (handle !== undefined) clearTimeout(handle);
    };
  }

  after(ms: number, fn: () => void): () => void {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  }
}
