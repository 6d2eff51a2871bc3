/** Subscriptions: samples queue in the arena entry and are decoded and handled during spin. */
import type { EntryHost } from '../executor/entry.js';
import { EntryKind } from '../executor/entry.js';
import { type QueueBound, QueuedEntry } from '../executor/queued-entry.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { RmwSample, RmwSubscriber } from '../rmw/rmw.js';
import type { SubscriptionHandler } from './api.js';
import { decodeFailure, decodeMessage, messageInfo } from './type-check.js';
import type { MessageType } from './type-support.js';

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
  }

  protected handleItem(sample: RmwSample, host: EntryHost): void {
    let message: M;
    try {
      message = this.type.decode(sample.payload);
    } catch (thrown) {
      host.reportDecodeError(this, decodeFailure(this.type, `subscription '${this.name}'`, thrown));
      return;
    }
    host.runHandlerWith(this, this.handler as SubscriptionHandler<M>, message, messageInfo(sample));
  }

  /** Poll side: the oldest decodable sample; undecodable ones are counted and skipped. */
  takeDecoded(): { readonly message: M; readonly sample: RmwSample } | undefined {
    for (;;) {
      const sample = this.queue.shift();
      if (sample === undefined) return undefined;
      const decoded = decodeMessage(this.type, sample.payload, `poll subscription '${this.name}'`);
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
