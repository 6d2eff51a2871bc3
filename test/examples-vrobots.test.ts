/**
 * Every vrobots example runs to completion in-process (each starts the headless simulator
 * in its own process) and exits 0, spawned the way a user runs it: `npx tsx <file>`.
 * VROBOTS_EXAMPLE_SECONDS keeps the loops short.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '..', 'examples', 'vrobots');
const EXAMPLES = readdirSync(DIR)
  .filter((f) => /^ex\d\d_.*\.ts$/.test(f))
  .sort();

function run(file: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', join(DIR, file)], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, VROBOTS_EXAMPLE_SECONDS: '0.6' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 55_000);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, out, err });
    });
  });
}

// Sequential: twelve tsx start-ups at once on a 2-core CI machine take longer than each
// example's budget; one at a time each finishes in a few seconds.
describe('vrobots examples (in-process)', () => {
  it('are all here', () => {
    expect(EXAMPLES.map((f) => f.replace(/^ex\d\d_/, '').replace(/\.ts$/, ''))).toEqual([
      'hello_states',
      'hello_control',
      'hello_service',
      'hello_car',
      'multi_robot',
      'reset',
      'physical_params',
      'sensor_config',
      'frames',
      'topic_discovery',
      'hello_halfdrone',
      'publish_estimate',
      'arm_rti',
    ]);
  });

  for (const file of EXAMPLES) {
    it(`${file} runs and exits 0`, { timeout: 60_000 }, async () => {
      const r = await run(file);
      expect(r.code, `${file}\nstdout:\n${r.out}\nstderr:\n${r.err}`).toBe(0);
      expect(r.out).toContain('in-process simulator started');
      // Every example's robots really heard from the simulator: a run that received no state fails.
      const reports = [...r.out.matchAll(/^\S+: robot \d+: (\d+) state\(s\) received$/gm)];
      expect(reports.length, r.out).toBeGreaterThan(0);
      for (const [line, received] of reports) expect(Number(received), line).toBeGreaterThan(0);
    });
  }
});
