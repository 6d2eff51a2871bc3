/**
 * The router tooling (scripts/zenoh-router-lib.mjs and the zenoh-router.mjs CLI): bad input
 * gets a message saying what and what to do, and never leaves a router process behind.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort, type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';

const CLI = 'scripts/zenoh-router.mjs';
const routers: RunningRouter[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(routers.splice(0).map((r) => r.stop()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** Pids of router processes listening on 127.0.0.1:port (Linux /proc). */
function routersOnPort(port: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv[0]?.endsWith('zenoh-bridge-remote-api') && argv.includes(`127.0.0.1:${port}`)) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

async function occupy(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function cli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function canOpen(locator: string): Promise<boolean> {
  const s = await openZenohSession(locator, 5000);
  if (s.ok) await closeZenohSession(s.value);
  return s.ok;
}

describe('startRouter', () => {
  it('refuses an occupied WebSocket port by name and starts nothing', async () => {
    const port = await occupy();
    await expect(startRouter({ binary: inject('routerBinary'), wsPort: port })).rejects.toThrow(
      `WebSocket port ${port} on 127.0.0.1 is already in use`,
    );
    expect(routersOnPort(port)).toEqual([]);
  });

  it('refuses a port out of range', async () => {
    await expect(startRouter({ binary: inject('routerBinary'), wsPort: 70000 })).rejects.toThrow('wsPort');
  });

  it('names a missing binary and how to build it', async () => {
    await expect(startRouter({ binary: '/nonexistent/zenoh-bridge-remote-api' })).rejects.toThrow(
      'node scripts/zenoh-router.mjs install',
    );
  });

  it('runs the bridge runtime on one worker thread unless told otherwise, and refuses a bad count', async () => {
    const threadsOf = (r: RunningRouter): string | undefined =>
      readFileSync(`/proc/${r.pid}/environ`, 'utf8')
        .split('\0')
        .find((e) => e.startsWith('TOKIO_WORKER_THREADS='));
    const saved = process.env.TOKIO_WORKER_THREADS;
    delete process.env.TOKIO_WORKER_THREADS;
    try {
      const byDefault = await startRouter({ binary: inject('routerBinary') });
      routers.push(byDefault);
      expect(threadsOf(byDefault)).toBe('TOKIO_WORKER_THREADS=1');
      const two = await startRouter({ binary: inject('routerBinary'), workerThreads: 2 });
      routers.push(two);
      expect(threadsOf(two)).toBe('TOKIO_WORKER_THREADS=2');
      expect(await canOpen(two.locator)).toBe(true);
      process.env.TOKIO_WORKER_THREADS = '3';
      const fromEnv = await startRouter({ binary: inject('routerBinary') });
      routers.push(fromEnv);
      expect(threadsOf(fromEnv)).toBe('TOKIO_WORKER_THREADS=3');
    } finally {
      if (saved === undefined) delete process.env.TOKIO_WORKER_THREADS;
      else process.env.TOKIO_WORKER_THREADS = saved;
    }
    await expect(startRouter({ binary: inject('routerBinary'), workerThreads: 0 })).rejects.toThrow(
      'workerThreads must be an integer 1..1024, got 0',
    );
  });

  it('runs a router of its own that can be killed and restarted on the same port', async () => {
    const first = await startRouter({ binary: inject('routerBinary') });
    routers.push(first);
    expect(first.locator).toBe(`ws/127.0.0.1:${first.wsPort}`);
    expect(routersOnPort(first.wsPort)).toEqual([first.pid]);
    expect(await canOpen(first.locator)).toBe(true);

    await first.kill();
    expect(routersOnPort(first.wsPort)).toEqual([]);
    const r = await openZenohSession(first.locator, 1000);
    expect(r.ok ? 'ok' : r.error.name).toBe('Timeout');

    const second = await startRouter({ binary: inject('routerBinary'), wsPort: first.wsPort, tcpPort: first.tcpPort });
    routers.push(second);
    expect(second.locator).toBe(first.locator);
    expect(await canOpen(second.locator)).toBe(true);
    await second.stop();
    expect(routersOnPort(second.wsPort)).toEqual([]);
  });
});

describe('zenoh-router.mjs', () => {
  it('starts a router in the background, prints its locator as JSON, and stops only it', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'rclts-router-cli-'));
    const env = { RCLTS_ROUTER_CACHE: cache, RCLTS_ROUTER_BIN: inject('routerBinary') };
    const started = cli(['start', '--json'], env);
    expect(started.status, started.stderr).toBe(0);
    const info = JSON.parse(started.stdout) as { locator: string; pid: number; wsPort: number };
    expect(info.locator).toBe(`ws/127.0.0.1:${info.wsPort}`);
    expect(routersOnPort(info.wsPort)).toEqual([info.pid]);
    expect(await canOpen(info.locator)).toBe(true);

    const stopped = cli(['stop', '--ws-port', String(info.wsPort)], env);
    expect(stopped.status).toBe(0);
    expect(stopped.stdout).toContain(`stopped zenoh router ${info.locator} (pid ${info.pid})`);
    expect(routersOnPort(info.wsPort)).toEqual([]);
    expect(cli(['stop'], env).stdout).toContain('no router started by this tool is running');
  });

  it('exits 1 naming an occupied port, leaving no process', async () => {
    const port = await occupy();
    const cache = mkdtempSync(join(tmpdir(), 'rclts-router-cli-'));
    const r = cli(['start', '--ws-port', String(port)], {
      RCLTS_ROUTER_CACHE: cache,
      RCLTS_ROUTER_BIN: inject('routerBinary'),
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`WebSocket port ${port} on 127.0.0.1 is already in use`);
    expect(routersOnPort(port)).toEqual([]);
  });

  it('refuses a bad --worker-threads by name before starting anything', () => {
    const r = cli(['start', '--worker-threads', 'many', '--json'], {});
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("--worker-threads must be an integer 1..1024, got 'many'");
    expect(r.stdout).toBe('');
  });

  it('install without cargo says how to get Rust', async () => {
    const home = mkdtempSync(join(tmpdir(), 'rclts-nohome-'));
    const r = spawnSync(process.execPath, [CLI, 'install'], {
      encoding: 'utf8',
      env: { PATH: '/nonexistent', HOME: home, RCLTS_ROUTER_CACHE: join(home, 'cache') },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("Rust's cargo was not found");
    expect(r.stderr).toContain('rustup');
  });

  it('install with a failing build names the log and shows its last lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rclts-fakecargo-'));
    const fake = join(dir, 'cargo');
    writeFileSync(
      fake,
      '#!/bin/sh\nif [ "$1" = "--version" ]; then echo "cargo 0.0.0"; exit 0; fi\necho "error: could not compile zenoh (fake)" >&2\nexit 101\n',
    );
    chmodSync(fake, 0o755);
    const cache = join(dir, 'cache');
    const r = cli(['install'], { CARGO: fake, RCLTS_ROUTER_CACHE: cache, RCLTS_ROUTER_BIN: '' });
    expect(r.status).toBe(1);
    const log = join(cache, '1.10.1', 'build.log');
    expect(r.stderr).toContain(`Full log: ${log}`);
    expect(r.stderr).toContain('error: could not compile zenoh (fake)');
    expect(existsSync(join(cache, '1.10.1', 'build.lock'))).toBe(false);
  });

  it('install is a no-op when the cached router answers the pinned version', () => {
    const r = cli(['install'], { RCLTS_ROUTER_BIN: inject('routerBinary') });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('zenoh router 1.10.1 is ready');
  });
});

it('freePort gives a port nothing listens on', async () => {
  const port = await freePort();
  expect(port).toBeGreaterThan(0);
  expect(routersOnPort(port)).toEqual([]);
});
