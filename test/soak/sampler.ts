/**
 * RSS and CPU time of every process of the run, read from /proc at a fixed period, and the
 * least-squares slope of a series after warm-up. Heap readings come from the workers' reports
 * (taken after a forced full GC) and are added with `add`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Point {
  readonly t: number;
  readonly v: number;
}

export interface Series {
  readonly label: string;
  readonly pid: number;
  readonly rssKiB: Point[];
  readonly heapBytes: Point[];
  /** utime + stime in ms, cumulative. */
  readonly cpuMs: Point[];
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

export function readRssKiB(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? undefined : Number(m[1]);
  } catch {
    return undefined;
  }
}

export function readCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(rest[11]) + Number(rest[12]);
    return (ticks * 1000) / clockTicks();
  } catch {
    return undefined;
  }
}

export class Sampler {
  readonly series = new Map<string, Series>();

  private get(label: string, pid: number): Series {
    const key = `${label}#${pid}`;
    let s = this.series.get(key);
    if (s === undefined) {
      s = { label, pid, rssKiB: [], heapBytes: [], cpuMs: [] };
      this.series.set(key, s);
    }
    return s;
  }

  /** One reading of each process (label, pid); a gone process is skipped. */
  sample(processes: readonly { label: string; pid: number }[], t = Date.now()): void {
    for (const p of processes) {
      const rss = readRssKiB(p.pid);
      const cpu = readCpuMs(p.pid);
      if (rss === undefined || cpu === undefined) continue;
      const s = this.get(p.label, p.pid);
      s.rssKiB.push({ t, v: rss });
      s.cpuMs.push({ t, v: cpu });
    }
  }

  addHeap(label: string, pid: number, t: number, bytes: number): void {
    const s = this.get(label, pid);
    const last = s.heapBytes.at(-1);
    if (last === undefined || last.t !== t) s.heapBytes.push({ t, v: bytes });
  }

  /** CPU ms of the series whose label passes `which`, between two times. */
  cpuBetween(from: number, to: number, which: (label: string) => boolean): number {
    let total = 0;
    for (const s of this.series.values()) if (which(s.label)) total += delta(s.cpuMs, from, to);
    return total;
  }
}

function delta(points: readonly Point[], from: number, to: number): number {
  const inside = points.filter((p) => p.t >= from && p.t <= to);
  if (inside.length < 2) return 0;
  return inside.at(-1)!.v - inside[0]!.v;
}

/** Least-squares slope per minute of the points at or after `from`; undefined with fewer than 3. */
export function slopePerMinute(points: readonly Point[], from: number): number | undefined {
  const p = points.filter((x) => x.t >= from);
  if (p.length < 3) return undefined;
  const n = p.length;
  const mt = p.reduce((a, x) => a + x.t, 0) / n;
  const mv = p.reduce((a, x) => a + x.v, 0) / n;
  let num = 0;
  let den = 0;
  for (const x of p) {
    num += (x.t - mt) * (x.v - mv);
    den += (x.t - mt) ** 2;
  }
  return den === 0 ? undefined : (num / den) * 60_000;
}

export function mean(points: readonly Point[], from: number): number | undefined {
  const p = points.filter((x) => x.t >= from);
  return p.length === 0 ? undefined : p.reduce((a, x) => a + x.v, 0) / p.length;
}

/** The time the points at or after `from` span, ms. */
export function span(points: readonly Point[], from: number): number {
  const p = points.filter((x) => x.t >= from);
  return p.length < 2 ? 0 : p.at(-1)!.t - p[0]!.t;
}
