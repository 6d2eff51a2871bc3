/**
 * `--compare <results.json>`: each row of this run next to the same row of an earlier run, so a
 * regression shows in review. Rows are matched by bench, case, metric and subject; the change is
 * told in the row's own direction (a rate that fell and a latency that rose are both "worse").
 */
import { readFileSync } from 'node:fs';
import { formatValue } from './report.js';
import type { Row } from './results.js';

/**
 * A row's identity across runs: bench, case, metric, subject, and which of the rows sharing
 * those it is (one figure shown against two baselines); baseline labels carry measured numbers.
 */
function keyed(rows: readonly Row[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const k = `${r.bench}\u0000${r.case}\u0000${r.metric}\u0000${r.subject}`;
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return `${k}\u0000${n}`;
  });
}

/** The rows of an earlier run file, or a message saying why they could not be read. */
export function readEarlierRows(path: string): readonly Row[] | string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return `cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const rows = (parsed as { rows?: unknown }).rows;
    if (!Array.isArray(rows)) return `${path} has no "rows" array`;
    return rows as Row[];
  } catch (e) {
    return `${path} is not JSON: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export interface RowChange {
  readonly row: Row;
  readonly before: Row | undefined;
  /** now/before of the headline figure (NaN when either is missing). */
  readonly change: number;
  /** Whether the change goes the row's bad way by more than `noise` (a fraction, 0.1 = 10 %). */
  readonly worse: boolean;
  readonly better: boolean;
}

export function compareRows(now: readonly Row[], earlier: readonly Row[], noise = 0.1): RowChange[] {
  const earlierKeys = keyed(earlier);
  const byKey = new Map(earlier.map((r, i) => [earlierKeys[i]!, r]));
  const nowKeys = keyed(now);
  return now.map((row, i) => {
    const before = byKey.get(nowKeys[i]!);
    const a = row.figure?.value;
    const b = before?.figure?.value;
    const change = a !== undefined && b !== undefined && b !== 0 ? a / b : Number.NaN;
    const up = change > 1 + noise;
    const down = change < 1 - noise;
    const worse = row.better === 'higher' ? down : up;
    const better = row.better === 'higher' ? up : down;
    return { row, before, change, worse, better };
  });
}

function pct(change: number): string {
  if (!Number.isFinite(change)) return 'n/a';
  const d = (change - 1) * 100;
  return `${d >= 0 ? '+' : ''}${d.toFixed(1)} %`;
}

/** A markdown table: each row's figure now, before, the change, and the ratio now and before. */
export function comparisonTable(changes: readonly RowChange[], earlierName: string): string {
  const lines = [
    `| benchmark | case | subject | now | before (${earlierName}) | change | ratio now / before |`,
    '|---|---|---|---|---|---:|---|',
  ];
  for (const c of changes) {
    const r = c.row;
    const now =
      r.figure === undefined ? (r.error !== undefined ? 'error' : '—') : formatValue(r.figure.value, r.figure.unit);
    const before =
      c.before === undefined
        ? 'new row'
        : c.before.figure === undefined
          ? c.before.error !== undefined
            ? 'error'
            : '—'
          : formatValue(c.before.figure.value, c.before.figure.unit);
    const flag = c.worse ? ' **worse**' : c.better ? ' better' : '';
    const ratioNow = r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}x`;
    const ratioBefore = c.before?.ratio === undefined ? '—' : `${c.before.ratio.toFixed(2)}x`;
    const cells = [r.bench, r.case, r.subject, now, before, `${pct(c.change)}${flag}`, `${ratioNow} / ${ratioBefore}`];
    lines.push(`| ${cells.map((x) => x.replace(/\|/g, '\\|')).join(' | ')} |`);
  }
  return lines.join('\n');
}
