/**
 * The ready configs of docs/configs, run as a user would (zenoh-bridge-remote-api -c FILE),
 * with only the file paths pointed at this run's certificates and the ports made free: the
 * simulator's router (mutual TLS links, user/password, the vrobots ACL, loopback WebSocket)
 * and a clients' router (wss/ WebSocket, credentials, mutual TLS toward the simulator).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeTestCertificates } from '../../scripts/zenoh-router-certs.mjs';
import { type RunningRouter, startRouter, vrobotsSimulatorAcl } from '../../scripts/zenoh-router-lib.mjs';
import type { RmwSession } from '../../src/rmw/rmw.js';
import { openZenohRmwSession } from '../../src/rmw/zenoh/index.js';
import { closeAll, session } from '../support/rmw-zenoh-fixtures.js';
import { driveRobotAcross, publisher, race, witness } from '../support/router-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'rclts-configs-'));
const routers: RunningRouter[] = [];
let sim: RunningRouter;
let client: RunningRouter;
let ca: string;
const opened: RmwSession[] = [];

function localized(name: string): string {
  const text = readFileSync(join('docs', 'configs', name), 'utf8').replaceAll('/etc/rclts/', `${dir}/`);
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

beforeAll(async () => {
  ca = makeTestCertificates(dir, ['sim-router', 'client-router']).ca;
  writeFileSync(join(dir, 'users.txt'), 'vrobots-client:change-me\n');
  const binary = inject('routerBinary');
  sim = await startRouter({ binary, configFile: localized('sim-router.json5'), listenProtocol: 'tls' });
  routers.push(sim);
  client = await startRouter({ binary, configFile: localized('client-router.json5'), connect: [sim.linkLocator] });
  routers.push(client);
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await closeAll();
  await Promise.all(routers.map((r) => r.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('docs/configs', () => {
  it('sim-router.json5 carries the vrobots ACL profile as scripts/zenoh-router-profiles.mjs makes it', () => {
    const text = readFileSync(join('docs', 'configs', 'sim-router.json5'), 'utf8');
    const acl = JSON.stringify(vrobotsSimulatorAcl({ usernames: ['vrobots-client'] }), null, 2);
    expect(text.replace(/\s+/g, '')).toContain(acl.replace(/\s+/g, ''));
  });

  it('a client on the clients router reaches the simulator over wss/ + mutual TLS + credentials, within the ACL', async () => {
    expect(client.locator).toMatch(/^wss\//);
    expect(sim.locator).toMatch(/^ws\//);
    const onClient = await openZenohRmwSession(client.locator, { connectBudgetMs: 10_000, tls: { caFile: ca } });
    if (!onClient.ok) throw new Error(onClient.error.message);
    opened.push(onClient.value);
    const onSim = await session(sim.locator);
    const r = await race(
      { pub: publisher(onClient.value, 'vrobots/5/z/cmd'), got: witness(onSim, 'vrobots/5/z/cmd') },
      { pub: publisher(onClient.value, 'vrobots/5/z/state'), got: witness(onSim, 'vrobots/5/z/state') },
    );
    expect(r.allowed).toBeGreaterThanOrEqual(5);
    expect(r.denied).toBe(0);
  }, 60_000);

  it('runs the vrobots SDK through the clients router against the simulator on its own router', async () => {
    await driveRobotAcross(sim.locator, { router: client.locator, tls: { caFile: ca } });
  }, 60_000);
});
