/**
 * Benchmark 4: the swarm. The headless simulator runs N robots (up to 2000: 50 k states/s) at 25 Hz in a child process;
 * this process is the one client, an rclts executor subscribing `vrobots/*\/z/state` through
 * the router. Measured over a window after every robot has been heard: delivered rate against
 * N x 25 Hz (and against what the simulator says it sent), samples lost (gaps in each robot's
 * header seq, plus what a robot silent at the window's end or never heard should have sent,
 * counted after a drain so that late samples are not called lost), the client's CPU time per second (process.cpuUsage, simulator excluded), and
 * the protobuf decode time of one State. The simulator's CPU per state published is set against
 * a floor measured in the same run: the same simulator and publish path with bodies that neither
 * step nor read sensors (bench/child/frozen-body.ts), so what is left is building, encoding and
 * writing each State.
 */

import { type Executor, QoS } from '../src/index.js';
import { State } from '../src/vrobots/messages/topic-messages.js';
import { BytesType } from './bytes-type.js';
import { type ChildLink, forkBenchChild } from './harness/child.js';
import { type BenchContext, byMode } from './harness/context.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import { sleep, waitUntil, within } from './harness/recorder.js';
import type { Figure, Unit } from './harness/results.js';

const BENCH = 'swarm';
const STATE_HZ = 25;
const PERIOD_MS = 1000 / STATE_HZ;
/** After the window, samples still in flight may arrive for this long before silence counts as loss. */
const DRAIN_MS = 1000;
/** The simulator's CPU per state published at most (of a core at 1000 robots: under 40 %). */
const SIM_US_PER_STATE_TARGET = 15;
/** Swarm sizes whose simulator CPU is also measured against the floor. */
const FLOOR_AT = 1000;

/** Whose bodies the simulator runs: its models, or the floor's frozen bodies. */
type Bodies = 'model' | 'frozen';

function seqOf(value: unknown): number | undefined {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'low' in value && 'high' in value) {
    const v = value as { low: number; high: number };
    return (v.high >>> 0) * 2 ** 32 + (v.low >>> 0);
  }
  return undefined;
}

export class SwarmClient {
  readonly lastSeq = new Map<string, number>();
  delivered = 0;
  /** performance.now() of each robot's newest sample */
  readonly lastAt = new Map<string, number>();
  lost = 0;
  decodeErrors = 0;
  counting = false;
  /** After the window: gaps still count (they fell in or just after it), deliveries do not. */
  draining = false;
  decodeUs: number[] = [];

  onSample(bytes: Uint8Array, key: string): void {
    const t0 = performance.now();
    let seq: number | undefined;
    try {
      seq = seqOf(State.decode(bytes).header?.seq);
    } catch {
      this.decodeErrors += 1;
      return;
    }
    const dt = (performance.now() - t0) * 1000;
    const last = this.lastSeq.get(key);
    if (seq !== undefined) {
      this.lastSeq.set(key, seq);
      this.lastAt.set(key, performance.now());
    }
    if (!this.counting && !this.draining) return;
    if (this.counting) {
      this.delivered += 1;
      this.decodeUs.push(dt);
    }
    if (seq !== undefined && last !== undefined && seq > last + 1) this.lost += seq - last - 1;
  }

  /**
   * What robots silent at the end of the window [t0, t1] should have sent in it: a robot never
   * heard since t0 lost the whole window, one that fell silent lost what 25 Hz would have sent
   * after its last sample (two periods of jitter allowed). Call after the drain.
   */
  silentLoss(keys: readonly string[], t0: number, t1: number): number {
    let lost = 0;
    for (const k of keys) {
      const at = this.lastAt.get(k);
      const silentMs = at === undefined || at < t0 ? t1 - t0 : t1 - at;
      if (at !== undefined && at > t1) continue; // heard again after the window: gaps, if any, are counted
      if (silentMs > 2 * PERIOD_MS) lost += Math.floor(silentMs / PERIOD_MS);
    }
    return lost;
  }
}

