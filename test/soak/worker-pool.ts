/**
 * The churn worker processes (worker.ts under tsx, with --expose-gc for a clean heap reading),
 * their reports, and their replacement after a fault kills one. A worker that exits without a
 * fault having asked for it is a failure the runner reports.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type {
  FinalMessage,
  QuiescedMessage,
  WorkerConfig,
  WorkerCounters,
  WorkerEvent,
  WorkerReport,
} from './messages.js';
import { reapOnExit } from './reap-on-exit.js';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
// tsx compiling the library in a fresh process takes over a minute on a loaded 2-core machine.
/** Past the worker's own budgets (connect 60 s, servers visible 120 s), so the worker says why first. */
const READY_BUDGET_MS = 200_000;

export interface WorkerLife {
  readonly worker: number;
  readonly generation: number;
  readonly pid: number;
  readonly startedMs: number;
  endedMs?: number;
  /** Killed by a fault (its in-flight work is excluded) rather than stopped by the runner. */
  killed: boolean;
  unexpectedExit?: string;
  latest?: WorkerReport;
  quiesced?: QuiescedMessage;
  final?: FinalMessage;
  /** Executor.shutdown at the end, as the worker measured it. */
  shutdownMs?: number;
  /** From 'stop' sent to the process gone. */
  exitMs?: number;
  readonly child: ChildProcess;
}

type Baseline = Omit<WorkerConfig, 'worker' | 'generation' | 'routers'>;

export class WorkerPool {
  readonly lives: WorkerLife[] = [];
  readonly events: { life: WorkerLife; event: WorkerEvent }[] = [];
  private stopping = false;
  /** Pids a fault is about to replace. */
  private readonly expected = new Set<number>();

  constructor(
    private readonly base: Baseline,
    private readonly routersFor: (worker: number) => readonly string[],
    private readonly log: (line: string) => void,
    /** A fault in progress may kill a worker before it calls restartWorker. */
    private readonly faultActive: () => boolean,
  ) {}

  current(): WorkerLife[] {
    const byWorker = new Map<number, WorkerLife>();
    for (const l of this.lives) byWorker.set(l.worker, l);
    return [...byWorker.values()];
  }

  /** The running workers' pids but worker 0's, the memory witness no fault kills. */
  killablePids(): number[] {
    return this.current()
      .filter((l) => l.endedMs === undefined && l.worker !== 0)
      .map((l) => l.pid);
  }

  pids(): number[] {
    return this.current()
      .filter((l) => l.endedMs === undefined)
      .map((l) => l.pid);
  }

  async startAll(): Promise<void> {
    await Promise.all(Array.from({ length: this.base.workers }, (_, w) => this.start(w, 0)));
  }

