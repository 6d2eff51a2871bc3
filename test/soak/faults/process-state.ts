/**
 * Small process and timing helpers of the faults (Linux /proc): whether a pid is gone, whether
 * every thread of a frozen one has stopped, and seeded picks from the context's PRNG.
 */
import { readdirSync, readFileSync } from 'node:fs';

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Gone: no such process, or one nobody reaped yet (state Z). */
export function pidGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return true;
  }
}

/** Every thread of `pid` in state T (stopped): SIGSTOP's kill() returns before they are. */
export function allThreadsStopped(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).every((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return /^[Tt]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
    });
  } catch {
    return false;
  }
}

/** Resolves true once `cond()` holds, false when the budget runs out. */
export async function until(cond: () => boolean, budgetMs: number, stepMs = 10): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!cond()) {
    if (Date.now() > deadline) return false;
    await sleep(stepMs);
  }
  return true;
}

/** An integer in [lo, hi] from a PRNG in [0, 1). */
export function between(random: () => number, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

export function pick<T>(random: () => number, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}