interface SimCounters {
  readonly published: number;
  readonly atMs: number;
  /** user + system CPU of the simulator process, µs */
  readonly cpuUs: number;
  /** executor events on the simulator's side (failed declarations, drops) and the first few */
  readonly eventCount: number;
  readonly events: readonly string[];
  /** robots whose state key has published at least once */
  readonly robotsPublishing: number;
}

async function simCounters(sim: ChildLink): Promise<SimCounters> {
  const m = await sim.request({ cmd: 'counters' }, 'counters', 5000);
  const cpu = m.cpu as { user: number; system: number };
  return {
    published: Number(m.published),
    atMs: Number(m.atMs),
    cpuUs: cpu.user + cpu.system,
    eventCount: Number(m.eventCount ?? 0),
    events: Array.isArray(m.events) ? m.events.map(String) : [],
    robotsPublishing: Number(m.robotsPublishing ?? 0),
  };
}

async function runSwarm(
  bc: BenchContext,
  locator: string,
  robots: number,
  windowMs: number,
  log: (l: string) => void,
  signal: AbortSignal,
  bodies: Bodies = 'model',
  floorUsPerState?: number,
): Promise<number | undefined> {
  const { rec } = bc;
  const caseName = bodies === 'frozen' ? `${robots} robots, floor` : `${robots} robots`;
  let sim: ChildLink | undefined;
  let exec: Executor | undefined;
  let spinning: Promise<unknown> | undefined;
  try {
    const forkedAt = performance.now();
    sim = forkBenchChild('simulator-process.ts', [locator, String(robots), 'multirotor', '-', bodies]);
    const ready = await sim.next('ready', 90_000);
    log(
      `simulator up with ${String(ready.robots)} robots in ${Number(ready.startupMs).toFixed(0)} ms (pid ${sim.pid})`,
    );

    exec = await openExecutor({ router: locator, keepAllLimit: 200_000 }, 'swarm client executor');
    const node = must(exec.createNode('bench_swarm_client', { naming: 'raw' }), 'swarm client node');
    const client = new SwarmClient();
    must(
      node.createSubscription(
        BytesType,
        'vrobots/*/z/state',
        (bytes, info) => client.onSample(bytes, info.key),
        QoS.default().keepAll(),
      ),
      'subscription vrobots/*/z/state',
    );
    spinning = exec.spin();
    const measure = (subject: string, metric: string, unit: Unit, samples: readonly number[]): Figure =>
      rec.measure({ bench: BENCH, case: caseName, subject, metric, unit, samples });
    // A big swarm's simulator is still declaring its keys through the router for a while after
    // it says ready: the window starts once every robot has been heard (and a second more).
    const warmupMs = byMode(bc.mode, Math.max(30_000, robots * 60), Math.max(60_000, robots * 180));
    const allSeen = await waitUntil(() => client.lastSeq.size >= robots || signal.aborted, warmupMs, 50);
    const heardAllS = (performance.now() - forkedAt) / 1000;
    log(
      `${client.lastSeq.size}/${robots} robots heard ${heardAllS.toFixed(1)} s after the simulator was started${allSeen ? '' : ` (warm-up budget of ${warmupMs / 1000} s ran out)`}; window ${windowMs} ms`,
    );
    if (!allSeen) {
      const c = await simCounters(sim);
      log(
        `simulator: ${c.robotsPublishing} robots have published state; ${c.eventCount} transport event(s)${c.events.length > 0 ? `: ${c.events.join(' | ')}` : ''}`,
      );
    }
    if (allSeen) {
      rec.compare({
        bench: BENCH,
        case: caseName,
        metric: 'simulator start to every robot heard',
        better: 'lower',
        subject: 'rclts client',
        figure: measure('rclts client', 'all heard', 'ms', [heardAllS * 1000]),
      });
    } else {
      rec.error(
        BENCH,
        caseName,
        'rclts client',
        `only ${client.lastSeq.size}/${robots} robots heard within the ${warmupMs / 1000} s warm-up`,
      );
    }
    await sleep(1000);

    const sim0 = await simCounters(sim);
    const cpu0 = process.cpuUsage();
    const dropped0 = exec.stats().dropped;
    const t0 = performance.now();
    client.counting = true;
    await sleep(windowMs);
    client.counting = false;
    client.draining = true;
    const t1 = performance.now();
    const seconds = (t1 - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const sim1 = await simCounters(sim);
    const droppedInQueue = exec.stats().dropped - dropped0;
    const gapLoss0 = client.lost;
    await sleep(DRAIN_MS);
    client.draining = false;
    const keys = [...Array(robots).keys()].map((id) => `vrobots/${id}/z/state`);
    const gapLoss = client.lost;
    const silent = client.silentLoss(keys, t0, t1);
    client.lost += silent;

    const expected = robots * STATE_HZ;
    const delivered = client.delivered / seconds;
    const simSent = (sim1.published - sim0.published) / ((sim1.atMs - sim0.atMs) / 1000);
    const cpuPct = ((cpu.user + cpu.system) / 1e6 / seconds) * 100;
    const simCpuPct = ((sim1.cpuUs - sim0.cpuUs) / 1000 / (sim1.atMs - sim0.atMs)) * 100;
    const unheard = [...Array(robots).keys()].filter((id) => !client.lastSeq.has(`vrobots/${id}/z/state`));
    log(
      `delivered ${delivered.toFixed(0)}/s of ${expected}/s expected (simulator sent ${simSent.toFixed(0)}/s), lost ${client.lost} (gaps ${gapLoss0} in the window + ${gapLoss - gapLoss0} in the drain, silent or unheard robots ${silent}), queue drops ${droppedInQueue}, client CPU ${cpuPct.toFixed(0)} %, simulator CPU ${simCpuPct.toFixed(0)} %${unheard.length > 0 ? `; never heard: ${unheard.slice(0, 10).join(', ')}` : ''}`,
    );
    const simStates = sim1.published - sim0.published;
    const simUsPerState = simStates > 0 ? (sim1.cpuUs - sim0.cpuUs) / simStates : Number.NaN;
    const simNote = `[${simUsPerState.toFixed(1)} µs CPU per state published; measured ${simCpuPct.toFixed(0)} % while sending ${simSent.toFixed(0)}/s]`;
    if (bodies === 'frozen') {
      rec.compare({
        bench: BENCH,
        case: caseName,
        metric: 'simulator CPU per state published, no physics (floor)',
        better: 'lower',
        subject: 'headless simulator, frozen bodies',
        figure: measure('headless simulator, frozen bodies', 'cpu per state', 'us', [simUsPerState]),
        note: simNote,
      });
      return simUsPerState;
    }
    const rate = rec.measure({
      bench: BENCH,
      case: caseName,
      subject: 'rclts client',
      metric: 'delivered/s',
      unit: 'msg/s',
      samples: [delivered],
      extra: {
        expected,
        simSent,
        simCpuPct,
        lost: client.lost,
        lostGaps: gapLoss,
        lostSilent: silent,
        droppedInQueue,
        decodeErrors: client.decodeErrors,
        unheard: unheard.length,
      },
    });
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: 'delivered states/s',
      better: 'higher',
      subject: 'rclts client',
      figure: rate,
      baselineSubject: `expected ${robots} x 25 Hz; simulator sent ${simSent.toFixed(0)}/s at ${simCpuPct.toFixed(0)} % CPU`,
      baseline: { value: expected, unit: 'msg/s' },
      ...(robots >= 1000 ? { target: { op: '>=', bound: 0.98, text: '≥ 0.98x expected' } as const } : {}),
    });
    const lossPct = client.delivered + client.lost > 0 ? (100 * client.lost) / (client.delivered + client.lost) : 0;
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: 'samples lost (gaps, silent and unheard robots)',
      better: 'lower',
      subject: 'rclts client',
      figure: measure('rclts client', 'lost', 'count', [client.lost]),
      note: `[${lossPct.toFixed(2)} % of ${client.delivered + client.lost}: ${gapLoss} in gaps, ${silent} from silent or unheard robots${droppedInQueue > 0 ? `; ${droppedInQueue} dropped in the executor queue` : ''}]`,
      ...(robots >= 1000 ? { target: { on: 'value', op: '<=', bound: 0, text: 'no loss' } as const } : {}),
    });
    // Both CPU rows are judged at the full rate: a simulator held back (by the router or a busy
    // host) spends less CPU because it sends less, and a client spends less because it is sent
    // less, which is no success for either.
    const clientUsPerState = client.delivered > 0 ? (cpu.user + cpu.system) / client.delivered : Number.NaN;
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: `client CPU at ${expected} states/s (of one core)`,
      better: 'lower',
      subject: 'rclts client',
      figure: measure('rclts client', 'cpu at full rate', '%', [(clientUsPerState * expected) / 1e4]),
      note: `[${clientUsPerState.toFixed(1)} µs CPU per state received; measured ${cpuPct.toFixed(0)} % while receiving ${delivered.toFixed(0)}/s]`,
      ...(robots >= 2000 ? { target: { on: 'value', op: '<=', bound: 100, text: 'under one core' } as const } : {}),
    });
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: 'simulator CPU per state published',
      better: 'lower',
      subject: 'headless simulator',
      figure: measure('headless simulator', 'cpu per state', 'us', [simUsPerState]),
      ...(floorUsPerState !== undefined
        ? {
            baselineSubject: 'floor: the same simulator and publish path, no physics and no sensors',
            baseline: { value: floorUsPerState, unit: 'us' },
          }
        : {}),
      note: simNote,
      ...(robots >= FLOOR_AT
        ? {
            target: {
              on: 'value',
              op: '<=',
              bound: SIM_US_PER_STATE_TARGET,
              text: `≤ ${SIM_US_PER_STATE_TARGET} µs`,
            } as const,
          }
        : {}),
    });
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: `simulator CPU at ${expected} states/s (of one core)`,
      better: 'lower',
      subject: 'headless simulator',
      figure: measure('headless simulator', 'cpu at full rate', '%', [(simUsPerState * expected) / 1e4]),
      note: simNote,
      ...(robots === 1000
        ? { target: { on: 'value', op: '<=', bound: 40, text: 'under 40 % of a core' } as const }
        : {}),
    });
    if (client.decodeUs.length > 0) {
      rec.compare({
        bench: BENCH,
        case: caseName,
        metric: 'protobuf decode / State',
        better: 'lower',
        subject: 'State.decode',
        figure: measure('State.decode', 'decode', 'us', client.decodeUs),
      });
    }
    return simUsPerState;
  } finally {
    if (exec !== undefined) {
      exec.cancel();
      if (spinning !== undefined) await within(spinning, 3000, 'swarm client spin to stop').catch(() => undefined);
      await shutdownExecutor(exec);
    }
    await sim?.stop();
  }
}

export async function benchSwarm(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  if (locator === undefined) {
    rec.error(BENCH, 'all', '-', 'no router');
    return;
  }
  const cases: ReadonlyArray<readonly [number, number]> = byMode(
    mode,
    [
      [50, 4000],
      [200, 4000],
      [1000, 4000],
      [2000, 4000],
    ],
    [
      [50, 15_000],
      [200, 15_000],
      [1000, 15_000],
      [2000, 15_000],
    ],
  );
  for (const [robots, windowMs] of cases) {
    let floor: number | undefined;
    if (robots === FLOOR_AT) {
      await rec.runCase(
        BENCH,
        `${robots} robots at 25 Hz, floor (frozen bodies), ${windowMs / 1000} s window`,
        windowMs + 150_000,
        async (ctx) => {
          floor = await runSwarm(bc, locator, robots, windowMs, ctx.log, ctx.signal, 'frozen');
        },
      );
    }
    await rec.runCase(BENCH, `${robots} robots at 25 Hz, ${windowMs / 1000} s window`, windowMs + 150_000, (ctx) =>
      runSwarm(bc, locator, robots, windowMs, ctx.log, ctx.signal, 'model', floor).then(() => undefined),
    );
  }
}
