// message_filters' ExactTime policy and TimeSynchronizer: upstream's test_exact_time_policy.cpp
// and time_synchronizer_unittest.cpp cases (immediate 2..9, multipleTimes, queueSize,
// dropCallback, connectConstructor), plus what rclts adds: refused stamps, throwing callbacks.
import { describe, expect, it } from 'vitest';
import { message_filters } from '../../../src/index.js';

interface Msg {
  header: { stamp: { sec: number; nanosec: number }; frame_id: string };
  data: number;
}
const at = (ns: number, data = 0): Msg => ({
  header: { stamp: { sec: Math.floor(ns / 1e9), nanosec: ns % 1e9 }, frame_id: '' },
  data,
});
const pass = () => message_filters.PassThrough.create<Msg>();

function three(queueSize: number) {
  const s = [pass(), pass(), pass()] as const;
  let count = 0;
  let drops = 0;
  const made = message_filters.TimeSynchronizer.create([s[0], s[1], s[2]], { queueSize }, () => void count++);
  if (!made.ok) throw new Error(made.error.message);
  made.value.registerDropCallback(() => void drops++);
  return { sync: made.value, count: () => count, drops: () => drops };
}

describe('TimeSynchronizer: upstream cases', () => {
  it.each([2, 3, 4, 5, 6, 7, 8, 9])('immediate%i: one set once the last input has the stamp', (n) => {
    const sources = Array.from({ length: n }, pass);
    let count = 0;
    const made = message_filters.TimeSynchronizer.create(sources as never, { queueSize: 1 }, () => void count++);
    if (!made.ok) throw new Error(made.error.message);
    const m = at(1_700_000_000_000);
    for (let i = 0; i < n; i++) {
      expect(count).toBe(0);
      expect(made.value.add(i as never, m as never)).toEqual({ ok: true, value: undefined });
    }
    expect(count).toBe(1);
  });

  it('multipleTimes: stamps 0 and 0.1 s wait side by side (queue 2)', () => {
    const { sync, count } = three(2);
    sync.add(0, at(0));
    expect(count()).toBe(0);
    const m = at(100_000_000);
    sync.add(1, m);
    sync.add(0, m);
    expect(count()).toBe(0);
    sync.add(2, m);
    expect(count()).toBe(1);
  });

  it('queueSize: with 1 stamp kept, a newer stamp pushes the older set out', () => {
    const { sync, count, drops } = three(1);
    sync.add(0, at(0));
    sync.add(1, at(0));
    sync.add(1, at(100_000_000));
    sync.add(1, at(0));
    sync.add(2, at(0));
    expect(count()).toBe(0);
    expect(drops()).toBe(3);
  });

  it('dropCallback: the set pushed out goes to the drop callback, with undefined where none came', () => {
    const a = pass();
    const b = pass();
    const dropped: unknown[][] = [];
    const made = message_filters.TimeSynchronizer.create([a, b], { queueSize: 1 });
    if (!made.ok) throw new Error(made.error.message);
    made.value.registerDropCallback((...m) => void dropped.push(m.map((x) => x?.data)));
    a.add(at(0, 7));
    expect(dropped).toEqual([]);
    a.add(at(100_000_000, 8));
    expect(dropped).toEqual([[7, undefined]]);
  });

  it('a match gives up every older stamp (clearOldTuples)', () => {
    const { sync, count, drops } = three(0);
    sync.add(0, at(1));
    sync.add(0, at(2));
    for (const i of [0, 1, 2] as const) sync.add(i, at(3));
    expect([count(), drops()]).toEqual([1, 2]);
  });

  it('connectConstructor: sets come through connected PassThroughs, typed per input', () => {
    const a = pass();
    const b = message_filters.PassThrough.create<{ header: Msg['header']; label: string }>();
    const got: [number, string][] = [];
    const made = message_filters.TimeSynchronizer.create(
      [a, b],
      { queueSize: 1 },
      (m, n) => void got.push([m.data, n.label]),
    );
    expect(made.ok).toBe(true);
    a.add(at(5, 1));
    expect(got).toEqual([]);
    b.add({ header: at(5).header, label: 'x' });
    expect(got).toEqual([[1, 'x']]);
  });
});

