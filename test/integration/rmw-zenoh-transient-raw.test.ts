/**
 * Raw-named transient local carries no attachment, so nothing but the zenoh timestamp tells a
 * history sample that arrives twice (from the subscriber's first query and again from the
 * query its publisher detection makes) from a new one, or a sample still in flight when newer
 * history was delivered from a new one: each sample is delivered once, in the publisher's
 * order, as zenoh-ext's advanced subscriber delivers a publisher without source info.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwSample } from '../../src/rmw/rmw.js';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';
import { loadZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import {
  bytes,
  cachedSamples,
  closeAll,
  rawSpec,
  sharedLocator,
  talkerAndListener,
  text,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

const latched = { durability: 'transient_local', depth: 3 } as const;
const raw: Session[] = [];

afterEach(async () => {
  await Promise.all(raw.splice(0).map((s) => closeZenohSession(s)));
  await closeAll();
});

/** Delivered in publish order, each at most once, ending with `tail`. */
function expectOrderedEndingWith(got: readonly string[], published: readonly string[], tail: readonly string[]): void {
  expect(got.slice(-tail.length)).toEqual(tail);
  // Samples published before the subscriber may still have been in flight: they may come, in order.
  expect(got).toEqual(published.filter((p) => got.includes(p)));
}

function latchedPair(key: string) {
  return talkerAndListener(rawSpec(key, latched), ['m1', 'm2', 'm3', 'm4', 'm5']);
}

describe('zenoh rmw transient local with raw naming', () => {
  it('a late subscriber gets each of the last depth samples once, then live ones', async () => {
    const key = `${uniquePrefix('tl_raw')}/latched`;
    const { pub, listener } = await latchedPair(key);
    const got: RmwSample[] = [];
    const sub = listener.createSubscriber(rawSpec(key, latched), (s) => got.push(s));
    if (!sub.ok) throw new Error(sub.error.message);
    expect((await sub.value.ready()).ok).toBe(true);
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'm5'), 15_000)).toBe(true);
    pub.publish(bytes('live'));
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'live'), 15_000)).toBe(true);
    const published = ['m1', 'm2', 'm3', 'm4', 'm5', 'live'];
    expectOrderedEndingWith(
      got.map((s) => text(s.payload)),
      published,
      ['m3', 'm4', 'm5', 'live'],
    );
  });

  it('drops a sample from the publisher clock older than history already delivered', async () => {
    const zenoh = await loadZenohTs();
    if (!zenoh.ok) throw new Error(zenoh.error.message);
    const key = `${uniquePrefix('tl_raw_stale')}/latched`;
    const { pub, listener } = await latchedPair(key);
    const opened = await openZenohSession(sharedLocator(), 5000);
    if (!opened.ok) throw new Error(opened.error.message);
    const forger = opened.value;
    raw.push(forger);
    // The timestamps the publisher's cache holds: the forged sample reuses its clock.
    const stamps = (await cachedSamples(forger, key)).flatMap((c) => c.timestamp() ?? []);
    expect(stamps).toHaveLength(3);

    const got: RmwSample[] = [];
    const sub = listener.createSubscriber(rawSpec(key, latched), (s) => got.push(s));
    const plain: string[] = [];
    const watcher = listener.createSubscriber(rawSpec(key), (s) => plain.push(text(s.payload)));
    if (!sub.ok || !watcher.ok) throw new Error('subscribers');
    expect((await sub.value.ready()).ok).toBe(true);
    expect((await watcher.value.ready()).ok).toBe(true);
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'm5'), 15_000)).toBe(true);

    const m4 = stamps[1];
    if (m4 === undefined) throw new Error('no m4 stamp');
    const stale = new zenoh.value.Timestamp(m4.getId(), m4.getNtp64() + 1n);
    await forger.put(key, bytes('stale'), { timestamp: stale });
    // The volatile subscriber in the same session hears it: it reached the listener.
    expect(await waitFor(() => plain.includes('stale'), 15_000)).toBe(true);
    pub.publish(bytes('live'));
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'live'), 15_000)).toBe(true);
    expectOrderedEndingWith(
      got.map((s) => text(s.payload)),
      ['m1', 'm2', 'm3', 'm4', 'm5', 'live'],
      ['m3', 'm4', 'm5', 'live'],
    );
  });
});
