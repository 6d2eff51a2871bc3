/**
 * Judging a finished run: losses and duplicates by (publisher, seq) inside or outside the fault
 * windows (plus grace), calls answered once within budget, reconnection times, escaped throws,
 * and the memory slope of every process after warm-up against its bound.
 *
 * The memory bound: over the measured span a process may grow by at most max(2 MiB, 10% of its
 * mean) of heap after a full GC, and max(16 MiB, 25% of its mean) of RSS. A full GC leaves a
 * heap that still varies by a few hundred KiB (queues, pending calls), and RSS moves in whole
 * arenas and pages V8 keeps, so these floors sit several noise widths above what a flat process
 * shows; a leak of one small object per churned entity grows by more than that within minutes.
 */
import type { ActorReport, FaultWindow } from './contract.js';
import type { WorkerCounters } from './messages.js';
import { mean, type Sampler, type Series, slopePerMinute, span } from './sampler.js';
import type { WorkerLife, WorkerPool } from './worker-pool.js';

export const FAULT_GRACE_MS = 12_000;
const HEAP_FLOOR = 2 * 1024 * 1024;
const HEAP_FRACTION = 0.1;
const RSS_FLOOR_KIB = 16 * 1024;
const RSS_FRACTION = 0.25;
/**
 * Judged: the rclts processes (the churn workers). The routers (zenoh's), the actors (a
 * simulator, Chromium) and the runner are shown with the same bound, not judged.
 * A series shorter than this share of the measured phase (a restarted worker) is shown too.
 */
const JUDGED_SHARE = 0.5;

export interface MemoryRow {
  readonly label: string;
  readonly pid: number;
  readonly what: 'heap' | 'rss';
  readonly meanKiB: number;
  readonly slopeKiBPerMin: number;
  readonly boundKiBPerMin: number | undefined;
  readonly judged: boolean;
}

export interface Verdict {
  readonly failures: string[];
  /**
   * Shown, not failing: a stable call answered with an error value (Timeout, NotFound) outside
   * the fault windows. It was answered, once, within its budget (the contract); that the
   * transport could not carry it in time is a capacity finding of the run (a loaded router).
   */
  readonly notes: string[];
  readonly loss: { outside: number; inFault: number; tail: number; duplicates: number; neverHeard: number };
  readonly failedCalls: { outside: number; inFault: number; byCode: Record<string, number> };
  readonly reconnect: { probeMs: number[]; workerMs: number[] };
  readonly memory: MemoryRow[];
  readonly counters: WorkerCounters | undefined;
}

function inWindows(windows: readonly FaultWindow[], from: number, to: number): boolean {
  return windows.some((w) => from <= w.endMs + FAULT_GRACE_MS && to >= w.startMs - 1000);
}

export function percentile(values: readonly number[], q: number): number | undefined {
  if (values.length === 0) return undefined;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
}

function judgeLoss(pool: WorkerPool, windows: readonly FaultWindow[], quiescedMs: number, v: Verdict): void {
  for (const { event } of pool.events) {
    if (event.kind === 'gap') {
      if (inWindows(windows, event.fromMs, event.toMs)) v.loss.inFault += event.lost;
      else {
        v.loss.outside += event.lost;
        v.failures.push(`${event.lost} samples of ${event.pub} lost at ${event.sub} outside fault windows`);
      }
    } else if (event.kind === 'duplicate') {
      v.loss.duplicates += 1;
      v.failures.push(`duplicate seq ${event.seq} of ${event.pub} at ${event.sub}`);
    }
  }
  // The tail: what each publisher sent last against what each subscription saw last.
  const finished = pool.lives.filter((l) => !l.killed && l.unexpectedExit === undefined);
  const tailInFault = inWindows(windows, quiescedMs - 1, quiescedMs);
  for (const p of finished) {
    for (const [pub, finalSeq] of Object.entries(p.quiesced?.finalSeq ?? {})) {
      if (finalSeq < 0) continue;
      for (const s of finished) {
        for (const [sub, seen] of Object.entries(s.final?.lastSeen ?? {})) {
          const last = seen[pub];
          if (last === undefined) {
            if (overlapMs(p, s) > 60_000) {
              v.loss.neverHeard += 1;
              v.failures.push(`${sub} never heard ${pub} though both lived for a minute together`);
            }
            continue;
          }
          const lost = finalSeq - last;
          if (lost <= 0) continue;
          if (tailInFault) v.loss.inFault += lost;
          else {
            v.loss.tail += lost;
            v.failures.push(`${lost} last samples of ${pub} never reached ${sub}`);
          }
        }
      }
    }
  }
}

