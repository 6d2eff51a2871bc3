/**
 * The secure profile through the router CLI, as a user runs it: test certificates, the vrobots
 * ACL written to a file, and a router started with TLS on its WebSocket and links, user/password
 * authentication and that ACL; rclts connects to its wss/ locator with the CA.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openZenohRmwSession } from '../../src/rmw/zenoh/index.js';

const CLI = 'scripts/zenoh-router.mjs';
const dir = mkdtempSync(join(tmpdir(), 'rclts-cli-profile-'));
const env = { ...process.env, RCLTS_ROUTER_CACHE: join(dir, 'cache'), RCLTS_ROUTER_BIN: inject('routerBinary') };

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

afterAll(() => {
  cli(['stop']);
  rmSync(dir, { recursive: true, force: true });
});

describe('zenoh-router.mjs secure profile', () => {
  it('starts a router with wss/, TLS links, user/password and the vrobots ACL, and rclts connects with the CA', async () => {
    const certs = join(dir, 'certs');
    expect(cli(['certs', certs, 'router']).status).toBe(0);
    const acl = cli(['acl-profile', 'vrobots', '--client-user', 'vrobots-client']);
    expect(acl.status, acl.stderr).toBe(0);
    expect(JSON.parse(acl.stdout)).toMatchObject({ enabled: true, default_permission: 'deny' });
    writeFileSync(join(dir, 'acl.json'), acl.stdout);
    writeFileSync(join(dir, 'users.txt'), 'vrobots-client:pw\n');
    const started = cli([
      'start',
      '--json',
      '--mode',
      'router',
      '--wss-cert',
      join(certs, 'router.pem'),
      '--wss-key',
      join(certs, 'router.key'),
      '--tls-ca',
      join(certs, 'ca.pem'),
      '--tls-cert',
      join(certs, 'router.pem'),
      '--tls-key',
      join(certs, 'router.key'),
      '--users',
      join(dir, 'users.txt'),
      '--acl',
      join(dir, 'acl.json'),
    ]);
    expect(started.status, started.stderr).toBe(0);
    const info = JSON.parse(started.stdout) as { locator: string; linkLocator: string; wsPort: number };
    expect(info.locator).toBe(`wss/127.0.0.1:${info.wsPort}`);
    expect(info.linkLocator).toMatch(/^tls\/127\.0\.0\.1:\d+$/);
    const s = await openZenohRmwSession(info.locator, {
      connectBudgetMs: 10_000,
      tls: { caFile: join(certs, 'ca.pem') },
    });
    expect(s.ok, s.ok ? '' : s.error.message).toBe(true);
    if (s.ok) await s.value.close();
    expect(cli(['stop', '--ws-port', String(info.wsPort)]).status).toBe(0);
  }, 60_000);

  it('refuses half a profile with one line saying what goes together', () => {
    for (const [args, says] of [
      [['--wss-cert', 'a.pem'], '--wss-cert and --wss-key go together'],
      [['--tls-ca', 'ca.pem'], '--tls-ca, --tls-cert and --tls-key go together'],
      [['--mtls'], '--mtls needs --tls-ca, --tls-cert and --tls-key'],
      [['--user', 'u'], '--user and --password go together'],
      [['--acl', join(dir, 'missing.json')], 'must hold zenoh'],
    ] as const) {
      const r = cli(['start', ...args]);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(says);
    }
    expect(cli(['acl-profile', 'vrobots']).stderr).toContain('--client-user NAME');
  });
});