  private start(worker: number, generation: number): Promise<WorkerLife> {
    const config: WorkerConfig = { ...this.base, worker, generation, routers: this.routersFor(worker) };
    const child = fork(WORKER, [JSON.stringify(config)], {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    reapOnExit(child);
    const life: WorkerLife = { worker, generation, pid: child.pid ?? -1, startedMs: Date.now(), killed: false, child };
    this.lives.push(life);
    const stderr: string[] = [];
    child.stderr?.on('data', (c: Buffer) => {
      stderr.push(...String(c).split('\n').filter(Boolean));
      stderr.splice(0, Math.max(0, stderr.length - 20));
    });
    return new Promise<WorkerLife>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`worker ${worker}: not ready within ${READY_BUDGET_MS} ms`)),
        READY_BUDGET_MS,
      );
      child.on('message', (m: { type: string; message?: string }) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve(life);
        } else if (m.type === 'progress') this.log(String((m as { message?: unknown }).message));
        else if (m.type === 'report') {
          const r = m as unknown as WorkerReport;
          life.latest = r;
          for (const event of r.events) this.events.push({ life, event });
        } else if (m.type === 'quiesced') life.quiesced = m as unknown as QuiescedMessage;
        else if (m.type === 'final') life.final = m as unknown as FinalMessage;
        else if (m.type === 'stopped')
          life.shutdownMs = (m as unknown as { counters: WorkerCounters }).counters.shutdownMs;
        else if (m.type === 'error') {
          clearTimeout(timer);
          reject(new Error(`worker ${worker} (pid ${life.pid}): ${m.message}`));
        }
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        life.endedMs = Date.now();
        if (this.expected.has(life.pid) || this.faultActive()) life.killed = true;
        else if (!this.stopping) {
          life.unexpectedExit = `worker ${worker} (pid ${life.pid}) exited (code ${code}, signal ${signal})\n${stderr.join('\n')}`;
          this.log(`UNEXPECTED: ${life.unexpectedExit}`);
        }
        reject(
          new Error(
            `worker ${worker} (pid ${life.pid}) exited before ready (code ${code}, signal ${signal})\n${stderr.join('\n')}`,
          ),
        );
      });
    });
  }

  /** A fault is about to kill `pid` (or has): its exit is expected. */
  expect(pid: number): void {
    this.expected.add(pid);
  }

  /** Replaces the worker of `pid` (killing it if still there) with its next generation. */
  async restart(pid: number): Promise<void> {
    const life = this.lives.find((l) => l.pid === pid);
    if (life === undefined) throw new Error(`no soak worker has pid ${pid}`);
    this.expected.add(pid);
    life.killed = true;
    if (life.endedMs === undefined) {
      life.child.kill('SIGKILL');
      await new Promise<void>((r) => (life.endedMs !== undefined ? r() : life.child.once('exit', () => r())));
    }
    await this.start(life.worker, life.generation + 1);
  }

  /** Restarts any worker that died by itself (a failure already logged), so the run goes on. */
  async replaceDead(): Promise<void> {
    for (const l of this.current()) {
      if (l.endedMs !== undefined && l.unexpectedExit !== undefined && !this.stopping) {
        await this.start(l.worker, l.generation + 1).catch((e: unknown) => this.log(`restart failed: ${String(e)}`));
      }
    }
  }

  private async each(cmd: string, got: (l: WorkerLife) => boolean, budgetMs: number): Promise<void> {
    const alive = this.current().filter((l) => l.endedMs === undefined);
    for (const l of alive) if (l.child.connected) l.child.send({ cmd });
    const by = Date.now() + budgetMs;
    while (alive.some((l) => !got(l) && l.endedMs === undefined) && Date.now() < by) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stop traffic and churn everywhere; each worker says its publishers' last seq. */
  quiesce(): Promise<void> {
    this.stopping = true;
    return this.each('quiesce', (l) => l.quiesced !== undefined, 30_000);
  }

  /** Each worker says what its subscriptions saw last, once its calls are answered or overdue. */
  final(budgetMs: number): Promise<void> {
    return this.each('final', (l) => l.final !== undefined, budgetMs);
  }

  /** Asks each worker to shut down and exit by itself; SIGKILL after the budget (counted slow). */
  async stop(budgetMs = 10_000): Promise<void> {
    this.stopping = true;
    const alive = this.current().filter((l) => l.endedMs === undefined);
    const sent = Date.now();
    await Promise.all(
      alive.map(
        (l) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              l.child.kill('SIGKILL');
            }, budgetMs);
            l.child.once('exit', () => {
              clearTimeout(timer);
              l.exitMs = Date.now() - sent;
              resolve();
            });
            if (l.child.connected) l.child.send({ cmd: 'stop' });
            else l.child.kill('SIGKILL');
          }),
      ),
    );
  }

  /** Kills whatever is left (the runner's last resort). */
  killAll(): void {
    for (const l of this.lives) if (l.endedMs === undefined) l.child.kill('SIGKILL');
  }
}

export function sumCounters(lives: readonly WorkerLife[]): WorkerCounters | undefined {
  let sum: WorkerCounters | undefined;
  for (const l of lives) {
    const c = l.final?.counters ?? l.latest?.counters;
    if (c === undefined) continue;
    if (sum === undefined) {
      sum = {
        ...c,
        byKind: { ...c.byKind },
        requestsLateCodes: { ...c.requestsLateCodes },
        goalsLateCodes: { ...c.goalsLateCodes },
        escapedMessages: [...c.escapedMessages],
      };
      continue;
    }
    for (const [k, v] of Object.entries(c)) {
      if (typeof v === 'number') {
        const key = k as keyof WorkerCounters;
        (sum as unknown as Record<string, number>)[key] =
          k === 'maxEventLoopLagMs' || k === 'shutdownMs' || k.endsWith('MaxLateMs') || k.startsWith('max')
            ? Math.max(sum[key] as number, v)
            : (sum[key] as number) + v;
      }
    }
    addCounts(sum.byKind, c.byKind);
    addCounts(sum.requestsLateCodes, c.requestsLateCodes);
    addCounts(sum.goalsLateCodes, c.goalsLateCodes);
    sum.escapedMessages.push(...c.escapedMessages);
  }
  return sum;
}

function addCounts(into: Record<string, number>, from: Readonly<Record<string, number>> | undefined): void {
  for (const [k, v] of Object.entries(from ?? {})) into[k] = (into[k] ?? 0) + v;
}
