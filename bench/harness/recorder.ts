/**
 * Collects rows and measurements, prints progress as it goes, and runs each case inside a
 * budget so that one stuck or failing case becomes an error row and the run goes on.
 */
import { type Better, type Figure, judge, type Measurement, type Row, type Target, type Unit } from './results.js';
import { ratio, summarize } from './stats.js';

export interface CaseContext {
  /** Aborted when the case's budget runs out: loops must check it and stop. */
  readonly signal: AbortSignal;
  /** Date.now() at which the budget runs out. */
  readonly deadline: number;
  readonly log: (line: string) => void;
}

export interface Comparison {
  readonly bench: string;
  readonly case: string;
  readonly metric: string;
  readonly better: Better;
  readonly subject: string;
  readonly figure: Figure | undefined;
  readonly baselineSubject?: string;
  readonly baseline?: Figure | undefined;
  readonly target?: Target;
  readonly note?: string;
}

export class BudgetExceeded extends Error {
  constructor(what: string, budgetMs: number) {
    super(`${what}: budget of ${budgetMs} ms ran out`);
  }
}

export class Recorder {
  readonly rows: Row[] = [];
  readonly measurements: Measurement[] = [];
  private readonly started = Date.now();

  constructor(private readonly out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)) {}

  log(line: string): void {
    const t = ((Date.now() - this.started) / 1000).toFixed(1).padStart(6);
    this.out(`[${t}s] ${line}`);
  }

  measure(m: Omit<Measurement, 'summary'> & { readonly samples: readonly number[] }): Figure {
    const { samples, ...rest } = m;
    const summary = summarize(samples);
    this.measurements.push({ ...rest, summary });
    return { value: summary.p50, unit: m.unit, summary };
  }

  compare(c: Comparison): Row {
    const r = c.baseline === undefined ? Number.NaN : ratio(c.figure?.value, c.baseline.value);
    const met = judge(r, c.target, c.figure?.value);
    const row: Row = {
      bench: c.bench,
      case: c.case,
      metric: c.metric,
      better: c.better,
      subject: c.subject,
      ...(c.figure !== undefined ? { figure: c.figure } : {}),
      ...(c.baselineSubject !== undefined ? { baselineSubject: c.baselineSubject } : {}),
      ...(c.baseline !== undefined ? { baseline: c.baseline } : {}),
      ...(Number.isFinite(r) ? { ratio: r } : {}),
      ...(c.target !== undefined ? { target: c.target } : {}),
      ...(met !== undefined ? { met } : {}),
      ...(c.note !== undefined ? { note: c.note } : {}),
    };
    this.rows.push(row);
    return row;
  }

  error(bench: string, caseName: string, subject: string, message: string): void {
    this.log(`  ERROR ${bench} / ${caseName} / ${subject}: ${message}`);
    this.rows.push({ bench, case: caseName, metric: '-', better: 'lower', subject, error: message });
  }

  /**
   * Runs one case with a budget. A throw or the budget running out records an error row; the
   * case's own loops see `signal.aborted` and wind down. Never rejects.
   */
  async runCase(
    bench: string,
    caseName: string,
    budgetMs: number,
    body: (ctx: CaseContext) => Promise<void>,
  ): Promise<boolean> {
    this.log(`${bench} / ${caseName}`);
    const controller = new AbortController();
    const deadline = Date.now() + budgetMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve('timeout');
      }, budgetMs);
    });
    const ctx: CaseContext = { signal: controller.signal, deadline, log: (l) => this.log(`  ${l}`) };
    try {
      const outcome = await Promise.race([body(ctx).then(() => 'done' as const), timeout]);
      if (outcome === 'timeout') {
        this.error(bench, caseName, '-', new BudgetExceeded(`${bench} / ${caseName}`, budgetMs).message);
        return false;
      }
      return true;
    } catch (thrown) {
      this.error(bench, caseName, '-', thrown instanceof Error ? thrown.message : String(thrown));
      return false;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }
}

/** Resolves `promise`, or throws BudgetExceeded naming `what` after `budgetMs`. */
export async function within<T>(promise: Promise<T>, budgetMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BudgetExceeded(what, budgetMs)), budgetMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `done` every `stepMs` until it holds (true) or the budget runs out (false). */
export async function waitUntil(done: () => boolean, budgetMs: number, stepMs = 5): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await sleep(stepMs);
  }
  return true;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export type { Unit };
