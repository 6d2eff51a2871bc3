/**
 * Router loss and return, on a router of this file's own (never the shared one).
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import type { RmwEvent, RmwReply, RmwServiceClient } from '../../src/rmw/rmw.js';
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

const routers: RunningRouter[] = [];
afterEach(async () => {
  await closeAll();
  await Promise.all(routers.splice(0).map((r) => r.stop()));
});

async function ownRouter(wsPort?: number): Promise<RunningRouter> {
  const r = await startRouter({ binary: inject('routerBinary'), ...(wsPort === undefined ? {} : { wsPort }) });
  routers.push(r);
  return r;
}

function ready(c: RmwServiceClient): boolean {
  const r = c.serviceIsReady();
  return r.ok && r.value;
}

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });

describe('zenoh rmw when the router goes away', () => {
  it('answers a pending call with TransportError within its budget, notices the loss, and never throws', async () => {
    const router = await ownRouter();
    const prefix = uniquePrefix('loss');
    const a = await session(router.locator);
    const events: RmwEvent[] = [];
    a.onEvent((e) => events.push(e));
    const n = a.createNode(node('n'));
    if (!n.ok) throw new Error('node');
    const server = n.value.createServiceServer(serviceSpec(`/${prefix}/s`), () => {}); // never answers
    const replies: RmwReply[] = [];
    const client = n.value.createServiceClient(serviceSpec(`/${prefix}/s`), (r) => replies.push(r));
    if (!server.ok || !client.ok) throw new Error('endpoint');
    expect(await waitFor(() => ready(client.value))).toBe(true);
    expect(await a.ping(2000)).toEqual({ ok: true, value: undefined });

    const sent = Date.now();
    expect(client.value.sendRequest(bytes('?'), 4000).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    await router.kill('SIGKILL');

    expect(await waitFor(() => replies.length === 1, 6000)).toBe(true);
    expect(Date.now() - sent).toBeLessThanOrEqual(4000 + 500);
    expect(replies[0]).toMatchObject({ kind: 'error', code: -100 });
    expect(await waitFor(() => events.some((e) => e.type === 'connection_lost'))).toBe(true);
    expect(a.isConnected()).toBe(false);
    expect(await a.ping(500)).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    expect(client.value.serviceIsReady()).toEqual({ ok: true, value: false });
    expect(client.value.sendRequest(bytes('?'), 1000)).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    const pub = n.value.createPublisher(topicSpec(`/${prefix}/t`));
    expect(pub.ok).toBe(true);
    if (pub.ok) expect(pub.value.publish(bytes('x'))).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    expect(await a.close()).toMatchObject({ ok: true });
  });

  it('answers each of 50 requests in flight exactly once when the router is killed mid-flight', async () => {
    const router = await ownRouter();
    const prefix = uniquePrefix('inflight');
    const a = await session(router.locator);
    const n = a.createNode(node('n'));
    if (!n.ok) throw new Error('node');
    // Answers the even requests, holds the odd ones until the router is gone.
    const server = n.value.createServiceServer(serviceSpec(`/${prefix}/s`), (r) => {
      if (Number(text(r.payload)) % 2 === 0) r.respond(r.payload);
    });
    const replies: RmwReply[] = [];
    const client = n.value.createServiceClient(serviceSpec(`/${prefix}/s`), (r) => replies.push(r));
    if (!server.ok || !client.ok) throw new Error('endpoint');
    expect(await waitFor(() => ready(client.value))).toBe(true);

    const budgetMs = 3000;
    const seqs: bigint[] = [];
    for (let i = 0; i < 50; i++) {
      const sent = client.value.sendRequest(bytes(String(i)), budgetMs);
      if (!sent.ok) throw new Error(sent.error.message);
      seqs.push(sent.value);
    }
    expect(await waitFor(() => replies.length === 25)).toBe(true);
    await router.kill('SIGKILL');

    expect(await waitFor(() => replies.length >= 50, budgetMs + 1000)).toBe(true);
    // Past every budget: a second answer (a timer left armed, a late zenoh final) would show now.
    await new Promise((r) => setTimeout(r, budgetMs));
    expect(replies.length).toBe(50);
    expect(replies.map((r) => r.sequenceNumber).sort((x, y) => Number(x - y))).toEqual(seqs);
    const lost = replies.filter((r) => r.kind === 'error');
    expect(lost.length).toBe(25);
    expect(lost.every((r) => r.kind === 'error' && r.code === -100)).toBe(true);
  }, 30_000);

  it('re-opens and re-declares everything when the router comes back on the same port', async () => {
    const first = await ownRouter();
    const prefix = uniquePrefix('back');
    const a = await session(first.locator);
    const b = await session(first.locator);
    const events: RmwEvent[] = [];
    a.onEvent((e) => events.push(e));
    const an = a.createNode(node('talker'));
    const bn = b.createNode(node('listener'));
    if (!an.ok || !bn.ok) throw new Error('node');
    const got: string[] = [];
    const pub = an.value.createPublisher(topicSpec(`/${prefix}/chatter`));
    const sub = bn.value.createSubscriber(topicSpec(`/${prefix}/chatter`), (s) => got.push(text(s.payload)));
    const server = bn.value.createServiceServer(serviceSpec(`/${prefix}/add`), (r) =>
      r.respond(bytes(`re:${text(r.payload)}`)),
    );
    const replies: RmwReply[] = [];
    const client = an.value.createServiceClient(serviceSpec(`/${prefix}/add`), (r) => replies.push(r));
    if (!pub.ok || !sub.ok || !server.ok || !client.ok) throw new Error('endpoint');
    expect(await waitFor(() => ready(client.value))).toBe(true);
    const subscribed = () => {
      const c = pub.value.subscriptionCount();
      return c.ok && c.value === 1;
    };
    expect(await waitFor(subscribed)).toBe(true);
    pub.value.publish(bytes('before'));
    expect(await waitFor(() => got.length === 1)).toBe(true);

    await first.kill('SIGKILL');
    expect(await waitFor(() => !a.isConnected() && !b.isConnected())).toBe(true);
    await ownRouter(first.wsPort);

    expect(await waitFor(() => events.some((e) => e.type === 'reconnected'), 15_000)).toBe(true);
    expect(await waitFor(() => a.isConnected() && b.isConnected(), 15_000)).toBe(true);
    expect(await waitFor(() => ready(client.value), 10_000)).toBe(true);
    expect(await waitFor(subscribed, 10_000)).toBe(true);
    expect(pub.value.publish(bytes('after')).ok).toBe(true);
    expect(await waitFor(() => got.includes('after'), 5000)).toBe(true);
    client.value.sendRequest(bytes('1'), 5000);
    expect(await waitFor(() => replies.length === 1)).toBe(true);
    expect(replies[0]?.kind).toBe('reply');
    expect(text((replies[0] as { payload: Uint8Array }).payload)).toBe('re:1');
    expect(await a.ping(2000)).toEqual({ ok: true, value: undefined });
  }, 60_000);

  it('a transient-local subscriber that fetches history again after the router returns gets no sample twice', async () => {
    const first = await ownRouter();
    const topic = `/${uniquePrefix('tl_back')}/latched`;
    const a = await session(first.locator);
    const b = await session(first.locator);
    const events: RmwEvent[] = [];
    b.onEvent((e) => events.push(e));
    const an = a.createNode(node('talker'));
    const bn = b.createNode(node('listener'));
    if (!an.ok || !bn.ok) throw new Error('node');
    const durable = { durability: 'transient_local', depth: 5 } as const;
    const pub = an.value.createPublisher(topicSpec(topic, durable));
    if (!pub.ok) throw new Error('pub');
    expect((await pub.value.ready()).ok).toBe(true);
    for (const t of ['1', '2', '3']) pub.value.publish(bytes(t));
    const got: string[] = [];
    const sub = bn.value.createSubscriber(topicSpec(topic, durable), (s) => got.push(text(s.payload)));
    if (!sub.ok) throw new Error('sub');
    expect(await waitFor(() => got.length === 3)).toBe(true);

    await first.kill('SIGKILL');
    expect(await waitFor(() => !a.isConnected() && !b.isConnected())).toBe(true);
    await ownRouter(first.wsPort);
    expect(await waitFor(() => events.some((e) => e.type === 'reconnected'), 15_000)).toBe(true);
    const subscribed = () => {
      const c = pub.value.subscriptionCount();
      return c.ok && c.value === 1;
    };
    expect(await waitFor(subscribed, 10_000)).toBe(true);
    // The history query after the reconnect answers 1, 2, 3 again: the replay filter drops them.
    pub.value.publish(bytes('after'));
    expect(await waitFor(() => got.includes('after'), 5000)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual(['1', '2', '3', 'after']);
  }, 60_000);
});
