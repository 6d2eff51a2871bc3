/**
 * Timers on a ros clock. While the clock reads system time such a timer is an ordinary
 * executor timer (wall deadlines); while it follows `/clock` its deadline is in sim time and
 * lives in the clock's own heap, collected when the clock is set, which happens when the
 * executor dispatches a /clock sample: the timer becomes ready for a later round, never from a
 * transport callback. Jumps are handled as rcl's _rcl_timer_time_jump handles them.
 */
import type { Entry, EntryHost } from '../../executor/entry.js';
import { collectDue, TimerEntry, type TimerScheduler } from '../../executor/timer-entry.js';
import { TimerHeap } from '../../executor/timer-heap.js';
import { Duration } from '../duration.js';
import type { Clock, JumpHandler, TimeJump } from './clock.js';

/** The executor side a ros timer needs: wall scheduling and the ready list. */
export interface WallTimerHost extends TimerScheduler {
  markReady(entry: Entry): void;
}

const ONE_NS = Duration.fromNs(1n);
const MINUS_ONE_NS = Duration.fromNs(-1n);

/** One per ros clock with timers: the sim-time heap and the jump handler rcl installs per timer. */
class RosClockTimers {
  private readonly heap = new TimerHeap<RosTimerEntry>();
  readonly timers = new Set<RosTimerEntry>();
  private handler: JumpHandler | undefined;

  constructor(readonly clock: Clock) {}

  simMs(): number {
    return Number(this.clock.now().nanoseconds) / 1e6;
  }

  push(timer: RosTimerEntry): void {
    timer.token++;
    this.heap.push({ deadline: timer.deadline, seq: timer.seq, token: timer.token, item: timer });
  }

  add(timer: RosTimerEntry): void {
    this.timers.add(timer);
    if (this.handler !== undefined || !ONE_NS.ok || !MINUS_ONE_NS.ok) return;
    // As rcl_timer_init on a ros clock: any change of source, any jump of at least 1 ns.
    const made = this.clock.createJumpHandler(
      () => this.beforeJump(),
      (jump) => this.afterJump(jump),
      { onClockChange: true, minForward: ONE_NS.value, minBackward: MINUS_ONE_NS.value },
    );
    if (made.ok) this.handler = made.value;
  }

  remove(timer: RosTimerEntry): void {
    this.timers.delete(timer);
    if (this.timers.size > 0) return;
    this.handler?.remove();
    this.handler = undefined;
    this.heap.clear();
  }

  private changing = false;

  private beforeJump(): void {
    // The pre callback cannot see the jump's kind; the post callback applies the credit only on a change.
    for (const t of this.timers) t.saveCredit();
    this.changing = true;
  }

  private afterJump(jump: TimeJump): void {
    this.changing = false;
    const change = jump.clockChange === 'ros_time_activated' || jump.clockChange === 'ros_time_deactivated';
    for (const t of this.timers) {
      if (change) t.applyCredit();
      else t.afterJump();
    }
    this.collect();
  }

  /** Marks every sim timer whose deadline the clock has reached; stale heap nodes are dropped. */
  collect(): void {
    if (!this.clock.isRosTimeActive() || this.changing) return;
    collectDue(this.heap, this.simMs(), wake);
  }
}

function wake(timer: RosTimerEntry): void {
  timer.wake();
}

const perClock = new WeakMap<Clock, RosClockTimers>();

function timersOf(clock: Clock): RosClockTimers {
  let t = perClock.get(clock);
  if (t === undefined) {
    t = new RosClockTimers(clock);
    perClock.set(clock, t);
  }
  return t;
}

/** The scheduler a ros timer uses: the executor's while the clock reads system time, the clock's heap otherwise. */
function schedulerFor(group: RosClockTimers, wall: WallTimerHost): TimerScheduler {
  return {
    now: () => (group.clock.isRosTimeActive() ? group.simMs() : wall.now()),
    arm: (timer) => {
      if (group.clock.isRosTimeActive()) group.push(timer as RosTimerEntry);
      else wall.arm(timer);
    },
  };
}

export class RosTimerEntry extends TimerEntry {
  private readonly group: RosClockTimers;
  private readonly scheduling: TimerScheduler;
  /** When the callback last ran, in the base of the deadline (rcl's last_call_time). */
  private lastCall: number;
  private credit: number | undefined;

  constructor(
    private readonly wall: WallTimerHost,
    clock: Clock,
    periodMs: number,
    oneShot: boolean,
    callback: () => void,
    label: string,
  ) {
    const group = timersOf(clock);
    const scheduling = schedulerFor(group, wall);
    super(scheduling, periodMs, oneShot, callback, label);
    this.group = group;
    this.scheduling = scheduling;
    this.lastCall = this.deadline - periodMs;
    group.add(this);
  }

  private simulated(): boolean {
    return this.group.clock.isRosTimeActive();
  }

  /** Arms it where the clock's current source says; a sim deadline already reached wakes it now. */
  start(): void {
    this.scheduling.arm(this);
    this.group.collect();
  }

  override dispatchOne(host: EntryHost): boolean {
    if (this.due && !this.canceled) this.lastCall = this.scheduling.now();
    return super.dispatchOne(host);
  }

  override restart(): void {
    super.restart();
    this.lastCall = this.deadline - this.periodMs;
    this.group.collect();
  }

  wake(): void {
    this.due = true;
    this.wall.markReady(this);
  }

  /** Before a change of source: what is left of the period (none while sim time is still zero). */
  saveCredit(): void {
    const now = this.scheduling.now();
    this.credit = this.simulated() && now === 0 ? undefined : this.deadline - now;
  }

  /** After a change of source: the remainder carried into the new time base. */
  applyCredit(): void {
    const credit = this.credit;
    this.credit = undefined;
    if (this.canceled) return;
    const now = this.scheduling.now();
    if (this.simulated() && now === 0) {
      // Sim time not yet set: the first /clock sample starts the period (as rcl's backward-jump reset).
      this.deadline = Number.POSITIVE_INFINITY;
      this.lastCall = Number.POSITIVE_INFINITY;
    } else {
      this.deadline = now + Math.min(this.periodMs, Math.max(0, credit ?? 0));
      this.lastCall = this.deadline - this.periodMs;
    }
    this.scheduling.arm(this);
  }

  /** After a jump within sim time: a jump back past the last call restarts the period from now. */
  afterJump(): void {
    this.credit = undefined;
    if (this.canceled) return;
    const now = this.scheduling.now();
    if (this.deadline > now && now < this.lastCall) {
      this.deadline = now + this.periodMs;
      this.lastCall = now;
      this.scheduling.arm(this);
    }
  }

  override dispose(): void {
    super.dispose();
    this.group.remove(this);
  }
}
