/**
 * What a benchmark records: raw measurements (every subject, kept in the JSON) and table rows
 * (one rclts figure next to its baseline, the ratio, and the target it is judged against).
 */
import type { Summary } from './stats.js';

/** One measured quantity of one subject, e.g. the round-trip latency of raw zenoh-ts at 1 KiB. */
export interface Figure {
  /** The headline number (p50 for latencies, median of repetitions for rates). */
  readonly value: number;
  readonly unit: Unit;
  /** Spread of the samples behind `value`. */
  readonly summary?: Summary;
}

export const Unit = {
  Micros: 'us',
  Millis: 'ms',
  Nanos: 'ns',
  PerSecond: 'msg/s',
  Bytes: 'B',
  Ratio: 'x',
  Percent: '%',
  Count: 'count',
} as const;
export type Unit = (typeof Unit)[keyof typeof Unit];

/** `lower`: a latency or a cost (rclts/baseline should be small); `higher`: a rate. */
export type Better = 'lower' | 'higher';

export interface Target {
  /** The bound on rclts/baseline (`ratio`, the default) or on the rclts figure itself (`value`). */
  readonly on?: 'ratio' | 'value';
  /** `<=` bound (costs, losses) or `>=` bound (rates). */
  readonly op: '<=' | '>=';
  readonly bound: number;
  readonly text: string;
}

export interface Row {
  readonly bench: string;
  readonly case: string;
  readonly metric: string;
  readonly better: Better;
  readonly subject: string;
  readonly figure?: Figure;
  readonly baselineSubject?: string;
  readonly baseline?: Figure;
  /** figure / baseline (NaN when either is missing). */
  readonly ratio?: number;
  readonly target?: Target;
  /** Whether the ratio meets the target; undefined without a target or a ratio. */
  readonly met?: boolean;
  /** Extra figures shown in the cell (MB/s next to msg/s, p99 next to p50 ...). */
  readonly note?: string;
  readonly error?: string;
}

/** Every sample set a benchmark took, for the JSON file. */
export interface Measurement {
  readonly bench: string;
  readonly case: string;
  readonly subject: string;
  readonly metric: string;
  readonly unit: Unit;
  readonly summary: Summary;
  readonly extra?: Readonly<Record<string, number | string>>;
}

/** Whether the target is met; undefined without a target or without the number it bounds. */
export function judge(ratio: number, target: Target | undefined, value?: number): boolean | undefined {
  if (target === undefined) return undefined;
  const x = target.on === 'value' ? value : ratio;
  if (x === undefined || !Number.isFinite(x)) return undefined;
  return target.op === '<=' ? x <= target.bound : x >= target.bound;
}
