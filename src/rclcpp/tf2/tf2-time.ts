/**
 * The times tf2 takes: an rclcpp Time (anything with int64 `nanoseconds`) or a
 * builtin_interfaces/msg/Time stamp. Zero means "the latest time every link has" (tf2's
 * TimePointZero). Internally a time is bigint nanoseconds since the epoch.
 */
import { describeValue, err, ok, type ResultOf } from '../../result.js';
import { INT64_MAX } from '../duration.js';
import { NS_PER_S } from '../time/msg-fields.js';

/** A Time (node.now(), Time.fromMsg) or a header stamp `{ sec, nanosec }`. */
export type Tf2Time = { readonly nanoseconds: bigint } | { readonly sec: number; readonly nanosec: number };

/** A builtin_interfaces/msg/Time. */
export interface StampMsg {
  sec: number;
  nanosec: number;
}

/** The nanoseconds of a tf2 time, or InvalidArgument naming `what` and the value. */
export function tf2TimeNs(what: string, time: unknown): ResultOf<bigint> {
  try {
    if (typeof time === 'object' && time !== null) {
      const t = time as Record<string, unknown>;
      if (typeof t.nanoseconds === 'bigint') {
        if (t.nanoseconds >= 0n && t.nanoseconds <= INT64_MAX) return ok(t.nanoseconds);
      } else if (
        Number.isSafeInteger(t.sec) &&
        Number.isInteger(t.nanosec) &&
        (t.sec as number) >= 0 &&
        (t.nanosec as number) >= 0 &&
        (t.nanosec as number) < 1e9
      ) {
        const ns = BigInt(t.sec as number) * NS_PER_S + BigInt(t.nanosec as number);
        if (ns <= INT64_MAX) return ok(ns);
      }
    }
  } catch {
    // a throwing getter is an invalid time like any other
  }
  return err(
    'InvalidArgument',
    `${what} must be a Time or a stamp { sec, nanosec } at or after the epoch, got ${describeValue(time)}`,
  );
}

/** The stamp of a time in nanoseconds (ns >= 0). */
export function stampFromNs(ns: bigint): StampMsg {
  return { sec: Number(ns / NS_PER_S), nanosec: Number(ns % NS_PER_S) };
}

/** Seconds with six decimals, as tf2's displayTimePoint writes a time in its messages. */
export function displayTime(ns: bigint): string {
  const micro = (ns + 500n) / 1000n;
  const frac = (micro % 1_000_000n).toString().padStart(6, '0');
  return `${micro / 1_000_000n}.${frac}`;
}

/** Milliseconds as nanoseconds (a cache length). */
export function nsFromMs(ms: number): bigint {
  return BigInt(Math.round(ms * 1e6));
}
