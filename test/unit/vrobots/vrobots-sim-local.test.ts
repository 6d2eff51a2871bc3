/**
 * Simulator logic on the in-process backend: manager ids, the create probe, per-type
 * segments, receipts, the command latch, malformed payloads and the fault knobs. The
 * client side uses plain rclcpp raw clients, so nothing of the SDK is assumed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Executor, type Node, type ResultOf } from '../../../src/index.js';
import {
  SrvAck,
  SrvReset,
  SrvVRobotCreate,
  SrvVRobotCreated,
  SrvVRobotDelete,
  SrvVRobotSkin,
} from '../../../src/vrobots/messages/service-messages.js';
import { Command, State } from '../../../src/vrobots/messages/topic-messages.js';
import { type Simulator, startSimulator } from '../../../src/vrobots/sim/index.js';
import { RawBytes, RawBytesService } from '../../../src/vrobots/tools/raw-bytes.js';

let client: Executor;
let node: Node;
let sim: Simulator;

async function call(key: string, payload: Uint8Array, budgetMs = 2000): Promise<ResultOf<Uint8Array>> {
  const c = node.createPollClient(RawBytesService, key, { requestBudgetMs: budgetMs });
  if (!c.ok) return c;
  try {
    return await c.value.call(payload, budgetMs);
  } finally {
    c.value.handle.reset();
  }
}

async function ack(key: string, payload: Uint8Array = new Uint8Array(0)) {
  const reply = await call(key, payload);
  if (!reply.ok) throw new Error(`${key}: ${reply.error.message}`);
  return SrvAck.decode(reply.value);
}

async function create(robotType: string, extra: { startActive?: boolean } = {}) {
  const reply = await call(
    'vrobots/manager/z/srv/create',
    SrvVRobotCreate.encode(SrvVRobotCreate.create({ robotType, clientName: 'test', ...extra })),
  );
  if (!reply.ok) throw new Error(reply.error.message);
  return SrvVRobotCreated.decode(reply.value);
}

/** Collects states of one robot while the client executor spins. */
async function statesOf(sysId: number, windowMs: number): Promise<State[]> {
  const got: State[] = [];
  const sub = node.createSubscription(State, `vrobots/${sysId}/z/state`, (s) => got.push(s));
  if (!sub.ok) throw new Error(sub.error.message);
  await client.spinFor(windowMs);
  sub.value.reset();
  return got;
}

async function waitServices(sysId: number): Promise<void> {
  for (let i = 0; i < 100 && !sim.robot(sysId)?.servicesReady; i++) await new Promise((r) => setTimeout(r, 20));
}

beforeEach(async () => {
  const s = await startSimulator({ robots: ['cartpole', 'halfdrone'], serviceDelayMs: 50 });
  if (!s.ok) throw new Error(s.error.message);
  sim = s.value;
  const e = await Executor.create();
  if (!e.ok) throw new Error(e.error.message);
  client = e.value;
  const n = client.createNode('sim_test_client', { naming: 'raw' });
  if (!n.ok) throw new Error(n.error.message);
  node = n.value;
});

afterEach(async () => {
  await client.shutdown();
  await sim.stop();
});

