import { describe, expect, it } from 'vitest';
import { rotated } from '../../../bench/harness/context.js';
import { formatValue, markdownTable } from '../../../bench/harness/report.js';
import { judge } from '../../../bench/harness/results.js';
import { median, percentile, percentileSorted, ratio, summarize } from '../../../bench/harness/stats.js';

describe('bench statistics', () => {
  it('interpolates percentiles between closest ranks', () => {
    const xs = [1, 2, 3, 4];
    expect(percentileSorted(xs, 0)).toBe(1);
    expect(percentileSorted(xs, 100)).toBe(4);
    expect(percentileSorted(xs, 50)).toBe(2.5);
    expect(percentileSorted(xs, 25)).toBeCloseTo(1.75);
    expect(percentile([10, 0, 5], 50)).toBe(5);
    expect(median([3, 1, 2, 100])).toBe(2.5);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('p99 of 1..100 sits just below the maximum', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i); // unsorted on purpose
    const s = summarize(xs);
    expect(s.n).toBe(100);
    expect(s.min).toBe(1);
    expect(s.max).toBe(100);
    expect(s.mean).toBe(50.5);
    expect(s.p50).toBe(50.5);
    expect(s.p99).toBeCloseTo(99.01);
    expect(s.q1).toBeCloseTo(25.75);
    expect(s.q3).toBeCloseTo(75.25);
    expect(s.iqr).toBeCloseTo(49.5);
  });

  it('summarizes an empty set as n = 0 with NaN figures, and does not mutate its input', () => {
    const s = summarize([]);
    expect(s.n).toBe(0);
    expect(Number.isNaN(s.p50)).toBe(true);
    const xs = [3, 1, 2];
    summarize(xs);
    expect(xs).toEqual([3, 1, 2]);
  });

  it('ratio is NaN when a side is missing or zero', () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(Number.isNaN(ratio(3, 0))).toBe(true);
    expect(Number.isNaN(ratio(undefined, 2))).toBe(true);
  });

  it('judges a ratio against its target', () => {
    expect(judge(1.1, { op: '<=', bound: 1.15, text: '' })).toBe(true);
    expect(judge(1.2, { op: '<=', bound: 1.15, text: '' })).toBe(false);
    expect(judge(0.95, { op: '>=', bound: 0.9, text: '' })).toBe(true);
    expect(judge(Number.NaN, { op: '>=', bound: 0.9, text: '' })).toBeUndefined();
    expect(judge(1, undefined)).toBeUndefined();
  });

  it('rotates block order so every subject leads in turn', () => {
    expect(rotated(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(rotated(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotated(['a', 'b', 'c'], 5)).toEqual(['c', 'a', 'b']);
  });

  it('formats values in readable units and tables with error rows', () => {
    expect(formatValue(1500, 'us')).toBe('1.50 ms');
    expect(formatValue(250, 'us')).toBe('250 µs');
    expect(formatValue(12_345, 'msg/s')).toBe('12.3 k/s');
    expect(formatValue(2 * 2 ** 20, 'B')).toBe('2.00 MiB');
    const table = markdownTable([
      { bench: 'b', case: 'c', metric: 'm', better: 'lower', subject: 's', error: 'boom | bang' },
    ]);
    expect(table).toContain('**error**: boom \\| bang');
  });
});

describe('bench targets on the value itself', () => {
  it('judges a value target without a baseline', () => {
    expect(judge(Number.NaN, { on: 'value', op: '<=', bound: 0, text: 'no loss' }, 0)).toBe(true);
    expect(judge(Number.NaN, { on: 'value', op: '<=', bound: 0, text: 'no loss' }, 3)).toBe(false);
    expect(judge(Number.NaN, { on: 'value', op: '<=', bound: 0, text: 'no loss' })).toBeUndefined();
  });
});
