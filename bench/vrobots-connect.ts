/**
 * Benchmark 5: vrobots connect over the real router, the simulator in a child process.
 * Create path (no sysId) split into its steps as the SDK times them (`connectTimings()`):
 * session open, probe (payload-less GET on manager/srv/create), create (the one
 * SrvVRobotCreate), activate (with retry until the new robot's queryable is discovered) and
 * first state; and attach (sysId given): session and first state. Each connect opens its own
 * session (the default) and the handle is closed afterwards (closing never deletes).
 */
import type { ConnectTimings } from '../src/vrobots/sdk/index.js';
import { VirtualRobot } from '../src/vrobots/sdk/index.js';
import { type ChildLink, forkBenchChild } from './harness/child.js';
import { type BenchContext, byMode } from './harness/context.js';
import { within } from './harness/recorder.js';
import type { Figure } from './harness/results.js';
import { closeRawSession, openRawSession, zenohTs } from './harness/router.js';

const BENCH = 'vrobots connect';
/** The simulator's artificial delay before a new robot's services appear: 0 measures the SDK and transport alone. */
const SERVICE_DELAY_MS = 0;
const CONNECT_BUDGET_MS = 30_000;

type Step = keyof ConnectTimings;
const CREATE_STEPS: readonly Step[] = ['sessionMs', 'probeMs', 'createMs', 'activateMs', 'firstStateMs', 'totalMs'];
const RAW_LABEL: Partial<Record<Step, string>> = {
  sessionMs: 'raw zenoh-ts Session.open',
  probeMs: 'raw zenoh-ts get on manager/srv/create',
  firstStateMs: 'raw zenoh-ts subscriber, first sample',
};
/** The issue's bounds on create: the probe against a raw get, the rest of connect beyond the session. */
const PROBE_TARGET = { op: '<=', bound: 3, text: '≤ 3x raw get' } as const;
const ABOVE_SESSION_TARGET = { on: 'value', op: '<=', bound: 120, text: '≤ session + 120 ms' } as const;
const ATTACH_STEPS: readonly Step[] = ['sessionMs', 'firstStateMs', 'totalMs'];

async function connectOnce(locator: string, sysId: number | undefined): Promise<ConnectTimings> {
  const what = `connect ${sysId ?? '(create)'}`;
  const r = await within(VirtualRobot.connect('multirotor', sysId, { router: locator }), CONNECT_BUDGET_MS, what);
  if (!r.ok) throw new Error(`${what}: ${r.error.kind}: ${r.error.detail}`);
  const timings = r.value.connectTimings();
  await within(r.value.close(), 5000, 'robot close').catch(() => undefined);
  return timings;
}

/** The same steps done by hand with raw zenoh-ts: open a session, payload-less GET on the manager, first state sample. */
interface RawSteps {
  readonly sessionMs: number;
  readonly probeMs: number;
  readonly firstStateMs: number;
}

async function rawStepsOnce(locator: string): Promise<RawSteps> {
  const z = await zenohTs();
  const t0 = performance.now();
  const session = await openRawSession(locator, 10_000);
  const t1 = performance.now();
  try {
    await within(
      new Promise<void>((resolve, reject) => {
        session
          .get('vrobots/manager/z/srv/create', {
            timeout: z.Duration.milliseconds.of(5000),
            handler: [
              () => resolve(),
              () => reject(new Error('raw probe: no reply from vrobots/manager/z/srv/create')),
            ],
          })
          .catch(reject);
      }),
      6000,
      'raw probe',
    );
    const t2 = performance.now();
    let sub: { undeclare(): Promise<void> } | undefined;
    await within(
      new Promise<void>((resolve, reject) => {
        session
          .declareSubscriber('vrobots/0/z/state', { handler: () => resolve() })
          .then((s) => {
            sub = s;
          })
          .catch(reject);
      }),
      10_000,
      'raw first state on vrobots/0/z/state',
    );
    const t3 = performance.now();
    await sub?.undeclare().catch(() => undefined);
    return { sessionMs: t1 - t0, probeMs: t2 - t1, firstStateMs: t3 - t2 };
  } finally {
    await closeRawSession(session);
  }
}

async function measureRaw(bc: BenchContext, locator: string, reps: number): Promise<Map<Step, Figure>> {
  const { rec } = bc;
  const runs: RawSteps[] = [];
  await rec.runCase(BENCH, `raw zenoh-ts steps: 1 warm-up + ${reps}`, (reps + 2) * 20_000, async (ctx) => {
    await rawStepsOnce(locator);
    for (let i = 0; i < reps && !ctx.signal.aborted; i++) {
      const t = await rawStepsOnce(locator);
      runs.push(t);
      ctx.log(
        `raw: session ${t.sessionMs.toFixed(0)}, probe ${t.probeMs.toFixed(0)}, firstState ${t.firstStateMs.toFixed(0)} ms`,
      );
    }
  });
  const out = new Map<Step, Figure>();
  for (const step of ['sessionMs', 'probeMs', 'firstStateMs'] as const) {
    if (runs.length > 0)
      out.set(
        step,
        rec.measure({
          bench: BENCH,
          case: 'raw',
          subject: 'raw zenoh-ts',
          metric: step,
          unit: 'ms',
          samples: runs.map((r) => r[step]),
        }),
      );
  }
  return out;
}

