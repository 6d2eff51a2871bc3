import { describe, expect, it } from 'vitest';
import { defaultLocalBus, LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import type { RmwQos } from '../../../src/rmw/qos.js';
import type { RmwEndpointSpec, RmwNode, RmwSample, RmwSession } from '../../../src/rmw/rmw.js';
import { qos, settle, unwrap } from '../../support/rmw-local-fixtures.js';

const QOS = qos({ reliability: 'best_effort' });

const raw = (name: string, qos: Partial<RmwQos> = {}): RmwEndpointSpec => ({
  naming: 'raw',
  name,
  typeName: 'swarmbotix/msg/State',
  typeHash: 'TypeHashNotSupported',
  qos: { ...QOS, ...qos },
});

const ros = (name: string): RmwEndpointSpec => ({
  naming: 'ros',
  name,
  typeName: 'std_msgs/msg/String',
  typeHash: 'RIHS01_df66',
  qos: QOS,
});

function session(bus = new LocalBus(), domainId = 0): RmwSession {
  return unwrap(openLocalSession({ bus, domainId }));
}

function node(s: RmwSession, name = 'n'): RmwNode {
  return unwrap(s.createNode({ name, namespace: '/', enclave: '/' }));
}

function collect(n: RmwNode, key: string, qos: Partial<RmwQos> = {}): RmwSample[] {
  const got: RmwSample[] = [];
  unwrap(n.createSubscriber(raw(key, qos), (s) => got.push(s)));
  return got;
}

describe('local pub/sub', () => {
  it('never delivers inside publish(), and delivers in publish order', async () => {
    const n = node(session());
    const got = collect(n, 'pubsub/order');
    const pub = unwrap(n.createPublisher(raw('pubsub/order')));
    for (let i = 0; i < 50; i++) expect(pub.publish(new Uint8Array([i])).ok).toBe(true);
    expect(got).toHaveLength(0);
    await settle();
    expect(got.map((s) => s.payload[0])).toEqual([...Array(50).keys()]);
  });

  it('copies the payload at publish, so the caller may reuse its buffer', async () => {
    const n = node(session());
    const got = collect(n, 'pubsub/copy');
    const pub = unwrap(n.createPublisher(raw('pubsub/copy')));
    const buf = new Uint8Array([1, 2, 3]);
    pub.publish(buf);
    buf[0] = 99;
    await settle();
    expect([...(got[0]?.payload ?? [])]).toEqual([1, 2, 3]);
  });

  it('gives each subscriber its own bytes', async () => {
    const n = node(session());
    const a: RmwSample[] = [];
    unwrap(
      n.createSubscriber(raw('pubsub/own'), (s) => {
        s.payload[0] = 42;
        a.push(s);
      }),
    );
    const b = collect(n, 'pubsub/own');
    unwrap(n.createPublisher(raw('pubsub/own'))).publish(new Uint8Array([7]));
    await settle();
    expect(a[0]?.payload[0]).toBe(42);
    expect(b[0]?.payload[0]).toBe(7);
  });

  it('answers the same attachment fields however often they are read, for every subscriber', async () => {
    const n = node(session());
    const got: [RmwSample[], RmwSample[]] = [[], []];
    unwrap(n.createSubscriber(ros('/pubsub/reread'), (s) => got[0].push(s)));
    unwrap(n.createSubscriber(ros('/pubsub/reread'), (s) => got[1].push(s)));
    const p = unwrap(n.createPublisher(ros('/pubsub/reread')));
    p.publish(new Uint8Array([1]));
    p.publish(new Uint8Array([2]));
    await settle();
    for (const samples of got) {
      const [x, y] = samples.map((s) => s.attachment);
      expect([x?.sequenceNumber, x?.sequenceNumber, y?.sequenceNumber]).toEqual([1n, 1n, 2n]);
      expect(x?.sourceTimestampNs).toBe(x?.sourceTimestampNs);
      expect((y?.sourceTimestampNs as bigint) >= (x?.sourceTimestampNs as bigint)).toBe(true);
      expect(x?.gid).toBe(y?.gid);
      expect(samples[0]?.attachment).toBe(samples[0]?.attachment);
    }
    expect(got[0][0]?.attachment?.sourceTimestampNs).toBe(got[1][0]?.attachment?.sourceTimestampNs);
    expect(got[0][1]?.payload).not.toBe(got[1][1]?.payload);
  });

  it('stamps ros attachments like rmw_zenoh: seq from 1 per publisher, ns timestamp, 16-byte GID per entity', async () => {
    const n = node(session());
    const got: RmwSample[] = [];
    unwrap(n.createSubscriber(ros('/pubsub/att'), (s) => got.push(s)));
    const p1 = unwrap(n.createPublisher(ros('/pubsub/att')));
    const p2 = unwrap(n.createPublisher(ros('/pubsub/att')));
    // The local clock promises a stamp within a millisecond of Date.now() (local-clock.ts): a
    // monotonic reading plus a wall-clock offset checked about once a second, so between checks
    // a slewed wall clock can leave it a fraction of a millisecond behind Date.now()'s floor.
    const before = BigInt(Date.now() - 1) * 1_000_000n;
    p1.publish(new Uint8Array([1]));
    p1.publish(new Uint8Array([2]));
    p2.publish(new Uint8Array([3]));
    await settle();
    const after = BigInt(Date.now() + 1) * 1_000_000n;
    const [a, b, c] = got.map((s) => s.attachment);
    expect([a?.sequenceNumber, b?.sequenceNumber, c?.sequenceNumber]).toEqual([1n, 2n, 1n]);
    for (const att of [a, b, c]) {
      expect(att?.gid).toHaveLength(16);
      expect(att?.sourceTimestampNs).toBeGreaterThanOrEqual(before);
      expect(att?.sourceTimestampNs).toBeLessThanOrEqual(after);
    }
    expect(a?.gid).toEqual(b?.gid);
    expect(a?.gid).not.toEqual(c?.gid);
    expect(got[0]?.key).toBe('0/pubsub/att/std_msgs::msg::dds_::String_/RIHS01_df66');
    expect(typeof got[0]?.receivedAtMs).toBe('number');
  });

  it('sends no attachment on raw keys, as the zenoh backend does', async () => {
    const n = node(session());
    const got = collect(n, 'pubsub/raw-att');
    unwrap(n.createPublisher(raw('pubsub/raw-att'))).publish(new Uint8Array([1]));
    await settle();
    expect(got).toHaveLength(1);
    expect(got[0]?.attachment).toBeUndefined();
  });

  it('matches wildcards with zenoh semantics, and ** never sees @ chunks', async () => {
    const n = node(session());
    const star = collect(n, 'vrobots/*/z/state');
    const all = collect(n, 'vrobots/**');
    const other = collect(n, 'vrobots/*/z/battery');
    unwrap(n.createPublisher(raw('vrobots/1/z/state'))).publish(new Uint8Array([1]));
    unwrap(n.createPublisher(raw('vrobots/@ros2_lv/z/state'))).publish(new Uint8Array([2]));
    unwrap(n.createPublisher(raw('vrobots/1/2/z/state'))).publish(new Uint8Array([3]));
    await settle();
    expect(star.map((s) => s.key)).toEqual(['vrobots/1/z/state']);
    expect(all.map((s) => s.key)).toEqual(['vrobots/1/z/state', 'vrobots/1/2/z/state']);
    expect(other).toHaveLength(0);
  });

  it('builds rmw_zenoh data keys for ros names, so a type mismatch does not match', async () => {
    const s = session();
    const n = node(s);
    const spec = (typeName: string): RmwEndpointSpec => ({
      naming: 'ros',
      name: '/robot1/chatter',
      typeName,
      typeHash: 'RIHS01_ab',
      qos: QOS,
    });
    const got: RmwSample[] = [];
    unwrap(n.createSubscriber(spec('std_msgs/msg/String'), (x) => got.push(x)));
    const wrong: RmwSample[] = [];
    unwrap(n.createSubscriber(spec('std_msgs/msg/Int32'), (x) => wrong.push(x)));
    const pub = unwrap(n.createPublisher(spec('std_msgs/msg/String')));
    expect(pub.key).toBe('0/robot1/chatter/std_msgs::msg::dds_::String_/RIHS01_ab');
    pub.publish(new Uint8Array([1]));
    await settle();
    expect(got).toHaveLength(1);
    expect(wrong).toHaveLength(0);
  });

  it('keeps ros domains apart but lets raw keys cross them', async () => {
    const bus = new LocalBus();
    const n0 = node(session(bus, 0));
    const n7 = node(session(bus, 7));
    const ros = (): RmwEndpointSpec => ({ naming: 'ros', name: '/t', typeName: 'a/msg/B', typeHash: 'h', qos: QOS });
    const got7: RmwSample[] = [];
    unwrap(n7.createSubscriber(ros(), (x) => got7.push(x)));
    const raw7 = collect(n7, 'domains/raw');
    unwrap(n0.createPublisher(ros())).publish(new Uint8Array([1]));
    unwrap(n0.createPublisher(raw('domains/raw'))).publish(new Uint8Array([1]));
    await settle();
    expect(got7).toHaveLength(0);
    expect(raw7).toHaveLength(1);
  });

  it('connects sessions of one process through the default bus, and isolates a private bus', async () => {
    const key = `default-bus/${Math.random().toString(36).slice(2)}`;
    const a = unwrap(openLocalSession());
    const b = unwrap(openLocalSession({ bus: defaultLocalBus() }));
    const lonely = session(new LocalBus());
    const got = collect(node(b), key);
    const isolated = collect(node(lonely), key);
    unwrap(node(a).createPublisher(raw(key))).publish(new Uint8Array([5]));
    await settle();
    expect(got).toHaveLength(1);
    expect(isolated).toHaveLength(0);
    await a.close();
    await b.close();
  });

  it('counts matching subscriptions, including wildcard ones, and forgets closed ones', () => {
    const n = node(session());
    const pub = unwrap(n.createPublisher(raw('count/a/b')));
    expect(pub.subscriptionCount()).toEqual({ ok: true, value: 0 });
    const s1 = unwrap(n.createSubscriber(raw('count/a/b'), () => {}));
    unwrap(n.createSubscriber(raw('count/**'), () => {}));
    unwrap(n.createSubscriber(raw('count/x/b'), () => {}));
    expect(pub.subscriptionCount()).toEqual({ ok: true, value: 2 });
    s1.close();
    expect(pub.subscriptionCount()).toEqual({ ok: true, value: 1 });
  });

  it('drops samples for a subscriber closed before the flush', async () => {
    const n = node(session());
    const got: RmwSample[] = [];
    const sub = unwrap(n.createSubscriber(raw('closing/sub'), (x) => got.push(x)));
    unwrap(n.createPublisher(raw('closing/sub'))).publish(new Uint8Array([1]));
    sub.close();
    sub.close();
    await settle();
    expect(got).toHaveLength(0);
  });

  it('does not deliver to a subscriber declared after the publish (volatile)', async () => {
    const n = node(session());
    const pub = unwrap(n.createPublisher(raw('late/volatile')));
    pub.publish(new Uint8Array([1]));
    const got = collect(n, 'late/volatile');
    await settle();
    expect(got).toHaveLength(0);
  });

  it('a publisher that has published reaches subscribers declared since, and no longer those closed since', async () => {
    const bus = new LocalBus();
    const n = node(session(bus));
    const pub = unwrap(n.createPublisher(raw('match/later')));
    const early = collect(n, 'match/later');
    pub.publish(new Uint8Array([1]));
    await settle();
    // Declared after the publisher looked its subscribers up, on another session of the bus and by wildcard.
    const other = node(session(bus), 'other');
    const later = collect(other, 'match/*');
    const closing: RmwSample[] = [];
    const closed = unwrap(n.createSubscriber(raw('match/later'), (x) => closing.push(x)));
    pub.publish(new Uint8Array([2]));
    await settle();
    closed.close();
    other.close();
    pub.publish(new Uint8Array([3]));
    await settle();
    expect(early.map((x) => x.payload[0])).toEqual([1, 2, 3]);
    expect(later.map((x) => x.payload[0])).toEqual([2]);
    expect(closing.map((x) => x.payload[0])).toEqual([2]);
  });

  it('reception time is Date.now() at delivery; a ros source time has sub-millisecond digits', async () => {
    const n = node(session());
    const got: RmwSample[] = [];
    unwrap(n.createSubscriber(ros('/pubsub/times'), (x) => got.push(x)));
    const pub = unwrap(n.createPublisher(ros('/pubsub/times')));
    const before = Date.now();
    for (let i = 0; i < 20; i++) pub.publish(new Uint8Array([i]));
    await settle();
    const after = Date.now();
    for (const x of got) {
      expect(Number.isInteger(x.receivedAtMs)).toBe(true);
      expect(x.receivedAtMs).toBeGreaterThanOrEqual(before);
      expect(x.receivedAtMs).toBeLessThanOrEqual(after);
    }
    const stamps = got.map((x) => x.attachment?.sourceTimestampNs ?? 0n);
    expect(stamps.some((ns) => ns % 1_000_000n !== 0n)).toBe(true);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! >= stamps[i - 1]!).toBe(true);
  });

  it('refuses publish after close, naming the key', () => {
    const n = node(session());
    const pub = unwrap(n.createPublisher(raw('closed/pub')));
    pub.close();
    pub.close();
    const r = pub.publish(new Uint8Array([1]));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.name).toBe('NotInitialized');
      expect(r.error.message).toContain("publisher on 'closed/pub' is closed");
    }
  });

  it('refuses a payload that is not a Uint8Array, and sends nothing', async () => {
    const n = node(session());
    const got = collect(n, 'bad/payload');
    const pub = unwrap(n.createPublisher(raw('bad/payload')));
    for (const bad of ['text', [1, 2], null, undefined, new ArrayBuffer(2)]) {
      const r = pub.publish(bad as unknown as Uint8Array);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidArgument');
        expect(r.error.message).toContain('bad/payload');
      }
    }
    await settle();
    expect(got).toHaveLength(0);
    // A Buffer is a Uint8Array: accepted.
    expect(pub.publish(Buffer.from([1])).ok).toBe(true);
  });

  it('refuses invalid raw keys with InvalidArgument naming them, and registers nothing', () => {
    const s = session();
    const n = node(s);
    for (const bad of ['', '/lead', 'trail/', 'a//b', 'a/#', 'a?b', 'a/b*', '**/**', 'a/$x']) {
      const p = n.createPublisher(raw(bad));
      const sub = n.createSubscriber(raw(bad), () => {});
      for (const r of [p, sub]) {
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.error.name).toBe('InvalidArgument');
          if (bad !== '') expect(r.error.message).toContain(`'${bad}'`);
        }
      }
    }
    expect(s.graph.endpoints()).toHaveLength(0);
  });
});
