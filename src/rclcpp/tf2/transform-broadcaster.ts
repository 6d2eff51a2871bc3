/**
 * tf2_ros's TransformBroadcaster and StaticTransformBroadcaster. Transforms are checked as a
 * Buffer would check them before anything is sent, so a bad one is refused here, by name,
 * rather than dropped by every listener.
 */
import { describeThrown, err, ok, type Result, type ResultOf } from '../../result.js';
import type { Node, Publisher, QoSLike } from '../api.js';
import type { TransformStamped } from '../interfaces/generated/geometry_msgs/codec.js';
import { TFMessage } from '../interfaces/generated/tf2_msgs/msg.js';
import { dynamicBroadcasterQoS, staticBroadcasterQoS, TF_STATIC_TOPIC, TF_TOPIC } from './tf2-qos.js';
import { stampFromNs } from './tf2-time.js';
import { transformCopy } from './transform.js';
import { type CheckedTransform, checkTransform } from './transform-check.js';

export interface BroadcasterOptions {
  /** Overrides the tf2_ros profile (DynamicBroadcasterQoS or StaticBroadcasterQoS). */
  readonly qos?: QoSLike | undefined;
}

interface Checked {
  /** The transforms as given (a dynamic broadcaster sends them as they are). */
  readonly list: TransformStamped[];
  /** Each as read once by the check: frame ids without a leading slash, values copied. */
  readonly checked: CheckedTransform[];
}

/** The transforms as a list, each checked by the rules a Buffer applies, or InvalidArgument. */
function checkedList(what: string, transforms: TransformStamped | readonly TransformStamped[]): ResultOf<Checked> {
  let list: TransformStamped[];
  try {
    list = Array.isArray(transforms)
      ? [...(transforms as readonly TransformStamped[])]
      : [transforms as TransformStamped];
  } catch (thrown) {
    return err('InvalidArgument', `${what}: the transforms could not be read: ${describeThrown(thrown)}`);
  }
  const checked: CheckedTransform[] = [];
  for (const [i, t] of list.entries()) {
    const c = checkTransform(t, what);
    if (!c.ok) return err('InvalidArgument', `${what}: transform ${i} refused, nothing sent: ${c.error.message}`);
    checked.push(c.value);
  }
  return ok({ list, checked });
}

/** A message of the checked values: the caller's object is not read again (a getter may answer otherwise). */
function stampedOf(c: CheckedTransform): TransformStamped {
  return {
    header: { stamp: stampFromNs(c.stampNs), frame_id: c.parent },
    child_frame_id: c.child,
    transform: transformCopy(c),
  };
}

export class TransformBroadcaster {
  private constructor(private readonly publisher: Publisher<TFMessage>) {}

  /** A publisher of tf2_msgs/msg/TFMessage on /tf. */
  static create(node: Node, options?: BroadcasterOptions): ResultOf<TransformBroadcaster> {
    const pub = node.createPublisher(TFMessage, TF_TOPIC, options?.qos ?? dynamicBroadcasterQoS());
    return pub.ok ? ok(new TransformBroadcaster(pub.value)) : pub;
  }

  /** Sends one transform or several in one message. */
  sendTransform(transforms: TransformStamped | readonly TransformStamped[]): Result {
    const read = checkedList('TransformBroadcaster.sendTransform', transforms);
    if (!read.ok) return read;
    return this.publisher.publish({ transforms: read.value.list });
  }

  getPublisher(): Publisher<TFMessage> {
    return this.publisher;
  }

  destroy(): Result {
    return this.publisher.destroy();
  }
}

export class StaticTransformBroadcaster {
  /** One entry per child frame, in the order each child was first sent. */
  private readonly net = new Map<string, TransformStamped>();

  private constructor(private readonly publisher: Publisher<TFMessage>) {}

  /** A transient-local publisher of tf2_msgs/msg/TFMessage on /tf_static. */
  static create(node: Node, options?: BroadcasterOptions): ResultOf<StaticTransformBroadcaster> {
    const pub = node.createPublisher(TFMessage, TF_STATIC_TOPIC, options?.qos ?? staticBroadcasterQoS());
    return pub.ok ? ok(new StaticTransformBroadcaster(pub.value)) : pub;
  }

  /**
   * Adds the transforms to the set (replacing an earlier one of the same child frame) and
   * re-sends the whole set in one message, as tf2_ros does: with keep-last 1 a late listener
   * still gets every static frame.
   */
  sendTransform(transforms: TransformStamped | readonly TransformStamped[]): Result {
    const read = checkedList('StaticTransformBroadcaster.sendTransform', transforms);
    if (!read.ok) return read;
    const next = new Map(this.net);
    // Copies: the set is re-sent later, and the caller may reuse its message objects meanwhile.
    for (const c of read.value.checked) next.set(c.child, stampedOf(c));
    const sent = this.publisher.publish({ transforms: [...next.values()] });
    if (!sent.ok) return sent;
    for (const [child, t] of next) this.net.set(child, t);
    return sent;
  }

  /** The set the next message carries. */
  getTransforms(): readonly TransformStamped[] {
    return [...this.net.values()];
  }

  getPublisher(): Publisher<TFMessage> {
    return this.publisher;
  }

  destroy(): Result {
    return this.publisher.destroy();
  }
}
