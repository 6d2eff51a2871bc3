/**
 * Order statistics of a sample set: median, p99, quartiles, min/max. Percentiles use linear
 * interpolation between closest ranks (numpy's default), so small sets still answer sensibly.
 */

export interface Summary {
  readonly n: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  readonly q1: number;
  readonly q3: number;
  /** q3 - q1 */
  readonly iqr: number;
}

/** The q-th percentile (0..100) of values already sorted ascending. NaN for an empty set. */
export function percentileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (q <= 0) return sorted[0]!;
  if (q >= 100) return sorted[sorted.length - 1]!;
  const rank = (q / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const frac = rank - lo;
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * frac;
}

export function percentile(values: readonly number[], q: number): number {
  return percentileSorted(
    [...values].sort((a, b) => a - b),
    q,
  );
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Every statistic of one sample set; an empty set gives n = 0 and NaN elsewhere. */
export function summarize(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const s = Array.from(sorted);
  let sum = 0;
  for (const v of s) sum += v;
  const q1 = percentileSorted(s, 25);
  const q3 = percentileSorted(s, 75);
  return {
    n: s.length,
    min: s.length > 0 ? s[0]! : Number.NaN,
    max: s.length > 0 ? s[s.length - 1]! : Number.NaN,
    mean: s.length > 0 ? sum / s.length : Number.NaN,
    p50: percentileSorted(s, 50),
    p99: percentileSorted(s, 99),
    q1,
    q3,
    iqr: q3 - q1,
  };
}

/** a / b, or NaN when either side is missing or b is zero. */
export function ratio(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return Number.NaN;
  return a / b;
}
