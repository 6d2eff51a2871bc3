/**
 * A publisher managed by a lifecycle node: it publishes only while the node is active, and
 * otherwise answers NotAllowed naming the state (never a silent drop, as rclcpp's warning-only
 * behaviour would be in a library whose errors are values).
 */

import { err, type Result } from '../../result.js';
import type { Publisher } from '../api.js';
import { PublisherDecorator } from '../publisher-decorator.js';

export class LifecyclePublisher<M> extends PublisherDecorator<M> {
  constructor(
    inner: Publisher<M>,
    /** Answers undefined while active, else the state's label. */
    private readonly inactiveState: () => string | undefined,
  ) {
    super(inner);
  }

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

  override publish(message: M): Result {
    return this.refused() ?? this.inner.publish(message);
  }
  override publishRaw(bytes: Uint8Array): Result {
    return this.refused() ?? this.inner.publishRaw(bytes);
  }
}