function describe(t: ConnectTimings, steps: readonly Step[]): string {
  return `${steps.map((s) => `${s.replace('Ms', '')} ${(t[s] ?? Number.NaN).toFixed(0)}`).join(', ')} ms`;
}

/** One warm-up, then `reps` connects; a failed connect is reported and the next goes on (three failures end the case). */
async function measureConnects(
  bc: BenchContext,
  what: string,
  reps: number,
  steps: readonly Step[],
  connect: () => Promise<ConnectTimings>,
  raw: ReadonlyMap<Step, Figure>,
): Promise<ConnectTimings[]> {
  const { rec } = bc;
  const runs: ConnectTimings[] = [];
  await rec.runCase(BENCH, `${what}: 1 warm-up + ${reps} connects`, (reps + 4) * CONNECT_BUDGET_MS, async (ctx) => {
    let failures = 0;
    let warm = false;
    for (let i = 1; runs.length < reps && !ctx.signal.aborted; i++) {
      try {
        const t = await connect();
        if (warm) {
          runs.push(t);
          ctx.log(`${what}: ${describe(t, steps)}`);
        }
        warm = true;
      } catch (e) {
        failures += 1;
        rec.error(BENCH, what, `connect #${i}`, e instanceof Error ? e.message : String(e));
        if (failures >= 3) return;
      }
    }
  });
  for (const step of steps) {
    const samples = runs.map((t) => t[step]).filter((v): v is number => typeof v === 'number');
    if (samples.length === 0) continue;
    const figure = rec.measure({
      bench: BENCH,
      case: what,
      subject: 'VirtualRobot.connect',
      metric: step,
      unit: 'ms',
      samples,
    });
    const base = raw.get(step);
    rec.compare({
      bench: BENCH,
      case: what,
      metric: step.replace('Ms', ''),
      better: 'lower',
      subject: 'VirtualRobot.connect',
      figure,
      ...(base !== undefined ? { baselineSubject: RAW_LABEL[step] ?? 'raw zenoh-ts', baseline: base } : {}),
      ...(step === 'probeMs' ? { target: PROBE_TARGET } : {}),
    });
  }
  const above = runs
    .map((t) =>
      typeof t.totalMs === 'number' && typeof t.sessionMs === 'number' ? t.totalMs - t.sessionMs : undefined,
    )
    .filter((v): v is number => v !== undefined);
  if (steps.includes('probeMs') && above.length > 0) {
    const figure = rec.measure({
      bench: BENCH,
      case: what,
      subject: 'VirtualRobot.connect',
      metric: 'total minus session',
      unit: 'ms',
      samples: above,
    });
    rec.compare({
      bench: BENCH,
      case: what,
      metric: 'total beyond session open',
      better: 'lower',
      subject: 'VirtualRobot.connect',
      figure,
      target: ABOVE_SESSION_TARGET,
    });
  }
  return runs;
}

export async function benchVrobotsConnect(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  if (locator === undefined) {
    rec.error(BENCH, 'all', '-', 'no router');
    return;
  }
  const reps = byMode(mode, 6, 25);
  let sim: ChildLink | undefined;
  try {
    await rec.runCase(
      BENCH,
      `simulator (1 scene robot, service delay ${SERVICE_DELAY_MS} ms) in a child process`,
      60_000,
      async (ctx) => {
        const child = forkBenchChild('simulator-process.ts', [locator, '1', 'multirotor', String(SERVICE_DELAY_MS)]);
        try {
          const ready = await child.next('ready', 50_000);
          ctx.log(`simulator up in ${Number(ready.startupMs).toFixed(0)} ms (pid ${child.pid})`);
          sim = child;
        } catch (e) {
          child.kill();
          throw e;
        }
      },
    );
    if (sim === undefined) return;
    const raw = await measureRaw(bc, locator, reps);
    await measureConnects(
      bc,
      'create',
      reps,
      CREATE_STEPS,
      () => connectOnce(locator, undefined),
      // The SDK subscribes the state topic before it activates, so create's first-state step is
      // not comparable to a fresh subscriber's first sample.
      new Map([...raw].filter(([step]) => step !== 'firstStateMs')),
    );
    await measureConnects(bc, 'attach', reps, ATTACH_STEPS, () => connectOnce(locator, 0), raw);
  } finally {
    await sim?.stop();
  }
}
