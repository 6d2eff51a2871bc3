/**
 * A broadcast wake-up: `wait(ms)` resolves when someone calls `notify()` or the time is up;
 * `waitNotified()` resolves on the next `notify()` only. Transport callbacks, timers, guard
 * conditions and cancel() notify; spin verbs wait on it instead of polling.
 */

import { timerDelay } from '../budget.js';
import { nextMacrotask } from '../host.js';

export class WakeSignal {
  private waiters: (() => void)[] = [];
  /** One promise shared by every untimed waiter of the current generation: no timer, no closure each. */
  private untimed: Promise<void> | undefined;
  private resolveUntimed: (() => void) | undefined;

  get waiting(): number {
    return this.waiters.length + (this.untimed === undefined ? 0 : 1);
  }

  notify(): void {
    const resolve = this.resolveUntimed;
    if (resolve !== undefined) {
      this.untimed = undefined;
      this.resolveUntimed = undefined;
      resolve();
    }
    if (this.waiters.length === 0) return;
    const woken = this.waiters;
    this.waiters = [];
    for (const w of woken) w();
  }

  /** Resolves true when notified, false when `ms` passed first. */
  wait(ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const delay = timerDelay(ms);
      const woken = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(woken);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve(false);
      }, delay);
      this.waiters.push(woken);
    });
  }

  /**
   * Resolves on the next notify(), with no timer: holds nothing that keeps the process alive,
   * so a caller that must keep it alive holds its own handle (see Spinner.spinLoop).
   */
  waitNotified(): Promise<void> {
    if (this.untimed === undefined) {
      this.untimed = new Promise<void>((resolve) => {
        this.resolveUntimed = resolve;
      });
    }
    return this.untimed;
  }
}

/** Lets the host's event loop run (I/O, transport callbacks) between busy rounds. */
export function yieldToHost(): Promise<void> {
  return nextMacrotask();
}
