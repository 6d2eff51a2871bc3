/**
 * The arm on its real-time 4 ms clock, over loopback udp, in-process: a 250 Hz RTI session
 * streamed from a callback, targets from an async iterator, and a client that stalls. Ticks
 * and targets are counted, never timed: the machine may be loaded (timing is bench/arm-rti.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RtiClient, VirtualRobot } from '../../src/vrobots/index.js';
import { type Simulator, startSimulator } from '../../src/vrobots/sim/index.js';

let sim: Simulator;
let robot: VirtualRobot;
let rti: RtiClient;

const arm = () => sim.arm(robot.sysId)!.controller;

beforeEach(async () => {
  const s = await startSimulator({ serviceDelayMs: 0 });
  if (!s.ok) throw new Error(s.error.message);
  sim = s.value;
  const r = await VirtualRobot.connect('arm', undefined, { serviceTimeoutMs: 4000 });
  if (!r.ok) throw new Error(r.error.message);
  robot = r.value;
  expect((await sim.arm(robot.sysId)!.streamReady()).ok).toBe(true);
  const c = await RtiClient.open(robot, { client: 'rt-pc' });
  if (!c.ok) throw new Error(c.error.message);
  rti = c.value;
});

afterEach(async () => {
  await rti.close();
  await robot.close();
  await sim.stop();
});

describe('the arm in real time over loopback udp', () => {
  it('a 250 Hz RTI session from a callback: the targets are applied and the state comes back', async () => {
    expect((await rti.connect({ pcIp: '127.0.0.1', wait: true })).ok).toBe(true);
    // A loaded test machine can pause the event loop longer than 40 ms: the session tolerates 1 s here.
    expect((await rti.setCommandTimeout(1)).ok).toBe(true);
    expect((await rti.claim()).ok).toBe(true);
    const N = 250; // one second of targets
    const at = (i: number) => 0.2 * Math.sin((2 * Math.PI * i) / N);
    const stream = rti.stream((i) => (i < N ? [at(i), 0, 0, 0, 0, -at(i)] : undefined));
    if (!stream.ok) throw new Error(stream.error.message);
    expect((await stream.value.done).ok).toBe(true);
    expect(stream.value.sent()).toBe(N);
    // The last target is reached (a step the rate limiter cut short is finished on the next ticks).
    const last = await rti.waitState(
      5000,
      (s) => s.appliedSeq === N && Math.abs((s.positions[0] ?? 0) - at(N - 1)) < 1e-9,
    );
    if (!last.ok) throw new Error(last.error.message);
    expect(arm().stream.targets).toBe(N);
    expect(last.value.positions[0]).toBeCloseTo(at(N - 1), 9);
    expect(last.value.positions[5]).toBeCloseTo(-at(N - 1), 9);
    const stats = rti.streamStats()!;
    expect(stats.statesReceived).toBeGreaterThan(0);
    expect(stats.latencyMs.length).toBeGreaterThan(0);
  });

  it('targets from an async iterator are sent one per period', async () => {
    expect((await rti.connect({ pcIp: '127.0.0.1', rateHz: 50, wait: true })).ok).toBe(true);
    expect((await rti.claim()).ok).toBe(true);
    async function* targets() {
      for (let i = 1; i <= 5; i++) yield [0.001 * i, 0, 0, 0, 0, 0];
    }
    const stream = rti.stream(targets());
    if (!stream.ok) throw new Error(stream.error.message);
    expect((await stream.value.done).ok).toBe(true);
    expect(stream.value.sent()).toBe(5);
    const last = await rti.waitState(5000, (s) => s.appliedSeq === 5);
    expect(last.ok).toBe(true);
  });

  it('a stalled client stops the arm within 40 ms + one tick, counted in arm ticks', async () => {
    expect((await rti.connect({ pcIp: '127.0.0.1', wait: true })).ok).toBe(true);
    expect((await rti.claim()).ok).toBe(true);
    const stream = rti.stream((i) => (i < 100 ? [0, 0, 0, 0, 0, 0] : undefined));
    if (!stream.ok) throw new Error(stream.error.message);
    await stream.value.done; // then nothing more: the client stalls
    const stopped = await rti.waitState(5000, (s) => !s.claimed && arm().stopReason !== '');
    expect(stopped.ok).toBe(true);
    expect(arm().stopReason).toBe('command timeout');
    expect(arm().stoppedAtTick - arm().motion.lastCommandTick).toBeLessThanOrEqual(11);
    expect(arm().stoppedAtTick - arm().motion.lastCommandTick).toBeGreaterThanOrEqual(10);
  });
});
