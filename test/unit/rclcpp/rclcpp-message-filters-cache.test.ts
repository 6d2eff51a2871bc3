// message_filters' Cache: upstream's msg_cache_unittest.cpp cases (easyInterval,
// easySurroundingInterval, easyUnsorted, easyElemBeforeAfter, eventInEventOut) and the
// latest/oldest times, on stamps in seconds; plus what rclts answers for bad input.
import { describe, expect, it } from 'vitest';
import { message_filters, Time } from '../../../src/index.js';

interface Msg {
  header: { stamp: { sec: number; nanosec: number }; frame_id: string };
  data: number;
}
const build = (sec: number, data: number): Msg => ({ header: { stamp: { sec, nanosec: 0 }, frame_id: '' }, data });
const t = (sec: number) => ({ sec, nanosec: 0 });

function cache(size = 10) {
  const c = message_filters.Cache.create<Msg>(undefined, { cacheSize: size });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}
function fillEasy(c: message_filters.Cache<Msg>, start: number, end: number) {
  for (let i = start; i < end; i++) expect(c.add(build(i * 10, i)).ok).toBe(true);
}
const data = (r: { ok: boolean; value?: Msg[] }) => (r.ok ? (r.value ?? []).map((m) => m.data) : 'error');

describe('Cache: upstream cases', () => {
  it('emptySurroundingInterval', () => {
    expect(data(cache().getSurroundingInterval(t(5), t(9)))).toEqual([]);
  });

  it('easyInterval', () => {
    const c = cache();
    fillEasy(c, 0, 5);
    expect(data(c.getInterval(t(5), t(35)))).toEqual([1, 2, 3]);
    expect(data(c.getInterval(t(55), t(65)))).toEqual([]);
    fillEasy(c, 5, 20);
    expect(data(c.getInterval(t(5), t(35)))).toEqual([]);
  });

  it('easySurroundingInterval', () => {
    const c = cache();
    fillEasy(c, 1, 6);
    expect(data(c.getSurroundingInterval(t(15), t(35)))).toEqual([1, 2, 3, 4]);
    expect(data(c.getSurroundingInterval(t(0), t(35)))).toEqual([1, 2, 3, 4]);
    expect(data(c.getSurroundingInterval(t(35), t(35)))).toEqual([3, 4]);
    expect(data(c.getSurroundingInterval(t(55), t(55)))).toEqual([5]);
  });

  it('easyUnsorted', () => {
    const c = cache();
    for (const [sec, d] of [
      [10, 1],
      [30, 3],
      [70, 7],
      [5, 0],
      [20, 2],
    ] as const)
      c.add(build(sec, d));
    expect(data(c.getInterval(t(3), t(15)))).toEqual([0, 1]);
    expect(data(c.getInterval(t(0), t(80)))).toEqual([0, 1, 2, 3, 7]);
  });

  it('easyElemBeforeAfter', () => {
    const c = cache();
    fillEasy(c, 5, 10);
    expect(c.getElemAfterTime(t(85))).toMatchObject({ ok: true, value: { data: 9 } });
    expect(c.getElemBeforeTime(t(85))).toMatchObject({ ok: true, value: { data: 8 } });
    expect(c.getElemBeforeTime(t(45))).toMatchObject({ ok: false, error: { name: 'NotFound' } });
    expect(c.getElemAfterTime(t(95))).toMatchObject({ ok: false, error: { name: 'NotFound' } });
  });

  it('eventInEventOut: a cache fed by a cache passes each message on at once', () => {
    const c0 = cache();
    const c1 = message_filters.Cache.create(c0, { cacheSize: 10 });
    if (!c1.ok) throw new Error(c1.error.message);
    const seen: Msg[] = [];
    c1.value.registerCallback((m) => void seen.push(m));
    const m = build(4, 1);
    c0.add(m);
    expect(seen).toEqual([m]);
    expect(seen[0]).toBe(m);
    expect(c1.value.cachedCount()).toBe(1);
  });

  it('latest and oldest times; zero (ros clock) when empty; the oldest falls off past the size', () => {
    const c = cache(3);
    expect(c.getLatestTime().equals(Time.zero('ros'))).toBe(true);
    fillEasy(c, 1, 6);
    expect(c.getOldestTime().nanoseconds).toBe(30_000_000_000n);
    expect(c.getLatestTime().nanoseconds).toBe(50_000_000_000n);
    expect(c.getLatestTime().clockType).toBe('ros');
    expect(c.cachedCount()).toBe(3);
  });
});

describe('Cache: rclts answers', () => {
  it('takes a Time as a query time', () => {
    const c = cache();
    fillEasy(c, 0, 5);
    const t25 = Time.fromNs(25_000_000_000n, 'ros');
    if (!t25.ok) throw new Error('time');
    expect(c.getElemBeforeTime(t25.value)).toMatchObject({ ok: true, value: { data: 2 } });
  });

  it('refuses bad sizes, bad query times and unreadable stamps, naming them', () => {
    expect(message_filters.Cache.create<Msg>(undefined, { cacheSize: 0 })).toMatchObject({ ok: false });
    const c = cache();
    expect(c.setCacheSize(1.5)).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    const q = c.getInterval({ sec: -1, nanosec: 0 }, t(1));
    expect(!q.ok && q.error.message).toContain('Cache.getInterval start');
    const hostile = {
      get header(): never {
        throw new Error('no');
      },
    } as unknown as Msg;
    expect(c.add(hostile)).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(c.cachedCount()).toBe(0);
  });

  it("sorts by its source's stamps, and counts input messages whose stamp cannot be read", () => {
    let feed: ((m: { n: number }) => unknown) | undefined;
    const source: message_filters.FilterSource<{ n: number }> = {
      registerCallback: (cb) => {
        feed = cb;
        return { disconnect: () => undefined, connected: () => true };
      },
      stampOf: (m) => ({ sec: m.n, nanosec: 0 }),
    };
    const c = message_filters.Cache.create(source, { cacheSize: 5 });
    if (!c.ok) throw new Error(c.error.message);
    feed?.({ n: 3 });
    feed?.({ n: 1 });
    feed?.({ n: -2 });
    expect(data2(c.value.getInterval(t(0), t(9)))).toEqual([1, 3]);
    expect(c.value.getRefusals()).toMatchObject({ count: 1, last: expect.stringContaining('before the epoch') });
  });
});

const data2 = (r: { ok: boolean; value?: { n: number }[] }) => (r.ok ? (r.value ?? []).map((m) => m.n) : 'error');
