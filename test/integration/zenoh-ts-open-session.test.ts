/**
 * openZenohSession: bad input is refused, an unreachable router answers Timeout within the
 * caller's budget, and nothing zenoh-ts started is left running afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/zenoh-router-lib.mjs';
import { parseRouterLocator } from '../../src/rmw/router-locator.js';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';

const SLACK_MS = 3000;
const servers: { server: Server; open: Set<Socket> }[] = [];
afterEach(async () => {
  for (const { server, open } of servers.splice(0)) {
    for (const socket of open) socket.destroy();
    await new Promise((r) => server.close(r));
  }
});

/** A TCP port that accepts connections and never answers: a WebSocket handshake there hangs. */
async function blackHole(): Promise<{ port: number; open: Set<Socket> }> {
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.resume(); // read (and drop) the handshake, so the peer's close is seen
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
  });
  servers.push({ server, open });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, open };
}

describe('openZenohSession', () => {
  it('opens a session on the shared router and closes it', async () => {
    const s = await openZenohSession(inject('zenohLocator'), 5000);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.value.isClosed()).toBe(false);
    expect((await closeZenohSession(s.value)).ok).toBe(true);
    expect(s.value.isClosed()).toBe(true);
  });

  it('accepts the URL form of a locator too', async () => {
    const port = inject('zenohLocator').split(':').at(-1);
    const s = await openZenohSession(`ws://127.0.0.1:${port}`, 5000);
    expect(s.ok).toBe(true);
    if (s.ok) await closeZenohSession(s.value);
  });

  it('answers Timeout within the budget when nothing listens', async () => {
    const locator = `ws/127.0.0.1:${await freePort()}`;
    const started = Date.now();
    const r = await openZenohSession(locator, 1500);
    const took = Date.now() - started;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.name).toBe('Timeout');
    expect(r.error.code).toBe(-2);
    expect(r.error.message).toBe(`could not reach zenoh router at ${locator} within 1500 ms`);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(1500 + SLACK_MS);
  });

  it('answers Timeout when the endpoint accepts TCP but never speaks WebSocket, and closes its sockets', async () => {
    const hole = await blackHole();
    const r = await openZenohSession(`ws/127.0.0.1:${hole.port}`, 1000);
    expect(r.ok ? 'ok' : r.error.name).toBe('Timeout');
    // zenoh-ts on its own would keep retrying (and leave a spare socket per retry) for minutes.
    await new Promise((res) => setTimeout(res, 3500));
    expect(hole.open.size).toBe(0);
  });

  it('lets a script that failed to connect exit right away', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'rclts-open-'));
    const script = join(dir, 'fail-to-connect.mts');
    const target = resolve('src/rmw/zenoh/zenoh-ts/open-session.ts');
    writeFileSync(
      script,
      `import { openZenohSession } from ${JSON.stringify(target)};\n` +
        `const r = await openZenohSession('ws/127.0.0.1:${port}', 500);\n` +
        'console.log(JSON.stringify(r));\n',
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    // zenoh-ts's retry loop (2 s, 4 s, 8 s ... ~34 min) would hold the event loop far past this.
    const exited = await new Promise<boolean>((res) => {
      const timer = setTimeout(() => res(false), 15_000);
      child.on('exit', () => {
        clearTimeout(timer);
        res(true);
      });
    });
    if (!exited) child.kill('SIGKILL');
    expect(exited).toBe(true);
    expect(out).toContain('"name":"Timeout"');
  });

  it('refuses a malformed locator with InvalidArgument naming it', async () => {
    for (const bad of [
      '',
      'tcp/127.0.0.1:7447',
      'ws/127.0.0.1',
      'ws/127.0.0.1:0',
      'ws/127.0.0.1:70000',
      'localhost:10000',
      'ws://127.0.0.1:10000#frag',
      'ws/ 127.0.0.1:10000',
    ]) {
      const r = await openZenohSession(bad, 1000);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.name).toBe('InvalidArgument');
      expect(r.error.message).toContain(JSON.stringify(bad));
    }
  });

  it('knows the locator forms zenoh-ts accepts', () => {
    for (const good of [
      'ws/127.0.0.1:10000',
      'ws://localhost:10000',
      'wss/[::1]:443',
      'ws://robot-7.lan:8080/remote-api',
      'ws/router.example:10000?metadata',
    ]) {
      expect(parseRouterLocator(good).ok, good).toBe(true);
    }
  });

  it('refuses a budget that is not a finite number >= 0, and times out at once on 0', async () => {
    const zero = await openZenohSession(inject('zenohLocator'), 0);
    expect(zero.ok ? 'ok' : zero.error.name).toBe('Timeout');
    for (const bad of [-5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const r = await openZenohSession(inject('zenohLocator'), bad);
      expect(r.ok ? 'ok' : r.error.name).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain('budgetMs');
    }
  });
});
