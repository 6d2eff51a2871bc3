/** A promise of a Result given a budget: Timeout naming `what` and the budget when it runs out. */
import { timerDelay } from '../../../budget.js';
import { type Err, err, type ResultOf } from '../../../result.js';

export async function withinBudget<T>(
  work: Promise<ResultOf<T>>,
  budgetMs: number,
  what: string,
): Promise<ResultOf<T> | Err> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<Err>((resolve) => {
    timer = setTimeout(
      () => resolve(err('Timeout', `${what} did not finish within ${budgetMs} ms`)),
      timerDelay(budgetMs),
    );
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
