/**
 * Authentication of zenoh peers and access control, through real routers. The simulator's
 * router S demands user/password of the routers that link to it and applies the vrobots ACL
 * profile to them; the clients' router C presents the right credentials, router X none.
 * Witnesses sit on S: what a session on S receives is what crossed the link.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeTestCertificates } from '../../scripts/zenoh-router-certs.mjs';
import { type RunningRouter, startRouter, usrpwdConfig, vrobotsSimulatorAcl } from '../../scripts/zenoh-router-lib.mjs';
import type { RmwPublisher, RmwSession } from '../../src/rmw/rmw.js';
import { VirtualRobot } from '../../src/vrobots/index.js';
import { startSimulator } from '../../src/vrobots/sim/index.js';
import { bytes, closeAll, rawSpec, session, text, waitFor } from './rmw-zenoh-fixtures.js';

let dir: string;
const routers: RunningRouter[] = [];
let s: RunningRouter;
let c: RunningRouter;
let x: RunningRouter;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rclts-auth-'));
  const users = join(dir, 'users.txt');
  writeFileSync(users, 'vrobots-client:s3cret-client\n');
  const binary = inject('routerBinary');
  s = await startRouter({
    binary,
    mode: 'router',
    config: {
      ...usrpwdConfig({ dictionaryFile: users }),
      access_control: vrobotsSimulatorAcl({ usernames: ['vrobots-client'] }),
    },
  });
  routers.push(s);
  c = await startRouter({
    binary,
    mode: 'router',
    connect: [s.linkLocator],
    config: usrpwdConfig({ user: 'vrobots-client', password: 's3cret-client' }),
  });
  routers.push(c);
  x = await startRouter({ binary, mode: 'router', connect: [s.linkLocator] });
  routers.push(x);
}, 60_000);

afterAll(async () => {
  await closeAll();
  await Promise.all(routers.map((r) => r.stop()));
  rmSync(dir, { recursive: true, force: true });
});

function newNode(on: RmwSession, name: string) {
  const n = on.createNode({ name, namespace: '/', enclave: '/' });
  if (!n.ok) throw new Error(n.error.message);
  return n.value;
}

function publisher(on: RmwSession, key: string): RmwPublisher {
  const p = newNode(on, `pub_${Math.random().toString(36).slice(2, 8)}`).createPublisher(rawSpec(key));
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

function witness(on: RmwSession, key: string): string[] {
  const got: string[] = [];
  const sub = newNode(on, `sub_${Math.random().toString(36).slice(2, 8)}`).createSubscriber(rawSpec(key), (smp) =>
    got.push(text(smp.payload)),
  );
  if (!sub.ok) throw new Error(sub.error.message);
  return got;
}

/**
 * Publishes `denied` and `allowed` samples in turn until `enough` allowed ones reached their
 * witness, then 40 rounds more (the denied path had every chance): the count of denied
 * samples that arrived is the answer. Each publish must be accepted locally (a silent drop).
 */
async function race(
  allowed: { pub: RmwPublisher; got: string[] },
  denied: { pub: RmwPublisher; got: string[] },
  enough = 5,
): Promise<{ allowed: number; denied: number }> {
  let i = 0;
  const round = () => {
    i += 1;
    expect(allowed.pub.publish(bytes(`ok${i}`)).ok).toBe(true);
    expect(denied.pub.publish(bytes(`no${i}`)).ok).toBe(true);
  };
  const reached = await waitFor(
    () => {
      round();
      return allowed.got.length >= enough;
    },
    20_000,
    50,
  );
  expect(reached).toBe(true);
  for (let k = 0; k < 40; k++) {
    round();
    await new Promise((r) => setTimeout(r, 50));
  }
  return { allowed: allowed.got.length, denied: denied.got.length };
}

describe('authentication of zenoh peers (user/password)', () => {
  it('carries traffic from the router with credentials and refuses the one without', async () => {
    const onS = await session(s.locator);
    const onC = await session(c.locator);
    const onX = await session(x.locator);
    const fromC = witness(onS, 'vrobots/7/z/cmd');
    const fromX = witness(onS, 'vrobots/8/z/cmd');
    const r = await race(
      { pub: publisher(onC, 'vrobots/7/z/cmd'), got: fromC },
      { pub: publisher(onX, 'vrobots/8/z/cmd'), got: fromX },
    );
    expect(r.allowed).toBeGreaterThanOrEqual(5);
    expect(r.denied).toBe(0);
  }, 60_000);
});

