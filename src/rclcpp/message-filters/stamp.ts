/**
 * The time a filter sorts a message by: its `header.stamp` (message_filters' TimeStamp trait),
 * or what an explicit getter answers for a message without a header. Inside, a stamp is bigint
 * nanoseconds; a stamp that cannot be read, or lies before the epoch (rclcpp::Time throws
 * there), is refused with a sentence naming the filter.
 */
import { describeThrown, err, ok, type ResultOf } from '../../result.js';
import { nsFromMsg, type SecNanosec } from '../time/msg-fields.js';
import { Time, timeParts } from '../time.js';

/** A Time (node.now(), Time.fromMsg) or a builtin_interfaces/msg/Time `{ sec, nanosec }`. */
export type StampLike = Time | SecNanosec;

/** A message with a std_msgs/Header (what the default stamp getter reads). */
export interface Headered {
  readonly header: { readonly stamp: SecNanosec };
}

/** The stamp of one message, for message types without a header. */
export type StampGetter<M> = (message: M) => StampLike;

/** The nanoseconds of a stamp argument, or InvalidArgument naming `what`. */
export function stampNs(what: string, stamp: unknown): ResultOf<bigint> {
  const time = timeParts(stamp);
  if (time !== undefined) return ok(time.ns);
  const ns = nsFromMsg(what, stamp);
  if (!ns.ok) return ns;
  if (ns.value < 0n) return err('InvalidArgument', `${what}: a stamp cannot be before the epoch (${ns.value} ns)`);
  return ok(ns.value);
}

/** `header.stamp`, read inside a guard: a message is data from the network. */
export function headerStamp(message: unknown): StampLike {
  return (message as Headered).header.stamp;
}

/** Runs a getter and reads what it answers; a throw or a bad stamp is InvalidArgument. */
export function messageStampNs<M>(what: string, getter: StampGetter<M>, message: M): ResultOf<bigint> {
  let stamp: unknown;
  try {
    stamp = getter(message);
  } catch (thrown) {
    return err('InvalidArgument', `${what}: the message's stamp could not be read: ${describeThrown(thrown)}`);
  }
  return stampNs(what, stamp);
}

/** A stamp as an rclcpp Time on the ros clock, as message_filters answers times. */
export function timeFromNs(ns: bigint): Time {
  const t = Time.fromNs(ns, 'ros');
  return t.ok ? t.value : Time.zero('ros');
}

/**
 * Whether a message type's default message has a readable `header.stamp` (generated ROS types
 * have `create()`); types without `create` cannot be checked before their first message.
 */
export function typeHasHeader(type: unknown): ResultOf<boolean | undefined> {
  try {
    const create: unknown = (type as { create?: unknown }).create;
    if (typeof create !== 'function') return ok(undefined);
    const sample: unknown = create.call(type);
    return ok(messageStampNs('header', headerStamp, sample).ok);
  } catch (thrown) {
    return err('InvalidArgument', `the message type could not be read: ${describeThrown(thrown)}`);
  }
}
