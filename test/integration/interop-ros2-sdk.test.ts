// Interop with an independent ROS 2-over-zenoh peer that nobody here wrote: zenoh-ros2-sdk
// (Python; rmw_zenoh's keys, liveliness tokens and attachments, CDR and RIHS01 hashes through
// rosbags), on a router of this file's own. Topics of sensor_msgs/JointState and
// nav_msgs/Odometry and the std_srvs/SetBool service, both ways.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { Executor, type Node } from '../../src/index.js';
import { nav_msgs, sensor_msgs, std_srvs } from '../../src/rclcpp/interfaces/generated/index.js';
import { ensurePeer, type PeerRun, runPeer } from '../support/ros2-sdk-peer.js';

let router: RunningRouter;
let python: string;
let executor: Executor;
let node: Node;
const ns = `/interop_${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  python = ensurePeer();
  router = await startRouter({ binary: inject('routerBinary') });
  const created = await Executor.create({ router: router.locator });
  if (!created.ok) throw new Error(created.error.message);
  executor = created.value;
  const made = executor.createNode('rclts_side');
  if (!made.ok) throw new Error(made.error.message);
  node = made.value;
}, 600_000);

afterAll(async () => {
  await executor?.shutdown();
  await router?.stop();
});

const port = () => String(router.tcpPort);

/** Spins until `done` or the budget, so that rclts handlers run while the peer works. */
async function spinUntil(done: () => boolean, budgetMs: number): Promise<void> {
  const end = Date.now() + budgetMs;
  while (!done() && Date.now() < end) await executor.spinFor(50);
}

async function finished(run: PeerRun, budgetMs: number): Promise<number | null | 'still running'> {
  let exit: number | null | 'still running' = 'still running';
  void run.exited.then((c) => {
    exit = c;
  });
  await spinUntil(() => exit !== 'still running', budgetMs);
  if (exit === 'still running') run.kill();
  return exit;
}

const joints = sensor_msgs.msg.JointState.create({
  header: { stamp: { sec: 17, nanosec: 42 }, frame_id: 'base_link' },
  name: ['shoulder', 'élbow'],
  position: [0.5, -1.25],
  velocity: [0, 2],
  effort: [],
});

describe('interop with zenoh-ros2-sdk (an independent rmw_zenoh-compatible peer)', () => {
  it('rclts publishes sensor_msgs/JointState and nav_msgs/Odometry; the peer receives them intact', async () => {
    const odom = nav_msgs.msg.Odometry.create({
      header: { frame_id: 'odom' },
      child_frame_id: 'base_link',
      pose: {
        pose: { position: { x: 1, y: 2, z: 0 }, orientation: { w: 1 } },
        covariance: Array.from({ length: 36 }, (_, i) => i / 4),
      },
      twist: { twist: { linear: { x: 0.5 }, angular: { z: -0.1 } } },
    });
    const jointPub = node.createPublisher(sensor_msgs.msg.JointState, `${ns}/joints`);
    const odomPub = node.createPublisher(nav_msgs.msg.Odometry, `${ns}/odom`);
    if (!jointPub.ok || !odomPub.ok) throw new Error('publishers');
    const jointPeer = runPeer(python, 'sub', port(), `${ns}/joints`, 'sensor_msgs/msg/JointState', '2');
    const odomPeer = runPeer(python, 'sub', port(), `${ns}/odom`, 'nav_msgs/msg/Odometry', '1');
    expect(await jointPeer.ready).toBe(true);
    expect(await odomPeer.ready).toBe(true);
    const timer = node.createWallTimer(100, () => {
      jointPub.value.publish(joints);
      odomPub.value.publish(odom);
    });
    expect(await finished(jointPeer, 60_000)).toBe(0);
    expect(await finished(odomPeer, 60_000)).toBe(0);
    if (timer.ok) timer.value.cancel();
    expect(JSON.parse(jointPeer.lines[0]!)).toEqual({
      header: { stamp: { sec: 17, nanosec: 42 }, frame_id: 'base_link' },
      name: ['shoulder', 'élbow'],
      position: [0.5, -1.25],
      velocity: [0, 2],
      effort: [],
    });
    const got = JSON.parse(odomPeer.lines[0]!);
    expect(got.child_frame_id).toBe('base_link');
    expect(got.pose.pose.position).toEqual({ x: 1, y: 2, z: 0 });
    expect(got.pose.covariance).toEqual(Array.from({ length: 36 }, (_, i) => i / 4));
    expect(got.twist.twist.angular.z).toBe(-0.1);
  }, 180_000);

  it('the peer publishes sensor_msgs/JointState; rclts decodes it', async () => {
    const got: sensor_msgs.msg.JointState[] = [];
    const sub = node.createSubscription(sensor_msgs.msg.JointState, `${ns}/from_peer`, (m) => got.push(m));
    if (!sub.ok) throw new Error(sub.error.message);
    const json = JSON.stringify({ ...joints, position: [0.5, -1.25], velocity: [0, 2], effort: [] });
    const peer = runPeer(python, 'pub', port(), `${ns}/from_peer`, 'sensor_msgs/msg/JointState', json, '30');
    await spinUntil(() => got.length > 0, 60_000);
    peer.kill();
    expect(got[0]).toEqual({
      ...joints,
      position: Float64Array.of(0.5, -1.25),
      velocity: Float64Array.of(0, 2),
      effort: new Float64Array(0),
    });
  }, 180_000);

  it('rclts calls the peer’s std_srvs/SetBool service', async () => {
    const peer = runPeer(python, 'server', port(), `${ns}/peer_enable`, 'std_srvs/srv/SetBool');
    expect(await peer.ready).toBe(true);
    const client = node.createPollClient(std_srvs.srv.SetBool, `${ns}/peer_enable`);
    if (!client.ok) throw new Error(client.error.message);
    expect((await client.value.waitForService(30_000)).ok).toBe(true);
    const reply = await client.value.call({ data: true }, 30_000);
    peer.kill();
    expect(reply).toEqual({ ok: true, value: { success: true, message: 'peer:true' } });
  }, 180_000);

  it('the peer calls rclts’s std_srvs/SetBool service', async () => {
    const server = node.createService(std_srvs.srv.SetBool, `${ns}/ts_enable`, (req) => ({
      success: !req.data,
      message: `ts:${req.data}`,
    }));
    if (!server.ok) throw new Error(server.error.message);
    const peer = runPeer(python, 'call', port(), `${ns}/ts_enable`, 'std_srvs/srv/SetBool', '{"data": false}');
    expect(await finished(peer, 60_000)).toBe(0);
    expect(JSON.parse(peer.lines[0]!)).toEqual({ success: true, message: 'ts:false' });
  }, 180_000);
});
