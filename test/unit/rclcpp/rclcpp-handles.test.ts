/** Two-word handles: how a handle is read, which entry it names, and what reset leaves behind. */
import { describe, expect, it } from 'vitest';
import { std_msgs } from '../../../src/index.js';
import { entryOf, readHandle } from '../../../src/rclcpp/handle.js';
import { SubscriptionEntry } from '../../../src/rclcpp/subscription.js';
import { TimerHandle } from '../../../src/rclcpp/timer.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

describe('readHandle and entryOf', () => {
  it('refuse what is not an object, an unreadable handle and a foreign executor', () => {
    const { executor } = makeFixture();
    for (const bad of [undefined, null, 1, 'h'])
      expect(expectErr(readHandle(bad)), String(bad)).toBe('InvalidArgument');
    const throwing = Object.defineProperty({ handleId: 1 }, 'executor', {
      get() {
        throw new Error('no executor for you');
      },
    });
    const e = readHandle(throwing);
    expect(e.ok).toBe(false);
    if (!e.ok) expect(e.error.message).toContain('no executor for you');
    expect(expectErr(readHandle({ executor: {}, handleId: 1 }))).toBe('InvalidArgument');
    expect(unwrap(readHandle({ executor, handleId: 'any' })).handleId).toBe('any');
  });

  it('entryOf finds the entry of the expected class and refuses another kind, naming both', () => {
    const { node } = makeFixture();
    const sub = unwrap(node.createSubscription(std_msgs.msg.String, 'e', () => {}));
    const timer = unwrap(node.createWallTimer(1000, () => {}));
    expect(unwrap(entryOf(sub, SubscriptionEntry, 'subscription')).name).toBe('/e');
    const wrong = entryOf(timer, SubscriptionEntry, 'subscription');
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.error.name).toBe('InvalidArgument');
      expect(wrong.error.message).toContain('not a subscription');
    }
    // A timer verb called on a subscription handle answers, it does not act on the subscription.
    expect(expectErr(TimerHandle.prototype.cancel.call(sub as unknown as TimerHandle))).toBe('InvalidArgument');
    expect(TimerHandle.prototype.isCanceled.call(sub as unknown as TimerHandle)).toBe(true);
    expect(TimerHandle.prototype.overrunCount.call(sub as unknown as TimerHandle)).toBe(0);
  });
});

describe('reset', () => {
  it('empties the copy it is called on (NotInitialized) and makes other copies stale (Error)', () => {
    const { executor, node } = makeFixture();
    const timer = unwrap(node.createWallTimer(1000, () => {}));
    const copy = { ...timer };
    Object.setPrototypeOf(copy, Object.getPrototypeOf(timer));
    const before = executor.usage().used;
    unwrap(timer.reset());
    expect(executor.usage().used).toBe(before - 1);
    expect(expectErr(timer.reset())).toBe('NotInitialized');
    expect(expectErr(timer.cancel())).toBe('NotInitialized');
    expect(expectErr((copy as typeof timer).reset())).toBe('Error');
    expect(expectErr((copy as typeof timer).restart())).toBe('Error');
    expect(timer.isCanceled()).toBe(true);
    expect(timer.overrunCount()).toBe(0);
  });

  it('reset on something that is not a handle answers InvalidArgument', () => {
    const reset = TimerHandle.prototype.reset;
    expect(expectErr(reset.call({ executor: {}, handleId: 1 } as unknown as TimerHandle))).toBe('InvalidArgument');
    expect(expectErr(reset.call({} as unknown as TimerHandle))).toBe('InvalidArgument');
  });

  it('a guard condition triggers while registered and answers an error once released', () => {
    const { node } = makeFixture();
    const guard = unwrap(node.createGuardCondition(() => {}));
    expect(guard.trigger().ok).toBe(true);
    unwrap(guard.reset());
    expect(expectErr(guard.trigger())).toBe('NotInitialized');
  });
});
