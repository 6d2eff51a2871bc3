import { describe, expect, it } from 'vitest';
import { checkBudget, MAX_TIMER_MS, timerDelay } from '../../../src/index.js';

describe('the one budget rule', () => {
  it('accepts every finite number of milliseconds >= 0, zero included (a poll)', () => {
    for (const v of [0, -0, 0.5, 1, 5000, MAX_TIMER_MS, 1e12])
      expect(checkBudget('budgetMs', v).ok, String(v)).toBe(true);
  });

  it('refuses the rest with InvalidArgument naming the argument and the value', () => {
    const hostile = Object.create(null) as object;
    for (const v of [
      -1,
      -Number.MIN_VALUE,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      '5',
      null,
      undefined,
      5n,
      hostile,
    ]) {
      const r = checkBudget('spinFor.durationMs', v);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.name).toBe('InvalidArgument');
      expect(r.error.message).toContain('spinFor.durationMs');
      expect(r.error.message).toContain('>= 0');
    }
    const r = checkBudget('budgetMs', -7);
    expect(r.ok ? '' : r.error.message).toContain('got -7');
  });

  it('turns a budget into a setTimeout delay that never fires early by overflowing', () => {
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(250)).toBe(250);
    expect(timerDelay(1e12)).toBe(MAX_TIMER_MS);
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
  });
});
