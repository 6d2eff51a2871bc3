/**
 * How the SDK waits without stalling the executor it depends on. When nobody spins the
 * executor (an owned one between background rounds, or a caller's executor the caller does
 * not spin right now), a wait drives it with `spinOnce` in short slices; when someone
 * already spins it (`isSpinning()`), the wait only listens for the wake signal, so the
 * executor is never spun twice.
 */
import { WakeSignal } from '../../executor/index.js';
import { type Executor, timerDelay } from '../../rclcpp/index.js';

/** Longest single spinOnce slice: short enough that a deadline is met closely. */
const SPIN_SLICE_MS = 20;
/** Re-check period while another party spins (a predicate may change without a notify). */
const LISTEN_SLICE_MS = 25;

export class LoopDriver {
  readonly executor: Executor;
  readonly wake = new WakeSignal();

  constructor(executor: Executor) {
    this.executor = executor;
  }

  /** Waits until `done()` holds or the budget runs out; answers whether it holds. */
  async until(done: () => boolean, budgetMs: number): Promise<boolean> {
    const deadline = performance.now() + budgetMs;
    for (;;) {
      if (done()) return true;
      const left = deadline - performance.now();
      if (left <= 0) return done();
      await this.step(left);
    }
  }

  /** Sleeps `ms`, driving the executor meanwhile when nobody else does. */
  async sleep(ms: number): Promise<void> {
    const deadline = performance.now() + ms;
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      await this.step(left, true);
    }
  }

  private async step(left: number, ignoreWake = false): Promise<void> {
    const ex = this.executor;
    if (ex.isShutdown() || ex.isSpinning() || ex.inHandler()) {
      if (ignoreWake) await delay(Math.min(left, LISTEN_SLICE_MS * 4));
      else await this.wake.wait(Math.min(left, LISTEN_SLICE_MS));
      return;
    }
    const r = await ex.spinOnce(Math.min(left, SPIN_SLICE_MS));
    // Refused (e.g. another spinOnce raced us): fall back to listening for a moment.
    if (!r.ok) await this.wake.wait(Math.min(left, LISTEN_SLICE_MS));
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, timerDelay(ms)));
}
