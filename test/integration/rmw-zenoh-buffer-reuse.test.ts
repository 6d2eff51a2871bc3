/**
 * The zenoh backend hands payloads to zenoh-ts without copying them when zenoh-ts serializes
 * them before the call returns, and copies what it keeps (history, samples or requests that
 * wait). Either way a caller may overwrite its buffer as soon as publish, sendRequest or
 * respond returns: what arrives is what was passed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwReply, RmwSample } from '../../src/rmw/rmw.js';
import { GETS_IN_FLIGHT_PER_CLIENT } from '../../src/rmw/zenoh/zenoh-service-client.js';
import {
  closeAll,
  nodeSpec,
  rawSpec,
  serviceSpec,
  session,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

afterEach(closeAll);

describe('zenoh rmw: a caller may reuse its buffer once the call returns', () => {
  it('publish: direct puts, samples published before the declaration, and transient-local history', async () => {
    const prefix = uniquePrefix('reuse-pub');
    const a = await session();
    const b = await session();
    const t = a.createNode(nodeSpec('talker'));
    const l = b.createNode(nodeSpec('listener'));
    if (!t.ok || !l.ok) throw new Error('node');
    const qos = { durability: 'transient_local', history: 'keep_last', depth: 100 } as const;
    const pub = t.value.createPublisher(rawSpec(`${prefix}/data`, qos));
    if (!pub.ok) throw new Error('pub');
    const buffer = new Uint8Array(64);
    const publish = (i: number): void => {
      buffer.fill(i);
      expect(pub.value.publish(buffer).ok).toBe(true);
      buffer.fill(255);
    };
    for (let i = 0; i < 5; i++) publish(i); // before the declaration: they wait
    expect((await pub.value.ready()).ok).toBe(true);
    const live: RmwSample[] = [];
    const sub = l.value.createSubscriber(rawSpec(`${prefix}/data`), (s) => live.push(s));
    if (!sub.ok) throw new Error('sub');
    expect((await sub.value.ready()).ok).toBe(true);
    // Probes (value 100) until the subscriber's declaration has reached the router.
    const PROBE = 100;
    expect(
      await waitFor(() => {
        if (live.length > 0) return true;
        publish(PROBE);
        return false;
      }),
    ).toBe(true);
    await waitFor(() => false, 50); // late probes still on their way
    live.length = 0;
    for (let i = 5; i < 10; i++) publish(i); // declared, idle socket: put at once
    // A probe still on its way on a loaded machine may come after the wait: only 5..9 count.
    const numbered = (): number[][] => live.map((s) => [...new Set(s.payload)]).filter((v) => v[0] !== PROBE);
    expect(await waitFor(() => numbered().length >= 5)).toBe(true);
    expect(numbered()).toEqual([[5], [6], [7], [8], [9]]);

    // A late transient-local subscription gets the history: every sample as it was published.
    const late: RmwSample[] = [];
    const lateSub = l.value.createSubscriber(rawSpec(`${prefix}/data`, qos), (s) => late.push(s));
    if (!lateSub.ok) throw new Error('late sub');
    const history = (): number[][] => late.map((s) => [...new Set(s.payload)]).filter((v) => v[0] !== PROBE);
    expect(await waitFor(() => history().length >= 10)).toBe(true);
    expect(history()).toEqual(Array.from({ length: 10 }, (_, i) => [i]));
  });

  it('sendRequest and respond: sent at once, or waiting for the window of gets in flight', async () => {
    const prefix = uniquePrefix('reuse-srv');
    const a = await session();
    const b = await session();
    const sn = a.createNode(nodeSpec('server'));
    const cn = b.createNode(nodeSpec('client'));
    if (!sn.ok || !cn.ok) throw new Error('node');
    const answer = new Uint8Array(32);
    const server = sn.value.createServiceServer(serviceSpec(`/${prefix}/echo`), (req) => {
      // The response is the request's first byte plus one, in a buffer reused at once.
      answer.fill((req.payload[0] ?? 0) + 1);
      expect(req.respond(answer).ok).toBe(true);
      answer.fill(0);
    });
    const replies: RmwReply[] = [];
    const client = cn.value.createServiceClient(serviceSpec(`/${prefix}/echo`), (r) => replies.push(r));
    if (!server.ok || !client.ok) throw new Error('endpoint');
    expect(
      await waitFor(() => {
        const r = client.value.serviceIsReady();
        return r.ok && r.value;
      }),
    ).toBe(true);
    // More than the window: the first GETS_IN_FLIGHT_PER_CLIENT go at once, the rest wait.
    const count = GETS_IN_FLIGHT_PER_CLIENT + 20;
    const request = new Uint8Array(32);
    const sent = new Map<bigint, number>();
    for (let i = 0; i < count; i++) {
      request.fill(i % 200);
      const seq = client.value.sendRequest(request, 20_000);
      if (!seq.ok) throw new Error(seq.error.message);
      sent.set(seq.value, i % 200);
      request.fill(250);
    }
    expect(await waitFor(() => replies.length === count, 20_000)).toBe(true);
    for (const r of replies) {
      if (r.kind !== 'reply') throw new Error(`request ${r.sequenceNumber}: ${r.message}`);
      const first = sent.get(r.sequenceNumber) ?? -1;
      expect([...new Set(r.payload)]).toEqual([first + 1]);
    }
  });
});