describe('TimeSynchronizer: rclts answers', () => {
  it('a message whose stamp cannot be read answers InvalidArgument and is held by nobody', () => {
    const { sync, count } = three(2);
    const bad = { header: { stamp: { sec: 1.5, nanosec: 0 }, frame_id: '' }, data: 0 };
    const r = sync.add(0, bad);
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(!r.ok && r.error.message).toContain('TimeSynchronizer input 0');
    expect(sync.add(5 as never, at(0))).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(sync.getRefusals().count).toBe(1);
    expect(count()).toBe(0);
  });

  it('a headerless message type with a stamp getter', () => {
    const a = message_filters.PassThrough.create<{ t: number }>({ stamp: (m) => ({ sec: m.t, nanosec: 0 }) });
    const b = message_filters.PassThrough.create<{ t: number }>({ stamp: (m) => ({ sec: m.t, nanosec: 0 }) });
    const got: number[][] = [];
    message_filters.TimeSynchronizer.create([a, b], { queueSize: 3 }, (x, y) => void got.push([x.t, y.t]));
    a.add({ t: 1 });
    b.add({ t: 2 });
    b.add({ t: 1 });
    expect(got).toEqual([[1, 1]]);
  });

  it('a throwing callback answers Error from add; the other callbacks still run and the state holds', () => {
    const a = pass();
    const b = pass();
    let second = 0;
    const made = message_filters.TimeSynchronizer.create([a, b], { queueSize: 5 }, () => {
      throw new Error('boom');
    });
    if (!made.ok) throw new Error(made.error.message);
    made.value.registerCallback(() => void second++);
    a.add(at(1));
    const r = b.add(at(1));
    expect(r).toMatchObject({ ok: false, error: { name: 'Error' } });
    expect(!r.ok && r.error.message).toContain('boom');
    expect(second).toBe(1);
    a.add(at(2));
    b.add(at(2));
    expect(second).toBe(2);
  });

  it('refuses a bad queue size and a wrong number of inputs', () => {
    expect(message_filters.TimeSynchronizer.create([pass(), pass()], { queueSize: -1 })).toMatchObject({ ok: false });
    const ten = Array.from({ length: 10 }, pass);
    const r = message_filters.TimeSynchronizer.create(ten as never, { queueSize: 1 });
    expect(!r.ok && r.error.message).toContain('2 to 9 inputs, got 10');
  });

  it('hostile inputs answer InvalidArgument and leave no input connected', () => {
    const a = pass();
    let connected = 0;
    a.registerCallback = ((cb: never) => {
      connected++;
      return message_filters.PassThrough.prototype.registerCallback.call(a, cb);
    }) as never;
    const thrower = {
      stampOf: () => ({ sec: 0, nanosec: 0 }),
      registerCallback: () => {
        throw new Error('no');
      },
    };
    const r = message_filters.TimeSynchronizer.create([a, thrower] as never, { queueSize: 1 });
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(connected).toBe(1);
    expect(a.add(at(0)).ok).toBe(true);
    const getterThrows = Object.defineProperty({}, 'stampOf', {
      get() {
        throw new Error('no');
      },
    });
    expect(message_filters.Cache.create(getterThrows as never)).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(message_filters.TimeSynchronizer.create([a, a], revoked.proxy as never)).toMatchObject({ ok: false });
    expect(message_filters.ApproximateTimeSynchronizer.create([a, a], revoked.proxy as never)).toMatchObject({
      ok: false,
    });
    expect(message_filters.TimeSynchronizer.create(revoked.proxy as never, { queueSize: 1 })).toMatchObject({
      ok: false,
    });
  });
});
