/**
 * Protocol conformance of the simulator over a REAL router, seen through PLAIN zenoh-ts
 * sessions (no rclts client): every key of the spec's table, payload types, the state rate,
 * the create probe, ids, capability probes by absence, payload-less reset, delete.
 *
 * The vrobots keys are fixed (`vrobots/...`), so this file runs its own router: another
 * file's simulator on the shared router would answer the same manager keys. The tests run
 * in order on one simulator.
 */
import type { Reply, Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';
import { loadZenohTs, type ZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import {
  SrvAck,
  SrvReset,
  SrvVRobotCreate,
  SrvVRobotCreated,
  SrvVRobotDelete,
} from '../../src/vrobots/messages/service-messages.js';
import { Command, CoordFrameDef, EstimateState, State } from '../../src/vrobots/messages/topic-messages.js';
import { type Simulator, startSimulator } from '../../src/vrobots/sim/index.js';

let router: RunningRouter;
let zenoh: ZenohTs;
let session: Session;
let sim: Simulator;

const EMPTY = new Uint8Array(0);

/** A plain zenoh GET: every reply payload (and error reply text) until the query is done. */
async function get(
  key: string,
  payload: Uint8Array = EMPTY,
  timeoutMs = 3000,
): Promise<{ replies: Uint8Array[]; errors: string[] }> {
  const replies: Uint8Array[] = [];
  const errors: string[] = [];
  await new Promise<void>((resolve, reject) => {
    session
      .get(key, {
        ...(payload.byteLength > 0 ? { payload } : {}),
        timeout: zenoh.Duration.milliseconds.of(timeoutMs),
        handler: [
          (reply: Reply) => {
            const r = reply.result();
            if (r instanceof zenoh.Sample) replies.push(r.payload().toBytes());
            else errors.push(r.payload().toString());
          },
          () => resolve(),
        ],
      })
      .catch(reject);
  });
  return { replies, errors };
}

/** GET with retries until someone answers (new robots' queryables appear after a delay). */
async function getAnswered(key: string, payload: Uint8Array = EMPTY, budgetMs = 5000): Promise<Uint8Array> {
  const deadline = Date.now() + budgetMs;
  while (Date.now() < deadline) {
    const r = await get(key, payload, 1000);
    if (r.replies.length > 0) return r.replies[0] as Uint8Array;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`nobody answered ${key} within ${budgetMs}ms`);
}

interface Collected {
  readonly samples: { key: string; bytes: Uint8Array; at: number }[];
  stop(): Promise<void>;
}

async function collect(keyExpr: string): Promise<Collected> {
  const samples: { key: string; bytes: Uint8Array; at: number }[] = [];
  const sub = await session.declareSubscriber(keyExpr, {
    handler: (s: Sample) => samples.push({ key: s.keyexpr().toString(), bytes: s.payload().toBytes(), at: Date.now() }),
  });
  return { samples, stop: () => sub.undeclare() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function create(robotType: string): Promise<ReturnType<typeof SrvVRobotCreated.decode>> {
  const reply = await get(
    'vrobots/manager/z/srv/create',
    SrvVRobotCreate.encode(SrvVRobotCreate.create({ robotType, clientName: 'conformance' })),
  );
  expect(reply.replies).toHaveLength(1);
  return SrvVRobotCreated.decode(reply.replies[0] as Uint8Array);
}

beforeAll(async () => {
  router = await startRouter({ binary: inject('routerBinary') });
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  zenoh = z.value;
  const s = await openZenohSession(router.locator, 5000);
  if (!s.ok) throw new Error(s.error.message);
  session = s.value;
  const started = await startSimulator({
    router: router.locator,
    robots: ['cartpole', 'halfdrone'],
    serviceDelayMs: 300,
  });
  if (!started.ok) throw new Error(started.error.message);
  sim = started.value;
});

afterAll(async () => {
  await sim?.stop();
  await session?.close();
  await router?.stop();
});

describe('vrobots simulator over a real router (plain zenoh-ts)', () => {
  it('publishes State on z/state at about 25 Hz and CoordFrameDef on z/frames', async () => {
    const states = await collect('vrobots/0/z/state');
    const frames = await collect('vrobots/0/z/frames');
    await sleep(2000);
    await states.stop();
    await frames.stop();
    const decoded = states.samples.map((s) => State.decode(s.bytes));
    const span = ((states.samples.at(-1)?.at ?? 0) - (states.samples[0]?.at ?? 0)) / 1000;
    const hz = (states.samples.length - 1) / span;
    console.log(
      `state rate over a real router: ${hz.toFixed(1)} Hz (${states.samples.length} samples in ${span.toFixed(2)}s)`,
    );
    expect(hz).toBeGreaterThan(15);
    expect(hz).toBeLessThan(35);
    expect(decoded[0]?.header).toMatchObject({ srcId: 0, sysId: 0, topicFullName: 'vrobots/0/z/state' });
    expect(decoded[0]?.robotType).toBe('cartpole');
    const seqs = decoded.map((d) => d.header.seq);
    expect(seqs.every((s, i) => i === 0 || s === (seqs[i - 1] as bigint) + 1n)).toBe(true);
    expect(frames.samples.length).toBeGreaterThan(0);
    const frame = CoordFrameDef.decode(frames.samples[0]?.bytes as Uint8Array);
    expect(frame.frameId.length).toBeGreaterThan(0);
  });

  it('answers the scene frame and the create probe, which reserves nothing', async () => {
    const frame = SrvAck.decode(await getAnswered('vrobots/scene/z/srv/frame'));
    expect(frame).toMatchObject({ ok: true, message: 'fru' });
    const probe = await get('vrobots/manager/z/srv/create');
    expect(probe.replies).toHaveLength(1);
    expect(SrvVRobotCreated.decode(probe.replies[0] as Uint8Array).ok).toBe(false);
    const a = await create('truck');
    expect(a).toMatchObject({ ok: true, sysId: 2, robotType: 'truck' });
    const b = await create('multirotor');
    expect(b).toMatchObject({ ok: true, sysId: 3 });
    const refused = await create('x');
    expect(refused.ok).toBe(false);
    expect(refused.message).toBe("unknown type 'x' (known: multirotor, truck, msd, arm)");
  });

  it('serves all seven common segments and only the own type extra one', async () => {
    for (const seg of ['activate', 'params', 'skin', 'sensors', 'frames', 'cameras', 'drive']) {
      const ack = SrvAck.decode(await getAnswered(`vrobots/2/z/srv/${seg}`));
      expect(ack.ok, seg).toBe(true);
    }
    expect(SrvAck.decode(await getAnswered('vrobots/3/z/srv/rotors')).ok).toBe(true);
    // Another type's segment: no responder at all, so no reply.
    for (const key of [
      'vrobots/2/z/srv/rotors',
      'vrobots/3/z/srv/drive',
      'vrobots/1/z/srv/cartpole',
      'vrobots/0/z/srv/msd',
    ]) {
      const r = await get(key, EMPTY, 800);
      expect(r.replies, key).toHaveLength(0);
    }
  });

  it('resets on a payload-less reset and echoes a command in actuator', async () => {
    const cmd = Command.encode(
      Command.create({ header: { srcId: 122, seq: 3n }, id: 304, args: { intArr: [1600, 1700] } }),
    );
    await session.put('vrobots/2/z/cmd', cmd);
    await session.put('vrobots/2/z/estimate', EstimateState.encode(EstimateState.create({ estimator: 'test' })));
    await sleep(300);
    const before = await collect('vrobots/2/z/state');
    await sleep(300);
    await before.stop();
    const echoed = State.decode(before.samples.at(-1)?.bytes as Uint8Array);
    expect(echoed.actuator).toMatchObject({ pwm: [1600, 1700], lastCmdId: 304, lastCmdSrcId: 122, lastCmdSeq: 3n });
    const reset = SrvAck.decode(await getAnswered('vrobots/2/z/srv/reset'));
    expect(reset.ok).toBe(true);
    const after = await collect('vrobots/2/z/state');
    await sleep(300);
    await after.stop();
    const cleared = State.decode(after.samples.at(-1)?.bytes as Uint8Array);
    expect(cleared.actuator.lastCmdId).toBe(0);
    expect(cleared.simTimeNs).toBeLessThan(echoed.simTimeNs);
    // The estimate reached the robot's subscription too.
    expect(sim.counters().received.get('vrobots/2/z/estimate')).toBe(1);
    expect(sim.counters().received.get('vrobots/2/z/cmd')).toBe(1);
    // With a payload too (SrvReset), still a receipt.
    expect(
      SrvAck.decode(
        await getAnswered('vrobots/2/z/srv/reset', SrvReset.encode(SrvReset.create({ header: { srcId: 122 } }))),
      ).ok,
    ).toBe(true);
  });

  it('counts and drops malformed payloads and keeps running', async () => {
    await session.put('vrobots/3/z/cmd', new Uint8Array([0xff, 0xff, 0xff]));
    const bad = await get('vrobots/3/z/srv/params', new Uint8Array([0xff, 0xff, 0xff]), 800);
    expect(bad.replies).toHaveLength(0);
    await sleep(200);
    expect(sim.counters().malformed.get('vrobots/3/z/cmd')).toBe(1);
    expect(sim.counters().malformed.get('vrobots/3/z/srv/params')).toBe(1);
    expect(SrvAck.decode(await getAnswered('vrobots/3/z/srv/params')).ok).toBe(true);
  });

  it('delete answers ok, silences the state topic and withdraws the queryables; an unknown id answers ok=false', async () => {
    const del = SrvAck.decode(
      await getAnswered('vrobots/manager/z/srv/delete', SrvVRobotDelete.encode(SrvVRobotDelete.create({ sysId: 3 }))),
    );
    expect(del.ok).toBe(true);
    await sleep(300);
    const silent = await collect('vrobots/3/z/state');
    await sleep(1000);
    await silent.stop();
    expect(silent.samples).toHaveLength(0);
    expect((await get('vrobots/3/z/srv/activate', EMPTY, 800)).replies).toHaveLength(0);
    const again = SrvAck.decode(
      await getAnswered('vrobots/manager/z/srv/delete', SrvVRobotDelete.encode(SrvVRobotDelete.create({ sysId: 3 }))),
    );
    expect(again).toMatchObject({ ok: false, message: 'unknown sys_id 3' });
    expect((await create('msd')).sysId).toBe(4);
  });

  it('discovery sees the whole swarm on vrobots/*/z/state', async () => {
    const swarm = await collect('vrobots/*/z/state');
    await sleep(600);
    await swarm.stop();
    const ids = new Set(swarm.samples.map((s) => s.key));
    expect([...ids].sort()).toEqual([
      'vrobots/0/z/state',
      'vrobots/1/z/state',
      'vrobots/2/z/state',
      'vrobots/4/z/state',
    ]);
  });
});
