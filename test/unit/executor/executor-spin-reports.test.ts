/**
 * What the spin verbs answer: a frozen report, the same shared value for the usual counts (a
 * host loop calling spinSome() per message allocates none), a fresh one for rarer counts, and
 * always the counts of that call alone.
 */
import { describe, expect, it } from 'vitest';
import { std_msgs } from '../../../src/index.js';
import { reportResult } from '../../../src/executor/report-result.js';
import { makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

const zero = { subscriptions: 0, timers: 0, services: 0, clients: 0, guardConditions: 0, handlerErrors: 0 };

describe('spin reports', () => {
  it('spinSome answers frozen reports, one shared value per usual count, counted per call', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'reports'));
    unwrap(node.createSubscription(std_msgs.msg.String, 'reports', () => undefined));
    for (const data of ['a', 'b', 'c']) unwrap(pub.publish({ data }));
    await settle();
    const first = executor.spinSome();
    const second = executor.spinSome();
    expect(first).toEqual({ ok: true, value: { ...zero, subscriptions: 1 } });
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.ok && Object.isFrozen(first.value)).toBe(true);
    const rest = unwrap(executor.spinAll(1000));
    expect(rest).toEqual({ ...zero, subscriptions: 1 });
    expect(unwrap(executor.spinSome())).toEqual(zero);
    await executor.shutdown();
  });

  it('a report with a handler error is its own value, and the next round counts from zero again', async () => {
    const { executor, node } = makeFixture();
    const guard = unwrap(
      node.createGuardCondition(() => {
        throw new Error('boom');
      }),
    );
    unwrap(guard.trigger());
    const failed = unwrap(executor.spinSome());
    expect(failed).toEqual({ ...zero, guardConditions: 1, handlerErrors: 1 });
    unwrap(guard.trigger());
    const again = unwrap(executor.spinSome());
    expect(again).toEqual({ ...zero, guardConditions: 1, handlerErrors: 1 });
    expect(again).not.toBe(failed);
    expect(unwrap(executor.spinSome())).toEqual(zero);
    await executor.shutdown();
  });

  it('reportResult shares mixed counts within its bounds and copies what it is given', () => {
    const mixed = { ...zero, subscriptions: 3, timers: 1, guardConditions: 2 };
    const a = reportResult(mixed);
    mixed.subscriptions = 4;
    expect(a).toEqual({ ok: true, value: { ...zero, subscriptions: 3, timers: 1, guardConditions: 2 } });
    expect(reportResult({ ...zero, subscriptions: 3, timers: 1, guardConditions: 2 })).toBe(a);
    const many = { ...zero, subscriptions: 5000 };
    const b = reportResult(many);
    expect(b).toEqual({ ok: true, value: many });
    expect(Object.isFrozen(b.value)).toBe(true);
    expect(reportResult(many)).not.toBe(b);
  });
});
