import { afterEach, describe, expect, it } from 'vitest';
import type { RmwSample } from '../../src/rmw/rmw.js';
import {
  bytes,
  closeAll,
  rawSpec,
  session,
  text,
  topicSpec,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

afterEach(closeAll);

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });

describe('zenoh rmw publish/subscribe through the real router', () => {
  it('carries ros samples in order with the rmw_zenoh attachment, between two sessions', async () => {
    const prefix = uniquePrefix('pubsub');
    const topic = `/${prefix}/chatter`;
    const a = await session();
    const b = await session();
    const talker = a.createNode(node('talker'));
    const listener = b.createNode(node('listener'));
    if (!talker.ok || !listener.ok) throw new Error('node');
    const got: RmwSample[] = [];
    const sub = listener.value.createSubscriber(topicSpec(topic), (s) => got.push(s));
    const pub = talker.value.createPublisher(topicSpec(topic));
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    expect(await sub.value.ready()).toEqual({ ok: true, value: undefined });
    expect(await pub.value.ready()).toEqual({ ok: true, value: undefined });
    expect(sub.value.key).toBe(
      `0/${prefix}/chatter/std_msgs::msg::dds_::String_/RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18`,
    );
    // The subscription's token is declared after the subscriber: once A sees it, samples flow.
    expect(
      await waitFor(
        () => pub.value.subscriptionCount().ok && (pub.value.subscriptionCount() as { value: number }).value === 1,
      ),
    ).toBe(true);

    for (let i = 1; i <= 5; i++) expect(pub.value.publish(bytes(`hello ${i}`)).ok).toBe(true);
    expect(await waitFor(() => got.length === 5)).toBe(true);
    expect(got.map((s) => text(s.payload))).toEqual(['hello 1', 'hello 2', 'hello 3', 'hello 4', 'hello 5']);
    expect(got.map((s) => s.attachment?.sequenceNumber)).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect(got[0]?.key).toBe(sub.value.key);
    const gid = got[0]?.attachment?.gid;
    expect(gid?.length).toBe(16);
    expect(
      got.every((s) => s.attachment !== undefined && Buffer.from(s.attachment.gid).equals(Buffer.from(gid ?? []))),
    ).toBe(true);
    const ts = got[0]?.attachment?.sourceTimestampNs ?? 0n;
    expect(Number(ts / 1_000_000n)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('queues samples published before the declaration completes, in order', async () => {
    const prefix = uniquePrefix('early');
    const a = await session();
    const b = await session();
    const got: string[] = [];
    const n = b.createNode(node('listener'));
    if (!n.ok) throw new Error('node');
    const sub = n.value.createSubscriber(rawSpec(`${prefix}/state`), (s) => got.push(text(s.payload)));
    if (!sub.ok) throw new Error('sub');
    expect((await sub.value.ready()).ok).toBe(true);
    const t = a.createNode(node('talker'));
    if (!t.ok) throw new Error('node');
    const pub = t.value.createPublisher(rawSpec(`${prefix}/state`));
    if (!pub.ok) throw new Error('pub');
    // Published synchronously right after creation, before zenoh has declared anything.
    for (let i = 0; i < 20; i++) expect(pub.value.publish(bytes(String(i))).ok).toBe(true);
    expect(await waitFor(() => got.length === 20)).toBe(true);
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('raw naming: the name is the key, no attachment, wildcard subscriptions work', async () => {
    const prefix = uniquePrefix('raw');
    const a = await session();
    const n = a.createNode(node('vr'));
    if (!n.ok) throw new Error('node');
    const got: RmwSample[] = [];
    const sub = n.value.createSubscriber(rawSpec(`${prefix}/*/z/state`), (s) => got.push(s));
    const pub = n.value.createPublisher(rawSpec(`${prefix}/42/z/state`));
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    expect(pub.value.key).toBe(`${prefix}/42/z/state`);
    await Promise.all([sub.value.ready(), pub.value.ready()]);
    expect(pub.value.publish(bytes('state')).ok).toBe(true);
    expect(await waitFor(() => got.length === 1)).toBe(true);
    expect(got[0]?.key).toBe(`${prefix}/42/z/state`);
    expect(got[0]?.attachment).toBeUndefined();
    expect(pub.value.subscriptionCount().ok).toBe(false);
    // No liveliness token for raw endpoints.
    expect(a.graph.endpoints().some((e) => e.name.includes(prefix))).toBe(false);
  });

  it('best effort publishers deliver too, and report the QoS zenoh applied', async () => {
    const prefix = uniquePrefix('be');
    const a = await session();
    const n = a.createNode(node('be'));
    if (!n.ok) throw new Error('node');
    const got: string[] = [];
    const spec = topicSpec(`/${prefix}/scan`, { reliability: 'best_effort', depth: 5, deadlineMs: 100 });
    const sub = n.value.createSubscriber(spec, (s) => got.push(text(s.payload)));
    const pub = n.value.createPublisher(spec);
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    await Promise.all([sub.value.ready(), pub.value.ready()]);
    pub.value.publish(bytes('x'));
    expect(await waitFor(() => got.length === 1)).toBe(true);
    expect(pub.value.actualQos()).toMatchObject({
      reliability: 'best_effort',
      depth: 5,
      deadlineMs: 'unknown',
      lifespanMs: 0,
      liveliness: 'automatic',
    });
  });

  it('transient local: a late subscriber gets the last depth samples first, then live ones', async () => {
    const prefix = uniquePrefix('tl');
    const topic = `/${prefix}/map`;
    const a = await session();
    const b = await session();
    const t = a.createNode(node('mapper'));
    if (!t.ok) throw new Error('node');
    const pub = t.value.createPublisher(topicSpec(topic, { durability: 'transient_local', depth: 2 }));
    if (!pub.ok) throw new Error('pub');
    expect((await pub.value.ready()).ok).toBe(true);
    for (const m of ['m1', 'm2', 'm3']) pub.value.publish(bytes(m));
    await new Promise((r) => setTimeout(r, 200));

    const l = b.createNode(node('late'));
    if (!l.ok) throw new Error('node');
    const got: string[] = [];
    const sub = l.value.createSubscriber(topicSpec(topic, { durability: 'transient_local', depth: 2 }), (s) =>
      got.push(text(s.payload)),
    );
    if (!sub.ok) throw new Error('sub');
    expect((await sub.value.ready()).ok).toBe(true);
    expect(await waitFor(() => got.length === 2)).toBe(true);
    expect(got).toEqual(['m2', 'm3']);
    pub.value.publish(bytes('m4'));
    expect(await waitFor(() => got.length === 3)).toBe(true);
    expect(got).toEqual(['m2', 'm3', 'm4']);
    // A volatile subscriber gets no history.
    const vol: string[] = [];
    const v = l.value.createSubscriber(topicSpec(topic), (s) => vol.push(text(s.payload)));
    if (!v.ok) throw new Error('sub');
    await v.value.ready();
    await new Promise((r) => setTimeout(r, 200));
    expect(vol).toEqual([]);
  });

  it('closing a subscriber stops delivery; closing twice is harmless', async () => {
    const prefix = uniquePrefix('close');
    const a = await session();
    const n = a.createNode(node('n'));
    if (!n.ok) throw new Error('node');
    const got: string[] = [];
    const sub = n.value.createSubscriber(rawSpec(`${prefix}/k`), (s) => got.push(text(s.payload)));
    const pub = n.value.createPublisher(rawSpec(`${prefix}/k`));
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    await Promise.all([sub.value.ready(), pub.value.ready()]);
    pub.value.publish(bytes('1'));
    expect(await waitFor(() => got.length === 1)).toBe(true);
    sub.value.close();
    sub.value.close();
    pub.value.publish(bytes('2'));
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual(['1']);
    pub.value.close();
    expect(pub.value.publish(bytes('3'))).toMatchObject({ ok: false, error: { name: 'NotInitialized' } });
  });
});
