/**
 * Sim time over the real router: a node with use_sim_time on one executor runs its ros-clock
 * timer from the /clock another executor's node publishes through zenoh (best effort, keep
 * last 1), and only as that clock advances. /clock is remapped to a name of this test so other
 * suites on the shared router cannot drive it.
 */
import { describe, expect, it } from 'vitest';
import { Executor, QoS, Result } from '../../src/index.js';
import { rosgraph_msgs } from '../../src/rclcpp/interfaces/generated/index.js';
import { sharedLocator, uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

describe('sim time from /clock over the router', () => {
  it('a ros-clock timer fires as the remote /clock advances, not before', { timeout: 60_000 }, async () => {
    const topic = `/${uniquePrefix('sim_clock')}/clock`;
    const simExecutor = Result.expect(await Executor.create({ router: sharedLocator() }), 'sim executor');
    const playerExecutor = Result.expect(await Executor.create({ router: sharedLocator() }), 'player executor');
    try {
      const sim = Result.expect(
        simExecutor.createNode('sim', {
          arguments: ['--ros-args', '-p', 'use_sim_time:=true', '-r', `/clock:=${topic}`],
        }),
        'sim node',
      );
      const player = Result.expect(playerExecutor.createNode('player'), 'player node');
      const clock = Result.expect(player.createPublisher(rosgraph_msgs.msg.Clock, topic, QoS.clock()), 'clock pub');
      const fired: bigint[] = [];
      Result.expect(
        sim.createTimer(100, () => void fired.push(sim.now().nanoseconds / 1_000_000n)),
        'timer',
      );
      const simMs = () => sim.now().nanoseconds / 1_000_000n;
      /** Publishes `ms` until the sim node reads it (best effort: a sample may be lost), both executors spinning. */
      const advanceTo = async (ms: number) => {
        const sent = await simExecutor.spinUntil(
          () => {
            clock.publish({ clock: { sec: Math.floor(ms / 1000), nanosec: (ms % 1000) * 1_000_000 } });
            playerExecutor.spinSome();
            return simMs() === BigInt(ms);
          },
          10_000,
          `sim time ${ms} ms`,
        );
        Result.expect(sent, `sim time reaches ${ms} ms`);
        await simExecutor.spinFor(20);
      };
      Result.expect(await simExecutor.spinFor(150), 'spin');
      expect(fired).toEqual([]);
      await advanceTo(60);
      expect(fired).toEqual([]);
      await advanceTo(100);
      expect(fired).toEqual([100n]);
      await advanceTo(180);
      expect(fired).toEqual([100n]);
      await advanceTo(200);
      expect(fired).toEqual([100n, 200n]);
      expect(sim.getClock().isRosTimeActive()).toBe(true);
    } finally {
      await playerExecutor.shutdown();
      await simExecutor.shutdown();
    }
  });
});
