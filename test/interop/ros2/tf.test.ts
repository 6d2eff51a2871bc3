/**
 * tf2 against real rclpy on rmw_zenoh_cpp, in both topologies (rclpy has no tf2_ros here: its
 * TFMessages are published by hand with tf2_ros's QoS, /tf reliable volatile keep last 100,
 * /tf_static reliable transient local keep last 1):
 * - rclpy's tree map -> odom (static) -> base_link -> laser (dynamic, stamps 100 s and 101 s)
 *   looked up in rclts's tf2.Buffer filled by a tf2.TransformListener at 100.5 s, against the
 *   transform worked out by hand (linear translation, slerp of a quarter turn);
 * - rclts's TransformBroadcaster and StaticTransformBroadcaster received by rclpy subscriptions
 *   with the same QoS, each transform equal to what rclts sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Node, Result, tf2 } from '../../../src/index.js';
import type { TransformStamped } from '../../../src/rclcpp/interfaces/generated/geometry_msgs/codec.js';
import { describeExtra, extraPeer } from './extra-interfaces.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';

const TF = 'tf2_msgs/msg/TFMessage';
const DYNAMIC_QOS = { reliability: 'reliable', durability: 'volatile', depth: 100 };
const STATIC_QOS = { reliability: 'reliable', durability: 'transient_local', depth: 1 };

const yaw = (a: number) => ({ x: 0, y: 0, z: Math.sin(a / 2), w: Math.cos(a / 2) });
const stamped = (
  parent: string,
  child: string,
  sec: number,
  t: { x: number; y: number; z: number },
  r: { x: number; y: number; z: number; w: number },
): TransformStamped => ({
  header: { stamp: { sec, nanosec: 0 }, frame_id: parent },
  child_frame_id: child,
  transform: { translation: t, rotation: r },
});

describeRos2('tf2 with rclpy on rmw_zenoh_cpp', () => {
  describeExtra('tf2 trees both ways', () => {
    describe.each(TOPOLOGIES)('$title', ({ kind }) => {
      let world: World;
      let peer: RclpyPeer;
      let node: Node;

      beforeAll(async () => {
        world = await startWorld(kind);
        peer = await extraPeer(world);
        await peer.must('node', { name: 'rclpy_tf' });
        node = Result.expect(world.executor.createNode('rclts_tf'), 'the rclts node');
      }, 60_000);
      afterAll(async () => {
        peer?.kill();
        await world?.stop();
      });

      it("rclts looks up rclpy's 3-level tf tree at an interpolated time", async () => {
        const statics = await peer.must('publisher', { topic: '/tf_static', type: TF, qos: STATIC_QOS });
        const dynamic = await peer.must('publisher', { topic: '/tf', type: TF, qos: DYNAMIC_QOS });
        const mapOdom = stamped('map', 'odom', 0, { x: 1, y: 0, z: 0 }, yaw(0));
        await peer.must('publish', { handle: statics.handle, msg: { transforms: [mapOdom] } });
        const tree = [
          stamped('odom', 'base_link', 100, { x: 0, y: 0, z: 0 }, yaw(0)),
          stamped('base_link', 'laser', 100, { x: 0.5, y: 0, z: 0.2 }, yaw(0)),
          stamped('odom', 'base_link', 101, { x: 2, y: 0, z: 0 }, yaw(Math.PI / 2)),
          stamped('base_link', 'laser', 101, { x: 0.5, y: 0, z: 0.2 }, yaw(0)),
        ];
        // Volatile: published until the listener has it (a repeated stamp is refused, as tf2 does).
        const sending = peer.ask('publish', {
          handle: dynamic.handle,
          msg: { transforms: tree },
          count: 200,
          periodMs: 50,
        });
        const buffer = Result.expect(tf2.Buffer.create(), 'the buffer');
        const listener = Result.expect(tf2.TransformListener.create(node, buffer), 'the listener');
        const got = await buffer.waitForTransform('map', 'laser', { sec: 100, nanosec: 500_000_000 }, 20_000);
        await peer.must('stop', { handle: dynamic.handle });
        await world.spinWhile(sending);
        listener.destroy();
        if (!got.ok) throw new Error(got.error.message);
        const t = got.value;
        expect(t.header.frame_id).toBe('map');
        expect(t.child_frame_id).toBe('laser');
        expect(t.header.stamp).toEqual({ sec: 100, nanosec: 500_000_000 });
        // map->odom (1,0,0); odom->base_link halfway: (1,0,0) and an eighth turn; then (0.5,0,0.2).
        const c = Math.cos(Math.PI / 4);
        const expected = { x: 2 + 0.5 * c, y: 0.5 * c, z: 0.2 };
        for (const k of ['x', 'y', 'z'] as const) expect(t.transform.translation[k]).toBeCloseTo(expected[k], 9);
        const q = yaw(Math.PI / 4);
        for (const k of ['x', 'y', 'z', 'w'] as const) expect(t.transform.rotation[k]).toBeCloseTo(q[k], 9);
      }, 60_000);

      it("rclpy receives rclts's broadcasters' transforms equal to what was sent", async () => {
        const staticSub = await peer.must('subscription', { topic: '/tf_static', type: TF, qos: STATIC_QOS });
        const dynamicSub = await peer.must('subscription', { topic: '/tf', type: TF, qos: DYNAMIC_QOS });
        const statics = [
          stamped('world', 'camera', 5, { x: 0.1, y: -0.2, z: 1.5 }, yaw(0.3)),
          stamped('world', 'imu', 5, { x: 0, y: 0.25, z: 0.75 }, { x: 0.5, y: 0.5, z: 0.5, w: 0.5 }),
        ];
        const broadcaster = Result.expect(tf2.StaticTransformBroadcaster.create(node), 'the static broadcaster');
        Result.expect(broadcaster.sendTransform(statics), 'static transforms');
        const moving = stamped('world', 'robot', 7, { x: 3.25, y: 1.5, z: 0.125 }, yaw(-1.2));
        const dynamic = Result.expect(tf2.TransformBroadcaster.create(node), 'the broadcaster');
        const taken = peer.ask('take', { handle: dynamicSub.handle, budgetMs: 20_000 });
        let done = false;
        void taken.finally(() => {
          done = true;
        });
        while (!done) {
          Result.expect(dynamic.sendTransform(moving), 'a dynamic transform');
          await world.spinUntil(() => done, 100);
        }
        const fromTf = await taken;
        expect(fromTf.error).toBeUndefined();
        const first = (fromTf.messages as { transforms: unknown[] }[])[0];
        expect(first?.transforms).toEqual([moving]);
        const fromStatic = await world.spinWhile(peer.ask('take', { handle: staticSub.handle, budgetMs: 20_000 }));
        expect(fromStatic.error).toBeUndefined();
        const all = (fromStatic.messages as { transforms: unknown[] }[]).at(-1)?.transforms ?? [];
        const byChild = (a: unknown, b: unknown) =>
          String((a as TransformStamped).child_frame_id).localeCompare(String((b as TransformStamped).child_frame_id));
        expect([...all].sort(byChild)).toEqual([...statics].sort(byChild));
        broadcaster.destroy();
        dynamic.destroy();
      }, 60_000);
    });
  });
});
