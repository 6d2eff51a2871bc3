/** Periods are checked here; budgets by the one rule in src/budget.ts. */
import { describeValue, err, ok, type Result } from '../result.js';

/** A period must be a finite, strictly positive number of milliseconds. */
export function checkPeriod(argument: string, value: unknown): Result {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    return err('InvalidArgument', `${argument} must be a finite number of milliseconds > 0, got ${describeValue(value)}`);
  }
  return ok();
}
