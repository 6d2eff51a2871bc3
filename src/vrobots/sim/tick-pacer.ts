/**
 * Keeps a periodic simulator task at its rate on average. The executor's timer skips the
 * periods it fired too late for (as rclcpp's does), so on a busy host a 25 Hz state stream
 * lost a share of its ticks for good; Unity's fixed-step loop instead runs the steps it owes.
 * A tick here owes one round plus every period it was late by, at most MAX_ROUNDS at once:
 * a longer stall is forgiven rather than paid back in a burst.
 */

/** Rounds one tick may run: itself and two periods it was late by. */
export const MAX_ROUNDS = 3;

export class TickPacer {
  private next: number;

  /** `startMs`: when the timer was armed (its first tick is due one period later). */
  constructor(
    private readonly periodMs: number,
    startMs: number,
  ) {
    this.next = startMs + periodMs;
  }

  /** How many rounds the tick firing at `nowMs` runs (at least 1). */
  rounds(nowMs: number): number {
    const late = nowMs - this.next;
    const missed = late >= this.periodMs ? Math.floor(late / this.periodMs) : 0;
    // The schedule stays on its grid, as the timer's own deadlines do.
    this.next += (Math.max(0, missed) + 1) * this.periodMs;
    if (this.next <= nowMs) this.next = nowMs + this.periodMs;
    return 1 + Math.min(missed, MAX_ROUNDS - 1);
  }
}
