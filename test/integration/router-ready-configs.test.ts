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
import { VirtualRobot } from '../../src/vrobots/index.js';
import { startSimulator } from '../../src/vrobots/sim/index.js';
import { bytes, closeAll, rawSpec, session, text, waitFor } from './rmw-zenoh-fixtures.js';

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
    const node = (s: RmwSession, n: string) => {
      const made = s.createNode({ name: n, namespace: '/', enclave: '/' });
      if (!made.ok) throw new Error(made.error.message);
      return made.value;
    };
    const cmds: string[] = [];
    const states: string[] = [];
    const simNode = node(onSim, 'sim_side');
    simNode.createSubscriber(rawSpec('vrobots/5/z/cmd'), (s) => cmds.push(text(s.payload)));
    simNode.createSubscriber(rawSpec('vrobots/5/z/state'), (s) => states.push(text(s.payload)));
    const clientNode = node(onClient.value, 'client_side');
    const cmd = clientNode.createPublisher(rawSpec('vrobots/5/z/cmd'));
    const state = clientNode.createPublisher(rawSpec('vrobots/5/z/state'));
    if (!cmd.ok || !state.ok) throw new Error('publisher');
    const round = () => {
      cmd.value.publish(bytes('go'));
      state.value.publish(bytes('forged'));
    };
    const enough = () => {
      round();
      return cmds.length >= 5;
    };
    expect(await waitFor(enough, 20_000, 50)).toBe(true);
    for (let k = 0; k < 40; k++) {
      round();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(states).toEqual([]);
  }, 60_000);

  it('runs the vrobots SDK through the clients router against the simulator on its own router', async () => {
    const s = await startSimulator({ robots: [], router: sim.locator });
    if (!s.ok) throw new Error(s.error.message);
    try {
      const robot = await VirtualRobot.connect('multirotor', undefined, {
        router: client.locator,
        tls: { caFile: ca },
        connectTimeoutMs: 15_000,
        serviceTimeoutMs: 10_000,
      });
      expect(robot.ok, robot.ok ? '' : robot.error.message).toBe(true);
      if (!robot.ok) return;
      expect(s.value.robot(robot.value.sysId)?.active).toBe(true);
      await robot.value.close();
      s.value.deleteRobot(robot.value.sysId);
    } finally {
      await s.value.stop();
    }
  }, 60_000);
});
