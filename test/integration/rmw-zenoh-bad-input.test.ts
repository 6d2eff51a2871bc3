import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/zenoh-router-lib.mjs';
import { openLocalSession } from '../../src/rmw/local/index.js';
import type { RmwEndpointSpec, RmwReply } from '../../src/rmw/rmw.js';
import { MAX_PAYLOAD_BYTES, openZenohRmwSession } from '../../src/rmw/zenoh/index.js';
import {
  bytes,
  closeAll,
  nodeSpec,
  rawSpec,
  serviceSpec,
  session,
  sharedLocator,
  topicSpec,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

afterEach(closeAll);

describe('zenoh rmw refuses bad input with errors naming the thing', () => {
  it('malformed locator -> InvalidArgument naming it', async () => {
    const r = await openZenohRmwSession('tcp/127.0.0.1:7447', { connectBudgetMs: 1000 });
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    if (!r.ok) expect(r.error.message).toContain('tcp/127.0.0.1:7447');
    const d = await openZenohRmwSession(sharedLocator(), { connectBudgetMs: 1000, domainId: -1 });
    expect(d).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
  });

  it('unreachable router -> Timeout naming the locator and the budget, within it', async () => {
    const port = await freePort();
    const started = Date.now();
    const r = await openZenohRmwSession(`ws/127.0.0.1:${port}`, { connectBudgetMs: 700 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r).toMatchObject({ ok: false, error: { name: 'Timeout' } });
    if (!r.ok) {
      expect(r.error.message).toContain(`ws/127.0.0.1:${port}`);
      expect(r.error.message).toContain('700 ms');
    }
  });

  it('bad node info and endpoint specs -> InvalidArgument, nothing declared', async () => {
    const a = await session();
    expect(a.createNode({ name: 'bad/name', namespace: '/', enclave: '/' })).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(a.createNode({ name: 'n', namespace: 'relative', enclave: '/' })).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    const n = a.createNode(nodeSpec('n'));
    if (!n.ok) throw new Error('node');
    const before = a.graph.endpoints().length;
    expect(n.value.createPublisher(topicSpec('relative/name'))).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(n.value.createPublisher({ ...topicSpec('/x'), typeName: 'NotAType' })).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(n.value.createPublisher(rawSpec('a/*/b'))).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(n.value.createSubscriber(rawSpec('a//b'), () => {})).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(n.value.createSubscriber(topicSpec('/x', { depth: -1 }), () => {})).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(a.graph.endpoints().length).toBe(before);
  });

  it(`oversized payloads (> ${MAX_PAYLOAD_BYTES} bytes) are refused naming the key`, async () => {
    const prefix = uniquePrefix('big');
    const a = await session();
    const n = a.createNode(nodeSpec('n'));
    if (!n.ok) throw new Error('node');
    const pub = n.value.createPublisher(rawSpec(`${prefix}/big`));
    const replies: RmwReply[] = [];
    const client = n.value.createServiceClient(serviceSpec(`/${prefix}/s`), (r) => replies.push(r));
    if (!pub.ok || !client.ok) throw new Error('endpoint');
    const big = new Uint8Array(MAX_PAYLOAD_BYTES + 1);
    const r = pub.value.publish(big);
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    if (!r.ok) expect(r.error.message).toContain(`${prefix}/big`);
    expect(client.value.sendRequest(big, 1000)).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(pub.value.publish('text' as unknown as Uint8Array)).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(client.value.sendRequest(bytes('x'), Number.NaN)).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    await new Promise((r2) => setTimeout(r2, 50));
    expect(replies).toEqual([]);
  });

  it('payloads up to the limit go through', async () => {
    const prefix = uniquePrefix('large');
    const a = await session();
    const n = a.createNode(nodeSpec('n'));
    if (!n.ok) throw new Error('node');
    let got: Uint8Array | undefined;
    const sub = n.value.createSubscriber(rawSpec(`${prefix}/large`), (s) => {
      got = s.payload;
    });
    const pub = n.value.createPublisher(rawSpec(`${prefix}/large`));
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    await Promise.all([sub.value.ready(), pub.value.ready()]);
    const payload = new Uint8Array(MAX_PAYLOAD_BYTES);
    for (let i = 0; i < payload.length; i += 4096) payload[i] = i % 251;
    expect(pub.value.publish(payload).ok).toBe(true);
    expect(await waitFor(() => got !== undefined, 15_000)).toBe(true);
    expect(got?.length).toBe(MAX_PAYLOAD_BYTES);
    expect(got?.[4096 * 3]).toBe((4096 * 3) % 251);
  }, 30_000);

  it('refuses the same bad specs and payloads as the local backend, with the same sentence', async () => {
    const prefix = uniquePrefix('same');
    const z = await session();
    const l = openLocalSession({});
    if (!l.ok) throw new Error('local session');
    const zn = z.createNode(nodeSpec('n'));
    const ln = l.value.createNode(nodeSpec('n'));
    if (!zn.ok || !ln.ok) throw new Error('node');
    const good = topicSpec(`/${prefix}/t`);
    const bad: RmwEndpointSpec[] = [
      { ...good, naming: 'dds' as never },
      { ...good, name: 7 as never },
      { ...good, qos: null as never },
      { ...good, qos: { ...good.qos, reliability: 'sometimes' as never } },
      { ...good, qos: { ...good.qos, liveliness: 'manual_by_node' as never } },
      { ...good, qos: { ...good.qos, depth: -1 } },
      { ...good, qos: { ...good.qos, deadlineMs: Number.NaN } },
      rawSpec(`${prefix}/a//b`),
    ];
    for (const spec of bad) {
      const a = zn.value.createSubscriber(spec, () => {});
      const b = ln.value.createSubscriber(spec, () => {});
      expect(a.ok || b.ok, JSON.stringify(spec)).toBe(false);
      if (!a.ok && !b.ok) expect(a.error).toEqual(b.error);
    }
    const zp = zn.value.createPublisher(good);
    const lp = ln.value.createPublisher(good);
    if (!zp.ok || !lp.ok) throw new Error('pub');
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    for (const payload of ['text', null, [1, 2], revoked.proxy]) {
      const a = zp.value.publish(payload as never);
      const b = lp.value.publish(payload as never);
      expect(a.ok || b.ok).toBe(false);
      if (!a.ok && !b.ok)
        expect(a.error.message.replace(zp.value.key, 'K')).toBe(b.error.message.replace(lp.value.key, 'K'));
    }
    await l.value.close();
  });
});
