// QoS and graph events between rclts and rclpy on rmw_zenoh_cpp, in both topologies: an rclpy
// endpoint appearing and leaving fires rclts's matched callbacks (rmw_zenoh's graph cache counts
// the same way), an rclpy publisher of another type on the same name fires incompatibleType, and
// rclpy's get_publishers_info_by_topic shows for an rclts publisher the GID rclts reports for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncompatibleTypeStatus, MatchedInfo, Node } from '../../../src/index.js';
import { std_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { gidToHex } from '../../../src/rmw/wire/gid.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';

const BUDGET_MS = 20_000;

interface EndpointInfo {
  node_name: string;
  endpoint_gid: string;
  topic_type: string;
}

describeRos2('QoS and graph events between rclts and rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;
    const ns = `/ge_${kind}`;

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer();
      await peer.must('node', { name: 'py_events' });
      const made = world.executor.createNode('rclts_events', { namespace: ns });
      if (!made.ok) throw new Error(made.error.message);
      node = made.value;
    }, 120_000);

    afterAll(async () => {
      await world?.stop();
    });

    it('an rclpy subscription appearing and leaving fires the rclts publisher’s matched callback', async () => {
      const seen: MatchedInfo[] = [];
      const pub = node.createPublisher(std_msgs.msg.String, `${ns}/pub_matched`, undefined, {
        events: { matched: (i) => seen.push(i) },
      });
      if (!pub.ok) throw new Error(pub.error.message);
      const sub = await world.spinWhile(
        peer.must('subscription', { node: 'py_events', topic: `${ns}/pub_matched`, type: 'std_msgs/msg/String' }),
      );
      expect(await world.spinUntil(() => seen.at(-1)?.currentCount === 1, BUDGET_MS)).toBe(true);
      expect(seen.at(-1)).toMatchObject({ totalCount: 1, currentCount: 1 });
      expect(pub.value.getSubscriptionCount()).toEqual({ ok: true, value: 1 });
      await world.spinWhile(peer.must('destroy', { handle: sub.handle as string }));
      expect(await world.spinUntil(() => seen.at(-1)?.currentCount === 0, BUDGET_MS)).toBe(true);
      expect(seen.at(-1)).toMatchObject({
        totalCount: 1,
        totalCountChange: 0,
        currentCount: 0,
        currentCountChange: -1,
      });
      pub.value.destroy();
    });

    it('an rclpy publisher fires the rclts subscription’s matched callback; one of another type fires incompatibleType', async () => {
      const matched: MatchedInfo[] = [];
      const incompatible: IncompatibleTypeStatus[] = [];
      const sub = node.createSubscription(std_msgs.msg.String, `${ns}/sub_matched`, () => {}, undefined, {
        events: { matched: (i) => matched.push(i), incompatibleType: (s) => incompatible.push(s) },
      });
      if (!sub.ok) throw new Error(sub.error.message);
      await world.spinWhile(
        peer.must('publisher', { node: 'py_events', topic: `${ns}/sub_matched`, type: 'std_msgs/msg/String' }),
      );
      expect(await world.spinUntil(() => matched.at(-1)?.currentCount === 1, BUDGET_MS)).toBe(true);
      await world.spinWhile(
        peer.must('publisher', { node: 'py_events', topic: `${ns}/sub_matched`, type: 'std_msgs/msg/Int32' }),
      );
      expect(await world.spinUntil(() => incompatible.length > 0, BUDGET_MS)).toBe(true);
      expect(incompatible.at(-1)).toEqual({ totalCount: 1, totalCountChange: 1 });
      expect(matched.at(-1)?.currentCount).toBe(1);
    });

    it('rclpy’s get_publishers_info_by_topic GID equals rclts’s getPublishersInfoByTopic GID, both ways', async () => {
      const topic = `${ns}/gids`;
      const pub = node.createPublisher(std_msgs.msg.String, topic);
      if (!pub.ok) throw new Error(pub.error.message);
      await world.spinWhile(peer.must('publisher', { node: 'py_events', topic, type: 'std_msgs/msg/String' }));
      let theirs: EndpointInfo[] = [];
      const end = Date.now() + BUDGET_MS;
      while (theirs.length < 2 && Date.now() < end) {
        const a = await world.spinWhile(
          peer.must('graph', { node: 'py_events', query: 'get_publishers_info_by_topic', args: [topic] }),
        );
        theirs = a.result as EndpointInfo[];
      }
      expect(
        await world.spinUntil(() => {
          const r = node.getPublishersInfoByTopic(topic);
          return r.ok && r.value.length === 2;
        }, BUDGET_MS),
      ).toBe(true);
      const mine = node.getPublishersInfoByTopic(topic);
      if (!mine.ok) throw new Error(mine.error.message);
      const hexOf = (name: string): string | undefined =>
        mine.value
          .find((e) => e.nodeName === name)
          ?.endpointGid.reduce((s, b) => s + b.toString(16).padStart(2, '0'), '');
      const theirsOf = (name: string): string | undefined =>
        theirs.find((e) => e.node_name === name)?.endpoint_gid.slice(0, 32);
      expect(hexOf('rclts_events')).toMatch(/^[0-9a-f]{32}$/);
      expect(theirsOf('rclts_events')).toBe(hexOf('rclts_events'));
      expect(theirsOf('py_events')).toBe(hexOf('py_events'));
      expect(gidToHex(mine.value[0]!.endpointGid)).toHaveLength(32);
    });
  });
});
