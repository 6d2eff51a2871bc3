/**
 * message_filters' Subscriber: a subscription as the source of a filter chain. Its handler is
 * the filter's output, so connected Caches and synchronizers run when the node's executor
 * dispatches the message (never in a transport callback), and a callback's throw or rejection
 * is the executor's handler error like any subscription's.
 */
import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { Node, QoSLike, SubscriptionHandle } from '../api.js';
import type { MessageType } from '../type-support.js';
import { SimpleFilter, type StampOption, stampGetterOf } from './filter.js';
import type { SignalOutcome } from './signal.js';
import { type Headered, type StampGetter, typeHasHeader } from './stamp.js';

export type SubscriberOptions<M> = StampOption<M> & {
  /** The subscription's QoS; default the node's default (keep last 10, reliable). */
  readonly qos?: QoSLike | undefined;
};

export class Subscriber<M> extends SimpleFilter<M> {
  private handle: SubscriptionHandle | undefined;

  private constructor(
    private readonly node: Node,
    private readonly type: MessageType<M>,
    private readonly topic: string,
    private readonly qos: QoSLike | undefined,
    stamp: StampGetter<M> | undefined,
  ) {
    super(stamp);
  }

  /**
   * Subscribes now. A message type without `header.stamp` needs `options.stamp` (a compile
   * error without it; a generated type passed past the compiler answers InvalidArgument).
   */
  static create<M>(
    node: Node,
    type: MessageType<M>,
    topic: string,
    ...[options]: M extends Headered ? [options?: SubscriberOptions<M>] : [options: SubscriberOptions<M>]
  ): ResultOf<Subscriber<M>> {
    const stamp = stampGetterOf<M>(options);
    if (stamp === undefined) {
      const headered = typeHasHeader(type);
      if (!headered.ok) return headered;
      if (headered.value === false) {
        return err(
          'InvalidArgument',
          `message_filters.Subscriber on ${describeValue(topic)}: messages of this type have no header.stamp; pass options.stamp`,
        );
      }
    }
    let qos: QoSLike | undefined;
    try {
      qos = (options as { qos?: QoSLike } | undefined)?.qos;
    } catch {
      return err('InvalidArgument', `message_filters.Subscriber on ${describeValue(topic)}: options could not be read`);
    }
    const subscriber = new Subscriber(node, type, topic, qos, stamp);
    const made = subscriber.subscribe();
    return made.ok ? ok(subscriber) : made;
  }

  /** (Re)subscribes to the topic it was made with; Ok when already subscribed. */
  subscribe(): Result {
    if (this.handle !== undefined) return ok();
    const receive = (message: M): SignalOutcome => this.signalMessage(message);
    const made =
      this.qos === undefined
        ? this.node.createSubscription(this.type, this.topic, receive)
        : this.node.createSubscription(this.type, this.topic, receive, this.qos);
    if (!made.ok) return made;
    this.handle = made.value;
    return ok();
  }

  /** Releases the subscription; callbacks stay registered for a later `subscribe()`. */
  unsubscribe(): Result {
    const handle = this.handle;
    if (handle === undefined) return ok();
    this.handle = undefined;
    return handle.reset();
  }

  /** The topic as given (the node resolves it: `getEntityName(getSubscription())`). */
  getTopic(): string {
    return this.topic;
  }

  /** The subscription's handle while subscribed. */
  getSubscription(): SubscriptionHandle | undefined {
    return this.handle;
  }
}
