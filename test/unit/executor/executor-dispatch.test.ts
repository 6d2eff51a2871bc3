/** The arena's dispatch rules, driven through real nodes on a private in-process bus. */
import { describe, expect, it } from 'vitest';
import { type ExecutorEvent, example_interfaces, QoS, std_msgs } from '../../../src/index.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

describe('capacity', () => {
  it('answers Full past the capacity and registers nothing; a release makes room', () => {
    const { executor, node } = makeFixture({ capacity: 2 });
    const a = unwrap(node.createGuardCondition(() => {}));
    unwrap(node.createSubscription(std_msgs.msg.String, 'cap_a', () => {}));
    const third = node.createSubscription(std_msgs.msg.String, 'cap_b', () => {});
    expect(expectErr(third)).toBe('Full');
    expect(executor.usage()).toEqual({ used: 2, capacity: 2 });
    // Nothing was declared for the refused subscription.
    expect(unwrap(node.countSubscribers('cap_b'))).toBe(0);
    unwrap(a.reset());
    expect(node.createSubscription(std_msgs.msg.String, 'cap_b', () => {}).ok).toBe(true);
  });

  it('refuses capacity < 1 and non-integers', async () => {
    const { Executor } = await import('../../../src/rclcpp/executor.js');
    for (const capacity of [0, -1, 1.5, Number.NaN]) {
      expect(expectErr(await Executor.create({ capacity }))).toBe('InvalidArgument');
    }
  });
});

describe('handles', () => {
  it('a stale copy answers Error and never reaches the slot next occupant; the reset copy answers NotInitialized', async () => {
    const { executor, node } = makeFixture();
    const fired: string[] = [];
    const first = unwrap(node.createGuardCondition(() => fired.push('first')));
    // A copy with the same two fields and the same verbs (a bare spread has no verbs).
    const copy: typeof first = Object.assign(Object.create(Object.getPrototypeOf(first)), first);
    unwrap(first.reset());
    const second = unwrap(node.createGuardCondition(() => fired.push('second')));
    // Same slot, new generation.
    expect(second.handleId % 2 ** 20).toBe(copy.handleId % 2 ** 20);
    expect(second.handleId).not.toBe(copy.handleId);
    const stale = copy.trigger();
    expect(expectErr(stale)).toBe('Error');
    if (!stale.ok) expect(stale.error.message).toContain('stale');
    expect(expectErr(first.trigger())).toBe('NotInitialized');
    expect(expectErr(first.reset())).toBe('NotInitialized');
    expect(expectErr(copy.reset())).toBe('Error');
    unwrap(executor.spinSome());
    expect(fired).toEqual([]);
    unwrap(second.trigger());
    unwrap(executor.spinSome());
    expect(fired).toEqual(['second']);
    await executor.shutdown();
  });

  it('have exactly two own enumerable fields and verbs on the prototype', () => {
    const { node } = makeFixture();
    const sub = unwrap(node.createSubscription(std_msgs.msg.String, 'fields', () => {}));
    const timer = unwrap(node.createWallTimer(1000, () => {}));
    const guard = unwrap(node.createGuardCondition(() => {}));
    const service = unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'fields_srv', () => ({ sum: 0n })));
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'fields_srv', () => {}));
    for (const h of [sub, timer, guard, service, client]) {
      expect(Object.keys(h).sort()).toEqual(['executor', 'handleId']);
    }
    const { executor, handleId } = timer;
    const copy = Object.assign(Object.create(Object.getPrototypeOf(timer)), { executor, handleId });
    unwrap(copy.cancel());
    expect(timer.isCanceled()).toBe(true);
  });

  it('a release requested inside the entry own callback waits until the callback returns', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'self_release'));
    const seen: string[] = [];
    let usedInside = -1;
    let validInside = false;
    const handle = unwrap(
      node.createSubscription(
        std_msgs.msg.String,
        'self_release',
        (m) => {
          seen.push(m.data);
          const copy = { executor: handle.executor, handleId: handle.handleId, reset: () => handle.reset() };
          unwrap(handle.reset());
          // Still in the callback: the entry is alive for other copies and its slot is not free.
          usedInside = executor.usage().used;
          validInside = node.isValid(copy);
        },
        QoS.default().keepLast(5),
      ),
    );
    unwrap(pub.publish({ data: 'one' }));
    unwrap(pub.publish({ data: 'two' }));
    await settle();
    const used = executor.usage().used;
    unwrap(executor.spinSome());
    expect(seen).toEqual(['one']);
    expect(usedInside).toBe(used);
    expect(validInside).toBe(true);
    expect(executor.usage().used).toBe(used - 1);
    // The second sample was dropped with the entry, never handled.
    unwrap(executor.spinSome());
    expect(seen).toEqual(['one']);
  });
});