function overlapMs(a: WorkerLife, b: WorkerLife): number {
  const end = Math.min(a.endedMs ?? Date.now(), b.endedMs ?? Date.now());
  return end - Math.max(a.startedMs, b.startedMs);
}

function judgeCalls(pool: WorkerPool, windows: readonly FaultWindow[], v: Verdict): void {
  for (const { life, event } of pool.events) {
    if (event.kind !== 'failed-call') continue;
    v.failedCalls.byCode[event.code] = (v.failedCalls.byCode[event.code] ?? 0) + 1;
    if (inWindows(windows, event.sentMs, event.atMs)) v.failedCalls.inFault += 1;
    else {
      v.failedCalls.outside += 1;
      if (v.failedCalls.outside <= 20) {
        v.notes.push(
          `${event.what} sent at ${new Date(event.sentMs).toISOString()} failed outside fault windows: ${event.code} (${life.worker}.${life.generation} -> ${event.target})`,
        );
      }
    }
  }
  const c = v.counters;
  if (c === undefined) return;
  const checks: [number, string][] = [
    [c.requestsTwice, 'requests answered twice'],
    [c.goalsTwice, 'goals answered twice'],
    [c.requestsUnanswered, 'requests never answered (past budget + slack)'],
    [c.goalsUnanswered, 'goals never answered (past budget + slack)'],
    [c.requestsLate, 'requests answered after budget + slack'],
    [c.goalsLate, 'goals answered after budget + slack'],
    [c.uncaughtExceptions, 'uncaught exceptions in workers'],
    [c.unhandledRejections, 'unhandled rejections in workers'],
    [c.handlerErrors, 'handler errors in workers'],
    [c.parameterMismatches, 'parameters read back wrong'],
    [c.queueDropped, 'samples dropped by full keep-all queues'],
  ];
  for (const [n, what] of checks) if (n > 0) v.failures.push(`${n} ${what}`);
  for (const m of c.escapedMessages) v.failures.push(m);
}

function judgeReconnect(pool: WorkerPool, windows: readonly FaultWindow[], v: Verdict): void {
  for (const w of windows) {
    if (w.reconnectMs !== undefined) v.reconnect.probeMs.push(w.reconnectMs);
    if (w.detail?.includes('NOT RECOVERED')) v.failures.push(`${w.fault}: ${w.detail}`);
  }
  const lostAt = new Map<WorkerLife, number>();
  for (const { life, event } of pool.events) {
    if (event.kind !== 'transport') continue;
    if (event.message.startsWith('connection_lost')) {
      lostAt.set(life, event.atMs);
      if (!inWindows(windows, event.atMs, event.atMs)) {
        v.failures.push(`worker ${life.worker} lost its router outside fault windows: ${event.message}`);
      }
    } else if (event.message.startsWith('reconnected')) {
      const t = lostAt.get(life);
      if (t !== undefined) v.reconnect.workerMs.push(event.atMs - t);
      lostAt.delete(life);
    }
  }
}

/**
 * The processes running rclts: the churn workers and the swarm's simulator and client (vrobots
 * on rclts). Routers, Chromium and the runner are shown against the same rule, not judged.
 */
export function isRcltsProcess(label: string): boolean {
  return label.startsWith('worker') || label === 'actor vrobots-swarm';
}

/**
 * The swarm's processes are judged only when the measured phase is this long: their RSS still
 * settles for minutes (robots created, V8 growing its heap), 12-16 MiB/min in 4-minute runs
 * against bounds of 17-18 MiB/min, so a short run would judge their warm-up.
 */
const SWARM_JUDGED_PHASE_MS = 10 * 60_000;

