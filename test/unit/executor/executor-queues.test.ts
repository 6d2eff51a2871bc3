/**
 * The executor's small containers, each on its own: the per-entry sample queue, the ready
 * list and the timer heap, and handle-id packing. Written against mutants the rest of the
 * suite let live (see docs/testing.md): an empty queue shifted, a drained queue, the timer
 * order of equal deadlines, the ready list's reuse of a round's array.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_HANDLE_ID,
  MAX_GENERATION,
  MAX_SLOTS,
  packHandleId,
  unpackHandleId,
} from '../../../src/executor/handle-id.js';
import { ReadyList } from '../../../src/executor/ready-list.js';
import { SampleQueue } from '../../../src/executor/sample-queue.js';
import { TimerHeap } from '../../../src/executor/timer-heap.js';

describe('SampleQueue', () => {
  it('an empty queue shifts nothing and stays empty: the next item is the next one out', () => {
    const q = new SampleQueue<string>(false, 3);
    expect(q.shift()).toBeUndefined();
    expect(q.shift()).toBeUndefined();
    expect(q.length).toBe(0);
    expect(q.push('a')).toBeUndefined();
    expect(q.length).toBe(1);
    expect(q.shift()).toBe('a');
    expect(q.length).toBe(0);
  });

  it('drain hands back what it held, oldest first, and leaves it empty', () => {
    const q = new SampleQueue<number>(true, 10);
    for (const n of [1, 2, 3]) q.push(n);
    expect(q.shift()).toBe(1);
    expect(q.drain()).toEqual([2, 3]);
    expect(q.length).toBe(0);
    expect(q.shift()).toBeUndefined();
    q.push(4);
    expect(q.drain()).toEqual([4]);
  });

  it('keep-last drops the oldest, keep-all refuses the newest, and order holds over a long stream', () => {
    const last = new SampleQueue<number>(false, 5);
    const all = new SampleQueue<number>(true, 5);
    const out: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      last.push(i);
      if (i % 2 === 1) out.push(last.shift() as number);
    }
    expect(out).toEqual([...out].sort((a, b) => a - b));
    expect(last.length).toBe(4);
    expect(last.drain()).toEqual([9996, 9997, 9998, 9999]);
    for (let i = 0; i < 5; i++) expect(all.push(i)).toBeUndefined();
    expect(all.push(5)).toEqual({ dropped: 5 });
    expect(all.drain()).toEqual([0, 1, 2, 3, 4]);
  });

  it('a long-lived queue does not keep the items it handed out (its storage stays bounded)', () => {
    // White-box: nothing observable changes when the consumed prefix is kept, but the memory does.
    const q = new SampleQueue<number>(false, 8);
    for (let i = 0; i < 10_000; i++) {
      q.push(i);
      q.shift();
    }
    const storage = (q as unknown as { ring: unknown[] }).ring;
    expect(storage.length).toBeLessThanOrEqual(8);
    expect(storage.filter((x) => x !== undefined)).toEqual([]);
    for (let i = 0; i < 40; i++) q.push(i);
    expect(q.length).toBe(8);
  });
});

interface Item {
  readonly seq: number;
  queued: boolean;
}

describe('ReadyList', () => {
  const item = (seq: number): Item => ({ seq, queued: false });

  it('a round comes in registration order, once per entry, and the next round reuses its array', () => {
    const list = new ReadyList<Item>();
    const [a, b, c] = [item(1), item(2), item(3)];
    list.mark(c);
    list.mark(a);
    list.mark(c);
    expect(list.size).toBe(2);
    const round = list.takeRound();
    expect(round).toEqual([a, c]);
    list.recycle(round);
    expect(round).toHaveLength(0);
    list.mark(b);
    const next = list.takeRound();
    expect(next).toEqual([b]);
    list.recycle(next);
    list.mark({ ...b, queued: false });
    expect(list.takeRound()).toBe(round);
  });

  it('clear forgets the pending entries and lets them be marked again', () => {
    const list = new ReadyList<Item>();
    const a = item(1);
    list.mark(a);
    list.clear();
    expect(a.queued).toBe(false);
    expect(list.size).toBe(0);
    expect(list.takeRound()).toEqual([]);
    list.mark(a);
    expect(list.takeRound()).toEqual([a]);
  });
});

describe('TimerHeap', () => {
  const node = (deadline: number, seq: number) => ({ deadline, seq, token: 0, item: `${deadline}/${seq}` });

  it('pops by deadline, equal deadlines in registration order, and answers undefined when empty', () => {
    const heap = new TimerHeap<string>();
    expect(heap.pop()).toBeUndefined();
    const nodes = [node(5, 3), node(5, 1), node(1, 9), node(5, 2), node(3, 4), node(5, 0), node(3, 5)];
    for (const n of nodes) heap.push(n);
    expect(heap.size).toBe(nodes.length);
    const popped: string[] = [];
    for (let n = heap.pop(); n !== undefined; n = heap.pop()) popped.push(n.item);
    expect(popped).toEqual(['1/9', '3/4', '3/5', '5/0', '5/1', '5/2', '5/3']);
    expect(heap.size).toBe(0);
    heap.push(node(2, 0));
    heap.clear();
    expect(heap.size).toBe(0);
    expect(heap.peek()).toBeUndefined();
  });
});

describe('handle ids', () => {
  it('pack a slot and a generation into one safe integer and refuse what cannot be an id', () => {
    expect(MAX_GENERATION * MAX_SLOTS + (MAX_SLOTS - 1)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    expect(Number.isSafeInteger(packHandleId(MAX_SLOTS - 1, MAX_GENERATION))).toBe(true);
    expect(unpackHandleId(packHandleId(7, 3))).toEqual({ slot: 7, generation: 3 });
    expect(unpackHandleId(EMPTY_HANDLE_ID)).toEqual({ slot: 0, generation: 0 });
    for (const bad of [-1, 0.5, Number.NaN, 2 ** 53, '1', undefined]) expect(unpackHandleId(bad)).toBeUndefined();
  });

  it('round-trip every generation, also those whose id no longer fits a small integer', () => {
    const slot = MAX_SLOTS - 1;
    for (const generation of [0, 1, 1023, 1024, 2 ** 20, 2 ** 31, MAX_GENERATION]) {
      expect(unpackHandleId(packHandleId(slot, generation))).toEqual({ slot, generation });
      expect(packHandleId(slot, generation)).toBe(generation * MAX_SLOTS + slot);
    }
  });
});
