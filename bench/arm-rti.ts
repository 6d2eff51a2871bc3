/**
 * Benchmark: the arm's real-time session, three ways in one run, the simulator in this
 * process on its real-time 4 ms clock: RTI over udp (one target per tick), SOFT_RTI over tcp
 * at 125 Hz, and the same RTI exchange carried over the zenoh router (targets published on a
 * key, fed to the same arm controller; its state datagrams published back). For each: the
 * arm's tick interval (p50/p99/max; jitter is its spread around 4 ms), the state stream's
 * interval at the PC, and target-to-state latency (target send -> the first state that
 * applied it, from the send time the arm echoes). The command timeout is raised to 1 s so a
 * scheduling hiccup of this loaded machine does not end a session mid-measurement.
 */
import { Executor, QoS } from '../src/index.js';
import { decodePacket, encodeTarget, PacketKind } from '../src/vrobots/arm/rt-packet.js';
import { RealTimeClock, RtiClient, VirtualRobot } from '../src/vrobots/index.js';
import { type Simulator, startSimulator } from '../src/vrobots/sim/index.js';
import { RawBytes } from '../src/vrobots/tools/raw-bytes.js';
import { type BenchContext, byMode } from './harness/context.js';
import type { CaseContext } from './harness/recorder.js';
import { Unit } from './harness/results.js';

const BENCH = 'arm rti';
const PC = '127.0.0.1';
const TARGET_KEY = (id: number) => `bench/arm/${id}/rt/target`;
const STATE_KEY = (id: number) => `bench/arm/${id}/rt/state`;

interface Samples {
  readonly tickMs: number[];
  readonly stateIntervalMs: number[];
  readonly latencyMs: number[];
  readonly missedTicks: number;
  readonly targets: number;
}

const intervals = (times: readonly number[]): number[] => times.slice(1).map((t, i) => t - times[i]!);
const sine = (i: number) => 0.2 * Math.sin((2 * Math.PI * i) / 1000);
const pose = (i: number) => [sine(i), 0, 0, 0, 0, -sine(i)];

/** Ticks the clock ran while `run` lasted. */
async function tickWindow(
  clock: RealTimeClock,
  run: () => Promise<number>,
): Promise<{ ticks: number[]; missed: number; targets: number }> {
  const from = clock.timing.ranAtMs.length;
  const missed0 = clock.timing.missed;
  const targets = await run();
  return { ticks: clock.timing.ranAtMs.slice(from), missed: clock.timing.missed - missed0, targets };
}

async function direct(
  sim: Simulator,
  clock: RealTimeClock,
  locator: string | undefined,
  seconds: number,
  soft: boolean,
  ctx: CaseContext,
): Promise<Samples> {
  const robot = await VirtualRobot.connect('arm', undefined, locator !== undefined ? { router: locator } : {});
  if (!robot.ok) throw new Error(robot.error.message);
  const rti = await RtiClient.open(robot.value);
  if (!rti.ok) throw new Error(rti.error.message);
  const c = rti.value;
  try {
    await sim.arm(robot.value.sysId)!.streamReady();
    const rate = soft ? 125 : undefined;
    const connected = await c.connect({ pcIp: PC, rateHz: rate, transport: soft ? 'tcp' : 'udp', wait: true });
    if (!connected.ok) throw new Error(connected.error.message);
    if (!(await c.setCommandTimeout(1)).ok) throw new Error('set command timeout');
    if (!(await c.claim()).ok) throw new Error('claim');
    const n = Math.round((seconds * 1000) / (soft ? 8 : 4));
    const w = await tickWindow(clock, async () => {
      const stream = c.stream((i) => (i < n && !ctx.signal.aborted ? pose(i) : undefined));
      if (!stream.ok) throw new Error(stream.error.message);
      await stream.value.done;
      return stream.value.sent();
    });
    const stats = c.streamStats()!;
    await c.release();
    await c.disconnect();
    return {
      tickMs: intervals(w.ticks),
      stateIntervalMs: intervals(stats.stateArrivalsMs.slice(-n)),
      latencyMs: stats.latencyMs.slice(-n),
      missedTicks: w.missed,
      targets: w.targets,
    };
  } finally {
    await c.close();
    await robot.value.delete();
    await robot.value.close();
  }
}

