import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRows, comparisonTable, readEarlierRows } from '../../../bench/harness/compare.js';
import type { Row } from '../../../bench/harness/results.js';

function row(subject: string, value: number, better: Row['better'], ratio?: number): Row {
  return {
    bench: 'b',
    case: 'c',
    metric: 'm',
    better,
    subject,
    figure: { value, unit: better === 'higher' ? 'msg/s' : 'us' },
    ...(ratio !== undefined ? { ratio } : {}),
  };
}

describe('bench --compare', () => {
  it('calls a fallen rate and a risen latency worse, and a new row new', () => {
    const before = [row('rate', 100, 'higher', 1), row('lat', 100, 'lower', 1), row('same', 100, 'lower')];
    const now = [
      row('rate', 80, 'higher', 0.8),
      row('lat', 130, 'lower', 1.3),
      row('same', 105, 'lower'),
      row('fresh', 1, 'lower'),
    ];
    const changes = compareRows(now, before);
    expect(changes.map((c) => c.worse)).toEqual([true, true, false, false]);
    expect(changes[0]!.change).toBeCloseTo(0.8);
    expect(changes[3]!.before).toBeUndefined();
    const table = comparisonTable(changes, 'old.json');
    expect(table).toContain('-20.0 % **worse**');
    expect(table).toContain('+30.0 % **worse**');
    expect(table).toContain('new row');
    expect(table).toContain('0.80x / 1.00x');
  });

  it('matches a figure shown against two baselines row by row', () => {
    const before = [row('x', 100, 'lower', 1.2), row('x', 100, 'lower', 0.9)];
    const now = [row('x', 100, 'lower', 1.1), row('x', 100, 'lower', 0.8)];
    const changes = compareRows(now, before);
    expect(changes.map((c) => c.before?.ratio)).toEqual([1.2, 0.9]);
  });

  it('calls a risen rate better, not worse', () => {
    const [c] = compareRows([row('rate', 150, 'higher')], [row('rate', 100, 'higher')]);
    expect(c!.worse).toBe(false);
    expect(c!.better).toBe(true);
  });

  it('answers a message, not a throw, for a missing or malformed file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rclts-compare-'));
    expect(typeof readEarlierRows(join(dir, 'absent.json'))).toBe('string');
    writeFileSync(join(dir, 'bad.json'), '{');
    expect(readEarlierRows(join(dir, 'bad.json'))).toMatch(/not JSON/);
    writeFileSync(join(dir, 'norows.json'), '{}');
    expect(readEarlierRows(join(dir, 'norows.json'))).toMatch(/no "rows"/);
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ rows: [row('x', 1, 'lower')] }));
    expect(readEarlierRows(join(dir, 'ok.json'))).toHaveLength(1);
  });
});
