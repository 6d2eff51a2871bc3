/**
 * ROS time driven by /clock: a node's timers on its ros clock fire only as /clock, published by
 * another node, advances; a backward jump resets them; jump handlers hear each change;
 * use_sim_time switches through `-p` and through setParameters.
 */
import { describe, expect, it } from 'vitest';
import type { Node, Publisher, TimeJump } from '../../../src/index.js';
import { Duration } from '../../../src/index.js';
import { rosgraph_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { QoS } from '../../../src/rclcpp/qos.js';
import { makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

const SIM = ['--ros-args', '-p', 'use_sim_time:=true'];

function simNodes(args: readonly string[] = SIM) {
  const f = makeFixture();
  const sim = unwrap(f.executor.createNode('sim', { arguments: args }));
  const player = unwrap(f.executor.createNode('player'));
  const clockPub = unwrap(player.createPublisher(rosgraph_msgs.msg.Clock, '/clock', QoS.clock()));
  return { ...f, sim, clockPub };
}

/** Publishes /clock at `ms` and runs the rounds that delivers and whatever it made ready. */
async function publishClock(
  f: { executor: { spinSome(): unknown } },
  pub: Publisher<rosgraph_msgs.msg.Clock>,
  ms: number,
) {
  const ns = BigInt(ms) * 1_000_000n;
  unwrap(pub.publish({ clock: { sec: Number(ns / 1_000_000_000n), nanosec: Number(ns % 1_000_000_000n) } }));
  for (let i = 0; i < 3; i++) {
    await settle();
    f.executor.spinSome();
  }
}

function nowMs(node: Node): number {
  return Number(node.now().nanoseconds / 1_000_000n);
}

describe('timers on the ros clock follow /clock', () => {
  it('fire only as /clock advances past their deadline, once per jump, and reset on a backward jump', async () => {
    const f = simNodes();
    const { sim, clockPub } = f;
    expect(unwrap(sim.getParameter('use_sim_time')).value).toBe(true);
    expect(sim.getClock().isRosTimeActive()).toBe(true);
    expect(sim.now().nanoseconds).toBe(0n);
    expect(sim.now().clockType).toBe('ros');
    const fired: number[] = [];
    unwrap(sim.createTimer(100, () => void fired.push(nowMs(sim))));
    // Real time passes; sim time does not: nothing fires.
    await f.executor.spinFor(150);
    expect(fired).toEqual([]);
    await publishClock(f, clockPub, 50);
    expect(nowMs(sim)).toBe(50);
    expect(fired).toEqual([]);
    await publishClock(f, clockPub, 100);
    expect(fired).toEqual([100]);
    // A jump over three periods fires once (the skipped periods are overruns, as rcl skips them).
    await publishClock(f, clockPub, 420);
    expect(fired).toEqual([100, 420]);
    await publishClock(f, clockPub, 480);
    expect(fired).toEqual([100, 420]);
    await publishClock(f, clockPub, 500);
    expect(fired).toEqual([100, 420, 500]);
    // Back past the last call: the period starts again from the new time.
    await publishClock(f, clockPub, 200);
    await publishClock(f, clockPub, 299);
    expect(fired).toEqual([100, 420, 500]);
    await publishClock(f, clockPub, 300);
    expect(fired).toEqual([100, 420, 500, 300]);
    await f.executor.shutdown();
  });

  it('jump handlers hear each jump past their threshold, with the change and the delta', async () => {
    const f = simNodes();
    const jumps: { pre: number; post: TimeJump[] } = { pre: 0, post: [] };
    const handler = unwrap(
      f.sim.getClock().createJumpHandler(
        () => void jumps.pre++,
        (j) => void jumps.post.push(j),
        { onClockChange: true, minForward: unwrap(Duration.fromMs(100)), minBackward: unwrap(Duration.fromNs(-1n)) },
      ),
    );
    await publishClock(f, f.clockPub, 50); // +50 ms: under minForward
    await publishClock(f, f.clockPub, 250); // +200 ms
    await publishClock(f, f.clockPub, 240); // -10 ms
    unwrap(f.sim.setParameter('use_sim_time', false));
    const seen = jumps.post.map((j) => [j.clockChange, j.delta.nanoseconds]);
    expect(seen).toEqual([
      ['ros_time_no_change', 200_000_000n],
      ['ros_time_no_change', -10_000_000n],
      ['ros_time_deactivated', 0n],
    ]);
    expect(jumps.pre).toBe(3);
    handler.remove();
    unwrap(f.sim.setParameter('use_sim_time', true));
    expect(jumps.post).toHaveLength(3);
    await f.executor.shutdown();
  });
});

describe('use_sim_time', () => {
  it('is declared false on a ros node; setParameters switches the clock to /clock and back', async () => {
    const f = simNodes([]);
    const { sim, clockPub } = f;
    expect(unwrap(sim.getParameter('use_sim_time')).value).toBe(false);
    expect(sim.getClock().isRosTimeActive()).toBe(false);
    expect(Math.abs(nowMs(sim) - Date.now())).toBeLessThan(1000);
    expect(unwrap(sim.countSubscribers('/clock'))).toBe(0);
    const changes: string[] = [];
    unwrap(
      sim.getClock().createJumpHandler(undefined, (j) => void changes.push(j.clockChange), { onClockChange: true }),
    );
    const [r] = sim.setParameters([{ name: 'use_sim_time', value: true }]);
    expect(r?.successful).toBe(true);
    expect(sim.getClock().isRosTimeActive()).toBe(true);
    expect(sim.now().nanoseconds).toBe(0n);
    expect(unwrap(sim.countSubscribers('/clock'))).toBe(1);
    await publishClock(f, clockPub, 7000);
    expect(nowMs(sim)).toBe(7000);
    sim.setParameters([{ name: 'use_sim_time', value: false }]);
    expect(sim.getClock().isRosTimeActive()).toBe(false);
    expect(Math.abs(nowMs(sim) - Date.now())).toBeLessThan(1000);
    expect(unwrap(sim.countSubscribers('/clock'))).toBe(0);
    // Back on: the last /clock time, as rclcpp keeps it.
    sim.setParameters([{ name: 'use_sim_time', value: true }]);
    expect(nowMs(sim)).toBe(7000);
    expect(changes).toEqual(['ros_time_activated', 'ros_time_deactivated', 'ros_time_activated']);
    // A non-bool value is refused: the parameter is typed bool.
    expect(sim.setParameters([{ name: 'use_sim_time', value: 1 }])[0]?.successful).toBe(false);
    await f.executor.shutdown();
  });

  it('-p use_sim_time with a value that is not a bool makes createNode answer InvalidArgument naming it', async () => {
    const f = makeFixture();
    for (const v of ['1', 'hello']) {
      const r = f.executor.createNode(`n${v === '1' ? 'one' : v}`, {
        arguments: ['--ros-args', '-p', `use_sim_time:=${v}`],
      });
      expect(r.ok ? '' : `${r.error.name}: ${r.error.message}`).toMatch(/^InvalidArgument: .*use_sim_time.*bool/);
    }
    const yes = f.executor.createNode('yaml_true', { arguments: ['--ros-args', '-p', 'use_sim_time:=True'] });
    expect(yes.ok && yes.value.getClock().isRosTimeActive()).toBe(true);
    await f.executor.shutdown();
  });

  it('a timer made before use_sim_time is switched on waits for /clock, then keeps its period in sim time', async () => {
    const f = simNodes([]);
    const { sim, clockPub } = f;
    const fired: number[] = [];
    unwrap(sim.createTimer(1000, () => void fired.push(nowMs(sim))));
    unwrap(sim.setParameter('use_sim_time', true));
    await f.executor.spinFor(50);
    await publishClock(f, clockPub, 5000);
    expect(fired).toEqual([]);
    await publishClock(f, clockPub, 5999);
    expect(fired).toEqual([]);
    await publishClock(f, clockPub, 6000);
    expect(fired).toEqual([6000]);
    await f.executor.shutdown();
  });

  it('a raw node declares none; createWallTimer and a steady-clock timer stay wall timers', async () => {
    const f = simNodes();
    const raw = unwrap(f.executor.createNode('raw_one', { naming: 'raw' }));
    expect(raw.hasParameter('use_sim_time')).toBe(false);
    expect(raw.getClock().isRosTimeActive()).toBe(false);
    const wall: string[] = [];
    unwrap(f.sim.createWallTimer(10, () => void wall.push('wall')));
    const { Clock } = await import('../../../src/index.js');
    unwrap(f.sim.createTimer(10, () => void wall.push('steady'), { clock: new Clock('steady') }));
    await f.executor.spinFor(60);
    expect(wall).toContain('wall');
    expect(wall).toContain('steady');
    await f.executor.shutdown();
  });
});
