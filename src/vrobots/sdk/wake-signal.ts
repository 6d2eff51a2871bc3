/**
 * A wake-up signal: handlers running inside spin call `notify()`, waiters outside spin
 * await `wait(ms)`, which resolves on the next notify or when the budget runs out.
 * One timer per waiting call, cleared on wake, so nothing keeps the process alive.
 */
import { timerDelay } from '../../rclcpp/index.js';

export class WakeSignal {
  #waiters = new Set<() => void>();

  notify(): void {
    if (this.#waiters.size === 0) return;
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const w of waiters) w();
  }

  /** Resolves true when notified, false when `ms` passed first. */
  wait(ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(wake);
        resolve(false);
      }, timerDelay(ms));
      this.#waiters.add(wake);
    });
  }
}
