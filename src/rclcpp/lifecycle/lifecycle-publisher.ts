/**
 * A publisher managed by a lifecycle node: it publishes only while the node is active, and
 * otherwise answers NotAllowed naming the state (never a silent drop, as rclcpp's warning-only
 * behaviour would be in a library whose errors are values).
 */

import { err, type Result, type ResultOf } from '../../result.js';
import type { RmwActualQos } from '../../rmw/qos.js';
import type { Publisher } from '../api.js';

export class LifecyclePublisher<M> implements Publisher<M> {
  constructor(
    private readonly inner: Publisher<M>,
    /** Answers undefined while active, else the state's label. */
    private readonly inactiveState: () => string | undefined,
  ) {}

  /** True while the node is active (publish then goes through). */
  isActivated(): boolean {
    return this.inactiveState() === undefined;
  }

  private refused(): Result | undefined {
    const state = this.inactiveState();
    if (state === undefined) return undefined;
    return err(
      'NotAllowed',
      `lifecycle publisher on '${this.inner.getTopicName()}' is not activated: its node is ${state}, and publishes only while active`,
    );
  }

  publish(message: M): Result {
    return this.refused() ?? this.inner.publish(message);
  }
  publishRaw(bytes: Uint8Array): Result {
    return this.refused() ?? this.inner.publishRaw(bytes);
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