describe('access control: the vrobots profile on the simulator router', () => {
  it("drops a client router's state publication (silently: publish() answers ok) while its commands pass", async () => {
    const onS = await session(s.locator);
    const onC = await session(c.locator);
    const cmds = witness(onS, 'vrobots/3/z/cmd');
    const states = witness(onS, 'vrobots/3/z/state');
    const r = await race(
      { pub: publisher(onC, 'vrobots/3/z/cmd'), got: cmds },
      { pub: publisher(onC, 'vrobots/3/z/state'), got: states },
    );
    expect(r.allowed).toBeGreaterThanOrEqual(5);
    expect(r.denied).toBe(0);
  }, 60_000);

  it('lets a vrobots client on the client router create, command and stream a robot of the simulator', async () => {
    const sim = await startSimulator({ robots: [], router: s.locator });
    if (!sim.ok) throw new Error(sim.error.message);
    try {
      const robot = await VirtualRobot.connect('multirotor', undefined, {
        router: c.locator,
        connectTimeoutMs: 15_000,
        serviceTimeoutMs: 10_000,
      });
      expect(robot.ok, robot.ok ? '' : robot.error.message).toBe(true);
      if (!robot.ok) return;
      expect(sim.value.robot(robot.value.sysId)?.active).toBe(true);
      const before = robot.value.stats().received;
      expect(await waitFor(() => robot.value.stats().received > before + 3, 15_000)).toBe(true);
      await robot.value.close();
      sim.value.deleteRobot(robot.value.sysId);
    } finally {
      await sim.value.stop();
    }
  }, 60_000);

  it("never routes a call to a manager a client router declares: the simulator's router does not learn it", async () => {
    const onS = await session(s.locator);
    const onC = await session(c.locator);
    const rogue = newNode(onC, 'rogue_manager');
    const calls: string[] = [];
    const server = rogue.createServiceServer(rawSpec('vrobots/manager/z/srv/create'), (req) => {
      calls.push('called');
      req.respond(bytes('hijacked'));
    });
    if (!server.ok) throw new Error(server.error.message);
    // Control: a queryable on a key the profile does not concern either (it denies every
    // declare_queryable in), declared alongside; neither is visible from S.
    const caller = newNode(onS, 'caller').createServiceClient(rawSpec('vrobots/manager/z/srv/create'), () => {});
    if (!caller.ok) throw new Error(caller.error.message);
    // The same declaration seen from another session on C (local to C) proves it was made.
    const local = newNode(onC, 'local_caller').createServiceClient(rawSpec('vrobots/manager/z/srv/create'), () => {});
    if (!local.ok) throw new Error(local.error.message);
    const ready = (cl: typeof local) => () => {
      const v = cl.value.serviceIsReady();
      return v.ok && v.value;
    };
    expect(await waitFor(ready(local), 15_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 2000));
    expect(ready(caller)()).toBe(false);
  }, 60_000);
});

describe('mutual TLS between routers', () => {
  it('refuses a router without a certificate of the CA and links the one with', async () => {
    const certs = makeTestCertificates(join(dir, 'mtls'), ['hub', 'member']);
    const leaf = (n: string) => certs.leaves[n] as { certificate: string; privateKey: string };
    const binary = inject('routerBinary');
    const hub = await startRouter({ binary, mode: 'router', linkTls: { ca: certs.ca, ...leaf('hub'), mutual: true } });
    routers.push(hub);
    const member = await startRouter({
      binary,
      mode: 'router',
      linkTls: { ca: certs.ca, ...leaf('member'), mutual: true },
      connect: [hub.linkLocator],
    });
    routers.push(member);
    // TLS toward the hub, trusting its CA, but with no client certificate to show.
    const stranger = await startRouter({
      binary,
      mode: 'router',
      config: { 'transport/link/tls/root_ca_certificate': certs.ca },
      connect: [hub.linkLocator],
    });
    routers.push(stranger);
    const onHub = await session(hub.locator);
    const r = await race(
      { pub: publisher(await session(member.locator), 'mtls/member'), got: witness(onHub, 'mtls/member') },
      { pub: publisher(await session(stranger.locator), 'mtls/stranger'), got: witness(onHub, 'mtls/stranger') },
    );
    expect(r.allowed).toBeGreaterThanOrEqual(5);
    expect(r.denied).toBe(0);
  }, 90_000);
});
