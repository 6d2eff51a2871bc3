/**
 * The `vrobots` command as a user runs it: `vrobots sim` in one process, the topic and
 * robot tools in others, over a real router (this file's own: the vrobots keys are fixed,
 * so a simulator of another file must not answer here).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { runCli } from '../../src/cli/vrobots/run-cli.js';

const BIN = fileURLToPath(new URL('../../bin/vrobots.mjs', import.meta.url));

let router: RunningRouter;
let sim: ChildProcess;
let simOut = '';
let simErr = '';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function vrobots(args: readonly string[], timeoutMs = 20_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The same command in this process (no process start-up): for the secondary checks. */
async function inProcess(args: readonly string[]): Promise<Run> {
  const out: string[] = [];
  const errs: string[] = [];
  const code = await runCli(args, {
    out: (l) => out.push(l),
    err: (l) => errs.push(l),
    stopRequested: new Promise(() => {}),
  });
  return { code, stdout: out.map((l) => `${l}\n`).join(''), stderr: errs.map((l) => `${l}\n`).join('') };
}

async function until(cond: () => boolean, budgetMs: number): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!cond() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return cond();
}

beforeAll(async () => {
  router = await startRouter({ binary: inject('routerBinary') });
  sim = spawn(
    process.execPath,
    [BIN, 'sim', '--router', router.locator, '--robots', 'cartpole,halfdrone', '--service-delay', '100'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  sim.stdout?.on('data', (d: Buffer) => {
    simOut += d.toString();
  });
  sim.stderr?.on('data', (d: Buffer) => {
    simErr += d.toString();
  });
  if (!(await until(() => simOut.includes('serving'), 15_000)))
    throw new Error(`vrobots sim did not start:\n${simOut}\n${simErr}`);
});

afterAll(async () => {
  if (sim !== undefined && sim.exitCode === null) {
    const exited = new Promise((r) => sim.once('exit', r));
    sim.kill('SIGTERM');
    await exited;
  }
  await router?.stop();
});

describe('vrobots CLI against vrobots sim', () => {
  // Spawned concurrently: each process start costs about a second.
  let hzRun: Promise<Run> | undefined;

  it('topic list shows every robot key with measured Hz and bytes', async () => {
    hzRun = vrobots(['topic', 'hz', 'vrobots/1/z/state', '--router', router.locator, '-w', '2']);
    const run = await vrobots(['topic', 'list', '--router', router.locator]);
    console.log(run.stdout);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^wire\s+Hz\s+bytes\s+topic$/);
    const rows = lines.slice(1, -1);
    expect(rows.map((r) => r.split(/\s+/)[3])).toEqual([
      'vrobots/0/z/frames',
      'vrobots/0/z/state',
      'vrobots/1/z/frames',
      'vrobots/1/z/state',
    ]);
    const state = rows.find((r) => r.endsWith('vrobots/0/z/state'))?.split(/\s+/) ?? [];
    expect(state[0]).toBe('[z]');
    const hz = Number(state[1]);
    expect(hz).toBeGreaterThan(15);
    expect(hz).toBeLessThan(35);
    expect(Number(state[2])).toBeGreaterThan(50);
    expect(lines.at(-1)).toBe('4 topic(s); zenoh observed over 1.5s');
    // Frames keep alive at 1 Hz: a 2 s window sees every robot's.
    const filtered = await inProcess(['topic', 'list', '--router', router.locator, '-k', 'frames', '-t', '2']);
    expect(filtered.stdout).toContain('2 topic(s); zenoh observed over 2s');
  });

  it('topic hz prints the rate block of one key', async () => {
    hzRun ??= vrobots(['topic', 'hz', 'vrobots/1/z/state', '--router', router.locator, '-w', '2']);
    const run = await hzRun;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('observing vrobots/1/z/state for 2s...');
    const rate = /rate\s+([\d.]+) Hz \((\d+) samples\)/.exec(run.stdout);
    expect(rate).not.toBeNull();
    console.log(`vrobots topic hz over a real router: ${rate?.[1]} Hz`);
    expect(Number(rate?.[1])).toBeGreaterThan(15);
    expect(Number(rate?.[1])).toBeLessThan(35);
    for (const label of ['interval', 'latency', 'seq', 'payload'])
      expect(run.stdout).toMatch(new RegExp(`^  ${label}\\s`, 'm'));
    expect(run.stdout).toMatch(/seq\s+\d+ -> \d+, \d+ gap\(s\), \d+ missed/);
  });

  it('robot create prints the new sys_id; robot delete removes it; refusals exit 1', async () => {
    const made = await vrobots(['robot', 'create', 'car', '--router', router.locator]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout.trim()).toBe('2');
    const refused = await inProcess(['robot', 'create', 'x', '--router', router.locator]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("unknown type 'x' (known: multirotor, truck, msd, arm)");
    const del = await vrobots(['robot', 'delete', '2', '--router', router.locator]);
    expect(del.code, del.stderr).toBe(0);
    const again = await inProcess(['robot', 'delete', '2', '--router', router.locator]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('unknown sys_id 2');
    expect(simErr).toContain('created truck');
  });

  it('exits 1 when a key stays silent, 2 with usage on misuse', async () => {
    const [silent, wildcard, misuse, vendorLocator, version] = await Promise.all([
      inProcess(['topic', 'hz', 'vrobots/77/z/state', '--router', router.locator, '-w', '1']),
      inProcess(['topic', 'hz', 'vrobots/*/z/state', '--router', router.locator]),
      vrobots(['topic', 'list', '--bogus']),
      vrobots(['robot', 'create', 'truck', '--router', 'tcp/127.0.0.1:7447']),
      vrobots(['-V']),
    ]);
    // a usage error: exit 2, one line and the command's usage line, nothing tried
    expect(vendorLocator.code).toBe(2);
    const lines = vendorLocator.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('remote-api WebSocket');
    expect(lines[1]).toMatch(/^usage: vrobots robot create TYPE /);
    expect(vendorLocator.stderr).not.toContain('within');
    expect(silent.code).toBe(1);
    expect(silent.stderr).toContain('no samples on vrobots/77/z/state');
    expect(wildcard.code).toBe(2);
    expect(wildcard.stderr).toContain('usage: vrobots');
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toContain('usage: vrobots');
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^rclts \S+\nzenoh-ts 1\.10\.1\nnode \d+\.\d+\.\d+\n$/);
  });

  it('vrobots sim stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => sim.once('exit', (code) => r(code)));
    sim.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
