/**
 * The ported rclcpp programs (examples/ported/) run as a user runs them, each in its own OS
 * process over a real zenoh router of this file's own (their names are fixed: chatter,
 * add_two_ints, fibonacci): what they log goes to stderr in rcutils's format, and each pair
 * does its job across processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../scripts/zenoh-router-lib.mjs';

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

function ported(name: string, ...args: string[]): Run {
  const file = fileURLToPath(new URL(`../examples/ported/${name}.ts`, import.meta.url));
  const rosAt = args.indexOf('--ros-args');
  const own = rosAt < 0 ? args : args.slice(0, rosAt);
  const ros = rosAt < 0 ? [] : args.slice(rosAt);
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...own, '--router', router.locator, ...ros], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RCUTILS_COLORIZED_OUTPUT: '0' },
  });
  const out: string[] = [];
  const collect = (c: Buffer) => out.push(...c.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
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

/** The record's text without rcutils's `[LEVEL] [stamp] [name]: ` prefix, if it has one. */
const records = (r: Run, name: string): string[] =>
  r.out.flatMap((l) => {
    const m = /^\[(\w+)\] \[\d+\.\d{9}\] \[([\w.]+)\]: (.*)$/.exec(l);
    return m !== null && m[2] === name ? [`${m[1]} ${m[3]}`] : [];
  });

describe('the ported rclcpp programs across processes', () => {
  it('add_two_ints_client gets 2 + 3 = 5 from a one_shot add_two_ints_server, which then exits', async () => {
    const server = ported('add_two_ints_server', '--ros-args', '-p', 'one_shot:=true');
    const client = ported('add_two_ints_client', '--budget-ms', '20000');
    expect(await exitCode(client, 30_000), client.out.join('\n')).toBe(0);
    expect(records(client, 'add_two_ints_client')).toContain('INFO Result of add_two_ints: 5');
    expect(await exitCode(server, 10_000), server.out.join('\n')).toBe(0);
    expect(server.out.join('\n')).toContain('[add_two_ints_server]: Incoming request\na: 2 b: 3');
  }, 45_000);

  it('listener hears talker; a remap from --ros-args reaches both', async () => {
    const remap = ['--ros-args', '-r', 'chatter:=ported_chatter'];
    const listener = ported('listener', '--count', '3', '--budget-ms', '20000', ...remap);
    const talker = ported('talker', '--count', '400', '--period-ms', '50', ...remap);
    expect(await exitCode(listener, 30_000), listener.out.join('\n')).toBe(0);
    expect(records(listener, 'listener').filter((l) => /^INFO I heard: \[Hello World: \d+\]$/.test(l))).toHaveLength(3);
    expect(records(talker, 'talker')[0]).toMatch(/^INFO Publishing: 'Hello World: \d+'$/);
    talker.child.kill('SIGTERM');
    await exitCode(talker, 5000);
  }, 45_000);

  it('fibonacci_action_client gets the order-5 sequence from fibonacci_action_server', async () => {
    const server = ported('fibonacci_action_server', '--period-ms', '20');
    const client = ported('fibonacci_action_client', '5', '--budget-ms', '20000');
    expect(await exitCode(client, 30_000), client.out.join('\n')).toBe(0);
    expect(records(client, 'fibonacci_action_client').at(-1)).toBe('INFO Result received: 0 1 1 2 3 5 ');
    server.child.kill('SIGTERM');
    await exitCode(server, 5000);
    expect(records(server, 'fibonacci_action_server')).toContain('INFO Goal succeeded');
  }, 45_000);
});