/** The same RTI exchange over the router: targets and states as zenoh samples through it. */
async function overRouter(
  sim: Simulator,
  clock: RealTimeClock,
  locator: string,
  seconds: number,
  ctx: CaseContext,
): Promise<Samples> {
  const robot = await VirtualRobot.connect('arm', undefined, { router: locator });
  if (!robot.ok) throw new Error(robot.error.message);
  const rti = await RtiClient.open(robot.value);
  if (!rti.ok) throw new Error(rti.error.message);
  const id = robot.value.sysId;
  const arm = sim.arm(id)!;
  const relayEx = await Executor.create({ router: locator });
  const pcEx = await Executor.create({ router: locator });
  if (!relayEx.ok || !pcEx.ok) throw new Error('cannot open the relay sessions');
  const qos = QoS.default().keepLast(100);
  try {
    const connected = await rti.value.calls.connect({ pcIp: PC, wait: true });
    if (!connected.ok) throw new Error(connected.error.message);
    await rti.value.setCommandTimeout(1);
    const relay = relayEx.value.createNode('arm_bench_relay', { naming: 'raw' });
    const pc = pcEx.value.createNode('arm_bench_pc', { naming: 'raw' });
    if (!relay.ok || !pc.ok) throw new Error('nodes');
    const statePub = relay.value.createPublisher(RawBytes, STATE_KEY(id), qos);
    if (!statePub.ok) throw new Error(statePub.error.message);
    const untap = arm.tapState((bytes) => {
      statePub.value.publishRaw(bytes);
    });
    relay.value.createSubscription(
      RawBytes,
      TARGET_KEY(id),
      (bytes) => arm.controller.receive(bytes, PC, 1, 'udp'),
      qos,
    );
    const latencies: number[] = [];
    const arrivals: number[] = [];
    let lastApplied = 0;
    pc.value.createSubscription(
      RawBytes,
      STATE_KEY(id),
      (bytes) => {
        const p = decodePacket(bytes);
        if (p?.kind !== PacketKind.State) return;
        const now = performance.now();
        arrivals.push(now);
        if (p.appliedSeq !== 0 && p.appliedSeq !== lastApplied) {
          lastApplied = p.appliedSeq;
          latencies.push(now - p.appliedSentMs);
        }
      },
      qos,
    );
    const targetPub = pc.value.createPublisher(RawBytes, TARGET_KEY(id), qos);
    if (!targetPub.ok) throw new Error(targetPub.error.message);
    const spins = [relayEx.value.spin(), pcEx.value.spin()];
    await new Promise((r) => setTimeout(r, 300)); // discovery through the router
    if (!(await rti.value.claim()).ok) throw new Error('claim');
    const n = Math.round((seconds * 1000) / 4);
    const w = await tickWindow(clock, async () => {
      let i = 0;
      await new Promise<void>((resolve) => {
        const t = pc.value.createWallTimer(4, () => {
          if (i >= n || ctx.signal.aborted) {
            t.ok && t.value.cancel();
            resolve();
            return;
          }
          i++;
          targetPub.value.publishRaw(encodeTarget(i, performance.now(), pose(i)));
        });
        if (!t.ok) resolve();
      });
      return i;
    });
    await rti.value.release();
    await rti.value.calls.verb('rti_disconnect');
    untap();
    relayEx.value.cancel();
    pcEx.value.cancel();
    await Promise.all(spins);
    return {
      tickMs: intervals(w.ticks),
      stateIntervalMs: intervals(arrivals.slice(-n)),
      latencyMs: latencies.slice(-n),
      missedTicks: w.missed,
      targets: w.targets,
    };
  } finally {
    await relayEx.value.shutdown();
    await pcEx.value.shutdown();
    await rti.value.close();
    await robot.value.delete();
    await robot.value.close();
  }
}

function record(bc: BenchContext, what: string, s: Samples, base: Samples | undefined): void {
  const { rec } = bc;
  const fig = (metric: string, samples: number[], subject = what) =>
    rec.measure({ bench: BENCH, case: what, subject, metric, unit: Unit.Millis, samples });
  const tick = fig('arm tick interval', s.tickMs);
  const lat = fig('target-to-state latency', s.latencyMs);
  const state = fig('state interval at the PC', s.stateIntervalMs);
  const note = (f: typeof tick) =>
    f.summary === undefined ? '' : `max ${f.summary.max.toFixed(2)} ms, n ${f.summary.n}`;
  rec.compare({
    bench: BENCH,
    case: what,
    metric: 'arm tick interval p50',
    better: 'lower',
    subject: what,
    figure: tick,
    note: `${note(tick)}, ${s.missedTicks} ticks skipped`,
  });
  rec.compare({
    bench: BENCH,
    case: what,
    metric: 'state interval at the PC p50',
    better: 'lower',
    subject: what,
    figure: state,
    note: note(state),
  });
  const baseLat =
    base === undefined
      ? undefined
      : rec.measure({
          bench: BENCH,
          case: what,
          subject: 'RTI over udp',
          metric: 'target-to-state latency',
          unit: Unit.Millis,
          samples: base.latencyMs,
        });
  rec.compare({
    bench: BENCH,
    case: what,
    metric: 'target-to-state latency p50',
    better: 'lower',
    subject: what,
    figure: lat,
    ...(baseLat !== undefined ? { baselineSubject: 'RTI over udp', baseline: baseLat } : {}),
    note: `${note(lat)}; ${s.targets} targets`,
  });
}

export async function benchArmRti(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  const seconds = byMode(mode, 3, 10);
  const clock = new RealTimeClock(1_000_000);
  const started = await startSimulator({
    serviceDelayMs: 0,
    armClock: clock,
    ...(locator !== undefined ? { router: locator } : {}),
  });
  if (!started.ok) {
    rec.error(BENCH, 'simulator', '-', started.error.message);
    return;
  }
  const sim = started.value;
  try {
    let udp: Samples | undefined;
    await rec.runCase(BENCH, `RTI over udp, 250 Hz, ${seconds} s`, seconds * 1000 + 30_000, async (ctx) => {
      udp = await direct(sim, clock, locator, seconds, false, ctx);
      record(bc, 'RTI over udp', udp, undefined);
    });
    await rec.runCase(BENCH, `SOFT_RTI over tcp, 125 Hz, ${seconds} s`, seconds * 1000 + 30_000, async (ctx) => {
      record(bc, 'SOFT_RTI over tcp (125 Hz)', await direct(sim, clock, locator, seconds, true, ctx), udp);
    });
    if (locator === undefined) {
      rec.error(BENCH, 'over the router', '-', 'no router');
      return;
    }
    await rec.runCase(
      BENCH,
      `RTI exchange over the router, 250 Hz, ${seconds} s`,
      seconds * 1000 + 30_000,
      async (ctx) => {
        record(bc, 'RTI exchange over the router', await overRouter(sim, clock, locator, seconds, ctx), udp);
      },
    );
  } finally {
    await sim.stop();
  }
}
