/** A value that comes later (a reply, a result), polled or waited for under a budget. */
import { checkBudget } from '../budget.js';
import { err, type Result, type ResultOf } from '../result.js';

export interface Future<T> {
  isReady(): boolean;
  /** TryAgain while pending. */
  take(): ResultOf<T>;
  /** Spins the executor up to the budget. */
  wait(budgetMs: number): Promise<ResultOf<T>>;
}

/** What a SettableFuture spins while it waits (an Executor; structural, so this file imports no api.ts). */
interface Spinner {
  spinUntil(done: () => boolean, budgetMs: number, what?: string): Promise<Result>;
}

/** A Future settled once from inside spin (a reply, a status, a result); waiting spins the executor. */
export class SettableFuture<T> implements Future<T> {
  private result: ResultOf<T> | undefined;

  constructor(
    private readonly spinner: Spinner,
    protected readonly what: string,
  ) {}

  /** The first settlement wins. */
  settle(result: ResultOf<T>): void {
    this.result ??= result;
  }

  isReady(): boolean {
    return this.result !== undefined;
  }

  take(): ResultOf<T> {
    return this.result ?? err('TryAgain', `${this.what} is still pending`);
  }

  async wait(budgetMs: number): Promise<ResultOf<T>> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    if (this.result !== undefined) return this.result;
    const waited = await this.spinner.spinUntil(() => this.result !== undefined, budgetMs, `waiting for ${this.what}`);
    if (!waited.ok && this.result === undefined) return waited;
    return this.take();
  }
}
