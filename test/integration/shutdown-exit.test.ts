/**
 * A process exits at once after Executor.shutdown() answers, on the zenoh backend: after a
 * normal run (one of each kind of entity, requests, goals and waits in flight), with the
 * router frozen (no answer to the closing handshake), and with the router lost while a
 * re-open attempt is in flight. Each run is its own process (test/fixtures/shutdown-on-signal.ts)
 * on a router of this file's own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { type SilentRouter, startSilentRouter } from '../support/silent-router.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/shutdown-on-signal.ts', import.meta.url));
/** How long the process may live after shutdown's answer. */
const EXIT_SLACK_MS = 300;
/** What shutdown may take against a frozen router: its closing budget (2 s) and a loaded machine's slack. */
const FROZEN_SHUTDOWN_MS = 2000 + 1000;

interface Child {
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly exited: Promise<number | null>;
}

const routers: RunningRouter[] = [];
const silents: SilentRouter[] = [];
const children: Child[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  for (const r of routers.splice(0)) {
    try {
      process.kill(r.pid, 'SIGCONT');
    } catch {
      // already gone
    }
    await r.stop();
  }
  for (const s of silents.splice(0)) await s.close();
});

function start(router: string): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, '--router', router], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RCLTS_LOG: '' },
  });
  const lines: string[] = [];
  child.stdout?.on('data', (d: Buffer) => lines.push(...String(d).split('\n').filter(Boolean)));
  child.stderr?.on('data', (d: Buffer) =>
    lines.push(
      ...String(d)
        .split('\n')
        .filter(Boolean)
        .map((l) => `stderr: ${l}`),
    ),
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const c = { child, lines, exited };
  children.push(c);
  return c;
}

async function until(holds: () => boolean, budgetMs: number): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!holds()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

function measured(c: Child, prefix: string): number {
  const line = c.lines.find((l) => l.startsWith(prefix));
  return line === undefined ? Number.POSITIVE_INFINITY : Number.parseInt(line.slice(prefix.length), 10);
}

/** Signals shutdown, waits for the exit, and checks the process lived at most EXIT_SLACK_MS after the answer. */
async function shutDownAndExit(c: Child, shutdownBudgetMs: number): Promise<void> {
  c.child.kill('SIGUSR2');
  const code = await Promise.race([c.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 45_000))]);
  const log = c.lines.join('\n');
  expect(code, log).toBe(0);
  expect(c.lines.find((l) => l.startsWith('shutdown after ')) ?? '', log).toMatch(/: ok$/);
  expect(measured(c, 'shutdown after '), log).toBeLessThanOrEqual(shutdownBudgetMs);
  expect(measured(c, 'exit after '), log).toBeLessThanOrEqual(EXIT_SLACK_MS);
}

async function ownRouter(): Promise<RunningRouter> {
  const r = await startRouter({ binary: inject('routerBinary') });
  routers.push(r);
  return r;
}

describe('a process exits at once after Executor.shutdown() (zenoh backend)', () => {
  it('after a normal run, with requests, a goal and a wait in flight', async () => {
    const router = await ownRouter();
    const c = start(router.locator);
    expect(await until(() => c.lines.includes('ready'), 30_000), c.lines.join('\n')).toBe(true);
    await new Promise((r) => setTimeout(r, 300)); // traffic flows (the timer publishes)
    await shutDownAndExit(c, 2000);
  }, 60_000);

  it('with the router frozen: shutdown ends within its closing budget, and nothing waits on', async () => {
    const router = await ownRouter();
    const c = start(router.locator);
    expect(await until(() => c.lines.includes('ready'), 30_000), c.lines.join('\n')).toBe(true);
    process.kill(router.pid, 'SIGSTOP');
    await shutDownAndExit(c, FROZEN_SHUTDOWN_MS);
  }, 60_000);

  it('with the router lost and a re-open attempt in flight', async () => {
    const router = await ownRouter();
    const c = start(router.locator);
    expect(await until(() => c.lines.includes('ready'), 30_000), c.lines.join('\n')).toBe(true);
    await router.kill('SIGKILL');
    // Its port now accepts the WebSocket and never answers: the re-open attempt hangs in its ping.
    const silent = await startSilentRouter(Number(router.locator.split(':').at(-1)));
    silents.push(silent);
    expect(await until(() => silent.openSockets() > 0, 15_000), c.lines.join('\n')).toBe(true);
    await shutDownAndExit(c, 2000);
  }, 60_000);
});