describe('simulator manager (in-process)', () => {
  it('gives scene robots ids from 0, answers the probe without reserving, and continues ids for creates', async () => {
    expect(sim.robots().map((r) => [r.sysId, r.robotType])).toEqual([
      [0, 'cartpole'],
      [1, 'halfdrone'],
    ]);
    const probe = await call('vrobots/manager/z/srv/create', new Uint8Array(0));
    expect(probe.ok).toBe(true);
    const probed = SrvVRobotCreated.decode(probe.ok ? probe.value : new Uint8Array(0));
    expect(probed.ok).toBe(false);
    const a = await create('truck');
    const b = await create('multirotor');
    expect([a.ok, a.sysId, a.robotType]).toEqual([true, 2, 'truck']);
    expect([b.ok, b.sysId]).toEqual([true, 3]);
    expect(sim.counters().requests.get('vrobots/manager/z/srv/create')).toBe(3);
  });

  it('refuses unknown and scene-only types with the catalog, never reuses ids after delete', async () => {
    const unknown = await create('x');
    expect(unknown.ok).toBe(false);
    expect(unknown.message).toBe("unknown type 'x' (known: multirotor, truck, msd, arm)");
    const scene = await create('cartpole');
    expect(scene.ok).toBe(false);
    expect(scene.message).toContain('known: multirotor, truck, msd, arm');
    const a = await create('msd');
    const del = await ack(
      'vrobots/manager/z/srv/delete',
      SrvVRobotDelete.encode(SrvVRobotDelete.create({ sysId: a.sysId })),
    );
    expect(del.ok).toBe(true);
    const again = await ack(
      'vrobots/manager/z/srv/delete',
      SrvVRobotDelete.encode(SrvVRobotDelete.create({ sysId: a.sysId })),
    );
    expect(again).toMatchObject({ ok: false, message: `unknown sys_id ${a.sysId}` });
    const b = await create('msd');
    expect(b.sysId).toBe(a.sysId + 1);
  });

  it('answers the scene frame', async () => {
    expect(await ack('vrobots/scene/z/srv/frame')).toMatchObject({ ok: true, message: 'fru' });
  });
});

describe('simulator robots (in-process)', () => {
  it('publishes state at about 25 Hz with the simulator header and stops after delete', async () => {
    const states = await statesOf(0, 1000);
    expect(states.length).toBeGreaterThan(10);
    expect(states.length).toBeLessThan(40);
    const s = states[states.length - 1] as State;
    expect(s.header).toMatchObject({ srcId: 0, sysId: 0, topicFullName: 'vrobots/0/z/state' });
    expect(s.robotType).toBe('cartpole');
    expect(s.header.seq).toBeGreaterThan(states[0]?.header.seq ?? 0n);
    expect(sim.deleteRobot(0).ok).toBe(true);
    await client.spinFor(100);
    expect(await statesOf(0, 400)).toHaveLength(0);
  });

  it('serves the common segments plus only its own type extra segment, after the delay', async () => {
    await waitServices(0);
    await waitServices(1);
    expect((await ack('vrobots/0/z/srv/cartpole', new Uint8Array(0))).ok).toBe(true);
    const drive = await call('vrobots/0/z/srv/drive', new Uint8Array(0), 300);
    expect(drive.ok).toBe(false);
    const half = await call('vrobots/1/z/srv/cartpole', new Uint8Array(0), 300);
    expect(half.ok).toBe(false);
    for (const seg of ['activate', 'params', 'sensors', 'frames', 'cameras'])
      expect((await ack(`vrobots/1/z/srv/${seg}`)).ok).toBe(true);
  });

  it('activates a dormant robot on a payload-less activate; reads the skin back; refuses unknown skins', async () => {
    const made = await create('truck', { startActive: false });
    expect(sim.robot(made.sysId)?.active).toBe(false);
    await waitServices(made.sysId);
    await ack(`vrobots/${made.sysId}/z/srv/activate`);
    expect(sim.robot(made.sysId)?.active).toBe(true);
    expect(await ack(`vrobots/${made.sysId}/z/srv/skin`)).toMatchObject({ ok: true, message: 'default' });
    const refused = await ack(
      `vrobots/${made.sysId}/z/srv/skin`,
      SrvVRobotSkin.encode(SrvVRobotSkin.create({ skin: 'gold' })),
    );
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain("unknown skin 'gold'");
    await ack(`vrobots/${made.sysId}/z/srv/skin`, SrvVRobotSkin.encode(SrvVRobotSkin.create({ skin: 'red' })));
    expect((await ack(`vrobots/${made.sysId}/z/srv/skin`)).message).toBe('red');
  });

  it('latches commands, echoes them in actuator, ignores malformed and non-finite ones', async () => {
    const made = await create('multirotor');
    const pub = node.createPublisher(RawBytes, `vrobots/${made.sysId}/z/cmd`);
    if (!pub.ok) throw new Error(pub.error.message);
    const pwm = Command.create({
      header: { srcId: 122, seq: 7n },
      id: 300,
      args: { intArr: [1500, 1500, 1500, 1500] },
    });
    pub.value.publishRaw(Command.encode(pwm));
    pub.value.publishRaw(new Uint8Array([0xff, 0xff, 0xff, 0xff]));
    pub.value.publishRaw(Command.encode(Command.create({ id: 200, args: { vec3: { x: Number.NaN, y: 0, z: 0 } } })));
    // Wrong length for a multirotor (4 rotors): ignored, the latched 4-value command stays.
    pub.value.publishRaw(Command.encode(Command.create({ id: 300, args: { intArr: [1200, 1200, 1200] } })));
    const states = await statesOf(made.sysId, 300);
    const last = states[states.length - 1] as State;
    expect(last.actuator.pwm).toEqual([1500, 1500, 1500, 1500]);
    expect(last.actuator).toMatchObject({ lastCmdId: 300, lastCmdSrcId: 122, lastCmdSeq: 7n });
    const c = sim.counters();
    expect(c.malformed.get(`vrobots/${made.sysId}/z/cmd`)).toBe(1);
    expect(c.rejectedCommands.get(`vrobots/${made.sysId}/z/cmd`)).toBe(2);
    expect(c.appliedCommands.get(`vrobots/${made.sysId}/z/cmd`)).toBe(1);
  });

  it('resets on a payload-less reset and counts a malformed service request without answering it', async () => {
    await waitServices(0);
    expect((await ack('vrobots/0/z/srv/reset')).ok).toBe(true);
    expect((await ack('vrobots/0/z/srv/reset', SrvReset.encode(SrvReset.create({})))).ok).toBe(true);
    const bad = await call('vrobots/0/z/srv/params', new Uint8Array([0xff, 0xff, 0xff]), 300);
    expect(bad.ok).toBe(false);
    expect(sim.counters().malformed.get('vrobots/0/z/srv/params')).toBe(1);
    expect(sim.counters().requests.get('vrobots/0/z/srv/reset')).toBe(2);
  });
});

