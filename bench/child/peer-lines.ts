/**
 * The JSON-line protocol of the bench's child peers (bench/python/rclpy_peer.py's docstring
 * describes it): events out on stdout, one command per stdin line.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

export function say(message: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

export interface Command {
  readonly cmd: string;
  readonly size?: number;
  readonly count?: number;
  readonly api?: string;
}

/** Runs `handle` for each command line in turn; resolves when stdin closes or says stop. */
export async function commands(handle: (c: Command) => Promise<void> | void): Promise<void> {
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    const c = JSON.parse(line) as Command;
    if (c.cmd === 'stop') return;
    await handle(c);
  }
}

/** Garbage collections of this process, by kind. */
export interface GcCounts {
  readonly major: number;
  readonly minor: number;
}

/**
 * Counts this process's garbage collections from now on; each call of the answer gives those
 * since the last call (pending entries included, so a block's own GCs are not reported late).
 */
export function gcCounter(): () => GcCounts {
  let major = 0;
  let minor = 0;
  const count = (list: readonly PerformanceEntry[]): void => {
    for (const e of list) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) major += 1;
      else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) minor += 1;
    }
  };
  const observer = new PerformanceObserver((l) => count(l.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    count(observer.takeRecords());
    const out = { major, minor };
    major = 0;
    minor = 0;
    return out;
  };
}
