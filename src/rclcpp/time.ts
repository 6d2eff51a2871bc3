/** Time (rclcpp::Time): nanoseconds since a clock's epoch, as int64 bigint, tagged with the clock type. */
import { describeValue, err, ok, type ResultOf } from '../result.js';
import { Duration, INT64_MAX, nanosecondsOf } from './duration.js';
import { msgFromNs, nsFromMsg, type SecNanosec } from './time/msg-fields.js';

/**
 * rcl's clock types. system: since the Unix epoch; steady: monotonic, since an arbitrary
 * origin; ros: system time, or the time `/clock` gives while `use_sim_time` is true.
 */
export const ClockType = { Ros: 'ros', System: 'system', Steady: 'steady' } as const;
export type ClockType = (typeof ClockType)[keyof typeof ClockType];

export function isClockType(x: unknown): x is ClockType {
  return x === 'ros' || x === 'system' || x === 'steady';
}

/** A Time argument's nanoseconds and clock type, or undefined for anything else (read inside a try). */
export function timeParts(x: unknown): { readonly ns: bigint; readonly clockType: ClockType } | undefined {
  try {
    if (!(x instanceof Time)) return undefined;
    const ns: unknown = x.nanoseconds;
    const clockType: unknown = x.clockType;
    return typeof ns === 'bigint' && isClockType(clockType) ? { ns, clockType } : undefined;
  } catch {
    return undefined;
  }
}

export class Time {
  private constructor(
    readonly nanoseconds: bigint,
    readonly clockType: ClockType,
  ) {}

  /** InvalidArgument for a value outside [0, 2^63) ns or an unknown clock type. */
  static fromNs(ns: bigint, clockType: ClockType = 'system'): ResultOf<Time> {
    if (typeof ns !== 'bigint' || ns < 0n || ns > INT64_MAX) {
      return err('InvalidArgument', `ns must be a bigint in [0, 2^63), got ${describeValue(ns)}`);
    }
    if (!isClockType(clockType)) {
      return err('InvalidArgument', `clockType ${describeValue(clockType)} is not a clock type`);
    }
    return ok(new Time(ns, clockType));
  }

  /**
   * From builtin_interfaces/msg/Time, on the ros clock by default as rclcpp's Time(msg).
   * InvalidArgument for a negative time (rclcpp throws there) or fields outside int32/uint32.
   */
  static fromMsg(msg: SecNanosec, clockType: ClockType = 'ros'): ResultOf<Time> {
    const ns = nsFromMsg('Time.fromMsg', msg);
    if (!ns.ok) return ns;
    if (ns.value < 0n) return err('InvalidArgument', `Time.fromMsg: a time cannot be negative (${ns.value} ns)`);
    return Time.fromNs(ns.value, clockType);
  }

  static zero(clockType: ClockType = 'system'): Time {
    return new Time(0n, isClockType(clockType) ? clockType : 'system');
  }

  /** As builtin_interfaces/msg/Time; Error past the message's int32 seconds (the year 2038). */
  toMsg(): ResultOf<SecNanosec> {
    return msgFromNs('Time.toMsg', this.nanoseconds);
  }

  seconds(): number {
    return Number(this.nanoseconds) / 1e9;
  }

  /** Differences only make sense on one clock. */
  minus(other: Time): ResultOf<Duration> {
    const theirs = timeParts(other);
    if (theirs === undefined) return err('InvalidArgument', 'Time.minus takes a Time');
    if (theirs.clockType !== this.clockType) {
      return err('InvalidArgument', `cannot subtract a ${theirs.clockType} time from a ${this.clockType} time`);
    }
    return Duration.fromNs(this.nanoseconds - theirs.ns);
  }

  /** Error when the sum leaves [0, 2^63) ns: an overflow of the arithmetic, not a bad argument. */
  plus(duration: Duration): ResultOf<Time> {
    const delta = nanosecondsOf(duration);
    if (delta === undefined) return err('InvalidArgument', 'Time.plus takes a Duration');
    const ns = this.nanoseconds + delta;
    if (ns < 0n || ns > INT64_MAX) {
      return err('Error', `Time.plus leaves [0, 2^63) ns (${this.nanoseconds} + ${delta})`);
    }
    return ok(new Time(ns, this.clockType));
  }

  /** -1, 0 or 1; InvalidArgument for a non-Time or a time of another clock (rclcpp throws there). */
  compare(other: Time): ResultOf<-1 | 0 | 1> {
    const theirs = timeParts(other);
    if (theirs === undefined) return err('InvalidArgument', 'Time.compare takes a Time');
    if (theirs.clockType !== this.clockType) {
      return err('InvalidArgument', `cannot compare a ${this.clockType} time with a ${theirs.clockType} time`);
    }
    return ok(this.nanoseconds < theirs.ns ? -1 : this.nanoseconds > theirs.ns ? 1 : 0);
  }

  /** False for anything that is not the same time on the same clock. */
  equals(other: Time): boolean {
    const theirs = timeParts(other);
    return theirs !== undefined && theirs.clockType === this.clockType && theirs.ns === this.nanoseconds;
  }

  toString(): string {
    return `${this.nanoseconds}ns (${this.clockType})`;
  }
}

/** ns since the Unix epoch, with sub-millisecond resolution from the monotonic clock. */
export function systemNowNs(): bigint {
  return BigInt(Math.round(performance.timeOrigin * 1e3)) * 1000n + BigInt(Math.round(performance.now() * 1e6));
}
