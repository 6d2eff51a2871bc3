import { describe, expect, it } from 'vitest';
import { Arena } from '../../../src/executor/arena.js';
import { EMPTY_HANDLE_ID, MAX_SLOTS, packHandleId, unpackHandleId } from '../../../src/executor/handle-id.js';
import { ReadyList } from '../../../src/executor/ready-list.js';
import { SampleQueue } from '../../../src/executor/sample-queue.js';
import { TimerHeap } from '../../../src/executor/timer-heap.js';

class Item {
  handleId = 0;
  seq = 0;
  queued = false;
  constructor(readonly label: string) {}
}

describe('handle ids', () => {
  it('pack slot and generation into one safe integer and back', () => {
    const id = packHandleId(5, 7);
    expect(id).toBe(7 * MAX_SLOTS + 5);
    expect(unpackHandleId(id)).toEqual({ slot: 5, generation: 7 });
    expect(Number.isSafeInteger(packHandleId(MAX_SLOTS - 1, Math.floor(Number.MAX_SAFE_INTEGER / MAX_SLOTS)))).toBe(
      true,
    );
    expect(unpackHandleId(-1)).toBeUndefined();
    expect(unpackHandleId(1.5)).toBeUndefined();
    expect(unpackHandleId('3')).toBeUndefined();
  });
});

describe('Arena', () => {
  it('answers Full past its capacity and registers nothing', () => {
    const arena = new Arena<Item>(2);
    expect(arena.insert(new Item('a'), 'a').ok).toBe(true);
    expect(arena.insert(new Item('b'), 'b').ok).toBe(true);
    const third = arena.insert(new Item('c'), 'c');
    expect(third.ok ? 'ok' : third.error.name).toBe('Full');
    expect(arena.used).toBe(2);
  });

  it('reuses a released slot under a new generation: the old id is stale, never the new occupant', () => {
    const arena = new Arena<Item>(4);
    const a = arena.insert(new Item('a'), 'a');
    if (!a.ok) throw new Error('insert');
    const oldId = a.value.handleId;
    expect(arena.remove(oldId)).toBe(true);
    const b = arena.insert(new Item('b'), 'b');
    if (!b.ok) throw new Error('insert');
    expect(unpackHandleId(b.value.handleId)?.slot).toBe(unpackHandleId(oldId)?.slot);
    expect(b.value.handleId).not.toBe(oldId);
    const stale = arena.lookup(oldId);
    expect(stale.ok).toBe(false);
    if (!stale.ok) {
      expect(stale.error.name).toBe('Error');
      expect(stale.error.message).toContain(`handle ${oldId} is stale`);
    }
    expect(arena.remove(oldId)).toBe(false);
    expect(arena.lookup(b.value.handleId).ok).toBe(true);
  });

  it('answers NotInitialized for the empty id and InvalidArgument for non-ids', () => {
    const arena = new Arena<Item>(1);
    const empty = arena.lookup(EMPTY_HANDLE_ID);
    expect(empty.ok ? 'ok' : empty.error.name).toBe('NotInitialized');
    for (const bad of [-1, 0.5, Number.NaN, 'x', undefined]) {
      const r = arena.lookup(bad);
      expect(r.ok ? 'ok' : r.error.name).toBe('InvalidArgument');
    }
  });

  it('keeps registration order across slot reuse', () => {
    const arena = new Arena<Item>(3);
    const a = arena.insert(new Item('a'), 'a');
    arena.insert(new Item('b'), 'b');
    if (!a.ok) throw new Error('insert');
    arena.remove(a.value.handleId);
    arena.insert(new Item('c'), 'c'); // takes slot 0, but registered last
    expect(arena.entries().map((e) => e.label)).toEqual(['b', 'c']);
  });
});

describe('SampleQueue', () => {
  it('keep-last drops the oldest and hands it back', () => {
    const q = new SampleQueue<number>(false, 2);
    expect(q.push(1)).toBeUndefined();
    expect(q.push(2)).toBeUndefined();
    expect(q.push(3)).toEqual({ dropped: 1 });
    expect([q.shift(), q.shift(), q.shift()]).toEqual([2, 3, undefined]);
  });

  it('keep-all grows to its limit, then refuses the incoming item', () => {
    const q = new SampleQueue<number>(true, 3);
    for (const i of [1, 2, 3]) expect(q.push(i)).toBeUndefined();
    expect(q.push(4)).toEqual({ dropped: 4 });
    expect(q.drain()).toEqual([1, 2, 3]);
  });

  it('stays FIFO across compaction', () => {
    const q = new SampleQueue<number>(true, 10_000);
    const out: number[] = [];
    for (let i = 0; i < 500; i++) {
      q.push(i);
      if (i % 3 === 0) out.push(q.shift() as number);
    }
    for (let x = q.shift(); x !== undefined; x = q.shift()) out.push(x);
    expect(out).toEqual([...Array(500).keys()]);
  });
});

describe('ReadyList and TimerHeap', () => {
  it('a round comes out in registration order, each entry once', () => {
    const list = new ReadyList<Item>();
    const items = [3, 1, 2].map((seq) => Object.assign(new Item(String(seq)), { seq }));
    for (const it of items) list.mark(it);
    list.mark(items[0] as Item);
    expect(list.takeRound().map((i) => i.seq)).toEqual([1, 2, 3]);
    expect(list.size).toBe(0);
  });

  it('pops by deadline, then by registration order', () => {
    const heap = new TimerHeap<string>();
    const nodes = [
      { deadline: 30, seq: 1, token: 0, item: 'c' },
      { deadline: 10, seq: 2, token: 0, item: 'a2' },
      { deadline: 10, seq: 1, token: 0, item: 'a1' },
      { deadline: 20, seq: 9, token: 0, item: 'b' },
    ];
    for (const n of nodes) heap.push(n);
    const out: string[] = [];
    for (let n = heap.pop(); n !== undefined; n = heap.pop()) out.push(n.item);
    expect(out).toEqual(['a1', 'a2', 'b', 'c']);
  });
});
