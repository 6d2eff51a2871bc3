// The ros2-style `rclts` command against rclts entities on the shared router, each command in
// its own OS process: node/topic/service list and info, echo, hz, pub and service call.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Executor, type Node } from '../../src/index.js';
import { geometry_msgs, sensor_msgs, std_srvs } from '../../src/rclcpp/interfaces/generated/index.js';

const BIN = join(import.meta.dirname, '../../bin/rclts.mjs');
const NS = `/cli_${randomBytes(3).toString('hex')}`;
let executor: Executor;
let node: Node;
let spinning: Promise<unknown>;
const twists: geometry_msgs.msg.Twist[] = [];

function rclts(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 60_000 }, (error, out, err) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out, err }),
    );
  });
}
const onRouter = (...args: string[]) => rclts(...args, '--router', inject('zenohLocator'));

beforeAll(async () => {
  const created = await Executor.create({ router: inject('zenohLocator') });
  if (!created.ok) throw new Error(created.error.message);
  executor = created.value;
  const made = executor.createNode('talker', { namespace: NS });
  if (!made.ok) throw new Error(made.error.message);
  node = made.value;
  const pub = node.createPublisher(sensor_msgs.msg.JointState, 'joint_states');
  if (!pub.ok) throw new Error(pub.error.message);
  let k = 0;
  node.createWallTimer(50, () => {
    pub.value.publish(sensor_msgs.msg.JointState.create({ name: ['j1', 'j2'], position: [k++, 0.5] }));
  });
  node.createSubscription(geometry_msgs.msg.Twist, 'cmd_vel', (m) => twists.push(m));
  node.createService(std_srvs.srv.SetBool, 'enable', (req) => ({
    success: req.data,
    message: req.data ? 'on' : 'off',
  }));
  spinning = executor.spin();
}, 60_000);

afterAll(async () => {
  executor.cancel();
  await spinning;
  await executor.shutdown();
});

describe('rclts (ros2-style command line) through the router', () => {
  it('lists nodes, topics with types, and a topic’s publishers', async () => {
    const nodes = await onRouter('node', 'list');
    expect(nodes.code).toBe(0);
    expect(nodes.out.split('\n')).toContain(`${NS}/talker`);
    const topics = await onRouter('topic', 'list', '-t');
    expect(topics.out.split('\n')).toContain(`${NS}/joint_states [sensor_msgs/msg/JointState]`);
    const info = await onRouter('topic', 'info', `${NS}/joint_states`);
    expect(info.out).toBe('Type: sensor_msgs/msg/JointState\nPublisher count: 1\nSubscription count: 0\n');
    const nodeInfo = await onRouter('node', 'info', `${NS}/talker`);
    expect(nodeInfo.out).toContain(`    ${NS}/joint_states: sensor_msgs/msg/JointState\n`);
    expect(nodeInfo.out).toContain(`    ${NS}/enable: std_srvs/srv/SetBool\n`);
  }, 120_000);

  it('echoes a message as YAML, the type found from the graph, and measures the rate', async () => {
    const echo = await onRouter('topic', 'echo', `${NS}/joint_states`, '--once', '--timeout-ms', '20000');
    expect(echo.code).toBe(0);
    expect(echo.out).toMatch(
      /^header:\n {2}stamp:\n {4}sec: 0\n {4}nanosec: 0\n {2}frame_id: ''\nname:\n- j1\n- j2\nposition:\n- \d+\.0\n- 0\.5\nvelocity: \[\]\neffort: \[\]\n---\n$/,
    );
    const hz = await onRouter('topic', 'hz', `${NS}/joint_states`, '--count', '6', '--timeout-ms', '20000');
    expect(hz.code).toBe(0);
    expect(hz.out).toMatch(/average rate: \d+\.\d{3}\n\tmin: /);
  }, 120_000);

  it('publishes the value syntax ros2 users type', async () => {
    const pub = await onRouter(
      'topic',
      'pub',
      `${NS}/cmd_vel`,
      'geometry_msgs/msg/Twist',
      '{linear: {x: 1.5}, angular: {z: -0.25}}',
      '--times',
      '3',
      '--rate',
      '5',
    );
    expect(pub.code).toBe(0);
    expect(twists.length).toBeGreaterThan(0);
    expect(twists[0]).toEqual({ linear: { x: 1.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: -0.25 } });
  }, 120_000);

  it('lists services and calls one', async () => {
    const list = await onRouter('service', 'list', '-t');
    expect(list.out.split('\n')).toContain(`${NS}/enable [std_srvs/srv/SetBool]`);
    expect((await onRouter('service', 'type', `${NS}/enable`)).out).toBe('std_srvs/srv/SetBool\n');
    const call = await onRouter('service', 'call', `${NS}/enable`, 'std_srvs/srv/SetBool', '{data: true}');
    expect(call.code).toBe(0);
    expect(call.out).toContain('response:\nsuccess: true\nmessage: on\n');
  }, 120_000);

  it('refuses a bad value with exit 2 and names the field', async () => {
    const bad = await onRouter(
      'topic',
      'pub',
      `${NS}/cmd_vel`,
      'geometry_msgs/msg/Twist',
      '{linear: {w: 1}}',
      '--once',
      '--wait-ms',
      '0',
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("geometry_msgs/msg/Vector3 has no field 'w' (fields: x, y, z)");
  }, 60_000);
});
