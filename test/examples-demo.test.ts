/**
 * The README's demo command (`npm start`) on the in-process default: it must run to the end
 * and exit 0, showing states, a refused service as an error value, and the deletes.
 * Over a router: `npm start -- --router ws/HOST:PORT` (covered here against the test router).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function runDemo(extra: string[]): { status: number | null; out: string } {
  const r = spawnSync('npm', ['start', '--silent', '--', '--seconds', '2', ...extra], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('npm start (the demo)', () => {
  it('runs in-process to completion', { timeout: 100_000 }, () => {
    const r = runDemo([]);
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/multirotor #\d+/);
    expect(r.out).toMatch(/truck\s+#\d+/);
    expect(r.out).toContain('service: ');
    expect(r.out).toContain('demo done');
  });

  it('runs over the real router with --router', { timeout: 100_000 }, () => {
    const r = runDemo(['--router', inject('zenohLocator')]);
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('demo done');
  });
});
