/**
 * Rate on a wall clock and on a ros clock driven by /clock: sleep waits out the period,
 * answers false for a late loop, and on sim time needs its budget; ready()/remainingMs() are
 * the same schedule for a host loop.
 */
import { describe, expect, it } from 'vitest';
import { Clock, Duration, Rate } from '../../../src/index.js';
import { rosgraph_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { QoS } from '../../../src/rclcpp/qos.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

describe('Rate on a wall clock', () => {
  it('sleep waits out the period and keeps the schedule; a late loop answers false', async () => {
    const rate = unwrap(Rate.create(50));
    expect(rate.getType()).toBe('steady');
    expect(rate.period().nanoseconds).toBe(20_000_000n);
    const t0 = performance.now();
    const slept: boolean[] = [];
    for (let i = 0; i < 5; i++) slept.push(unwrap(await rate.sleep()));
    const elapsed = performance.now() - t0;
    // The schedule is the period grid: five sleeps take five periods; a loaded host may make one late (false).
    expect(slept[0]).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 70));
    expect(unwrap(await rate.sleep())).toBe(false);
    expect(unwrap(Rate.create(unwrap(Duration.fromMs(5)), new Clock('system'))).period().nanoseconds).toBe(5_000_000n);
  });

  it('a budget shorter than the rest of the period answers Timeout', async () => {
    const rate = unwrap(Rate.create(2));
    const r = await rate.sleep(10);
    expect(expectErr(r)).toBe('Timeout');
    expect(expectErr(await rate.sleep(-1))).toBe('InvalidArgument');
  });

  it('ready() is true once per period; remainingMs() says how long until then', async () => {
    const rate = unwrap(Rate.create(20));
    expect(rate.ready()).toBe(false);
    expect(rate.remainingMs()).toBeGreaterThan(40);
    expect(rate.remainingMs()).toBeLessThanOrEqual(50);
    await new Promise((r) => setTimeout(r, 55));
    expect(rate.remainingMs()).toBe(0);
    expect(rate.ready()).toBe(true);
    expect(rate.ready()).toBe(false);
  });
});

describe('Rate on a ros clock under use_sim_time', () => {
  function sim() {
    const f = makeFixture();
    const node = unwrap(f.executor.createNode('sim', { arguments: ['--ros-args', '-p', 'use_sim_time:=true'] }));
    const player = unwrap(f.executor.createNode('player'));
    const pub = unwrap(player.createPublisher(rosgraph_msgs.msg.Clock, '/clock', QoS.clock()));
    const publish = (ms: number) =>
      unwrap(pub.publish({ clock: { sec: Math.floor(ms / 1000), nanosec: (ms % 1000) * 1e6 } }));
    return { ...f, node, publish };
  }

  it('sleep resolves when /clock reaches the next interval, not before', async () => {
    const { executor, node, publish } = sim();
    const rate = unwrap(node.createRate(10));
    expect(rate.getType()).toBe('ros');
    let woke: boolean | undefined;
    const sleeping = rate.sleep(2000).then((r) => void (woke = unwrap(r)));
    publish(60);
    await executor.spinFor(30);
    expect(woke).toBeUndefined();
    publish(100);
    await executor.spinFor(30);
    await sleeping;
    expect(woke).toBe(true);
    expect(node.now().nanoseconds).toBe(100_000_000n);
    // The host-loop form on the same schedule.
    expect(rate.ready()).toBe(false);
    publish(200);
    await executor.spinFor(20);
    expect(rate.ready()).toBe(true);
    await executor.shutdown();
  });

  it('sleep answers Timeout within its budget when /clock stops', async () => {
    const { executor, node } = sim();
    const rate = unwrap(node.createRate(10));
    const t0 = performance.now();
    const r = await rate.sleep(50);
    expect(expectErr(r)).toBe('Timeout');
    expect(performance.now() - t0).toBeLessThan(500);
    // Without a budget (past the type check) it answers InvalidArgument, never a hang.
    expect(expectErr(await (rate.sleep as () => ReturnType<typeof rate.sleep>)())).toBe('InvalidArgument');
    await settle();
    await executor.shutdown();
  });
});
