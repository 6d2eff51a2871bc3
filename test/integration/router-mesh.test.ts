/**
 * A mesh of three real routers on loopback (router mode, chained A <- B <- C, so traffic
 * between A and C is forwarded by B): sessions on different routers see each other's graph,
 * topics and services, and a vrobots client on one router drives the simulator on another.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import type { RmwReply } from '../../src/rmw/rmw.js';
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
let a: RunningRouter;
let c: RunningRouter;

/** Starts A, B (links to A) and C (links to B), every one a zenoh router. */
async function startChain(binary: string): Promise<RunningRouter[]> {
  const first = await startRouter({ binary, mode: 'router' });
  const second = await startRouter({ binary, mode: 'router', connect: [`tcp/127.0.0.1:${first.tcpPort}`] });
  const third = await startRouter({ binary, mode: 'router', connect: [`tcp/127.0.0.1:${second.tcpPort}`] });
  return [first, second, third];
}

beforeAll(async () => {
  routers.push(...(await startChain(inject('routerBinary'))));
  [a, , c] = routers as [RunningRouter, RunningRouter, RunningRouter];
}, 60_000);

afterAll(async () => {
  await closeAll();
  await Promise.all(routers.map((r) => r.stop()));
});

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });

describe('a mesh of three routers', () => {
  it('carries pub/sub, services and the graph between sessions on the two ends', async () => {
    const prefix = uniquePrefix('mesh');
    const onA = await session(a.locator);
    const onC = await session(c.locator);
    const talker = onA.createNode(node(`talker_${prefix}`));
    const listener = onC.createNode(node(`listener_${prefix}`));
    if (!talker.ok || !listener.ok) throw new Error('node');

    // graph: C sees A's node and its endpoints
    const pub = talker.value.createPublisher(topicSpec(`/${prefix}/chatter`));
    const server = talker.value.createServiceServer(serviceSpec(`/${prefix}/echo`), (r) =>
      r.respond(bytes(`echo:${text(r.payload)}`)),
    );
    if (!pub.ok || !server.ok) throw new Error('endpoint');
    expect(await waitFor(() => onC.graph.nodes().some((n) => n.name === `talker_${prefix}`), 15_000)).toBe(true);
    const seen = () => onC.graph.endpoints().filter((e) => e.name.startsWith(`/${prefix}/`));
    expect(await waitFor(() => seen().length === 2, 15_000)).toBe(true);
    expect(
      seen()
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['publisher', 'service']);

    // pub/sub A -> C, counted once the publisher sees the subscription across the mesh
    const got: string[] = [];
    const sub = listener.value.createSubscriber(topicSpec(`/${prefix}/chatter`), (s) => got.push(text(s.payload)));
    if (!sub.ok) throw new Error('sub');
    expect(await waitFor(subscribed(pub.value), 15_000)).toBe(true);
    for (let i = 0; i < 20; i++) expect(pub.value.publish(bytes(`m${i}`)).ok).toBe(true);
    expect(await waitFor(() => got.length === 20, 15_000)).toBe(true);
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));

    // a service on A called from C
    const replies: RmwReply[] = [];
    const client = listener.value.createServiceClient(serviceSpec(`/${prefix}/echo`), (r) => replies.push(r));
    if (!client.ok) throw new Error('client');
    const ready = () => {
      const r = client.value.serviceIsReady();
      return r.ok && r.value;
    };
    expect(await waitFor(ready, 15_000)).toBe(true);
    expect(client.value.sendRequest(bytes('hi'), 10_000).ok).toBe(true);
    expect(await waitFor(() => replies.length === 1, 12_000)).toBe(true);
    const reply = replies[0];
    expect(reply?.kind).toBe('reply');
    if (reply?.kind === 'reply') expect(text(reply.payload)).toBe('echo:hi');

    // A's node leaving is seen on C
    talker.value.close();
    expect(await waitFor(() => !onC.graph.nodes().some((n) => n.name === `talker_${prefix}`), 15_000)).toBe(true);
  }, 60_000);

  it('lets a vrobots client on one end create and drive a robot of the simulator on the other', async () => {
    await driveRobotAcross(a.locator, { router: c.locator });
  }, 60_000);
});
