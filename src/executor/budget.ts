/** Budgets are finite, non-negative milliseconds; anything else is refused by name. */
import { err, ok, type Result } from '../result.js';

export function checkBudget(argument: string, value: unknown): Result {
  if (typeof value !== 'number' || Number.isNaN(value)) {
    return err('InvalidArgument', `${argument} must be a number of milliseconds, got ${String(value)}`);
  }
  if (!Number.isFinite(value) || value < 0) {
    return err('InvalidArgument', `${argument} must be finite and >= 0 ms, got ${String(value)}`);
  }
  return ok();
}

/** A period must be a finite, strictly positive number of milliseconds. */
export function checkPeriod(argument: string, value: unknown): Result {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    return err('InvalidArgument', `${argument} must be a finite number of milliseconds > 0, got ${String(value)}`);
  }
  return ok();
}
