/**
 * Drift-compensated loop pacing (`robot.rate(hz)`): deadlines sit on a fixed grid
 * start + k * period, so time spent in the loop body is absorbed instead of accumulating.
 * A loop that falls more than one period behind skips the missed ticks (counted in
 * `overruns()`) and keeps the phase, like the executor's timers.
 */
import { ok } from '../../result.js';
import { type VrResultOf, vrErr } from './vr-error.js';

export interface Rate {
  readonly hz: number;
  readonly periodMs: number;
  /** Waits until the next tick (driving the robot's executor when nobody else does). */
  sleep(): Promise<void>;
  /** Restarts the grid from now. */
  reset(): void;
  /** Ticks skipped because the loop body ran past them. */
  overruns(): number;
}

export type Sleeper = (ms: number) => Promise<void>;
export type Clock = () => number;

const MAX_HZ = 10_000;

export function createRate(hz: number, sleeper: Sleeper, clock: Clock = () => performance.now()): VrResultOf<Rate> {
  if (typeof hz !== 'number' || !Number.isFinite(hz) || hz <= 0 || hz > MAX_HZ) {
    return vrErr('invalid_argument', `rate hz must be a finite number in (0, ${MAX_HZ}] (got ${String(hz)})`);
  }
  return ok(new GridRate(hz, sleeper, clock));
}

class GridRate implements Rate {
  readonly hz: number;
  readonly periodMs: number;
  private readonly sleeper: Sleeper;
  private readonly clock: Clock;
  private next: number;
  private overrunCount = 0;

  constructor(hz: number, sleeper: Sleeper, clock: Clock) {
    this.hz = hz;
    this.periodMs = 1000 / hz;
    this.sleeper = sleeper;
    this.clock = clock;
    this.next = clock() + this.periodMs;
  }

  async sleep(): Promise<void> {
    const now = this.clock();
    if (now > this.next + this.periodMs) {
      // Fell behind by more than a tick: wait for the first grid point still ahead.
      const passed = Math.floor((now - this.next) / this.periodMs) + 1;
      this.overrunCount += passed - 1;
      this.next += passed * this.periodMs;
    }
    const wait = this.next - now;
    this.next += this.periodMs;
    if (wait > 0) await this.sleeper(wait);
  }

  reset(): void {
    this.next = this.clock() + this.periodMs;
    this.overrunCount = 0;
  }

  overruns(): number {
    return this.overrunCount;
  }
}
