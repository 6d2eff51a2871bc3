/**
 * executor.spinAll(maxDurationMs), rclcpp's spin_all: a host loop drains what is ready within a
 * budget, round after fair round. The case: a 200 Hz publisher into a 60 Hz host loop
 * lost most messages with spinSome() (one per entity per call) and loses none with spinAll.
 */
import { describe, expect, it } from 'vitest';
import { QoS, std_msgs } from '../../../src/index.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

/** Room for a host loop stalled ~150 ms on a loaded machine; spinSome falls further behind than that. */
const DEPTH = 30;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A publisher at ~200 Hz (outside the executor) into a subscriber spun by a ~60 Hz host loop. */
async function hostLoop(drain: 'spinSome' | 'spinAll', runMs: number) {
  const { executor, node } = makeFixture();
  let received = 0;
  unwrap(node.createSubscription(std_msgs.msg.Int32, 'fast', () => void received++, QoS.default().keepLast(DEPTH)));
  const pub = unwrap(node.createPublisher(std_msgs.msg.Int32, 'fast', QoS.default().keepLast(DEPTH)));
  let published = 0;
  const publisher = setInterval(() => void pub.publish({ data: published++ }), 5);
  const step = (): void => {
    unwrap(drain === 'spinAll' ? executor.spinAll(4) : executor.spinSome());
  };
  const loop = setInterval(step, 16);
  await sleep(runMs);
  clearInterval(publisher);
  await sleep(20);
  step();
  clearInterval(loop);
  const dropped = executor.stats().dropped;
  await executor.shutdown();
  return { published, received, dropped };
}

describe('executor.spinAll', () => {
  it('a 200 Hz publisher into a 60 Hz host loop loses nothing (spinSome drops most)', async () => {
    const all = await hostLoop('spinAll', 600);
    expect(all.published).toBeGreaterThan(40);
    expect(all.dropped).toBe(0);
    expect(all.received).toBe(all.published);
    const some = await hostLoop('spinSome', 600);
    expect(some.dropped).toBeGreaterThan(0);
    expect(some.received).toBeLessThan(some.published);
  });

  it('keeps rounds fair: two busy subscriptions alternate, and the report sums the rounds', async () => {
    const { executor, node } = makeFixture();
    const order: string[] = [];
    const qos = QoS.default().keepLast(50);
    unwrap(node.createSubscription(std_msgs.msg.Int32, 'a', (m) => void order.push(`a${m.data}`), qos));
    unwrap(node.createSubscription(std_msgs.msg.Int32, 'b', (m) => void order.push(`b${m.data}`), qos));
    const pa = unwrap(node.createPublisher(std_msgs.msg.Int32, 'a', qos));
    const pb = unwrap(node.createPublisher(std_msgs.msg.Int32, 'b', qos));
    for (let i = 0; i < 3; i++) unwrap(pa.publish({ data: i }));
    unwrap(pb.publish({ data: 0 }));
    await sleep(5);
    const report = unwrap(executor.spinAll(1000));
    expect(order).toEqual(['a0', 'b0', 'a1', 'a2']);
    expect(report.subscriptions).toBe(4);
    // Nothing ready: one empty round, at once.
    const t0 = performance.now();
    expect(unwrap(executor.spinAll(1000)).subscriptions).toBe(0);
    expect(performance.now() - t0).toBeLessThan(100);
    await executor.shutdown();
  });

  it('stops at its budget while work stays ready, and refuses as the other spin verbs do', async () => {
    const { executor, node } = makeFixture();
    let fired = 0;
    // A guard condition that re-triggers itself is always ready.
    const gc = unwrap(
      node.createGuardCondition(() => {
        fired++;
        gc.trigger();
      }),
    );
    unwrap(gc.trigger());
    const t0 = performance.now();
    const report = unwrap(executor.spinAll(20));
    const took = performance.now() - t0;
    expect(took).toBeGreaterThanOrEqual(19);
    expect(took).toBeLessThan(500);
    expect(report.guardConditions).toBe(fired);
    expect(fired).toBeGreaterThan(1);
    expect(expectErr(executor.spinAll(-1))).toBe('InvalidArgument');
    expect(expectErr(executor.spinAll(Number.POSITIVE_INFINITY))).toBe('InvalidArgument');
    let inside = '';
    const once = unwrap(node.createGuardCondition(() => void (inside = expectErr(executor.spinAll(5)))));
    gc.reset();
    unwrap(once.trigger());
    unwrap(executor.spinAll(50));
    expect(inside).toBe('Reentrant');
    await executor.shutdown();
    expect(expectErr(executor.spinAll(5))).toBe('NotInitialized');
  });
});
