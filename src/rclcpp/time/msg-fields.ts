/**
 * builtin_interfaces Time and Duration fields (int32 sec, uint32 nanosec) read from anything a
 * caller passes: a hostile object answers InvalidArgument, never a throw.
 */
import { describeThrown, describeValue, err, ok, type ResultOf } from '../../result.js';

/** The message shape both builtin_interfaces/msg/Time and Duration have. */
export interface SecNanosec {
  readonly sec: number;
  readonly nanosec: number;
}

export const NS_PER_S = 1_000_000_000n;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const UINT32_MAX = 2 ** 32 - 1;

function integerIn(value: unknown, lo: number, hi: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= lo && value <= hi;
}

/** sec * 1e9 + nanosec, as rclcpp's Time(msg) and Duration(msg) add them (nanosec need not be < 1e9). */
export function nsFromMsg(what: string, msg: unknown): ResultOf<bigint> {
  if (typeof msg !== 'object' || msg === null) {
    return err('InvalidArgument', `${what} takes a { sec, nanosec } message, got ${describeValue(msg)}`);
  }
  let sec: unknown;
  let nanosec: unknown;
  try {
    ({ sec, nanosec } = msg as { sec: unknown; nanosec: unknown });
  } catch (thrown) {
    return err('InvalidArgument', `${what}: the message could not be read: ${describeThrown(thrown)}`);
  }
  if (!integerIn(sec, INT32_MIN, INT32_MAX)) {
    return err('InvalidArgument', `${what}: sec must be an int32, got ${describeValue(sec)}`);
  }
  if (!integerIn(nanosec, 0, UINT32_MAX)) {
    return err('InvalidArgument', `${what}: nanosec must be a uint32, got ${describeValue(nanosec)}`);
  }
  return ok(BigInt(sec) * NS_PER_S + BigInt(nanosec));
}

/** Floor division, so nanosec is always in [0, 1e9); Error when sec leaves int32. */
export function msgFromNs(what: string, ns: bigint): ResultOf<SecNanosec> {
  let sec = ns / NS_PER_S;
  let nanosec = ns % NS_PER_S;
  if (nanosec < 0n) {
    sec -= 1n;
    nanosec += NS_PER_S;
  }
  if (sec < BigInt(INT32_MIN) || sec > BigInt(INT32_MAX)) {
    return err('Error', `${what}: ${ns} ns is ${sec} s, outside the message's int32 sec`);
  }
  return ok({ sec: Number(sec), nanosec: Number(nanosec) });
}
