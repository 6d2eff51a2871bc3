/**
 * VirtualRobot.connect against a scripted stand-in for the simulator, on the caller's
 * in-process executor: cases the headless simulator never produces (an activate that
 * refuses, an empty state payload) and what the SDK must make of them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Executor, type Node } from '../../../src/index.js';
import { State, VirtualRobot } from '../../../src/vrobots/index.js';
import { SrvAck, SrvVRobotCreated } from '../../../src/vrobots/messages/service-messages.js';
import { RawBytes, RawBytesService } from '../../../src/vrobots/tools/raw-bytes.js';

const SYS_ID = 77;
const STATE_KEY = `vrobots/${SYS_ID}/z/state`;

interface Stage {
  executor: Executor;
  node: Node;
  activations: number;
  /** Payload of the next state sample; undefined: a real State. */
  nextState: (() => Uint8Array) | undefined;
}

interface StageOptions {
  /** Answer activate this long after it arrived (state keeps flowing meanwhile). */
  readonly activateDelayMs?: number;
  /** Stop publishing state once activate is answered. */
  readonly silentAfterActivate?: boolean;
}

async function stage(activateOk: boolean, options: StageOptions = {}): Promise<Stage> {
  const ex = await Executor.create({});
  if (!ex.ok) throw new Error(ex.error.message);
  const node = ex.value.createNode('fake_manager', { naming: 'raw' });
  if (!node.ok) throw new Error(node.error.message);
  const s: Stage = { executor: ex.value, node: node.value, activations: 0, nextState: undefined };
  let seq = 0n;
  let silent = false;
  const n = node.value;
  const served = [
    n.createService(RawBytesService, 'vrobots/manager/z/srv/create', (req) =>
      SrvVRobotCreated.encode(
        SrvVRobotCreated.create({ ok: req.byteLength > 0, sysId: req.byteLength > 0 ? SYS_ID : 0, message: 'probe' }),
      ),
    ),
    n.createService(RawBytesService, `vrobots/${SYS_ID}/z/srv/activate`, async () => {
      s.activations++;
      if (options.activateDelayMs !== undefined) await new Promise((r) => setTimeout(r, options.activateDelayMs));
      if (options.silentAfterActivate === true) silent = true;
      return SrvAck.encode(
        SrvAck.create({ ok: activateOk, message: activateOk ? 'active' : 'not now: the scene is loading' }),
      );
    }),
  ];
  for (const r of served) if (!r.ok) throw new Error(r.error.message);
  const pub = n.createPublisher(RawBytes, STATE_KEY);
  if (!pub.ok) throw new Error(pub.error.message);
  const timer = n.createWallTimer(20, () => {
    if (silent) return;
    const custom = s.nextState;
    s.nextState = undefined;
    pub.value.publish(
      custom?.() ??
        State.encode(
          State.create({ header: { sysId: SYS_ID, seq: seq++, name: 'fake' }, robotType: 'msd', active: true }),
        ),
    );
  });
  if (!timer.ok) throw new Error(timer.error.message);
  return s;
}

describe('VirtualRobot.connect against a scripted manager', () => {
  let current: Stage | undefined;
  afterEach(async () => {
    current?.executor.cancel();
    await current?.executor.shutdown();
    current = undefined;
  });

  it('an activate answered ok=false fails connect with a service error carrying the message', async () => {
    current = await stage(false);
    const spinning = current.executor.spin();
    const r = await VirtualRobot.connect('msd', undefined, { executor: current.executor, serviceTimeoutMs: 1500 });
    current.executor.cancel();
    await spinning;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('service');
    expect(r.error.message).toContain(`vrobots/${SYS_ID}/z/srv/activate refused: not now: the scene is loading`);
    expect(current.activations).toBeGreaterThanOrEqual(1);
  });

  it('create returns on a state that already shows the robot active, not only on one after activate', async () => {
    // State (active) flows while activate is under way, then stops: the samples seen meanwhile
    // are the robot's real, active state, so connect has its first state without another one.
    current = await stage(true, { activateDelayMs: 150, silentAfterActivate: true });
    const spinning = current.executor.spin();
    const r = await VirtualRobot.connect('msd', undefined, { executor: current.executor, probeTimeoutMs: 800 });
    current.executor.cancel();
    await spinning;
    expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    if (!r.ok) return;
    expect(r.value.states().active).toBe(true);
    expect(r.value.states().header.name).toBe('fake');
    await r.value.close();
  });

  it('an empty state payload is a decode error and leaves the last state alone', async () => {
    current = await stage(true);
    const spinning = current.executor.spin();
    const r = await VirtualRobot.connect('msd', SYS_ID, { executor: current.executor });
    expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    if (!r.ok) return;
    const robot = r.value;
    const before = robot.states();
    expect(before.header.name).toBe('fake');
    const names: string[] = [];
    robot.on('state', (state) => names.push(state.header.name));
    current.nextState = () => new Uint8Array(0);
    const errorsBefore = robot.stats().decodeErrors;
    const deadline = Date.now() + 2000;
    while (current.nextState !== undefined && Date.now() < deadline) await new Promise((res) => setTimeout(res, 10));
    // the empty sample went out; the next real one proves it was processed before it
    const next = await robot.waitNewState(1000);
    expect(next.ok).toBe(true);
    expect(robot.stats().decodeErrors).toBe(errorsBefore + 1);
    expect(robot.states().header.name).toBe('fake');
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name === 'fake')).toBe(true);
    await robot.close();
    current.executor.cancel();
    await spinning;
  });
});
