/**
 * The ROS demo examples (examples/*.ts) with `--router`, each in its own OS process, on a
 * router of this file's own (their names are fixed: `chatter`, `add_two_ints`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';

let router: RunningRouter;
beforeAll(async () => {
  router = await startRouter({ binary: inject('routerBinary') });
});
afterAll(async () => {
  await router.stop();
});

interface Run {
  readonly child: ChildProcess;
  readonly out: string[];
  readonly exited: Promise<number | null>;
}

function example(name: string, ...args: string[]): Run {
  const file = fileURLToPath(new URL(`../../examples/${name}.ts`, import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args, '--router', router.locator], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  child.stdout?.on('data', (c: Buffer) => out.push(...c.toString().split('\n').filter(Boolean)));
  child.stderr?.on('data', (c: Buffer) => out.push(...c.toString().split('\n').filter(Boolean)));
  return { child, out, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
}

async function exitCode(r: Run, budgetMs: number): Promise<number | null | 'still running'> {
  const code = await Promise.race([
    r.exited,
    new Promise<'still running'>((res) => setTimeout(() => res('still running'), budgetMs)),
  ]);
  if (code === 'still running') r.child.kill('SIGTERM');
  return code;
}

describe('the demo examples across processes', () => {
  it('add_two_ints_client gets 42 from add_two_ints_server', async () => {
    const server = example('add_two_ints_server', '--count', '1');
    const client = example('add_two_ints_client', '40', '2', '--budget-ms', '20000');
    expect(await exitCode(client, 30_000), client.out.join('\n')).toBe(0);
    expect(client.out).toContain('Result of add_two_ints: for 40 + 2 = 42');
    expect(await exitCode(server, 10_000), server.out.join('\n')).toBe(0);
  }, 45_000);

  it('listener hears talker', async () => {
    const listener = example('listener', '--count', '3', '--budget-ms', '20000');
    const talker = example('talker', '--count', '200', '--period-ms', '50');
    expect(await exitCode(listener, 30_000), listener.out.join('\n')).toBe(0);
    expect(listener.out.some((l) => l.includes('Hello World'))).toBe(true);
    talker.child.kill('SIGTERM');
    await exitCode(talker, 5000);
  }, 45_000);
});
