/** The rmw's budget check, shared by both backends so they refuse the same inputs the same way. */
import { err, ok, type Result } from '../result.js';

/** A budget is a finite number of milliseconds >= 0; anything else is refused naming `what`. */
export function checkRmwBudget(budgetMs: unknown, what: string): Result {
  if (typeof budgetMs !== 'number' || !Number.isFinite(budgetMs) || budgetMs < 0) {
    return err('InvalidArgument', `budgetMs for ${what} must be a finite number >= 0, got ${String(budgetMs)}`);
  }
  return ok();
}