function judgeSeries(s: Series, from: number, phaseMs: number, v: Verdict): void {
  const heap = slopePerMinute(s.heapBytes, from);
  // Half the measured phase, but ten minutes of a long run are enough to tell a slope.
  const rclts = isRcltsProcess(s.label) && (s.label.startsWith('worker') || phaseMs >= SWARM_JUDGED_PHASE_MS);
  const judged = (points: Series['rssKiB']) => rclts && span(points, from) >= Math.min(phaseMs * JUDGED_SHARE, 600_000);
  if (heap !== undefined) {
    const m = mean(s.heapBytes, from)!;
    const minutes = span(s.heapBytes, from) / 60_000;
    const bound = Math.max(HEAP_FLOOR, HEAP_FRACTION * m) / minutes;
    const row: MemoryRow = {
      label: s.label,
      pid: s.pid,
      what: 'heap',
      meanKiB: m / 1024,
      slopeKiBPerMin: heap / 1024,
      boundKiBPerMin: bound / 1024,
      judged: judged(s.heapBytes),
    };
    v.memory.push(row);
    if (row.judged && heap > bound) {
      v.failures.push(
        `${s.label} (pid ${s.pid}) heap grows ${row.slopeKiBPerMin.toFixed(0)} KiB/min > bound ${row.boundKiBPerMin!.toFixed(0)}`,
      );
    }
  }
  const rss = slopePerMinute(s.rssKiB, from);
  if (rss !== undefined) {
    const m = mean(s.rssKiB, from)!;
    const minutes = span(s.rssKiB, from) / 60_000;
    const bound = Math.max(RSS_FLOOR_KIB, RSS_FRACTION * m) / minutes;
    const row: MemoryRow = {
      label: s.label,
      pid: s.pid,
      what: 'rss',
      meanKiB: m,
      slopeKiBPerMin: rss,
      boundKiBPerMin: bound,
      judged: judged(s.rssKiB),
    };
    v.memory.push(row);
    if (row.judged && rss > bound) {
      v.failures.push(`${s.label} (pid ${s.pid}) RSS grows ${rss.toFixed(0)} KiB/min > bound ${bound.toFixed(0)}`);
    }
  }
}

export interface JudgeInput {
  readonly pool: WorkerPool;
  readonly windows: readonly FaultWindow[];
  readonly sampler: Sampler;
  readonly runStartMs: number;
  readonly measureFromMs: number;
  readonly measureToMs: number;
  readonly quiescedMs: number;
  readonly actors: readonly ActorReport[];
  readonly counters: WorkerCounters | undefined;
  readonly extraFailures: readonly string[];
}

export function judge(input: JudgeInput): Verdict {
  const v: Verdict = {
    failures: [...input.extraFailures],
    notes: [],
    loss: { outside: 0, inFault: 0, tail: 0, duplicates: 0, neverHeard: 0 },
    failedCalls: { outside: 0, inFault: 0, byCode: {} },
    reconnect: { probeMs: [], workerMs: [] },
    memory: [],
    counters: input.counters,
  };
  for (const l of input.pool.lives) if (l.unexpectedExit !== undefined) v.failures.push(l.unexpectedExit);
  judgeLoss(input.pool, input.windows, input.quiescedMs, v);
  judgeCalls(input.pool, input.windows, v);
  judgeReconnect(input.pool, input.windows, v);
  const phaseMs = input.measureToMs - input.measureFromMs;
  const warmupMs = input.measureFromMs - input.runStartMs;
  for (const s of input.sampler.series.values()) {
    // A process started mid-run (a replaced worker, a restarted router) warms up from its own start.
    const born = Math.min(s.rssKiB[0]?.t ?? Number.POSITIVE_INFINITY, s.heapBytes[0]?.t ?? Number.POSITIVE_INFINITY);
    judgeSeries(s, Math.max(input.measureFromMs, born + warmupMs), phaseMs, v);
  }
  // Worker 0 is never killed by a fault (the memory witness): a run that judged no worker's
  // memory would pass its memory rule without evidence.
  if (!v.memory.some((m) => m.judged && m.what === 'heap')) {
    v.failures.push('no worker lived long enough after its warm-up for its heap slope to be judged');
  }
  for (const a of input.actors) for (const f of a.failures) v.failures.push(`${a.name}: ${f}`);
  return v;
}
