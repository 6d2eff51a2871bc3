/**
 * Bags against real rclpy on rmw_zenoh_cpp, in both topologies:
 * - an rclpy publisher is recorded by an rclts recorder (into an MCAP bag in memory), and the bag
 *   played by an rclts player reaches an rclpy subscription: the same messages, as many, in order;
 * - `rclts bag play --clock` in its own process publishes /clock from a bag on disk, and an rclpy
 *   node started with use_sim_time:=true follows it: its clock reads bag time and its timer fires
 *   on bag-time periods (the bag plays at 4x, so a wall timer would fire 4x less often).
 * The rclpy program is rclpy_peer.py with a `sim_node` and a `sim_read` op (rclpy_bag_peer.py).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPlayer,
  memoryBagFiles,
  type Node,
  nodeBagFiles,
  openBagReader,
  openBagWriter,
  Result,
  startRecording,
  std_msgs,
} from '../../../src/index.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';

const PEER = join(import.meta.dirname, 'rclpy_bag_peer.py');
const BIN = join(import.meta.dirname, '../../../bin/rclts.mjs');
const unwrap = Result.unwrap;

describeRos2('bags with rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer(PEER);
      await peer.must('node', { name: 'rclpy_bag_side' });
      node = unwrap(world.executor.createNode(`rclts_bag_${kind}`));
    }, 60_000);
    afterAll(async () => {
      for (const c of children) c.kill('SIGKILL');
      await world?.stop();
    });

    it('records an rclpy publisher and plays the bag to an rclpy subscription: content and count', async () => {
      const topic = `/bag_interop_${kind}/chatter`;
      const files = memoryBagFiles('interop');
      const writer = unwrap(await openBagWriter({ files }));
      const pub = await peer.must('publisher', { topic, type: 'std_msgs/msg/String' });
      const rec = unwrap(startRecording(node, { writer, topics: [topic], discoveryPeriodMs: 50 }));
      expect(await world.spinUntil(() => rec.stats().topics.length === 1, 20_000), 'the recorder subscribed').toBe(
        true,
      );
      // give rmw_zenoh's publisher the recorder's subscription before publishing
      await world.spinUntil(() => false, 1000);
      const texts = Array.from({ length: 10 }, (_, i) => `rclpy ${kind} ${i}`);
      for (const data of texts) await world.spinWhile(peer.must('publish', { handle: pub.handle, msg: { data } }));
      expect(
        await world.spinUntil(() => rec.stats().messages === 10, 20_000),
        `${rec.stats().messages} of 10 recorded`,
      ).toBe(true);
      const report = unwrap(await rec.stop(10_000));
      expect(report.stats.dropped).toEqual({ queue_overflow: 0, message_lost: 0, write_failed: 0 });
      // the rclpy publisher's QoS (reliable, volatile, keep last 10) is what the bag keeps
      expect(report.metadata.topicsWithMessageCount[0]?.offeredQosProfiles[0]).toMatchObject({
        reliability: 'reliable',
        durability: 'volatile',
        depth: 10,
      });

      const reader = unwrap(await openBagReader({ files }));
      const played = `${topic}_played`;
      const sub = await peer.must('subscription', { topic: played, type: 'std_msgs/msg/String' });
      const player = unwrap(createPlayer(node, { reader, remap: { [topic]: played } }));
      unwrap(await player.ready(5000));
      expect(await world.spinUntil(() => unwrap(node.countSubscribers(played)) >= 1, 20_000)).toBe(true);
      await world.spinUntil(() => false, 500);
      unwrap(player.play());
      expect(await world.spinUntil(() => player.isFinished(), 20_000)).toBe(true);
      const got = await world.spinWhile(peer.must('take', { handle: sub.handle, count: 10, budgetMs: 10_000 }));
      expect((got.messages as { data: string }[]).map((m) => m.data)).toEqual(texts);
      player.stop();
      await reader.close();
    }, 90_000);

    it('rclts bag play --clock drives an rclpy use_sim_time node: its clock and timer follow the bag', async () => {
      const t0 = 1_000_000n * 1_000_000_000n;
      const dir = join(mkdtempSync(join(tmpdir(), 'rclts-bag-interop-')), 'clock_bag');
      const writer = unwrap(await openBagWriter({ files: nodeBagFiles(dir) }));
      unwrap(
        writer.createTopic(
          {
            name: '/bag_clock_marker',
            type: 'std_msgs/msg/String',
            serializationFormat: 'cdr',
            offeredQosProfiles: [],
            typeDescriptionHash: '',
          },
          { encoding: 'unknown', name: 'std_msgs/msg/String', data: '' },
        ),
      );
      // 8 s of bag time, a message every 100 ms
      for (let i = 0; i <= 80; i++) {
        const at = t0 + BigInt(i) * 100_000_000n;
        unwrap(writer.write('/bag_clock_marker', std_msgs.msg.String.encode({ data: `${i}` }), at, at));
      }
      unwrap(await writer.close());

      const name = `rclpy_sim_${kind}`;
      const made = await peer.must('sim_node', { name, periodS: 0.5 });
      expect(made.useSimTime).toBe(true);
      const play = spawn(
        process.execPath,
        [BIN, 'bag', 'play', dir, '--clock', '100', '--rate', '4', '--router', world.locator],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      children.push(play);
      let stderr = '';
      play.stderr.on('data', (c: Buffer) => void (stderr += c.toString()));
      const exited = new Promise<number>((resolve) => play.once('exit', (c) => resolve(c ?? -1)));
      expect(await exited, stderr).toBe(0);
      const read = await peer.must('sim_read', { name });
      const fired = (read.fired as string[]).map(BigInt).filter((ns) => ns >= t0);
      const now = BigInt(read.nowNs as string);
      // the clock stopped near the bag's end (/clock is best effort keep-last 1: a loaded host may miss the last ones)
      expect(now).toBeGreaterThanOrEqual(t0 + 6_000_000_000n);
      expect(now).toBeLessThanOrEqual(t0 + 8_100_000_000n);
      // about one firing per 500 ms of bag time: 8 s of bag time in about 2 s of wall time
      expect(fired.length, `${fired.length} sim-time firings: ${fired.join(', ')}`).toBeGreaterThanOrEqual(8);
      expect(fired.length).toBeLessThanOrEqual(19);
      const gaps = fired.slice(1).map((ns, i) => Number(ns - fired[i]!) / 1e6);
      const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
      expect(mean).toBeGreaterThanOrEqual(350);
      expect(mean).toBeLessThanOrEqual(700);
      console.log(`${kind}: ${fired.length} sim-time firings, mean gap ${mean.toFixed(0)} ms of bag time`);
    }, 120_000);
  });
});
