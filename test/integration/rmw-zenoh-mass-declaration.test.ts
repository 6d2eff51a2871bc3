/**
 * Many declarations on one session (the vrobots simulator declares ~14 000 keys for 1000
 * robots): every one is declared and usable, none fails on zenoh-ts's request timeout.
 * And a declaration the plugin answers too late is retried without leaving its late twin
 * on the router.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwEvent, RmwReply, RmwSample, RmwSession } from '../../src/rmw/rmw.js';
import { MAX_REQUESTS_IN_FLIGHT } from '../../src/rmw/zenoh/declaration-window.js';
import { setRequestTimeout } from '../../src/rmw/zenoh/zenoh-ts/plugin-request.js';
import { bytes, closeAll, rawSpec, session, text, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

afterEach(closeAll);

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });

function zenohSessionOf(s: RmwSession): Session {
  const connection = (s as unknown as { connection: { current(): Session | undefined } }).connection;
  const z = connection.current();
  if (z === undefined) throw new Error('not connected');
  return z;
}

/** Every `step`-th index of 0..n-1: a spread-out sample of the entities. */
function sampled(n: number, count: number): number[] {
  const step = Math.max(1, Math.floor(n / count));
  return Array.from({ length: Math.ceil(n / step) }, (_, i) => i * step).filter((i) => i < n);
}

