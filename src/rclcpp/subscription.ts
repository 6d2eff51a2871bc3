/** Subscriptions: samples queue in the arena entry and are decoded and handled during spin. */
import type { EntryHost } from '../executor/entry.js';
import { EntryKind } from '../executor/entry.js';
import { QUEUED_SUBCLASS_FLAG, type QueueBound, QueuedEntry } from '../executor/queued-entry.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { RmwSample, RmwSubscriber } from '../rmw/rmw.js';
import type { MessageInfo, SubscriptionHandler } from './api.js';
import { decodeFailure, decodeMessage, messageInfo } from './type-check.js';
import type { MessageType } from './type-support.js';

/**
 * Whether a handler is handed a MessageInfo: not when it declares exactly one parameter, as
 * rclcpp passes none to a `void(const Msg &)` callback. A handler declaring two, or a rest
 * parameter (`(...args) => ...`, length 0, as most wrappers are), gets it. A poll subscription
 * (no handler) hands it out with each take.
 */
export function takesMessageInfo(handler: SubscriptionHandler<never> | undefined): boolean {
  try {
    return handler === undefined || handler.length !== 1;
  } catch {
    // A Proxy whose `length` throws (or a revoked one): hand it the info, as to any handler.
    return true;
  }
}

/** A flag bit rather than a field: an idle subscription's size is a benchmark target (512 B). */
const TAKES_INFO = QUEUED_SUBCLASS_FLAG;

export class SubscriptionEntry<M> extends QueuedEntry<RmwSample> {
  rmw: RmwSubscriber | undefined;

  constructor(
    host: EntryHost,
    topic: string,
    bound: QueueBound,
    readonly type: MessageType<M>,
    private readonly handler: SubscriptionHandler<M> | undefined,
  ) {
    // No handler: a poll subscription, whose owner takes samples itself.
    super(
      host,
      handler === undefined ? EntryKind.PollSubscription : EntryKind.Subscription,
      topic,
      bound,
      handler !== undefined,
    );
    this.setFlag(TAKES_INFO, takesMessageInfo(handler));
  }

  /** See takesMessageInfo: fixed when the subscription is created. */
  get takesInfo(): boolean {
    return this.hasFlag(TAKES_INFO);
  }

  protected handleItem(sample: RmwSample, host: EntryHost): void {
    let message: M;
    try {
      // The payload is this sample's alone (RmwSample.payload), so the message may view it.
      message = this.type.decode(sample.payload, 'given');
    } catch (thrown) {
      host.reportDecodeError(this, decodeFailure(this.type, `subscription '${this.name}'`, thrown));
      return;
    }
    const handler = this.handler as (message: M, info: MessageInfo | undefined) => unknown;
    host.runHandlerWith(this, handler, message, this.takesInfo ? messageInfo(sample) : undefined);
  }

  /** Poll side: the oldest decodable sample; undecodable ones are counted and skipped. */
  takeDecoded(): { readonly message: M; readonly sample: RmwSample } | undefined {
    for (;;) {
      const sample = this.queue.shift();
      if (sample === undefined) return undefined;
      const decoded = decodeMessage(this.type, sample.payload, `poll subscription '${this.name}'`, 'given');
      if (decoded.ok) return { message: decoded.value, sample };
      this.host.reportDecodeError(this, decoded.error.message);
    }
  }

  protected closeTransport(): void {
    this.rmw?.close();
  }

  override actualQos(): RmwActualQos | undefined {
    return this.rmw?.actualQos();
  }
}
