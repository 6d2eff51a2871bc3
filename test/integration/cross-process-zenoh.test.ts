/**
 * Two OS processes talking through the shared router: talker/listener, an AddTwoInts server
 * and client, and a client started before its server. Each peer is test/fixtures/zenoh-peer.ts
 * run with `node --import tsx`. And a process that closes its session exits by itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';

const PEER = fileURLToPath(new URL('../fixtures/zenoh-peer.ts', import.meta.url));
const CLOSE_EXIT = fileURLToPath(new URL('../fixtures/zenoh-close-exit.ts', import.meta.url));
const SHUTDOWN_EXIT = fileURLToPath(new URL('../fixtures/executor-shutdown-exit.ts', import.meta.url));
/** How long a process may live on after its session closed: what is left must not hold it. */
const EXIT_SLACK_MS = 1500;
const started: Peer[] = [];

interface Peer {
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly exited: Promise<number | null>;
}

function peer(role: string, ns: string, ...args: string[]): Peer {
  return run(PEER, role, '--router', inject('zenohLocator'), '--ns', ns, ...args);
}

function run(script: string, ...args: string[]): Peer {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RCLTS_LOG: '' },
  });
  const lines: string[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr?.on('data', (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((l) => `stderr: ${l}`),
    ),
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const p = { child, lines, exited };
  started.push(p);
  return p;
}

async function waitForLine(p: Peer, re: RegExp, budgetMs: number): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!p.lines.some((l) => re.test(l))) {
    if (Date.now() > deadline || p.child.exitCode !== null) return p.lines.some((l) => re.test(l));
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

async function exitCode(p: Peer, budgetMs: number): Promise<number | null | 'still running'> {
  return Promise.race([p.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), budgetMs))]);
}

/** What the child measured from its close to its event loop emptying. */
function exitAfterMs(p: Peer): number {
  const line = p.lines.find((l) => l.startsWith('exit after '));
  return line === undefined ? Number.POSITIVE_INFINITY : Number(line.slice('exit after '.length));
}

afterEach(async () => {
  for (const p of started.splice(0)) {
    if (p.child.exitCode === null) {
      p.child.kill('SIGTERM');
      await exitCode(p, 5000);
    }
  }
});

const ns = (label: string) => `/xp_${label}_${process.pid}_${Date.now().toString(36)}`;

describe('rclts peers in separate processes through the router', () => {
  it('a listener hears a talker', async () => {
    const space = ns('chat');
    const listener = peer('listener', space, '--count', '3', '--budget', '20000');
    const talker = peer('talker', space);
    const code = await exitCode(listener, 30_000);
    expect(code, listener.lines.join('\n')).toBe(0);
    const heard = listener.lines.filter((l) => l.startsWith('heard: Hello World: '));
    expect(heard.length).toBeGreaterThanOrEqual(3);
    const numbers = heard.map((l) => Number(l.slice('heard: Hello World: '.length)));
    for (let k = 1; k < numbers.length; k++) expect(numbers[k]).toBe((numbers[k - 1] as number) + 1);
    expect(talker.child.exitCode).toBeNull();
  }, 40_000);

  it('an AddTwoInts client gets its sum from a server in another process', async () => {
    const space = ns('add');
    const server = peer('server', space);
    expect(await waitForLine(server, /^ready$/, 20_000)).toBe(true);
    const client = peer('client', space, '--a', '40', '--b', '2');
    expect(await exitCode(client, 30_000), client.lines.join('\n')).toBe(0);
    expect(client.lines).toContain('sum: 42');
  }, 40_000);

  it('a client started before its server waits for it, then gets the answer', async () => {
    const space = ns('late');
    const client = peer('client', space, '--a', '5', '--b=-7', '--budget', '25000');
    expect(await waitForLine(client, /^ready$/, 20_000), client.lines.join('\n')).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(client.lines).not.toContain('service ready');
    const server = peer('server', space);
    expect(await exitCode(client, 35_000), client.lines.join('\n')).toBe(0);
    expect(client.lines).toContain('sum: -2');
    expect(server.child.exitCode).toBeNull();
  }, 45_000);

  it('a process that closes its session exits by itself: nothing of zenoh keeps it alive', async () => {
    const p = run(CLOSE_EXIT, '--router', inject('zenohLocator'));
    expect(await exitCode(p, 20_000), p.lines.join('\n')).toBe(0);
    const line = p.lines.find((l) => l.startsWith('resources: '));
    expect(line, p.lines.join('\n')).toBeDefined();
    const resources = JSON.parse((line as string).slice('resources: '.length)) as string[];
    // No timers (zenoh-ts request timers, heartbeat, reconnect) and no socket left behind.
    expect(resources.filter((r) => r === 'Timeout' || r === 'TCPSocketWrap')).toEqual([]);
    expect(exitAfterMs(p)).toBeLessThanOrEqual(EXIT_SLACK_MS);
  }, 30_000);

  it('a process exits at once after Executor.shutdown() resolves, undeclarations in flight or not', async () => {
    const p = run(SHUTDOWN_EXIT, '--router', inject('zenohLocator'));
    expect(await exitCode(p, 20_000), p.lines.join('\n')).toBe(0);
    expect(p.lines, p.lines.join('\n')).toContain('shutdown: ok');
    expect(exitAfterMs(p), p.lines.join('\n')).toBeLessThanOrEqual(EXIT_SLACK_MS);
  }, 30_000);
});