describe('queues', () => {
  it('keep-last drops the OLDEST, counts it and reports queue_overflow', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => events.push(e));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'depth3', QoS.default().keepLast(100)));
    const got: string[] = [];
    unwrap(node.createSubscription(std_msgs.msg.String, 'depth3', (m) => got.push(m.data), QoS.default().keepLast(3)));
    for (let i = 1; i <= 5; i++) unwrap(pub.publish({ data: String(i) }));
    await settle();
    for (let i = 0; i < 5; i++) unwrap(executor.spinSome());
    expect(got).toEqual(['3', '4', '5']);
    expect(executor.stats().dropped).toBe(2);
    expect(events).toContainEqual({ type: 'queue_overflow', entity: "subscription '/depth3'", dropped: 2 });
  });

  it('keep-all grows to keepAllLimit and reports what it refuses', async () => {
    const { executor, node } = makeFixture({ keepAllLimit: 4 });
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'all'));
    const got: string[] = [];
    unwrap(node.createSubscription(std_msgs.msg.String, 'all', (m) => got.push(m.data), QoS.default().keepAll()));
    for (let i = 1; i <= 6; i++) unwrap(pub.publish({ data: String(i) }));
    await settle();
    for (let i = 0; i < 6; i++) unwrap(executor.spinSome());
    expect(got).toEqual(['1', '2', '3', '4']);
    expect(executor.stats().dropped).toBe(2);
  });
});

