/**
 * The end of a run: a markdown table (one rclts figure next to its baseline, the ratio and
 * the target) and the JSON file with every measurement in bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Figure, Measurement, Row } from './results.js';

export interface Machine {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  readonly date: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  readonly loadAverage: number;
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    date: new Date().toISOString(),
    loadAverage: Math.round(loadavg()[0]! * 100) / 100,
  };
}

function sig(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 100) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

/** One number in its unit, scaled to something readable. */
export function formatValue(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  switch (unit) {
    case 'ns':
      return value >= 1000 ? `${sig(value / 1000)} µs` : `${sig(value)} ns`;
    case 'us':
      return value >= 1000 ? `${sig(value / 1000)} ms` : `${sig(value)} µs`;
    case 'ms':
      return value >= 1000 ? `${sig(value / 1000)} s` : `${sig(value)} ms`;
    case 'msg/s':
      return value >= 1e6 ? `${sig(value / 1e6)} M/s` : value >= 1e3 ? `${sig(value / 1e3)} k/s` : `${sig(value)} /s`;
    case 'B':
      return value >= 2 ** 20
        ? `${sig(value / 2 ** 20)} MiB`
        : value >= 1024
          ? `${sig(value / 1024)} KiB`
          : `${sig(value)} B`;
    case 'x':
      return `${sig(value)}x`;
    case '%':
      return `${sig(value)} %`;
    case 'count':
      return sig(value);
  }
}

function isTime(unit: Figure['unit']): boolean {
  return unit === 'ns' || unit === 'us' || unit === 'ms';
}

/** Latencies show p50 and p99; repeated rates show the median and the min–max of repetitions. */
export function formatFigure(f: Figure | undefined): string {
  if (f === undefined) return '—';
  const s = f.summary;
  const main = formatValue(f.value, f.unit);
  if (s === undefined || s.n <= 1) return main;
  if (isTime(f.unit)) return `${main} (p99 ${formatValue(s.p99, f.unit)})`;
  return `${main} (${formatValue(s.min, f.unit)}–${formatValue(s.max, f.unit)})`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function markdownTable(rows: readonly Row[]): string {
  const lines = ['| benchmark | case | metric | rclts | baseline | ratio | target |', '|---|---|---|---|---|---:|---|'];
  for (const r of rows) {
    if (r.error !== undefined) {
      lines.push(`| ${cell(r.bench)} | ${cell(r.case)} | ${cell(r.subject)} | **error**: ${cell(r.error)} | | | |`);
      continue;
    }
    const mine = `${formatFigure(r.figure)}${r.note !== undefined ? ` ${r.note}` : ''}`;
    const base = r.baseline === undefined ? '—' : `${formatFigure(r.baseline)} *${r.baselineSubject ?? ''}*`;
    const ratioText = r.ratio === undefined ? '—' : `${sig(r.ratio)}x`;
    const target =
      r.target === undefined ? '' : `${r.target.text} ${r.met === true ? '✅' : r.met === false ? '❌' : ''}`;
    lines.push(
      `| ${cell(r.bench)} | ${cell(r.case)} | ${cell(r.metric)} | ${cell(`${r.subject}: ${mine}`)} | ${cell(base)} | ${ratioText} | ${cell(target)} |`,
    );
  }
  return lines.join('\n');
}

export interface RunFile {
  readonly machine: Machine;
  readonly mode: string;
  readonly durationMs: number;
  readonly router: { readonly locator: string; readonly binary: string } | undefined;
  readonly rows: readonly Row[];
  readonly measurements: readonly Measurement[];
}

/** Writes bench/results/<timestamp>.json and answers its path. */
export function writeRunFile(dir: string, run: RunFile): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${run.machine.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    path,
    `${JSON.stringify(run, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`,
  );
  return path;
}
