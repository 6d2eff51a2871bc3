/** A Future settled once from inside spin (a reply, a status); waiting spins the executor. */
import { checkBudget } from '../../budget.js';
import { err, type ResultOf } from '../../result.js';
import type { Executor, Future } from '../api.js';

export class SettableFuture<T> implements Future<T> {
  private result: ResultOf<T> | undefined;

  constructor(
    private readonly executor: Executor,
    private readonly what: string,
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
    const waited = await this.executor.spinUntil(() => this.result !== undefined, budgetMs);
    if (!waited.ok && this.result === undefined) {
      return waited.error.name === 'Timeout'
        ? err('Timeout', `${this.what} did not come within the budget of ${budgetMs} ms`)
        : waited;
    }
    return this.take();
  }
}
