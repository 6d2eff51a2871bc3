/** What every benchmark receives from bench/run.ts. */
import type { Recorder } from './recorder.js';

export type BenchMode = 'quick' | 'full';

export interface BenchContext {
  readonly rec: Recorder;
  readonly mode: BenchMode;
  /** `ws/127.0.0.1:PORT` of the run's router, or undefined when none could be started. */
  readonly locator: string | undefined;
  /** `tcp/127.0.0.1:PORT` of the same router, where zenoh nodes other than zenoh-ts connect. */
  readonly linkLocator?: string | undefined;
  /** `--rclpy`: make the venv of the real-ROS 2 baseline (bench/rclpy.ts) when it is missing. */
  readonly makeRclpyVenv?: boolean;
}

/** Picks the quick or the full value. */
export function byMode<T>(mode: BenchMode, quick: T, full: T): T {
  return mode === 'quick' ? quick : full;
}

/** Blocks run in rotating order so that drift over time (heat, GC) hits every subject alike. */
export function rotated<T>(items: readonly T[], round: number): T[] {
  const k = round % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}
