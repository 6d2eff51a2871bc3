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

const BENCH = 'vrobots connect';
/** The simulator's artificial delay before a new robot's services appear: 0 measures the SDK and transport alone. */
const SERVICE_DELAY_MS = 0;
const CONNECT_BUDGET_MS = 30_000;

type Step = Exclude<keyof ConnectTimings, never>;
const CREATE_STEPS: readonly Step[] = ['sessionMs', 'probeMs', 'createMs', 'activateMs', 'firstStateMs', 'totalMs'];
const ATTACH_STEPS: readonly Step[] = ['sessionMs', 'firstStateMs', 'totalMs'];

async function connectOnce(locator: string, sysId: number | undefined): Promise<ConnectTimings> {
  const r = await within(
    VirtualRobot.connect('multirotor', sysId, { router: locator }),
    CONNECT_BUDGET_MS,
    `connect ${sysId ?? '(create)'}`,
  );
  if (!r.ok) throw new Error(`connect ${sysId ?? '(create)'}: ${r.error.kind}: ${r.error.detail}`);
  const timings = r.value.connectTimings();
  await within(r.value.close(), 5000, 'robot close').catch(() => undefined);
  return timings;
}

export async function benchVrobotsConnect(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  if (locator === undefined) {
    rec.error(BENCH, 'all', '-', 'no router');
    return;
  }
  const reps = byMode(mode, 6, 25);
  let sim: ChildLink | undefined;
  const created: ConnectTimings[] = [];
  const attached: ConnectTimings[] = [];
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
    await rec.runCase(
      BENCH,
      `create path, 1 warm-up + ${reps} connects`,
      (reps + 1) * CONNECT_BUDGET_MS,
      async (ctx) => {
        await connectOnce(locator, undefined);
        for (let i = 0; i < reps && !ctx.signal.aborted; i++) {
          const t = await connectOnce(locator, undefined);
          created.push(t);
          ctx.log(
            `create: ${CREATE_STEPS.map((s) => `${s.replace('Ms', '')} ${(t[s] ?? Number.NaN).toFixed(0)}`).join(', ')} ms`,
          );
        }
      },
    );
    await rec.runCase(
      BENCH,
      `attach to robot 0, 1 warm-up + ${reps} connects`,
      (reps + 1) * CONNECT_BUDGET_MS,
      async (ctx) => {
        await connectOnce(locator, 0);
        for (let i = 0; i < reps && !ctx.signal.aborted; i++) {
          const t = await connectOnce(locator, 0);
          attached.push(t);
          ctx.log(
            `attach: ${ATTACH_STEPS.map((s) => `${s.replace('Ms', '')} ${(t[s] ?? Number.NaN).toFixed(0)}`).join(', ')} ms`,
          );
        }
      },
    );
  } finally {
    await sim?.stop();
  }
  const report = (path: string, steps: readonly Step[], runs: readonly ConnectTimings[]): void => {
    if (runs.length === 0) return;
    for (const step of steps) {
      const samples = runs.map((t) => t[step]).filter((v): v is number => typeof v === 'number');
      if (samples.length === 0) continue;
      const fig: Figure = rec.measure({
        bench: BENCH,
        case: path,
        subject: 'VirtualRobot.connect',
        metric: step,
        unit: 'ms',
        samples,
      });
      rec.compare({
        bench: BENCH,
        case: path,
        metric: step.replace('Ms', ''),
        better: 'lower',
        subject: 'VirtualRobot.connect',
        figure: fig,
      });
    }
  };
  report('create', CREATE_STEPS, created);
  report('attach', ATTACH_STEPS, attached);
}
