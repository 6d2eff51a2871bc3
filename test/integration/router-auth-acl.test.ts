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
import type { RmwReply, RmwSession } from '../../src/rmw/rmw.js';
import { bytes, closeAll, rawSpec, session, waitFor } from '../support/rmw-zenoh-fixtures.js';
import { driveRobotAcross, publisher, race, witness } from '../support/router-fixtures.js';

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
    await driveRobotAcross(s.locator, { router: c.locator });
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
    // The declaration was made: a caller on C itself (no link in between) sees the server.
    const local = newNode(onC, 'local_caller').createServiceClient(rawSpec('vrobots/manager/z/srv/create'), () => {});
    if (!local.ok) throw new Error(local.error.message);
    const ready = (cl: typeof local) => () => {
      const v = cl.value.serviceIsReady();
      return v.ok && v.value;
    };
    expect(await waitFor(ready(local), 15_000)).toBe(true);
    // A caller on S neither sees it nor reaches it: its request ends unanswered by the rogue.
    const replies: RmwReply[] = [];
    const caller = newNode(onS, 'caller').createServiceClient(rawSpec('vrobots/manager/z/srv/create'), (r) =>
      replies.push(r),
    );
    if (!caller.ok) throw new Error(caller.error.message);
    expect(ready(caller)()).toBe(false);
    expect(caller.value.sendRequest(bytes('create'), 2000).ok).toBe(true);
    expect(await waitFor(() => replies.length === 1, 10_000)).toBe(true);
    expect(replies[0]?.kind).toBe('error');
    expect(calls).toEqual([]);
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
