/**
 * A broadcast wake-up: `wait(ms)` resolves when someone calls `notify()` or the time is up.
 * Transport callbacks, timers, guard conditions and cancel() notify; spin verbs wait on it
 * instead of polling.
 */

/** setTimeout cannot wait longer than this; longer waits are re-armed by the caller's loop. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export class WakeSignal {
  private waiters: (() => void)[] = [];

  get waiting(): number {
    return this.waiters.length;
  }

  notify(): void {
    if (this.waiters.length === 0) return;
    const woken = this.waiters;
    this.waiters = [];
    for (const w of woken) w();
  }

  wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const delay = Math.min(Math.max(0, ms), MAX_TIMER_MS);
      const done = (): void => {
        clearTimeout(timer);
        const i = this.waiters.indexOf(done);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve();
      };
      const timer = setTimeout(done, delay);
      this.waiters.push(done);
    });
  }
}

/** Lets the host's event loop run (I/O, transport callbacks) between busy rounds. */
export function yieldToHost(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
