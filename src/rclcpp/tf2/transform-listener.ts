/**
 * tf2_ros's TransformListener: fills a Buffer from /tf and /tf_static. Messages arrive when the
 * node's executor spins (rclts runs no thread of its own); the listener lends the buffer that
 * executor, so Buffer.waitForTransform runs ready rounds itself when nobody else spins.
 */
import { ok, type Result, type ResultOf } from '../../result.js';
import type { Node, QoSLike, SubscriptionHandle } from '../api.js';
import { TFMessage } from '../interfaces/generated/tf2_msgs/msg.js';
import type { Buffer } from './buffer.js';
import { dynamicListenerQoS, staticListenerQoS, TF_STATIC_TOPIC, TF_TOPIC } from './tf2-qos.js';

/** tf2_ros's authority for every received transform (ROS 2 does not carry the sender's name). */
export const LISTENER_AUTHORITY = 'Authority undetectable';

export interface TransformListenerOptions {
  /** Only /tf_static (tf2_ros's static_only). */
  readonly staticOnly?: boolean | undefined;
  /** Overrides DynamicListenerQoS (reliable, volatile, keep last 100). */
  readonly qos?: QoSLike | undefined;
  /** Overrides StaticListenerQoS (reliable, transient local, keep last 100). */
  readonly staticQos?: QoSLike | undefined;
}

export class TransformListener {
  private rejected = 0;
  private lastRejection: string | undefined;

  private constructor(
    private readonly node: Node,
    private readonly buffer: Buffer,
    private readonly handles: SubscriptionHandle[],
  ) {}

  static create(node: Node, buffer: Buffer, options?: TransformListenerOptions): ResultOf<TransformListener> {
    const handles: SubscriptionHandle[] = [];
    const listener = new TransformListener(node, buffer, handles);
    const made = node.createSubscription(
      TFMessage,
      TF_STATIC_TOPIC,
      (m) => listener.receive(m, true),
      options?.staticQos ?? staticListenerQoS(),
    );
    if (!made.ok) return made;
    handles.push(made.value);
    if (options?.staticOnly !== true) {
      const dynamic = node.createSubscription(
        TFMessage,
        TF_TOPIC,
        (m) => listener.receive(m, false),
        options?.qos ?? dynamicListenerQoS(),
      );
      if (!dynamic.ok) {
        made.value.reset();
        return dynamic;
      }
      handles.push(dynamic.value);
    }
    buffer.attachExecutor(node.executor);
    return ok(listener);
  }

  private receive(message: TFMessage, isStatic: boolean): void {
    for (const t of message.transforms) {
      const set = this.buffer.setTransform(t, LISTENER_AUTHORITY, isStatic);
      if (set.ok) continue;
      this.rejected++;
      this.lastRejection = set.error.message;
      this.node.getLogger().warn(set.error.message);
    }
  }

  /** How many received transforms the buffer refused (old data, bad values), and the last reason. */
  getRejections(): { readonly count: number; readonly last: string | undefined } {
    return { count: this.rejected, last: this.lastRejection };
  }

  /** Stops both subscriptions; the buffer keeps what it has. */
  destroy(): Result {
    let result: Result = ok();
    for (const h of this.handles.splice(0)) {
      const r = h.reset();
      if (!r.ok && result.ok) result = r;
    }
    return result;
  }
}
