/**
 * The simulator embedded in a caller's executor, its body seam (estimate freshness reaches
 * the model), frames on change, and the topic tools on the in-process backend.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Executor } from '../../../src/index.js';
import type { Estimate } from '../../../src/vrobots/generated/swarmbotix-types.js';
import { SrvVRobotFrame } from '../../../src/vrobots/messages/service-messages.js';
import { CoordFrameDef, EstimateState } from '../../../src/vrobots/messages/topic-messages.js';
import { type Simulator, startSimulator } from '../../../src/vrobots/sim/index.js';
import { StillBody } from '../../../src/vrobots/sim/still-body.js';
import { listTopics, measureRate } from '../../../src/vrobots/tools/index.js';
import { RawBytes, RawBytesService } from '../../../src/vrobots/tools/raw-bytes.js';

let executor: Executor | undefined;
let sim: Simulator | undefined;

afterEach(async () => {
  await sim?.stop();
  await executor?.shutdown();
  sim = undefined;
  executor = undefined;
});

async function ownExecutor(): Promise<Executor> {
  const e = await Executor.create();
  if (!e.ok) throw new Error(e.error.message);
  executor = e.value;
  return e.value;
}

describe('simulator on the caller executor', () => {
  it('runs only while the caller spins, and stop() leaves the executor open', async () => {
    const ex = await ownExecutor();
    const s = await startSimulator({ executor: ex, robots: ['msd'], serviceDelayMs: 0 });
    if (!s.ok) throw new Error(s.error.message);
    sim = s.value;
    expect(sim.executor).toBe(ex);
    await ex.spinFor(500);
    const published = sim.counters().published.get('vrobots/0/z/state') ?? 0;
    expect(published).toBeGreaterThan(5);
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.counters().published.get('vrobots/0/z/state')).toBe(published);
    expect((await sim.stop()).ok).toBe(true);
    expect(ex.isShutdown()).toBe(false);
    expect(ex.createNode('still_usable').ok).toBe(true);
  });

  it('refuses bad options before opening anything', async () => {
    expect(await startSimulator({ robots: ['boat'] })).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(await startSimulator({ statePeriodMs: 0 })).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    const ex = await ownExecutor();
    const both = await startSimulator({ executor: ex, router: 'ws/127.0.0.1:1' });
    expect(both.ok).toBe(false);
  });
});

describe('simulator body seam and frames', () => {
  it('hands a fresh client estimate to the body, and undefined once it is stale', async () => {
    const seen: (Estimate | undefined)[] = [];
    const s = await startSimulator({
      robots: ['globalhawk'],
      estimateStaleMs: 150,
      bodyFactory: (spec) => {
        const body = new StillBody(spec.spawn);
        body.setEstimate = (est) => {
          seen.push(est);
        };
        return body;
      },
    });
    if (!s.ok) throw new Error(s.error.message);
    sim = s.value;
    const ex = await ownExecutor();
    const node = ex.createNode('estimator', { naming: 'raw' });
    if (!node.ok) throw new Error(node.error.message);
    const pub = node.value.createPublisher(EstimateState, 'vrobots/0/z/estimate');
    if (!pub.ok) throw new Error(pub.error.message);
    pub.value.publish(EstimateState.create({ estimate: { valid: true, positionStd: 0.5 }, estimator: 'ekf' }));
    await ex.spinFor(100);
    expect(seen.at(-1)?.positionStd).toBeCloseTo(0.5, 5);
    await ex.spinFor(300);
    expect(seen.at(-1)).toBeUndefined();
  });

  it('publishes frames at once when srv/frames changes them', async () => {
    const s = await startSimulator({ robots: ['truck'], serviceDelayMs: 0, framesKeepaliveMs: 60_000 });
    if (!s.ok) throw new Error(s.error.message);
    sim = s.value;
    const ex = await ownExecutor();
    const node = ex.createNode('frames_reader', { naming: 'raw' });
    if (!node.ok) throw new Error(node.error.message);
    const frames: string[] = [];
    node.value.createSubscription(CoordFrameDef, 'vrobots/0/z/frames', (f) => frames.push(f.frameId));
    const client = node.value.createPollClient(RawBytesService, 'vrobots/0/z/srv/frames');
    if (!client.ok) throw new Error(client.error.message);
    const reply = await client.value.call(
      SrvVRobotFrame.encode(SrvVRobotFrame.create({ robotFrameId: 'rover_base' })),
      2000,
    );
    expect(reply.ok).toBe(true);
    await ex.spinFor(100);
    expect(frames).toContain('rover_base');
  });
});

describe('topic tools on the in-process backend', () => {
  it('listTopics sees state and frames of every robot; measureRate reads header seq and stamps', async () => {
    const s = await startSimulator({ robots: ['cartpole', 'multirotor'], framesKeepaliveMs: 250 });
    if (!s.ok) throw new Error(s.error.message);
    sim = s.value;
    const ex = await ownExecutor();
    const listing = await listTopics(ex, 1000);
    if (!listing.ok) throw new Error(listing.error.message);
    expect(listing.value.rows.map((r) => r.key)).toEqual([
      'vrobots/0/z/frames',
      'vrobots/0/z/state',
      'vrobots/1/z/frames',
      'vrobots/1/z/state',
    ]);
    const state = listing.value.rows[1];
    // 25 Hz published; the bounds tell a rate from a count or a period, with room for a 1 s
    // window on a loaded machine (this test failed once in a full unit run at load 5-8).
    expect(state?.hz).toBeGreaterThan(10);
    expect(state?.hz).toBeLessThan(35);
    const rate = await measureRate(ex, 'vrobots/1/z/state', 1000);
    if (!rate.ok) throw new Error(rate.error.message);
    expect(rate.value.rateHz).toBeGreaterThan(10);
    expect(rate.value.rateHz).toBeLessThan(35);
    expect(rate.value.seq?.gaps).toBe(0);
    expect(rate.value.latency?.meanMs).toBeGreaterThanOrEqual(0);
    expect(rate.value.payload?.meanBytes).toBeGreaterThan(50);
    expect(await measureRate(ex, 'vrobots/*/z/state', 100)).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
  });

  it('counts client publications too, and an empty window is an empty listing', async () => {
    const ex = await ownExecutor();
    const node = ex.createNode('talker', { naming: 'raw' });
    if (!node.ok) throw new Error(node.error.message);
    const empty = await listTopics(ex, 200, { keyword: 'nothing-like-this' });
    expect(empty.ok && empty.value.rows).toEqual([]);
    const pub = node.value.createPublisher(RawBytes, 'vrobots/42/z/cmd');
    if (!pub.ok) throw new Error(pub.error.message);
    const timer = node.value.createWallTimer(20, () => pub.value.publishRaw(new Uint8Array(10)));
    expect(timer.ok).toBe(true);
    const listing = await listTopics(ex, 500, { keyword: '/42/' });
    if (!listing.ok) throw new Error(listing.error.message);
    expect(listing.value.rows).toHaveLength(1);
    expect(listing.value.rows[0]).toMatchObject({ key: 'vrobots/42/z/cmd', sysId: 42, bytes: 10 });
  });
});
