/**
 * A Publisher that puts a rule in front of another one (a lifecycle node's activation, a generic
 * publisher's byte check): what a subclass does not override goes to `inner` unchanged.
 */

import type { Result, ResultOf } from '../result.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { Publisher } from './api.js';

export abstract class PublisherDecorator<M> implements Publisher<M> {
  constructor(protected readonly inner: Publisher<M>) {}

  publish(message: M): Result {
    return this.inner.publish(message);
  }
  publishRaw(bytes: Uint8Array): Result {
    return this.inner.publishRaw(bytes);
  }
  getTopicName(): string {
    return this.inner.getTopicName();
  }
  getActualQos(): RmwActualQos {
    return this.inner.getActualQos();
  }
  getSubscriptionCount(): ResultOf<number> {
    return this.inner.getSubscriptionCount();
  }
  ready(budgetMs: number): Promise<Result> {
    return this.inner.ready(budgetMs);
  }
  destroy(): Result {
    return this.inner.destroy();
  }
}
