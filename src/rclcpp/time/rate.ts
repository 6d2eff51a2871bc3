/**
 * Rate (rclcpp::Rate / WallRate): keeps a loop at a frequency on a clock. `await sleep()` waits
 * out the rest of the period; `ready()` and `remainingMs()` are the same schedule for a host
 * loop that cannot wait. On a ros clock sim time only moves when the executor dispatches /clock,
 * so `sleep` there takes a budget (real ms) and answers Timeout past it: a stopped /clock
 * cannot hang the caller.
 */
import { checkBudget, timerDelay } from '../../budget.js';
import { describeValue, err, ok, type ResultOf } from '../../result.js';
import { Duration, nanosecondsOf } from '../duration.js';
import type { ClockType } from '../time.js';
import { Clock } from './clock.js';

/** The budget argument of `sleep`: required unless the clock is known to be wall time. */
export type SleepBudget<C extends ClockType> = [C] extends ['steady' | 'system']
  ? [budgetMs?: number]
  : [budgetMs: number];

export class Rate<C extends ClockType = ClockType> {
  private lastNs: bigint;

  private constructor(
    readonly clock: Clock<C>,
    private readonly periodNs: bigint,
  ) {
    this.lastNs = clock.now().nanoseconds;
  }

  /**
   * `rate` in Hz (a number > 0) or a period (a Duration > 0), as rclcpp's two constructors;
   * the clock defaults to a steady one (rclcpp's WallRate).
   */
  static create<C extends ClockType = 'steady'>(rate: number | Duration, clock?: Clock<C>): ResultOf<Rate<C>> {
    const c = clock ?? (new Clock('steady') as unknown as Clock<C>);
    if (!isClock(c)) return err('InvalidArgument', 'clock must be a Clock');
    const asPeriod = nanosecondsOf(rate);
    let periodNs: bigint;
    if (asPeriod !== undefined) {
      if (asPeriod <= 0n) return err('InvalidArgument', `period must be greater than 0, got ${asPeriod} ns`);
      periodNs = asPeriod;
    } else {
      if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) {
        return err(
          'InvalidArgument',
          `rate must be a finite number of Hz > 0 or a Duration, got ${describeValue(rate)}`,
        );
      }
      const d = Duration.fromSeconds(1 / rate);
      if (!d.ok || d.value.nanoseconds <= 0n) {
        return err('InvalidArgument', `rate ${rate} Hz has no period of at least 1 ns`);
      }
      periodNs = d.value.nanoseconds;
    }
    return ok(new Rate(c, periodNs));
  }

  period(): Duration {
    const d = Duration.fromNs(this.periodNs);
    return d.ok ? d.value : Duration.zero();
  }

  getType(): C {
    return this.clock.clockType;
  }

  /** Starts the schedule again from now. */
  reset(): void {
    this.lastNs = this.clock.now().nanoseconds;
  }

  /** ms until the next interval begins; 0 when it has. Reads, does not advance. */
  remainingMs(): number {
    const now = this.clock.now().nanoseconds;
    const next = now < this.lastNs ? now + this.periodNs : this.lastNs + this.periodNs;
    return next <= now ? 0 : Number(next - now) / 1e6;
  }

  /** For a host loop: true once per period (the schedule advances as `sleep` advances it), false before. */
  ready(): boolean {
    const now = this.clock.now().nanoseconds;
    if (now < this.lastNs) {
      // Time went back (a sim clock rewound): the schedule starts again from now.
      this.lastNs = now;
      return false;
    }
    if (this.remainingMs() > 0) return false;
    this.advance();
    return true;
  }

  /**
   * Waits out the rest of the period: Ok(true) after waiting, Ok(false) when the period had
   * already passed (rclcpp's answer for a late loop) or the clock's source changed meanwhile;
   * Timeout when the budget runs out first.
   */
  async sleep(...[budgetMs]: SleepBudget<C>): Promise<ResultOf<boolean>> {
    if (budgetMs !== undefined) {
      const b = checkBudget('budgetMs', budgetMs);
      if (!b.ok) return b;
    } else if (this.clock.clockType === 'ros') {
      return err('InvalidArgument', 'sleep on a ros-clock Rate needs a budget in ms (sim time moves only with /clock)');
    }
    const waitNs = this.advance();
    if (waitNs <= 0n) return ok(false);
    const targetNs = this.lastNs;
    const waitMs = Number(waitNs) / 1e6;
    if (this.clock.clockType !== 'ros' || !this.clock.isRosTimeActive()) {
      if (budgetMs !== undefined && budgetMs < waitMs) {
        await delay(budgetMs);
        return err('Timeout', `Rate.sleep: ${waitMs} ms left of the period, past the budget of ${budgetMs} ms`);
      }
      await delay(waitMs);
      return ok(true);
    }
    return this.sleepSim(targetNs, budgetMs ?? 0);
  }

  /** Advances the schedule as rclcpp's Rate::sleep does; answers how long to wait (<= 0: none). */
  private advance(): bigint {
    const now = this.clock.now().nanoseconds;
    let next = this.lastNs + this.periodNs;
    if (now < this.lastNs) next = now + this.periodNs;
    this.lastNs += this.periodNs;
    if (next <= now) {
      if (now > next + this.periodNs) this.lastNs = now + this.periodNs;
      return 0n;
    }
    // Kept as rclcpp keeps it: the next interval starts from the one just waited for.
    this.lastNs = next;
    return next - now;
  }

  /** Until the ros clock reaches `targetNs` (a post-jump handler watches it), its source changes, or the budget. */
  private sleepSim(targetNs: bigint, budgetMs: number): Promise<ResultOf<boolean>> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const one = Duration.fromNs(1n);
      const finish = (r: ResultOf<boolean>): void => {
        handler?.remove();
        if (timer !== undefined) clearTimeout(timer);
        resolve(r);
      };
      const made = this.clock.createJumpHandler(
        undefined,
        (jump) => {
          if (jump.clockChange === 'ros_time_activated' || jump.clockChange === 'ros_time_deactivated') {
            finish(ok(false));
          } else if (this.clock.now().nanoseconds >= targetNs) {
            finish(ok(true));
          }
        },
        { onClockChange: true, minForward: one.ok ? one.value : undefined },
      );
      const handler = made.ok ? made.value : undefined;
      timer = setTimeout(() => {
        finish(err('Timeout', `Rate.sleep: sim time did not reach the next interval within ${budgetMs} ms`));
      }, timerDelay(budgetMs));
    });
  }
}

/** A Clock that can be read (a Proxy or an object with throwing getters is refused here, not in sleep). */
function isClock(x: unknown): boolean {
  try {
    if (!(x instanceof Clock)) return false;
    const kind: unknown = x.clockType;
    x.isRosTimeActive();
    return typeof x.now().nanoseconds === 'bigint' && typeof kind === 'string';
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, timerDelay(ms)));
}