describe('rounds', () => {
  it('dispatch at most one item per ready entry per round, in registration order', async () => {
    const { executor, node } = makeFixture();
    const order: string[] = [];
    const pa = unwrap(node.createPublisher(std_msgs.msg.String, 'round_a'));
    const pb = unwrap(node.createPublisher(std_msgs.msg.String, 'round_b'));
    unwrap(node.createSubscription(std_msgs.msg.String, 'round_a', (m) => order.push(`a${m.data}`)));
    unwrap(node.createSubscription(std_msgs.msg.String, 'round_b', (m) => order.push(`b${m.data}`)));
    for (const i of [1, 2, 3]) unwrap(pa.publish({ data: String(i) }));
    unwrap(pb.publish({ data: '1' }));
    await settle();
    const r1 = unwrap(executor.spinSome());
    expect(order).toEqual(['a1', 'b1']);
    expect(r1.subscriptions).toBe(2);
    unwrap(executor.spinSome());
    expect(order).toEqual(['a1', 'b1', 'a2']);
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('follow registration order, not slot order, after a slot is reused', () => {
    const { executor, node } = makeFixture();
    const order: string[] = [];
    const first = unwrap(node.createGuardCondition(() => order.push('first')));
    const second = unwrap(node.createGuardCondition(() => order.push('second')));
    unwrap(first.reset());
    const third = unwrap(node.createGuardCondition(() => order.push('third'))); // reuses slot 0
    unwrap(third.trigger());
    unwrap(second.trigger());
    unwrap(executor.spinSome());
    expect(order).toEqual(['second', 'third']);
  });

  it('work made ready during a round waits for the next round', () => {
    const { executor, node } = makeFixture();
    let count = 0;
    const guard = unwrap(
      node.createGuardCondition(() => {
        count++;
        unwrap(guard.trigger());
      }),
    );
    unwrap(guard.trigger());
    unwrap(executor.spinSome());
    expect(count).toBe(1);
    unwrap(executor.spinSome());
    expect(count).toBe(2);
  });

  it('a throwing handler is caught, counted, reported, and spinning goes on; a throwing listener too', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent(() => {
      throw new Error('listener broke');
    });
    executor.onEvent((e) => events.push(e));
    let after = 0;
    const bad = unwrap(
      node.createGuardCondition(() => {
        throw new Error('boom');
      }),
    );
    const good = unwrap(node.createGuardCondition(() => after++));
    unwrap(bad.trigger());
    unwrap(good.trigger());
    const report = unwrap(executor.spinSome());
    expect(report.handlerErrors).toBe(1);
    expect(report.guardConditions).toBe(2);
    expect(after).toBe(1);
    expect(executor.stats().handlerErrors).toBe(1);
    expect(executor.stats().listenerErrors).toBeGreaterThan(0);
    const e = events.find((x) => x.type === 'handler_error');
    expect(e?.type === 'handler_error' && (e.error as Error).message).toBe('boom');
    unwrap(bad.trigger());
    const spun = await executor.spinOnce(100);
    expect(spun.ok).toBe(true);
  });
});

describe('spin verbs', () => {
  it('refuse bad budgets naming the argument', async () => {
    const { executor } = makeFixture();
    for (const b of [Number.NaN, -1, Number.POSITIVE_INFINITY]) {
      const r = await executor.spinOnce(b);
      expect(expectErr(r)).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain('budgetMs');
      const f = await executor.spinFor(b);
      if (!f.ok) expect(f.error.message).toContain('durationMs');
      expect(expectErr(await executor.ping(b))).toBe('InvalidArgument');
    }
  });

  it('spinOnce wakes when work arrives instead of waiting out its budget', async () => {
    const { executor, node } = makeFixture();
    const guard = unwrap(node.createGuardCondition(() => {}));
    setTimeout(() => guard.trigger(), 20);
    const t0 = performance.now();
    const report = unwrap(await executor.spinOnce(10_000));
    expect(report.guardConditions).toBe(1);
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('a spin verb while spinning answers BadSequence; inside a handler, Reentrant', async () => {
    const { executor, node } = makeFixture();
    let inner: string | undefined;
    let innerSome: string | undefined;
    const guard = unwrap(
      node.createGuardCondition(() => {
        innerSome = expectErr(executor.spinSome());
        void executor.spinOnce(0).then((r) => {
          inner = expectErr(r);
        });
      }),
    );
    const spinning = executor.spinFor(200);
    expect(executor.isSpinning()).toBe(true);
    expect(expectErr(executor.spinSome())).toBe('BadSequence');
    expect(expectErr(await executor.spinOnce(10))).toBe('BadSequence');
    unwrap(guard.trigger());
    unwrap(await spinning);
    expect(innerSome).toBe('Reentrant');
    expect(inner).toBe('Reentrant');
    expect(executor.isSpinning()).toBe(false);
  });

  it('spin runs until cancel()', async () => {
    const { executor, node } = makeFixture();
    let ticks = 0;
    unwrap(
      node.createWallTimer(5, () => {
        ticks++;
        if (ticks === 3) executor.cancel();
      }),
    );
    unwrap(await executor.spin());
    expect(ticks).toBe(3);
  });

  it('shutdown runs shutdown callbacks, releases every entry and closes the session', async () => {
    const { executor, node } = makeFixture();
    let called = 0;
    executor.addShutdownCallback(() => called++);
    const sub = unwrap(node.createSubscription(std_msgs.msg.String, 'bye', () => {}));
    unwrap(await executor.shutdown());
    unwrap(await executor.shutdown());
    expect(called).toBe(1);
    expect(executor.isShutdown()).toBe(true);
    expect(executor.usage().used).toBe(0);
    expect(node.isValid(sub)).toBe(false);
    expect(expectErr(executor.spinSome())).toBe('NotInitialized');
    expect(expectErr(executor.createNode('late'))).toBe('NotInitialized');
    expect(expectErr(node.createGuardCondition(() => {}))).toBe('NotInitialized');
  });
});
