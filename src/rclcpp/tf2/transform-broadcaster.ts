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
import { transformCopy } from './transform.js';
import { checkTransform } from './transform-check.js';

export interface BroadcasterOptions {
  /** Overrides the tf2_ros profile (DynamicBroadcasterQoS or StaticBroadcasterQoS). */
  readonly qos?: QoSLike | undefined;
}

/** The transforms as a list, each checked by the rules a Buffer applies, or InvalidArgument. */
function checkedList(
  what: string,
  transforms: TransformStamped | readonly TransformStamped[],
): ResultOf<TransformStamped[]> {
  let list: TransformStamped[];
  try {
    list = Array.isArray(transforms)
      ? [...(transforms as readonly TransformStamped[])]
      : [transforms as TransformStamped];
  } catch (thrown) {
    return err('InvalidArgument', `${what}: the transforms could not be read: ${describeThrown(thrown)}`);
  }
  for (const [i, t] of list.entries()) {
    const checked = checkTransform(t, what);
    if (!checked.ok)
      return err('InvalidArgument', `${what}: transform ${i} refused, nothing sent: ${checked.error.message}`);
  }
  return ok(list);
}

function copyStamped(t: TransformStamped): TransformStamped {
  const { stamp } = t.header;
  return {
    header: { stamp: { sec: stamp.sec, nanosec: stamp.nanosec }, frame_id: t.header.frame_id },
    child_frame_id: t.child_frame_id,
    transform: transformCopy(t.transform),
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
    const list = checkedList('TransformBroadcaster.sendTransform', transforms);
    if (!list.ok) return list;
    return this.publisher.publish({ transforms: list.value });
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
    const list = checkedList('StaticTransformBroadcaster.sendTransform', transforms);
    if (!list.ok) return list;
    const next = new Map(this.net);
    // Copies: the set is re-sent later, and the caller may reuse its message objects meanwhile.
    for (const t of list.value) next.set(t.child_frame_id.replace(/^\//, ''), copyStamped(t));
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
