/**
 * Duration: signed int64 nanoseconds as a bigint, like rclcpp::Duration. Constructors answer
 * InvalidArgument for input that is not finite or lies outside int64 ns; arithmetic answers
 * Error when it overflows int64. Nothing throws.
 */
import { describeValue, err, ok, type ResultOf } from '../result.js';
import { msgFromNs, nsFromMsg, type SecNanosec } from './time/msg-fields.js';

export const INT64_MAX = 2n ** 63n - 1n;
export const INT64_MIN = -(2n ** 63n);

export function inInt64(ns: bigint): boolean {
  return ns >= INT64_MIN && ns <= INT64_MAX;
}

/** The nanoseconds of a Duration argument, or undefined for anything else (read inside a try). */
export function nanosecondsOf(duration: unknown): bigint | undefined {
  try {
    if (!(duration instanceof Duration)) return undefined;
    // Read once and checked: a getter may answer something else the second time.
    const ns: unknown = duration.nanoseconds;
    return typeof ns === 'bigint' ? ns : undefined;
  } catch {
    return undefined;
  }
}

function notDuration(verb: string): ResultOf<never> {
  return err('InvalidArgument', `${verb} takes a Duration`);
}

export class Duration {
  private constructor(readonly nanoseconds: bigint) {}

  static zero(): Duration {
    return new Duration(0n);
  }

  static fromNs(ns: bigint): ResultOf<Duration> {
    if (typeof ns !== 'bigint') return err('InvalidArgument', `ns must be a bigint, got ${describeValue(ns)}`);
    if (!inInt64(ns)) return err('InvalidArgument', `ns ${ns} is outside int64`);
    return ok(new Duration(ns));
  }

  /** From builtin_interfaces/msg/Duration (sec * 1e9 + nanosec, as rclcpp's Duration(msg)). */
  static fromMsg(msg: SecNanosec): ResultOf<Duration> {
    const ns = nsFromMsg('Duration.fromMsg', msg);
    return ns.ok ? ok(new Duration(ns.value)) : ns;
  }

  /** As builtin_interfaces/msg/Duration (nanosec in [0, 1e9)); Error when sec leaves int32. */
  toMsg(): ResultOf<SecNanosec> {
    return msgFromNs('Duration.toMsg', this.nanoseconds);
  }

  /** Truncates toward zero to whole nanoseconds, as fromSeconds does. */
  static fromMs(ms: number): ResultOf<Duration> {
    return Duration.fromScaled('ms', ms, 1e6);
  }

  /**
   * Truncates toward zero to whole nanoseconds, as rclcpp and nros do (a `double` seconds
   * value cast to integer nanoseconds). A decimal that binary cannot hold exactly may lose
   * one nanosecond: `fromSeconds(2.01)` is 2 009 999 999 ns; use `fromNs` for exact values.
   */
  static fromSeconds(seconds: number): ResultOf<Duration> {
    return Duration.fromScaled('seconds', seconds, 1e9);
  }

  private static fromScaled(argument: string, value: number, nsPerUnit: number): ResultOf<Duration> {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return err('InvalidArgument', `${argument} must be a finite number, got ${describeValue(value)}`);
    }
    const ns = value * nsPerUnit;
    if (!Number.isFinite(ns) || Math.abs(ns) >= 2 ** 63) {
      return err('InvalidArgument', `${argument} ${value} is outside int64 nanoseconds`);
    }
    return ok(new Duration(BigInt(Math.trunc(ns))));
  }

  plus(other: Duration): ResultOf<Duration> {
    const ns = nanosecondsOf(other);
    return ns === undefined ? notDuration('Duration.plus') : Duration.checked(this.nanoseconds + ns, 'plus');
  }

  minus(other: Duration): ResultOf<Duration> {
    const ns = nanosecondsOf(other);
    return ns === undefined ? notDuration('Duration.minus') : Duration.checked(this.nanoseconds - ns, 'minus');
  }

  private static checked(ns: bigint, op: string): ResultOf<Duration> {
    return inInt64(ns) ? ok(new Duration(ns)) : err('Error', `Duration.${op} overflows int64 nanoseconds (${ns})`);
  }

  /** -1, 0 or 1; InvalidArgument when `other` is not a Duration. */
  compare(other: Duration): ResultOf<-1 | 0 | 1> {
    const ns = nanosecondsOf(other);
    if (ns === undefined) return notDuration('Duration.compare');
    return ok(this.nanoseconds < ns ? -1 : this.nanoseconds > ns ? 1 : 0);
  }

  /** False for anything that is not a Duration of the same length. */
  equals(other: Duration): boolean {
    return nanosecondsOf(other) === this.nanoseconds;
  }

  /** rclcpp's Duration::seconds(). */
  seconds(): number {
    return this.toSeconds();
  }

  toMs(): number {
    return Number(this.nanoseconds) / 1e6;
  }

  toSeconds(): number {
    return Number(this.nanoseconds) / 1e9;
  }

  toString(): string {
    return `${this.nanoseconds}ns`;
  }
}