describe('mass declaration on one session', () => {
  it('3000 subscribers and servers on unique keys all become ready and are usable', { timeout: 240_000 }, async () => {
    const prefix = uniquePrefix('mass');
    const PER_KIND = 1500;
    const a = await session();
    const events: RmwEvent[] = [];
    a.onEvent((e) => events.push(e));
    // How many requests wait for the plugin's answer at once (zenoh-ts's table of them).
    const pending = (zenohSessionOf(a) as unknown as { inner: { pendingMessageResponses: Map<number, unknown> } }).inner
      .pendingMessageResponses;
    let mostPending = 0;
    const set = pending.set.bind(pending);
    pending.set = (id: number, resolve: unknown) => {
      const r = set(id, resolve);
      mostPending = Math.max(mostPending, pending.size);
      return r;
    };
    const n = a.createNode(node('mass'));
    if (!n.ok) throw new Error('node');
    const got = new Map<number, string[]>();
    const subs = Array.from({ length: PER_KIND }, (_, i) => {
      const s = n.value.createSubscriber(rawSpec(`${prefix}/s/${i}`), (sample: RmwSample) => {
        got.set(i, [...(got.get(i) ?? []), text(sample.payload)]);
      });
      if (!s.ok) throw new Error(s.error.message);
      return s.value;
    });
    const servers = Array.from({ length: PER_KIND }, (_, i) => {
      const s = n.value.createServiceServer(rawSpec(`${prefix}/q/${i}`), (req) => req.respond(bytes(`answer ${i}`)));
      if (!s.ok) throw new Error(s.error.message);
      return s.value;
    });

    const outcomes = await Promise.all([...subs, ...servers].map((e) => e.ready()));
    const failed = outcomes.filter((r) => !r.ok);
    expect(failed.map((r) => (r.ok ? '' : r.error.message)).slice(0, 3)).toEqual([]);
    expect(events.filter((e) => e.type === 'declaration_failed')).toEqual([]);
    // The window held: sent all at once, 3000 requests would have queued in the plugin (a
    // ping or two bypass the window).
    expect(mostPending).toBeGreaterThan(1);
    expect(MAX_REQUESTS_IN_FLIGHT).toBeLessThanOrEqual(64);
    expect(mostPending).toBeLessThanOrEqual(MAX_REQUESTS_IN_FLIGHT + 2);

    // Usable: samples and requests from another session reach a spread-out subset.
    const b = await session();
    const bn = b.createNode(node('probe'));
    if (!bn.ok) throw new Error('node');
    const picks = sampled(PER_KIND, 25);
    for (const i of picks) {
      const pub = bn.value.createPublisher(rawSpec(`${prefix}/s/${i}`));
      if (!pub.ok) throw new Error(pub.error.message);
      expect((await pub.value.ready()).ok).toBe(true);
      expect(pub.value.publish(bytes(`sample ${i}`)).ok).toBe(true);
    }
    expect(await waitFor(() => picks.every((i) => got.has(i)), 30_000)).toBe(true);
    for (const i of picks) expect(got.get(i)).toEqual([`sample ${i}`]);

    const replies = new Map<number, RmwReply>();
    for (const i of picks) {
      const c = bn.value.createServiceClient(rawSpec(`${prefix}/q/${i}`), (r) => replies.set(i, r));
      if (!c.ok) throw new Error(c.error.message);
      expect((await c.value.ready()).ok).toBe(true);
      expect(c.value.sendRequest(bytes('?'), 20_000).ok).toBe(true);
    }
    expect(await waitFor(() => replies.size === picks.length, 30_000)).toBe(true);
    for (const i of picks) {
      const r = replies.get(i);
      expect(r?.kind).toBe('reply');
      if (r?.kind === 'reply') expect(text(r.payload)).toBe(`answer ${i}`);
    }
  });

  it('a declaration answered after the request timeout is retried, and its late twin is undeclared', async () => {
    const prefix = uniquePrefix('late');
    const a = await session();
    expect((await a.ping(5000)).ok).toBe(true);
    const z = zenohSessionOf(a);
    const inner = (
      z as unknown as { inner: { pendingMessageResponses: Map<number, unknown>; subscribers: Map<number, unknown> } }
    ).inner;
    // Short timeout so the test does not wait 5 s; loopback answers arrive in milliseconds.
    setRequestTimeout(z, 1000);
    // The plugin's answer to the next DeclareSubscriber is swallowed: zenoh-ts times out,
    // while the plugin has declared the subscriber (the late twin).
    let swallowNext = false;
    const pending = inner.pendingMessageResponses;
    const set = pending.set.bind(pending);
    pending.set = (id: number, resolve: unknown) => {
      if (!swallowNext) return set(id, resolve);
      swallowNext = false;
      return set(id, () => {});
    };
    const declareSubscriber = z.declareSubscriber.bind(z);
    let declareCalls = 0;
    z.declareSubscriber = (...args: Parameters<Session['declareSubscriber']>) => {
      declareCalls += 1;
      if (declareCalls === 1) swallowNext = true;
      return declareSubscriber(...args);
    };
    // Samples the plugin sends for a subscriber id zenoh-ts does not know (the twin's).
    let strays = 0;
    const subscribers = inner.subscribers;
    const get = subscribers.get.bind(subscribers);
    subscribers.get = (id: number) => {
      const closure = get(id);
      if (closure === undefined) strays += 1;
      return closure;
    };

    const n = a.createNode(node('late'));
    if (!n.ok) throw new Error('node');
    const got: string[] = [];
    const sub = n.value.createSubscriber(rawSpec(`${prefix}/t`), (s) => got.push(text(s.payload)));
    if (!sub.ok) throw new Error('sub');
    expect(await sub.value.ready()).toEqual({ ok: true, value: undefined });
    expect(declareCalls).toBe(2);
    expect((await a.ping(5000)).ok).toBe(true);
    strays = 0;

    const b = await session();
    const bn = b.createNode(node('pub'));
    if (!bn.ok) throw new Error('node');
    const pub = bn.value.createPublisher(rawSpec(`${prefix}/t`));
    if (!pub.ok) throw new Error('pub');
    expect((await pub.value.ready()).ok).toBe(true);
    for (let i = 0; i < 5; i++) expect(pub.value.publish(bytes(`m${i}`)).ok).toBe(true);
    expect(await waitFor(() => got.length === 5, 10_000)).toBe(true);
    expect((await b.ping(5000)).ok).toBe(true);
    expect((await a.ping(5000)).ok).toBe(true);
    expect(got).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    // With the twin left declared, each sample would also arrive for its unknown id.
    expect(strays).toBe(0);
  }, 30_000);
});
