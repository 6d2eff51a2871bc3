/** Time and Clock (rclcpp::Time, rclcpp::Clock): nanoseconds since an epoch, as int64 bigint. */
import { monotonicNs } from '../host.js';
import { describeValue, err, ok, type ResultOf } from '../result.js';
import { Duration, INT64_MAX, nanosecondsOf } from './duration.js';

/** system: since the Unix epoch; steady: monotonic, since an arbitrary origin. (No ROS time yet.) */
export const ClockType = { System: 'system', Steady: 'steady' } as const;
export type ClockType = (typeof ClockType)[keyof typeof ClockType];

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
    if (clockType !== 'system' && clockType !== 'steady') {
      return err('InvalidArgument', `clockType ${describeValue(clockType)} is not a clock type`);
    }
    return ok(new Time(ns, clockType));
  }

  static zero(clockType: ClockType = 'system'): Time {
    return new Time(0n, clockType);
  }

  seconds(): number {
    return Number(this.nanoseconds) / 1e9;
  }

  /** Differences only make sense on one clock. */
  minus(other: Time): ResultOf<Duration> {
    let theirs: { readonly ns: bigint; readonly clockType: ClockType } | undefined;
    try {
      if (other instanceof Time) theirs = { ns: other.nanoseconds, clockType: other.clockType };
    } catch {
      // A Proxy that cannot be read is not a Time.
    }
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

  compare(other: Time): -1 | 0 | 1 {
    return this.nanoseconds < other.nanoseconds ? -1 : this.nanoseconds > other.nanoseconds ? 1 : 0;
  }
}

/** ns since the Unix epoch, with sub-millisecond resolution from the monotonic clock. */
export function systemNowNs(): bigint {
  return BigInt(Math.round(performance.timeOrigin * 1e3)) * 1000n + BigInt(Math.round(performance.now() * 1e6));
}

export class Clock {
  constructor(readonly clockType: ClockType = 'system') {}

  now(): Time {
    const ns = this.clockType === 'steady' ? monotonicNs() : systemNowNs();
    const made = Time.fromNs(ns, this.clockType);
    // Both clocks stay inside [0, 2^63) ns for centuries; the fallback is unreachable.
    return made.ok ? made.value : Time.zero(this.clockType);
  }
}
