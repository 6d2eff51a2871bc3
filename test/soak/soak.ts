/**
 * One soak run: two meshed routers, the churn workers, the actors and faults the folders
 * faults/ and actors/ hold (when they exist), a progress line a minute, then the verdict and
 * the markdown summary. Every phase has a budget; the run ends by itself.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ActorReport, FaultWindow, SoakActor, SoakContext, SoakFault } from './contract.js';
import { seededRandom } from './random.js';
import { type MinuteRow, renderSummary } from './report.js';
import { startSoakRouters } from './routers.js';
import { Sampler } from './sampler.js';
import { judge, type Verdict } from './verdict.js';
import { sumCounters, WorkerPool } from './worker-pool.js';

export interface SoakOptions {
  readonly minutes: number;
  readonly seed: number;
  readonly workers?: number;
  /** Seconds between faults, picked in this range (seeded). */
  readonly faultGapS?: readonly [number, number];
  readonly faults?: boolean;
  readonly actors?: boolean;
  readonly log?: (line: string) => void;
}

export interface SoakOutcome {
  readonly ok: boolean;
  readonly summary: string;
  readonly verdict: Verdict;
  readonly windows: readonly FaultWindow[];
}

const SAMPLE_EVERY_MS = 5000;
const FAULT_BUDGET_MS = 120_000;
/** No fault starts this close to the end of traffic, so its grace ends before the tail check. */
const FAULT_QUIET_END_MS = 30_000;
const ACTOR_BUDGET_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function withBudget<T>(what: string, p: Promise<T>, budgetMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not done within ${budgetMs} ms`)), budgetMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function loadIndex<T>(
  relative: string,
  pick: (m: Record<string, unknown>) => T | undefined,
): Promise<T | undefined> {
  const path = fileURLToPath(new URL(relative, import.meta.url));
  if (!existsSync(path)) return undefined;
  return pick((await import(path)) as Record<string, unknown>);
}

function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export async function runSoak(o: SoakOptions): Promise<SoakOutcome> {
  const log = o.log ?? ((l: string) => console.log(l));
  const startedMs = Date.now();
  const random = seededRandom(o.seed);
  const workers = o.workers ?? 2;
  const extraFailures: string[] = [];
  const notes: string[] = [];
  const windows: FaultWindow[] = [];
  const sampler = new Sampler();
  let faultActive = false;

  // Faults first: a link proxy they export goes between the routers.
  type FaultsModule = {
    createFaults?: (o: { linkProxy?: unknown }) => SoakFault[];
    faults?: SoakFault[];
    startLinkProxy?: (t: string) => Promise<{ endpoint: string; close(): Promise<void> }>;
  };
  const faultsModule = o.faults === false ? undefined : await loadIndex('./faults/index.ts', (m) => m as FaultsModule);
  let proxy: { endpoint: string; close(): Promise<void> } | undefined;
  const routers = await startSoakRouters(
    faultsModule?.startLinkProxy === undefined
      ? undefined
      : async (a) => {
          proxy = await faultsModule.startLinkProxy!(a);
          return proxy.endpoint;
        },
  );
  const faultList: SoakFault[] = faultsModule?.createFaults?.({ linkProxy: proxy }) ?? faultsModule?.faults ?? [];
  if (faultsModule === undefined && o.faults !== false) notes.push('no test/soak/faults/index.ts: ran without faults');

  const pool = new WorkerPool(
    {
      seed: o.seed,
      workers,
      stableNodes: 3,
      churnRate: 20,
      publishHz: 10,
      callHz: 2,
      requestBudgetMs: 5000,
      goalBudgetMs: 5000,
      lateSlackMs: 1000,
      reportEveryMs: 2000,
      gcEveryMs: 10_000,
    },
    (w) => {
      const urls = routers.routers.map((r) => r.wsUrl);
      return [urls[w % urls.length]!, ...urls.filter((_, i) => i !== w % urls.length)];
    },
    log,
    () => faultActive,
  );
  const actors: SoakActor[] = [];
  const actorReports: ActorReport[] = [];
  let ctx: SoakContext | undefined;
  try {
    // Actors start first: a swarm connecting and a browser launching load the routers and the
    // machine for a minute, and the judged traffic begins after that storm, not inside it.
    let runEnd = Date.now() + (o.minutes + 5) * 60_000;
    ctx = {
      seed: o.seed,
      random: seededRandom(o.seed ^ 0x5eed),
      routers: routers.routers,
      get deadlineMs() {
        return runEnd;
      },
      log,
      workerPids: () => pool.killablePids(),
      restartWorker: (pid) => pool.restart(pid),
    };
    if (o.actors !== false) {
      const create = await loadIndex('./actors/index.ts', (m) => m.createActors as (() => SoakActor[]) | undefined);
      if (create === undefined) notes.push('no test/soak/actors/index.ts: ran without actors');
      for (const a of create?.() ?? []) {
        try {
          await withBudget(`actor ${a.name} start`, a.start(ctx), ACTOR_BUDGET_MS);
          actors.push(a);
        } catch (e) {
          extraFailures.push(`actor ${a.name} did not start: ${String(e)}`);
        }
      }
    }
    await pool.startAll();
    const runStart = Date.now();
    runEnd = runStart + o.minutes * 60_000;
    // Traffic stops a little before the end, leaving room for the drain and the checks.
    const trafficEnd = runEnd - Math.min(20_000, o.minutes * 6000);
    const warmupMs = Math.max(60_000, Math.min(600_000, 0.2 * (trafficEnd - runStart)));
    log(
      `soak: seed ${o.seed}, ${o.minutes} min, ${workers} workers (pids ${pool.pids().join(', ')}), routers ${routers.routers.map((r) => `${r.wsUrl} pid ${r.pid}`).join(', ')}; ${faultList.length} faults, ${actors.length} actors`,
    );

    const processes = () => [
      { label: 'runner', pid: process.pid },
      ...routers.routers.map((r) => ({ label: r.name, pid: r.pid })),
      ...pool
        .current()
        .filter((l) => l.endedMs === undefined)
        .map((l) => ({ label: `worker ${l.worker}.${l.generation}`, pid: l.pid })),
      ...actors.flatMap((a) => (a.pids?.() ?? []).map((pid) => ({ label: `actor ${a.name}`, pid }))),
    ];
    const takeSample = () => {
      sampler.sample(processes());
      for (const l of pool.lives) {
        const r = l.latest;
        if (r?.heapAfterGc !== undefined)
          sampler.addHeap(`worker ${l.worker}.${l.generation}`, l.pid, r.atMs, r.heapAfterGc);
      }
    };

    // Faults, one at a time at seeded intervals.
    const [gapLo, gapHi] = o.faultGapS ?? [20, 60];
    const faulting = (async () => {
      let queue: SoakFault[] = [];
      for (;;) {
        const gapMs = (gapLo + random() * (gapHi - gapLo)) * 1000;
        const lastStart = trafficEnd - FAULT_QUIET_END_MS;
        await sleep(Math.min(gapMs, lastStart - Date.now()));
        if (Date.now() >= lastStart || faultList.length === 0) return;
        if (queue.length === 0) queue = shuffled(random, faultList);
        const fault = queue.shift()!;
        faultActive = true;
        const startMs = Date.now();
        try {
          windows.push(await withBudget(`fault ${fault.name}`, fault.inject(ctx!), FAULT_BUDGET_MS));
        } catch (e) {
          windows.push({ fault: fault.name, startMs, endMs: Date.now(), detail: `THREW: ${String(e)}` });
          extraFailures.push(`fault ${fault.name} threw or overran: ${String(e)}`);
        } finally {
          faultActive = false;
        }
        await pool.replaceDead();
      }
    })();

    // Progress and samples until the traffic ends.
    const minuteRows: MinuteRow[] = [];
    let last = { t: runStart, entities: 0, delivered: 0, calls: 0 };
    let nextMinute = runStart + 60_000;
    while (Date.now() < trafficEnd) {
      takeSample();
      await sleep(Math.min(SAMPLE_EVERY_MS, trafficEnd - Date.now()));
      if (Date.now() >= nextMinute || Date.now() >= trafficEnd) {
        const c = sumCounters(pool.lives);
        const now = Date.now();
        const entities = c?.entitiesCreated ?? 0;
        const delivered = c?.delivered ?? 0;
        const calls = (c?.requestsSent ?? 0) + (c?.goalsSent ?? 0);
        const messages = delivered - last.delivered + calls - last.calls;
        // The library's cost: the churn workers and the routers they use (not the actors' browser).
        const cpu = sampler.cpuBetween(last.t, now, (l) => l.startsWith('worker') || l.startsWith('router'));
        const row: MinuteRow = {
          minute: minuteRows.length + 1,
          entities: entities - last.entities,
          delivered: delivered - last.delivered,
          calls: calls - last.calls,
          cpuMsPerMessage: messages > 0 ? cpu / messages : undefined,
          faults: windows.filter((w) => w.startMs >= last.t && w.startMs < now).length,
        };
        minuteRows.push(row);
        const actorBits = actors.flatMap((a) =>
          Object.entries(a.sample?.() ?? {}).map(([k, v]) => `${a.name}.${k}=${v}`),
        );
        log(
          `[${row.minute} min] entities ${entities} (+${row.entities}), delivered ${delivered} (+${row.delivered}), calls ${calls}, ` +
            `unanswered ${(c?.requestsUnanswered ?? 0) + (c?.goalsUnanswered ?? 0)}, gaps ${pool.events.filter((e) => e.event.kind === 'gap').length}, ` +
            `faults ${windows.length}, escaped ${(c?.uncaughtExceptions ?? 0) + (c?.unhandledRejections ?? 0)}, ` +
            `cpu/msg ${row.cpuMsPerMessage?.toFixed(3) ?? '-'} ms ${actorBits.join(' ')}`,
        );
        last = { t: now, entities, delivered, calls };
        nextMinute += 60_000;
      }
    }
    takeSample();
    const measureToMs = Date.now();
    await withBudget('the fault in progress', faulting, FAULT_BUDGET_MS).catch((e: unknown) =>
      extraFailures.push(String(e)),
    );
    for (const a of actors) {
      try {
        actorReports.push(await withBudget(`actor ${a.name} stop`, a.stop(), ACTOR_BUDGET_MS));
      } catch (e) {
        extraFailures.push(`actor ${a.name} did not stop: ${String(e)}`);
      }
    }
    actors.length = 0;
    const quiescedMs = Date.now();
    await pool.quiesce();
    // Let the last samples arrive before asking what each subscription saw.
    await sleep(2000);
    await pool.final(5000 * 2 + 1000 + 5000);
    const missing = pool.current().filter((l) => l.endedMs === undefined && l.final === undefined);
    for (const l of missing) extraFailures.push(`worker ${l.worker} (pid ${l.pid}) sent no final report`);
    await pool.stop();
    const workerExitMs = pool.lives.flatMap((l) => (l.exitMs === undefined ? [] : [l.exitMs]));
    for (const ms of workerExitMs) if (ms >= 10_000) extraFailures.push(`a worker took ${ms} ms to exit after stop`);
    const counters = sumCounters(pool.lives);
    const verdict = judge({
      pool,
      windows,
      sampler,
      runStartMs: runStart,
      measureFromMs: runStart + warmupMs,
      measureToMs,
      quiescedMs,
      actors: actorReports,
      counters,
      extraFailures,
    });
    const summary = renderSummary(
      {
        seed: o.seed,
        minutes: o.minutes,
        workers,
        startedIso: new Date(startedMs).toISOString(),
        wallMs: Date.now() - startedMs,
        loadAverage: loadavg(),
        windows,
        actors: actorReports,
        minutesRows: minuteRows,
        workerExitMs,
        workerShutdownMs: pool.lives.flatMap((l) => (l.shutdownMs === undefined ? [] : [l.shutdownMs])),
        notes: [...notes, ...verdict.notes],
      },
      verdict,
    );
    return { ok: verdict.failures.length === 0, summary, verdict, windows };
  } finally {
    for (const a of actors) await withBudget(`actor ${a.name} stop`, a.stop(), ACTOR_BUDGET_MS).catch(() => undefined);
    pool.killAll();
    await routers.stop();
    await proxy?.close();
  }
}
