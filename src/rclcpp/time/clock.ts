/**
 * Clock (rclcpp::Clock over rcl_clock_t): system, steady or ros. A ros clock reads system time
 * until its override is enabled (use_sim_time, by the node's TimeSource); then it reads the
 * override, zero until `/clock` sets it. Jump handlers run as rcl runs them: pre callbacks,
 * the change, post callbacks, each filtered by its threshold.
 */
import { monotonicNs } from '../../host.js';
import { describeThrown, describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import { Duration, nanosecondsOf } from '../duration.js';
import { type ClockType, isClockType, systemNowNs, Time, timeParts } from '../time.js';

/** rcl_clock_change_t. */
export const ClockChange = {
  RosTimeNoChange: 'ros_time_no_change',
  RosTimeActivated: 'ros_time_activated',
  RosTimeDeactivated: 'ros_time_deactivated',
  SystemTimeNoChange: 'system_time_no_change',
} as const;
export type ClockChange = (typeof ClockChange)[keyof typeof ClockChange];

/** rcl_time_jump_t: what changed and by how much (zero on activation and deactivation). */
export interface TimeJump {
  readonly clockChange: ClockChange;
  readonly delta: Duration;
}

/**
 * rcl_jump_threshold_t: a handler is called on a source change when `onClockChange`, on a
 * forward jump of at least `minForward` (> 0; zero: never) and on a backward jump of at least
 * `minBackward` (a negative Duration; zero: never).
 */
export interface JumpThreshold {
  readonly onClockChange: boolean;
  readonly minForward?: Duration | undefined;
  readonly minBackward?: Duration | undefined;
}

/** rclcpp's JumpHandler: its callbacks run until `remove()`. */
export interface JumpHandler {
  remove(): void;
}

interface Registered {
  readonly pre: (() => void) | undefined;
  readonly post: ((jump: TimeJump) => void) | undefined;
  readonly onClockChange: boolean;
  readonly minForward: bigint;
  readonly minBackward: bigint;
}

function callable(argument: string, f: unknown): ResultOf<(() => void) | undefined> {
  if (f === undefined || f === null) return ok(undefined);
  if (typeof f !== 'function') {
    return err('InvalidArgument', `${argument} must be a function or undefined, got ${describeValue(f)}`);
  }
  return ok(f as () => void);
}

function readThreshold(t: unknown): ResultOf<Omit<Registered, 'pre' | 'post'>> {
  if (typeof t !== 'object' || t === null) {
    return err('InvalidArgument', `threshold must be a JumpThreshold, got ${describeValue(t)}`);
  }
  let onClockChange: unknown;
  let forward: unknown;
  let backward: unknown;
  try {
    ({ onClockChange, minForward: forward, minBackward: backward } = t as Record<string, unknown>);
  } catch (thrown) {
    return err('InvalidArgument', `threshold could not be read: ${describeThrown(thrown)}`);
  }
  if (typeof onClockChange !== 'boolean') {
    return err('InvalidArgument', `threshold.onClockChange must be a boolean, got ${describeValue(onClockChange)}`);
  }
  const minForward = forward === undefined ? 0n : nanosecondsOf(forward);
  if (minForward === undefined || minForward < 0n) {
    return err('InvalidArgument', 'threshold.minForward must be a Duration >= 0 (zero: never)');
  }
  const minBackward = backward === undefined ? 0n : nanosecondsOf(backward);
  if (minBackward === undefined || minBackward > 0n) {
    return err('InvalidArgument', 'threshold.minBackward must be a Duration <= 0 (zero: never)');
  }
  return ok({ onClockChange, minForward, minBackward });
}

export class Clock<C extends ClockType = ClockType> {
  readonly clockType: C;
  private overrideActive = false;
  private overrideNs = 0n;
  private readonly handlers = new Set<Registered>();

  /** An unknown type reads as system time (`Clock.create` answers InvalidArgument for it). */
  constructor(clockType: C = 'system' as C) {
    this.clockType = isClockType(clockType) ? clockType : ('system' as C);
  }

  static create<C extends ClockType>(clockType: C): ResultOf<Clock<C>> {
    if (!isClockType(clockType)) {
      return err('InvalidArgument', `clockType ${describeValue(clockType)} is not a clock type`);
    }
    return ok(new Clock<C>(clockType));
  }

  now(): Time {
    const ns = this.clockType === 'steady' ? monotonicNs() : this.overrideActive ? this.overrideNs : systemNowNs();
    const made = Time.fromNs(ns, this.clockType);
    // Every source stays inside [0, 2^63) ns; the fallback is unreachable.
    return made.ok ? made.value : Time.zero(this.clockType);
  }

  /** rclcpp's ros_time_is_active(): true while a ros clock follows its override (`/clock`). */
  isRosTimeActive(): boolean {
    return this.overrideActive;
  }

  /** rclcpp's create_jump_callback. Only a ros clock jumps; on the others the handler is never called. */
  createJumpHandler(
    pre: (() => void) | undefined,
    post: ((jump: TimeJump) => void) | undefined,
    threshold: JumpThreshold,
  ): ResultOf<JumpHandler> {
    const p = callable('pre', pre);
    if (!p.ok) return p;
    const q = callable('post', post);
    if (!q.ok) return q;
    const t = readThreshold(threshold);
    if (!t.ok) return t;
    const entry: Registered = { pre: p.value, post: q.value as Registered['post'], ...t.value };
    this.handlers.add(entry);
    return ok({ remove: () => void this.handlers.delete(entry) });
  }

  /** rcl_enable_ros_time_override: jump handlers hear RosTimeActivated. */
  enableRosTimeOverride(): Result {
    const refused = this.refuseNotRos('enable the ros time override');
    if (refused !== undefined) return refused;
    if (this.overrideActive) return ok();
    return this.jump({ clockChange: ClockChange.RosTimeActivated, delta: Duration.zero() }, () => {
      this.overrideActive = true;
    });
  }

  /** rcl_disable_ros_time_override: jump handlers hear RosTimeDeactivated. */
  disableRosTimeOverride(): Result {
    const refused = this.refuseNotRos('disable the ros time override');
    if (refused !== undefined) return refused;
    if (!this.overrideActive) return ok();
    return this.jump({ clockChange: ClockChange.RosTimeDeactivated, delta: Duration.zero() }, () => {
      this.overrideActive = false;
    });
  }

  /**
   * rcl_set_ros_time_override: the time the clock reads while the override is active (kept
   * while inactive). While active, handlers hear the jump (RosTimeNoChange, new - old).
   */
  setRosTimeOverride(time: Time | bigint): Result {
    const refused = this.refuseNotRos('set the ros time override');
    if (refused !== undefined) return refused;
    const ns = typeof time === 'bigint' ? time : timeParts(time)?.ns;
    const checked = ns === undefined ? undefined : Time.fromNs(ns, 'ros');
    if (ns === undefined || checked === undefined || !checked.ok) {
      return err('InvalidArgument', `setRosTimeOverride takes a Time or ns in [0, 2^63), got ${describeValue(time)}`);
    }
    if (!this.overrideActive) {
      this.overrideNs = ns;
      return ok();
    }
    const delta = Duration.fromNs(ns - this.overrideNs);
    // Two times in [0, 2^63) differ by less than int64 allows.
    if (!delta.ok) return delta;
    return this.jump({ clockChange: ClockChange.RosTimeNoChange, delta: delta.value }, () => {
      this.overrideNs = ns;
    });
  }

  private refuseNotRos(what: string): Result | undefined {
    return this.clockType === 'ros' ? undefined : err('Unsupported', `a ${this.clockType} clock cannot ${what}`);
  }

  /** Every handler runs even when one throws; the first failure is answered as an Error. */
  private jump(jump: TimeJump, change: () => void): Result {
    const chosen = [...this.handlers].filter((h) => heard(h, jump));
    const failures: unknown[] = [];
    for (const h of chosen) run(failures, () => h.pre?.());
    change();
    for (const h of chosen) run(failures, () => h.post?.(jump));
    if (failures.length === 0) return ok();
    return err('Error', `a jump handler failed (${failures.length} of them): ${describeThrown(failures[0])}`);
  }
}

function heard(h: Registered, jump: TimeJump): boolean {
  const change = jump.clockChange === 'ros_time_activated' || jump.clockChange === 'ros_time_deactivated';
  const d = jump.delta.nanoseconds;
  return (
    (change && h.onClockChange) ||
    (h.minBackward < 0n && d <= h.minBackward) ||
    (h.minForward > 0n && d >= h.minForward)
  );
}

function run(failures: unknown[], f: () => void): void {
  try {
    f();
  } catch (thrown) {
    failures.push(thrown);
  }
}
