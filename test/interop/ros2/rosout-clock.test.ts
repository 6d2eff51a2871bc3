/**
 * /rosout and /clock against real rclpy on rmw_zenoh_cpp, in both topologies:
 * - an rclts node's log records (info, warn) reach an rclpy subscription of /rosout
 *   (rcl_interfaces/msg/Log; reliable, transient local, keep last 1000) with rcl's level, the
 *   logger's name and the text;
 * - rclpy's own /rosout publisher's records (a warn of node rclpy_logger) reach an rclts
 *   subscription with the same fields;
 * - an rclpy node publishing an advancing rosgraph_msgs/Clock drives an rclts node started with
 *   `use_sim_time:=true`: node.now() follows /clock, and a timer on the ros clock fires on the
 *   sim-time period, not the wall one.
 * The rclpy program is rclpy_peer.py with a `log` and a `clock` op (rclpy_clock_log_peer.py).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogLevel, type Node, QoS, Result } from '../../../src/index.js';
import { rcl_interfaces } from '../../../src/rclcpp/interfaces/generated/index.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';

const PEER = join(import.meta.dirname, 'rclpy_clock_log_peer.py');
const ROSOUT_QOS = { reliability: 'reliable', durability: 'transient_local', depth: 1000 };

interface PeerLog {
  readonly level: number;
  readonly name: string;
  readonly msg: string;
}

describeRos2('/rosout and /clock with rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer(PEER);
      await peer.must('node', { name: 'rclpy_side' });
      node = Result.expect(world.executor.createNode('rclts_logger'), 'the rclts node');
    }, 60_000);
    afterAll(async () => {
      await world?.stop();
    });

    it("an rclts node's info and warn records reach rclpy's /rosout subscription with level, name and msg", async () => {
      const text = `from rclts over ${kind}`;
      const sub = await peer.must('subscription', {
        topic: '/rosout',
        type: 'rcl_interfaces/msg/Log',
        qos: ROSOUT_QOS,
      });
      const logger = node.getLogger();
      logger.info(`${text}: info`);
      logger.getChild('part').warn(`${text}: warn`);
      const seen: PeerLog[] = [];
      const end = Date.now() + 20_000;
      while (seen.filter((m) => m.msg.startsWith(text)).length < 2 && Date.now() < end) {
        const got = await world.spinWhile(peer.ask('take', { handle: sub.handle, count: 1, budgetMs: 2000 }));
        if (got.ok) seen.push(...(got.messages as PeerLog[]));
      }
      const ours = seen.filter((m) => m.msg.startsWith(text));
      expect(ours.map((m) => ({ level: m.level, name: m.name, msg: m.msg }))).toEqual([
        { level: LogLevel.Info, name: 'rclts_logger', msg: `${text}: info` },
        { level: LogLevel.Warn, name: 'rclts_logger.part', msg: `${text}: warn` },
      ]);
      await peer.must('destroy', { handle: sub.handle });
    }, 40_000);

    it("rclpy's own /rosout records reach an rclts subscription with level, name and msg", async () => {
      const text = `from rclpy over ${kind}`;
      await peer.must('node', { name: 'rclpy_logger' });
      const got: rcl_interfaces.msg.Log[] = [];
      const sub = Result.expect(
        node.createSubscription(
          rcl_interfaces.msg.Log,
          '/rosout',
          (m) => {
            if (m.msg.startsWith(text)) got.push(m);
          },
          QoS.rosout(),
        ),
        'the /rosout subscription',
      );
      const logged = await peer.must('log', { node: 'rclpy_logger', level: 'warning', text: `${text}: warn` });
      expect(await world.spinUntil(() => got.length >= 1, 20_000), 'the record within 20000 ms').toBe(true);
      expect(logged.name).toBe('rclpy_logger');
      expect({ level: got[0]?.level, name: got[0]?.name, msg: got[0]?.msg }).toEqual({
        level: LogLevel.Warn,
        name: 'rclpy_logger',
        msg: `${text}: warn`,
      });
      sub.reset();
    }, 40_000);

    it('an rclpy /clock publisher drives an rclts node on use_sim_time: now() follows, ros-clock timers fire on sim periods', async () => {
      const sim = Result.expect(
        world.executor.createNode(`sim_follower_${kind}`, { arguments: ['--ros-args', '-p', 'use_sim_time:=true'] }),
        'the sim-time node',
      );
      expect(sim.getClock().isRosTimeActive()).toBe(true);
      const fired: bigint[] = [];
      // 500 ms of sim time; /clock runs 5x real time below, so a wall timer would fire 5x less often.
      const timer = Result.expect(
        sim.createTimer(500, () => void fired.push(sim.now().nanoseconds)),
        'the timer',
      );
      const startNs = 1_000n * 1_000_000_000n;
      const pub = await peer.must('publisher', { topic: '/clock', type: 'rosgraph_msgs/msg/Clock', qos: { depth: 1 } });
      const clocking = peer.ask('clock', {
        handle: pub.handle,
        startNs: String(startNs),
        stepNs: 50_000_000,
        periodMs: 10,
        count: 3000,
      });
      const t0 = performance.now();
      const enough = await world.spinUntil(() => fired.length >= 5, 25_000);
      const realMs = performance.now() - t0;
      await peer.must('stop', { handle: pub.handle });
      const sent = await clocking;
      timer.cancel();
      expect(enough, `${fired.length} firings within 25000 ms`).toBe(true);
      const now = sim.now();
      expect(now.clockType).toBe('ros');
      expect(now.nanoseconds).toBeGreaterThanOrEqual(startNs);
      expect(now.nanoseconds).toBeLessThanOrEqual(BigInt(String(sent.lastNs)));
      expect(fired.every((ns) => ns >= startNs)).toBe(true);
      // After the first firing (the jump from 0 to 1000 s), one per 500 ms of sim time; each reads
      // now() in its round, at the deadline or a /clock step (50 ms) past it.
      const gaps = fired.slice(1).map((ns, i) => Number(ns - (fired[i] ?? 0n)) / 1e6);
      for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(450);
      for (const gap of gaps.slice(1)) expect(gap).toBeLessThanOrEqual(600);
      console.log(
        `${kind}: ${fired.length} sim-time firings in ${realMs.toFixed(0)} ms real, gaps ${gaps.join(', ')} ms of sim time`,
      );
      sim.destroy();
    }, 60_000);
  });
});
