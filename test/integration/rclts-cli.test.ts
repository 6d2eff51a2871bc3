// The ros2-style `rclts` command against rclts entities on the shared router, each command in
// its own OS process: node/topic/service list and info, echo, hz, pub and service call.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Executor, type Node, QoS } from '../../src/index.js';
import { readPackage } from '../../src/interface-compiler/load-files.js';
import { geometry_msgs, sensor_msgs, std_msgs, std_srvs } from '../../src/rclcpp/interfaces/generated/index.js';
import type { MessageClass } from '../../src/rclcpp/interfaces/runtime/index.js';
import { generateFixture } from '../support/generate-fixture.js';

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
  const latched = node.createPublisher(std_msgs.msg.String, 'latched', QoS.default().transientLocal());
  if (!latched.ok) throw new Error(latched.error.message);
  latched.value.publish({ data: 'published before echo started' });
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

  it('echo --qos-durability transient_local gets a sample published before it started; --field prints one field', async () => {
    const late = await onRouter(
      'topic',
      'echo',
      `${NS}/latched`,
      'std_msgs/msg/String',
      '--qos-durability',
      'transient_local',
      '--field',
      'data',
      '--once',
      '--timeout-ms',
      '20000',
    );
    expect(late.err).toBe('');
    expect(late.code).toBe(0);
    expect(late.out).toBe('published before echo started\n---\n');
    // The default (volatile) subscription does not ask for the publisher's history.
    const volatile = await onRouter(
      'topic',
      'echo',
      `${NS}/latched`,
      'std_msgs/msg/String',
      '--once',
      '--timeout-ms',
      '3000',
    );
    expect(volatile.code).toBe(1);
    expect(volatile.err).toContain('no message on');
    const bad = await onRouter('topic', 'echo', `${NS}/latched`, 'std_msgs/msg/String', '--field', 'text');
    expect(bad.code).toBe(2);
    // a usage error: what was wrong, then the usage of the command (src/cli/usage.ts)
    expect(bad.err).toMatch(
      /^rclts: --field text: std_msgs\/msg\/String has no field 'text' \(fields: data\)\nusage: rclts topic list .*\(rclts --help: every command\)\n$/,
    );
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

  it('topic echo reports a sample that does not decode as the decode error, naming topic and type', async () => {
    // String's name and hash (so the sample reaches the subscription), bytes that are no String:
    // a length of 0x7fffffff with nothing behind it.
    const garbage = new Uint8Array([0, 1, 0, 0, 0xff, 0xff, 0xff, 0x7f]);
    const Broken = {
      typeName: std_msgs.msg.String.typeName,
      typeHash: std_msgs.msg.String.typeHash,
      encode: () => garbage,
      decode: (bytes: Uint8Array) => std_msgs.msg.String.decode(bytes),
    };
    const pub = node.createPublisher(Broken, 'broken');
    if (!pub.ok) throw new Error(pub.error.message);
    const timer = node.createWallTimer(50, () => {
      pub.value.publish({ data: '' });
    });
    const echo = await onRouter(
      'topic',
      'echo',
      `${NS}/broken`,
      'std_msgs/msg/String',
      '--once',
      '--timeout-ms',
      '4000',
    );
    if (timer.ok) timer.value.cancel();
    expect(echo.code).toBe(1);
    expect(echo.out).toBe('');
    expect(echo.err).toContain(`cannot decode std_msgs/msg/String (subscription '${NS}/broken')`);
    expect(echo.err).toContain('did not decode as std_msgs/msg/String');
    expect(echo.err).not.toContain('no message');
  }, 60_000);

  it('echoes and publishes a type of the user’s own package (--interfaces), made from its definition', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rclts-cli-pkg-')), 'my_robot_msgs');
    mkdirSync(join(dir, 'msg'), { recursive: true });
    writeFileSync(
      join(dir, 'msg', 'Status.msg'),
      'uint8 MODE_DRIVE=1\nuint8 mode\nstring<=16 label\ngeometry_msgs/Point[] path\nint64 ticks\n',
    );
    // the test's side uses generated code; the command makes its types from the definitions
    const { dir: gen } = generateFixture(readPackage(dir));
    const mod = (await import(pathToFileURL(join(gen, 'my_robot_msgs', 'index.ts')).href)) as {
      msg: { Status: MessageClass<Record<string, unknown>> };
    };
    const Status = mod.msg.Status;
    const got: Record<string, unknown>[] = [];
    node.createSubscription(Status, 'status_in', (m) => got.push(m));
    const pub = node.createPublisher(Status, 'status_out');
    if (!pub.ok) throw new Error(pub.error.message);
    const timer = node.createWallTimer(50, () => {
      pub.value.publish(
        Status.create({ mode: 1, label: 'go', path: [{ x: 1, y: 2, z: 3 }], ticks: 9007199254740993n } as never),
      );
    });
    const echo = await onRouter(
      'topic',
      'echo',
      `${NS}/status_out`,
      '--once',
      '--timeout-ms',
      '20000',
      '--interfaces',
      dir,
    );
    if (timer.ok) timer.value.cancel();
    expect(echo.code).toBe(0);
    expect(echo.out).toBe('mode: 1\nlabel: go\npath:\n- x: 1.0\n  y: 2.0\n  z: 3.0\nticks: 9007199254740993\n---\n');
    const sent = await onRouter(
      'topic',
      'pub',
      `${NS}/status_in`,
      'my_robot_msgs/msg/Status',
      '{mode: 1, label: hi, ticks: 9007199254740993}',
      '--times',
      '3',
      '--rate',
      '5',
      '--interfaces',
      dir,
    );
    expect(sent.code).toBe(0);
    expect(got[0]).toEqual({ mode: 1, label: 'hi', path: [], ticks: 9007199254740993n });
    const over = await onRouter(
      'topic',
      'pub',
      `${NS}/status_in`,
      'my_robot_msgs/msg/Status',
      '{label: a label longer than 16}',
      '--once',
      '--wait-ms',
      '0',
      '--interfaces',
      dir,
    );
    expect(over.code).toBe(2);
    expect(over.err).toContain('my_robot_msgs/msg/Status.label is 22 bytes long, over its bound of 16');
  }, 120_000);
});
