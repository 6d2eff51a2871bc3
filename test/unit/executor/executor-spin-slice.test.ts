/**
 * spin() runs rounds back-to-back while work is ready (a time slice, then a host turn), and
 * waits on the wake signal alone when nothing but a notify can bring work.
 */
import { describe, expect, it } from 'vitest';
import { type Node, std_msgs, WakeSignal } from '../../../src/index.js';
import type { RclExecutor } from '../../../src/rclcpp/executor.js';
import { makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

/** Counts host turns (setImmediate callbacks) until stopped. */
function hostTurns(): { readonly count: () => number; stop: () => void } {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return { count: () => turns, stop: () => void (running = false) };
}

/** Subscription 'a' with 3 queued messages, then a guard condition that re-triggers itself. */
async function rig(executor: RclExecutor, node: Node, log: (label: string) => void): Promise<void> {
  const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'slice_a'));
  unwrap(
    node.createSubscription(std_msgs.msg.String, 'slice_a', (m) => {
      log(`a${m.data}`);
      if (m.data === '3') executor.cancel();
    }),
  );
  const guard = unwrap(
    node.createGuardCondition(() => {
      log('g');
      unwrap(guard.trigger());
    }),
  );
  for (const i of [1, 2, 3]) unwrap(pub.publish({ data: String(i) }));
  await settle();
  unwrap(guard.trigger());
}

describe('spin rounds per host turn', () => {
  it('runs several rounds in one host turn, still one item per ready entry per round, in registration order', async () => {
    const { executor, node } = makeFixture({}, { spinSliceMs: 60_000 });
    const order: string[] = [];
    const at: number[] = [];
    const turns = hostTurns();
    await rig(executor, node, (label) => {
      order.push(label);
      at.push(turns.count());
    });
    const before = turns.count();
    unwrap(await executor.spin());
    turns.stop();
    // the guard re-triggered during each round runs once in the next one, not again in the same round
    expect(order).toEqual(['a1', 'g', 'a2', 'g', 'a3', 'g']);
    expect(new Set(at)).toEqual(new Set([before]));
  });

  it('yields to the host between rounds once the slice is spent', async () => {
    const { executor, node } = makeFixture({}, { spinSliceMs: 0 });
    const order: string[] = [];
    const at: number[] = [];
    const turns = hostTurns();
    await rig(executor, node, (label) => {
      order.push(label);
      at.push(turns.count());
    });
    unwrap(await executor.spin());
    turns.stop();
    expect(order).toEqual(['a1', 'g', 'a2', 'g', 'a3', 'g']);
    // rounds are [a1 g] [a2 g] [a3 g]: each on its own host turn
    const roundTurns = [at[0], at[2], at[4]];
    expect(new Set(roundTurns).size).toBe(3);
    expect(at[1]).toBe(at[0]);
  });

  it('a handler that is always ready cannot starve the host: a host task can cancel spin()', async () => {
    const { executor, node } = makeFixture();
    let fired = 0;
    const guard = unwrap(
      node.createGuardCondition(() => {
        fired++;
        unwrap(guard.trigger());
      }),
    );
    unwrap(guard.trigger());
    setImmediate(() => executor.cancel());
    unwrap(await executor.spin());
    expect(fired).toBeGreaterThan(0);
    expect(executor.isSpinning()).toBe(false);
  });
});

describe('spin waiting with no timer entry', () => {
  it('wakes for a sample, for a timer created while it waits, and for cancel()', async () => {
    const { executor, node } = makeFixture();
    const got: string[] = [];
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'idle_wake'));
    unwrap(node.createSubscription(std_msgs.msg.String, 'idle_wake', (m) => got.push(m.data)));

    let spinning = executor.spin();
    await settle();
    unwrap(pub.publish({ data: 'x' }));
    await settle();
    await settle();
    expect(got).toEqual(['x']);
    executor.cancel();
    unwrap(await spinning);

    spinning = executor.spin();
    await settle();
    let ticks = 0;
    unwrap(
      node.createWallTimer(1, () => {
        ticks++;
        executor.cancel();
      }),
    );
    unwrap(await spinning);
    expect(ticks).toBe(1);
  });

  it('ends when the executor shuts down while it waits', async () => {
    const { executor } = makeFixture();
    const spinning = executor.spin();
    await settle();
    unwrap(await executor.shutdown());
    unwrap(await spinning);
  });
});

describe('WakeSignal', () => {
  it('waitNotified resolves on the next notify, shared by every waiter of that generation', async () => {
    const s = new WakeSignal();
    const a = s.waitNotified();
    const b = s.waitNotified();
    expect(a).toBe(b);
    expect(s.waiting).toBe(1);
    let woken = false;
    void a.then(() => {
      woken = true;
    });
    await settle();
    expect(woken).toBe(false);
    s.notify();
    await a;
    expect(woken).toBe(true);
    expect(s.waiting).toBe(0);
    expect(s.waitNotified()).not.toBe(a);
  });

  it('a timed wait that runs out leaves no waiter behind; a notified one resolves at once', async () => {
    const s = new WakeSignal();
    expect(await s.wait(1)).toBe(false);
    expect(s.waiting).toBe(0);
    const w = s.wait(60_000);
    expect(s.waiting).toBe(1);
    s.notify();
    expect(await w).toBe(true);
    expect(s.waiting).toBe(0);
  });
});