describe('simulator physics (in-process)', () => {
  it('moves a truck under throttle and a dormant robot holds still until activated', async () => {
    const made = await create('truck');
    const dormant = await create('msd', { startActive: false });
    const pub = node.createPublisher(Command, `vrobots/${made.sysId}/z/cmd`);
    if (!pub.ok) throw new Error(pub.error.message);
    const start = (await statesOf(made.sysId, 200)).at(-1) as State;
    pub.value.publish(Command.create({ header: { srcId: 122 }, id: 304, args: { intArr: [1500, 1900] } }));
    const later = (await statesOf(made.sysId, 1000)).at(-1) as State;
    const moved = Math.hypot(
      later.kinematics.position.x - start.kinematics.position.x,
      later.kinematics.position.z - start.kinematics.position.z,
    );
    expect(moved).toBeGreaterThan(0.05);
    expect(later.actuator.pwm.slice(0, 2)).toEqual([1500, 1900]);
    const still = await statesOf(dormant.sysId, 300);
    expect(still.every((s) => !s.active && s.simTimeNs >= 0n)).toBe(true);
    expect(still.at(-1)?.sensors.accelerometer.valid).toBe(true);
    expect(still.at(-1)?.environment.airDensity).toBeGreaterThan(1);
  });
});

describe('simulator fault knobs (in-process)', () => {
  it('drops and delays replies per segment and pauses publishing', async () => {
    await waitServices(1);
    sim.faults.dropReplies('activate', 1);
    const dropped = await call('vrobots/1/z/srv/activate', new Uint8Array(0), 300);
    expect(dropped.ok).toBe(false);
    const t0 = Date.now();
    sim.faults.delayReplies('vrobots/1/z/srv/params', 250);
    expect((await ack('vrobots/1/z/srv/params')).ok).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
    expect((await ack('vrobots/1/z/srv/activate')).ok).toBe(true);
    expect(sim.counters().droppedReplies.get('vrobots/1/z/srv/activate')).toBe(1);
    sim.faults.pausePublishing(1);
    await client.spinFor(100);
    expect(await statesOf(1, 300)).toHaveLength(0);
    expect((await statesOf(0, 300)).length).toBeGreaterThan(0);
    sim.faults.resumePublishing(1);
    expect((await statesOf(1, 300)).length).toBeGreaterThan(0);
  });
});
