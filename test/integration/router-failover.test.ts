/**
 * Failover between routers: a session given [A, B] sits on A; killing A moves it to B, where
 * every entity is declared again, and every request in flight at the loss is answered.
 * A and B form a mesh (B links to A, both in router mode), the usual deployment.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort, type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { Executor } from '../../src/index.js';
import type { RmwEvent, RmwReply } from '../../src/rmw/rmw.js';
import { openZenohRmwSession } from '../../src/rmw/zenoh/index.js';
import {
  bytes,
  closeAll,
  serviceSpec,
  session,
  text,
  topicSpec,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';
import { driveRobotAcross, subscribed } from '../support/router-fixtures.js';

const routers: RunningRouter[] = [];
const frozen = new Set<number>();
afterEach(async () => {
  for (const pid of frozen) process.kill(pid, 'SIGCONT');
  frozen.clear();
  await closeAll();
  await Promise.all(routers.splice(0).map((r) => r.stop()));
});

async function meshOfTwo(): Promise<[RunningRouter, RunningRouter]> {
  const binary = inject('routerBinary');
  const a = await startRouter({ binary, mode: 'router' });
  routers.push(a);
  const b = await startRouter({ binary, mode: 'router', connect: [`tcp/127.0.0.1:${a.tcpPort}`] });
  routers.push(b);
  return [a, b];
}

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });
const CONNECT_BUDGET_MS = 5000;

describe('failover between routers', () => {
  it('moves to the next router when the one in use dies, re-declares everything, answers what was in flight', async () => {
    const [a, b] = await meshOfTwo();
    const prefix = uniquePrefix('failover');
    const opened = await openZenohRmwSession(`${a.locator},${b.locator}`, { connectBudgetMs: CONNECT_BUDGET_MS });
    if (!opened.ok) throw new Error(opened.error.message);
    const client = opened.value;
    const events: RmwEvent[] = [];
    client.onEvent((e) => events.push(e));
    // The far side sits on B only: what the client reaches after the kill went through B.
    const far = await session(b.locator);
    const farNode = far.createNode(node('far'));
    const near = client.createNode(node('near'));
    if (!farNode.ok || !near.ok) throw new Error('node');
    const held: Array<() => void> = [];
    const server = farNode.value.createServiceServer(serviceSpec(`/${prefix}/srv`), (r) => {
      if (text(r.payload) === 'hold') held.push(() => r.respond(bytes('late')));
      else r.respond(bytes(`re:${text(r.payload)}`));
    });
    const got: string[] = [];
    const sub = farNode.value.createSubscriber(topicSpec(`/${prefix}/t`), (s) => got.push(text(s.payload)));
    const replies: RmwReply[] = [];
    const svc = near.value.createServiceClient(serviceSpec(`/${prefix}/srv`), (r) => replies.push(r));
    const pub = near.value.createPublisher(topicSpec(`/${prefix}/t`));
    if (!server.ok || !sub.ok || !svc.ok || !pub.ok) throw new Error('endpoint');
    const ready = () => {
      const r = svc.value.serviceIsReady();
      return r.ok && r.value;
    };
    expect(await waitFor(ready, 15_000)).toBe(true);

    // a request the server holds: in flight when A dies
    const inFlight = svc.value.sendRequest(bytes('hold'), 20_000);
    if (!inFlight.ok) throw new Error(inFlight.error.message);
    expect(await waitFor(() => held.length === 1, 10_000)).toBe(true);
    await a.kill('SIGKILL');

    // answered (TransportError: its reply path is gone), exactly once
    expect(await waitFor(() => replies.length === 1, 10_000)).toBe(true);
    expect(replies[0]).toMatchObject({ kind: 'error', code: -100, sequenceNumber: inFlight.value });
    expect(await waitFor(() => events.some((e) => e.type === 'reconnected'), CONNECT_BUDGET_MS + 5000)).toBe(true);
    const moved = events.find((e) => e.type === 'reconnected');
    expect(moved?.message).toContain(`lost zenoh router ${a.locator}, moved to ${b.locator}`);
    expect(client.isConnected()).toBe(true);

    // every entity declared again on B: the service answers, the publisher reaches the subscriber
    expect(await waitFor(ready, 15_000)).toBe(true);
    const again = svc.value.sendRequest(bytes('x'), 10_000);
    expect(again.ok).toBe(true);
    expect(await waitFor(() => replies.length === 2, 12_000)).toBe(true);
    expect(replies[1]).toMatchObject({ kind: 'reply' });
    if (replies[1]?.kind === 'reply') expect(text(replies[1].payload)).toBe('re:x');
    expect(await waitFor(subscribed(pub.value), 15_000)).toBe(true);
    expect(pub.value.publish(bytes('after')).ok).toBe(true);
    expect(await waitFor(() => got.includes('after'), 10_000)).toBe(true);
    // the held request's late answer has no one to reach: still one reply for it
    for (const respond of held) respond();
    await new Promise((r) => setTimeout(r, 500));
    expect(replies.filter((r) => r.sequenceNumber === inFlight.value).length).toBe(1);
    await client.close();
  }, 90_000);

  it('Executor.create opens on the first router that answers, in order', async () => {
    const [, b] = await meshOfTwo();
    const dead = `ws/127.0.0.1:${await freePort()}`;
    const made = await Executor.create({ router: [dead, b.locator], connectBudgetMs: 8000 });
    expect(made.ok, made.ok ? '' : made.error.message).toBe(true);
    if (made.ok) await made.value.shutdown();
    const none = await Executor.create({ router: [dead, `ws/127.0.0.1:${await freePort()}`], connectBudgetMs: 1000 });
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.error.name).toBe('Timeout');
      expect(none.error.message).toContain(`could not reach any of the zenoh routers ${dead}`);
    }
  }, 60_000);

  it('keeps a vrobots client streaming states from the simulator when its router dies', async () => {
    const [a, b] = await meshOfTwo();
    await driveRobotAcross(b.locator, { router: [a.locator, b.locator] }, async () => {
      await a.kill('SIGKILL');
    });
  }, 90_000);

  it('moves on when the router in use hangs (no answer to the heartbeat) rather than dies', async () => {
    const [a, b] = await meshOfTwo();
    const opened = await openZenohRmwSession(`${a.locator},${b.locator}`, { connectBudgetMs: CONNECT_BUDGET_MS });
    if (!opened.ok) throw new Error(opened.error.message);
    const client = opened.value;
    const events: RmwEvent[] = [];
    client.onEvent((e) => events.push(e));
    const prefix = uniquePrefix('hang');
    const got: string[] = [];
    const far = (await session(b.locator)).createNode(node('far'));
    const near = client.createNode(node('near'));
    if (!far.ok || !near.ok) throw new Error('node');
    const sub = far.value.createSubscriber(topicSpec(`/${prefix}/t`), (smp) => got.push(text(smp.payload)));
    const pub = near.value.createPublisher(topicSpec(`/${prefix}/t`));
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    process.kill(a.pid, 'SIGSTOP');
    frozen.add(a.pid);
    expect(await waitFor(() => events.some((e) => e.type === 'reconnected'), 30_000)).toBe(true);
    expect(events.find((e) => e.type === 'connection_lost')?.message).toContain('did not answer');
    expect(events.find((e) => e.type === 'reconnected')?.message).toContain(`moved to ${b.locator}`);
    expect(await waitFor(subscribed(pub.value), 15_000)).toBe(true);
    expect(pub.value.publish(bytes('from B')).ok).toBe(true);
    expect(await waitFor(() => got.includes('from B'), 10_000)).toBe(true);
  }, 90_000);

  it('the vrobots CLI takes --router a,b and uses the first that answers', async () => {
    const [, b] = await meshOfTwo();
    const dead = `ws/127.0.0.1:${await freePort()}`;
    const r = spawnSync(
      process.execPath,
      ['bin/vrobots.mjs', 'topic', 'list', '--router', `${dead},${b.locator}`, '-t', '0.5'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(r.stderr).toContain(`connecting to ${dead},${b.locator}`);
    expect(r.stdout).toContain('(no topics)');
  }, 90_000);
});
