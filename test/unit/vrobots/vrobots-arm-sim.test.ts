// The arm in the headless simulator (in-process): created and deleted like the other types,
// ticking on the steppable clock, serving its verbs and publishing its status.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Executor, type Node, type ResultOf } from '../../../src/index.js';
import { armValue } from '../../../src/vrobots/arm/arm-args.js';
import { ArmReply, ArmRequest, ArmStatus } from '../../../src/vrobots/messages/arm-messages.js';
import { SteppableClock } from '../../../src/vrobots/sim/arm/arm-clock.js';
import { type Simulator, startSimulator } from '../../../src/vrobots/sim/index.js';
import { RawBytes, RawBytesService } from '../../../src/vrobots/tools/raw-bytes.js';

let client: Executor;
let node: Node;
let sim: Simulator;
let clock: SteppableClock;

async function call(key: string, payload: Uint8Array, budgetMs = 3000): Promise<ResultOf<Uint8Array>> {
  const c = node.createPollClient(RawBytesService, key, { requestBudgetMs: budgetMs });
  if (!c.ok) return c;
  try {
    return await c.value.call(payload, budgetMs);
  } finally {
    c.value.handle.reset();
  }
}

beforeEach(async () => {
  clock = new SteppableClock();
  const s = await startSimulator({ serviceDelayMs: 0, armClock: clock });
  if (!s.ok) throw new Error(s.error.message);
  sim = s.value;
  const e = await Executor.create();
  if (!e.ok) throw new Error(e.error.message);
  client = e.value;
  const n = client.createNode('arm_sim_test', { naming: 'raw' });
  if (!n.ok) throw new Error(n.error.message);
  node = n.value;
});

afterEach(async () => {
  await client.shutdown();
  await sim.stop();
});

describe('the arm in the simulator (in-process)', () => {
  it('is created and deleted like the other types; its verbs answer while it lives', async () => {
    const id = sim.createRobot('arm');
    if (!id.ok) throw new Error(id.error.message);
    expect(sim.robot(id.value)?.robotType).toBe('arm');
    expect((await sim.arm(id.value)!.streamReady()).ok).toBe(true);
    expect(sim.arm(id.value)!.streamPort).toBeGreaterThan(0);
    clock.advance(40);
    const reply = await call(`vrobots/${id.value}/z/srv/latest_status`, new Uint8Array(0));
    if (!reply.ok) throw new Error(reply.error.message);
    const r = ArmReply.decode(reply.value);
    expect(r).toMatchObject({ ok: true, status: { mode: 0, enabled: true, homed: true, tick: 10n } });
    expect(r.status.positions).toEqual([0, 0, 0, 0, 0, 0]);
    expect(sim.deleteRobot(id.value).ok).toBe(true);
    expect(sim.arm(id.value)).toBeUndefined();
    const gone = await call(`vrobots/${id.value}/z/srv/latest_status`, new Uint8Array(0), 300);
    expect(gone.ok).toBe(false);
  });

  it('publishes its status on vrobots/{id}/z/arm_status', async () => {
    const id = sim.createRobot('arm');
    if (!id.ok) throw new Error(id.error.message);
    const got: ArmStatus[] = [];
    const sub = node.createSubscription(RawBytes, `vrobots/${id.value}/z/arm_status`, (b) =>
      got.push(ArmStatus.decode(b)),
    );
    if (!sub.ok) throw new Error(sub.error.message);
    for (let i = 0; i < 50 && got.length < 2; i++) await client.spinFor(20);
    expect(got.length).toBeGreaterThan(0);
    expect(got[0]).toMatchObject({ mode: 0, owner: '', claimed: false });
  });

  it('answers BAD_ARGS to a request it cannot read at all, and ticks only when its clock moves', async () => {
    const id = sim.createRobot('arm');
    if (!id.ok) throw new Error(id.error.message);
    const bad = await call(`vrobots/${id.value}/z/srv/rti_connect`, new Uint8Array([0xff, 0xff, 0xff]));
    if (!bad.ok) throw new Error(bad.error.message);
    expect(ArmReply.decode(bad.value)).toMatchObject({ ok: false, code: 0, codeName: 'BAD_ARGS' });
    const status = async () => {
      const r = await call(
        `vrobots/${id.value}/z/srv/latest_status`,
        ArmRequest.encode(ArmRequest.create({ client: 't', args: [] })),
      );
      if (!r.ok) throw new Error(r.error.message);
      return ArmReply.decode(r.value).status.tick;
    };
    expect(await status()).toBe(0n);
    clock.advance(4 * 25);
    expect(await status()).toBe(25n);
    const connect = await call(
      `vrobots/${id.value}/z/srv/rti_connect`,
      ArmRequest.encode(ArmRequest.create({ client: 't', args: ['127.0.0.1', undefined, undefined].map(armValue) })),
    );
    if (!connect.ok) throw new Error(connect.error.message);
    expect(ArmReply.decode(connect.value)).toMatchObject({ ok: true, status: { mode: 1, owner: 't' } });
  });
});
