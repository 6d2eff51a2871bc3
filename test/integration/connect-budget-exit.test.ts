/**
 * A router that accepts the WebSocket and never speaks (test/support/silent-router.ts): each
 * public way in (Executor.create, VirtualRobot.connect, startSimulator) answers Timeout by its
 * connect budget, not after it, and the process exits at once after the answer: nothing of the
 * attempt (a socket waiting for a closing handshake, a request timer of zenoh-ts) holds it.
 * Each run is its own process (test/fixtures/connect-budget-exit.ts), so what keeps a process
 * alive is seen, and loading the zenoh backend is part of the budget.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type SilentRouter, startSilentRouter } from '../support/silent-router.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/connect-budget-exit.ts', import.meta.url));
const BUDGET_MS = 2000;
/** Room for a loaded machine's late timer; a wait for the closing handshake alone costs 2 s. */
const ANSWER_SLACK_MS = 250;
/** How long the process may live after its answer (nothing it opened is left). */
const EXIT_SLACK_MS = 300;

interface Run {
  readonly lines: string[];
  readonly code: number | null | 'still running';
}

function runFixture(what: string, router: string, budgetMs = BUDGET_MS): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', FIXTURE, '--router', router, '--budget', String(budgetMs), '--what', what],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RCLTS_LOG: '' } },
  );
  const lines: string[] = [];
  child.stdout.on('data', (d: Buffer) => lines.push(...String(d).split('\n').filter(Boolean)));
  child.stderr.on('data', (d: Buffer) =>
    lines.push(
      ...String(d)
        .split('\n')
        .filter(Boolean)
        .map((l) => `stderr: ${l}`),
    ),
  );
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ lines, code: 'still running' });
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ lines, code });
    });
  });
}

function measured(run: Run, prefix: string): number {
  const line = run.lines.find((l) => l.startsWith(prefix));
  return line === undefined ? Number.POSITIVE_INFINITY : Number.parseInt(line.slice(prefix.length), 10);
}

let router: SilentRouter | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

describe('connecting to a router that accepts the WebSocket and never speaks', () => {
  for (const what of ['executor', 'robot', 'simulator'] as const) {
    it(`${what}: answers Timeout by its budget and the process exits at once`, async () => {
      router = await startSilentRouter();
      const run = await runFixture(what, router.locator);
      const log = run.lines.join('\n');
      expect(run.code, log).toBe(0);
      const answer = run.lines.find((l) => l.startsWith('answer after ')) ?? '';
      expect(answer, log).toContain(`could not reach zenoh router at ${router.locator} within ${BUDGET_MS} ms`);
      const answerMs = measured(run, 'answer after ');
      expect(answerMs, log).toBeGreaterThanOrEqual(BUDGET_MS - 5);
      expect(answerMs, log).toBeLessThanOrEqual(BUDGET_MS + ANSWER_SLACK_MS);
      expect(measured(run, 'exit after '), log).toBeLessThanOrEqual(EXIT_SLACK_MS);
    }, 70_000);
  }

  it('answers by a budget shorter than loading the zenoh backend takes (the load goes on meanwhile)', async () => {
    router = await startSilentRouter();
    const budgetMs = 20;
    const run = await runFixture('executor', router.locator, budgetMs);
    const log = run.lines.join('\n');
    expect(run.code, log).toBe(0);
    const answer = run.lines.find((l) => l.startsWith('answer after ')) ?? '';
    expect(answer, log).toContain(`could not reach zenoh router at ${router.locator} within ${budgetMs} ms`);
    // Loading the backend in a fresh process takes a few hundred ms here.
    expect(measured(run, 'answer after '), log).toBeLessThanOrEqual(budgetMs + 80);
  }, 70_000);
});
