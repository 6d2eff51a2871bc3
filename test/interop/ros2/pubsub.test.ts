// Topics between rclts and rclpy on rmw_zenoh_cpp, both ways, in both topologies: std_msgs/String,
// sensor_msgs/JointState and a 2.7 MB sensor_msgs/Image, reliable and best effort; namespaced
// nodes with relative and absolute names. The publisher repeats until the other side has what
// it waits for (discovery takes a moment), so no check depends on a sleep.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessageType, type Node, QoS } from '../../../src/index.js';
import { sensor_msgs, std_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';
import { fromPeerJson, toPeerJson } from './peer-json.js';
import { structs } from './structs.js';

const IMAGE = { width: 1280, height: 720 }; // rgb8: 2 764 800 bytes
const imageBytes = (): Uint8Array => {
  const n = IMAGE.width * IMAGE.height * 3;
  const data = new Uint8Array(n);
  for (let i = 0; i < n; i++) data[i] = (i * 31 + 7) & 0xff;
  return data;
};
const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

const joints = sensor_msgs.msg.JointState.create({
  header: { stamp: { sec: 17, nanosec: 42 }, frame_id: 'base_link' },
  name: ['shoulder', 'élbow', '肘'],
  position: [0.5, -1.25, Math.PI],
  velocity: [0, 2, -0],
  effort: [1e-300, Number.MAX_VALUE, -7.5],
});
const image = sensor_msgs.msg.Image.create({
  header: { stamp: { sec: 1, nanosec: 2 }, frame_id: 'camera' },
  ...IMAGE,
  encoding: 'rgb8',
  step: IMAGE.width * 3,
  data: imageBytes(),
});

interface Case<M> {
  readonly what: string;
  readonly type: MessageType<M> & { typeName: string };
  readonly msg: M;
}
const CASES = [
  { what: 'std_msgs/String', type: std_msgs.msg.String, msg: { data: 'hello, wörld ✓' } },
  { what: 'sensor_msgs/JointState', type: sensor_msgs.msg.JointState, msg: joints },
  { what: 'a 2.7 MB sensor_msgs/Image', type: sensor_msgs.msg.Image, msg: image },
] as unknown as Case<Record<string, unknown>>[];
const QOS = [
  { name: 'reliable', ts: QoS.default(), py: { reliability: 'reliable' } },
  { name: 'best effort', ts: QoS.default().bestEffort(), py: { reliability: 'best_effort' } },
];

/** The message as decode() gives it, a large byte array as its digest (as the peer reports it). */
function comparable(c: Case<Record<string, unknown>>, msg: Record<string, unknown>): Record<string, unknown> {
  const m = { ...c.type.decode(c.type.encode(msg)) };
  if (c.type.typeName === 'sensor_msgs/msg/Image') {
    const d = m.data as Uint8Array;
    m.data = { $sha256: sha256(d), length: d.length };
  }
  return m;
}

/** The message as peer JSON for the peer to publish; the image's bytes as the rule that makes them. */
function toPeer(c: Case<Record<string, unknown>>): Record<string, unknown> {
  const json = toPeerJson(c.msg, c.type.typeName, structs);
  if (c.type.typeName === 'sensor_msgs/msg/Image')
    json.data = { $fill: { length: IMAGE.width * IMAGE.height * 3, mul: 31, add: 7 } };
  return json;
}

let n = 0;
const topicName = (c: Case<Record<string, unknown>>): string =>
  `interop_${c.type.typeName.split('/')[2]!.toLowerCase()}_${++n}`;

describeRos2('pub/sub between rclts and rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer();
      await peer.must('node', { name: 'rclpy_side' });
      const made = world.executor.createNode('rclts_side');
      if (!made.ok) throw new Error(made.error.message);
      node = made.value;
    }, 60_000);
    afterAll(async () => {
      await world?.stop();
    });

    for (const q of QOS)
      for (const c of CASES) {
        it(`rclts publishes ${c.what} (${q.name}); rclpy receives it field for field`, async () => {
          const topic = `/${topicName(c)}`;
          const sub = await peer.must('subscription', { topic, type: c.type.typeName, qos: q.py, digestOver: 1024 });
          const pub = node.createPublisher(c.type, topic, q.ts);
          if (!pub.ok) throw new Error(pub.error.message);
          const timer = node.createWallTimer(c.type.typeName === 'sensor_msgs/msg/Image' ? 200 : 50, () => {
            pub.value.publish(c.msg);
          });
          const got = await world.spinWhile(peer.ask('take', { handle: sub.handle, count: 2, budgetMs: 20_000 }));
          if (timer.ok) timer.value.cancel();
          pub.value.destroy();
          expect(got.error).toBeUndefined();
          const first = (got.messages as Record<string, never>[])[0]!;
          expect(fromPeerJson(first, c.type.typeName, structs)).toEqual(comparable(c, c.msg));
        }, 40_000);

        it(`rclpy publishes ${c.what} (${q.name}); rclts receives it field for field`, async () => {
          const topic = `/${topicName(c)}`;
          const got: Record<string, unknown>[] = [];
          const sub = node.createSubscription(c.type, topic, (m) => void got.push(m), q.ts);
          if (!sub.ok) throw new Error(sub.error.message);
          const pub = await peer.must('publisher', { topic, type: c.type.typeName, qos: q.py });
          const periodMs = c.type.typeName === 'sensor_msgs/msg/Image' ? 200 : 50;
          const t0 = performance.now();
          const publishing = peer.ask('publish', { handle: pub.handle, msg: toPeer(c), count: 100, periodMs });
          const arrived = await world.spinUntil(() => got.length >= 2, 20_000);
          if (c.type.typeName === 'sensor_msgs/msg/Image')
            console.log(`${kind}: rclpy's 2.7 MB Image x2 reached rclts in ${(performance.now() - t0).toFixed(0)} ms`);
          await peer.must('stop', { handle: pub.handle });
          await publishing;
          await peer.must('destroy', { handle: pub.handle });
          sub.value.reset();
          expect(arrived, `${got.length} of 2 messages within 20000 ms`).toBe(true);
          expect(comparable(c, got[0]!)).toEqual(comparable(c, c.msg));
        }, 40_000);
      }

    it('namespaced nodes: relative names resolve in each node’s namespace, both ways', async () => {
      await peer.must('node', { name: 'ns_talker', namespace: '/py_ns/deeper' });
      const made = world.executor.createNode('ns_listener', { namespace: '/ts_ns' });
      if (!made.ok) throw new Error(made.error.message);
      const tsNode = made.value;
      // rclpy publishes `chatter` in /py_ns/deeper; rclts subscribes to the absolute name.
      const got: { data: string }[] = [];
      const sub = tsNode.createSubscription(std_msgs.msg.String, '/py_ns/deeper/chatter', (m) => void got.push(m));
      if (!sub.ok) throw new Error(sub.error.message);
      const pub = await peer.must('publisher', { node: 'ns_talker', topic: 'chatter', type: 'std_msgs/msg/String' });
      const publishing = peer.ask('publish', {
        handle: pub.handle,
        msg: { data: 'from py_ns' },
        count: 400,
        periodMs: 50,
      });
      expect(await world.spinUntil(() => got.length > 0, 20_000)).toBe(true);
      await peer.must('stop', { handle: pub.handle });
      await publishing;
      expect(got[0]).toEqual({ data: 'from py_ns' });
      // rclts publishes `~/status` (private) in /ts_ns; rclpy subscribes to the absolute name.
      const back = await peer.must('subscription', {
        node: 'ns_talker',
        topic: '/ts_ns/ns_listener/status',
        type: 'std_msgs/msg/String',
      });
      const tsPub = tsNode.createPublisher(std_msgs.msg.String, '~/status');
      if (!tsPub.ok) throw new Error(tsPub.error.message);
      expect(tsPub.value.getTopicName()).toBe('/ts_ns/ns_listener/status');
      const timer = tsNode.createWallTimer(50, () => void tsPub.value.publish({ data: 'from ts_ns' }));
      const taken = await world.spinWhile(peer.must('take', { handle: back.handle, count: 1, budgetMs: 20_000 }));
      if (timer.ok) timer.value.cancel();
      expect(taken.messages).toEqual([{ data: 'from ts_ns' }]);
    }, 60_000);
  });
});
