/** A value that comes later (a reply, a result), polled or waited for under a budget. */
import type { ResultOf } from '../result.js';

export interface Future<T> {
  isReady(): boolean;
  /** TryAgain while pending. */
  take(): ResultOf<T>;
  /** Spins the executor up to the budget. */
  wait(budgetMs: number): Promise<ResultOf<T>>;
}
