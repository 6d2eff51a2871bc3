/**
 * A queued entry against a recording host: what `offer` does for a live, a poll and a released
 * entry, what a round may take from it, and that disposing it hands every item still queued
 * back (a client forgets the replies it will never deliver). Written against mutants the rest
 * of the suite let live (docs/testing.md).
 */
import { describe, expect, it } from 'vitest';
import { type Entry, type EntryHost, EntryKind } from '../../../src/executor/entry.js';
import { type QueueBound, QueuedEntry } from '../../../src/executor/queued-entry.js';

class RecordingHost implements EntryHost {
  readonly calls: string[] = [];
  markReady(_entry: Entry): void {
    this.calls.push('markReady');
  }
  notify(): void {
    this.calls.push('notify');
  }
  runHandler(): boolean {
    return true;
  }
  runHandlerWith(): boolean {
    return true;
  }
  reportHandlerError(): void {}
  reportDropped(_entry: Entry, count: number): void {
    this.calls.push(`dropped ${count}`);
  }
  reportDecodeError(): void {}
}

class Probe extends QueuedEntry<string> {
  readonly handled: string[] = [];
  readonly droppedItems: string[] = [];
  closed = 0;
  constructor(host: EntryHost, bound: QueueBound, dispatched = true) {
    super(host, dispatched ? EntryKind.Subscription : EntryKind.PollSubscription, '/probe', bound, dispatched);
  }
  protected handleItem(item: string): void {
    this.handled.push(item);
  }
  protected closeTransport(): void {
    this.closed++;
  }
  protected override onDropped(item: string): void {
    this.droppedItems.push(item);
  }
}

const KEEP_LAST_2: QueueBound = { keepAll: false, limit: 2 };

describe('QueuedEntry', () => {
  it('a live entry queues what it is offered and marks itself ready; past keep-last depth the oldest is dropped and counted', () => {
    const host = new RecordingHost();
    const e = new Probe(host, KEEP_LAST_2);
    e.offer('a');
    e.offer('b');
    e.offer('c');
    expect(host.calls).toEqual(['markReady', 'markReady', 'dropped 1', 'markReady']);
    expect(e.droppedItems).toEqual(['a']);
    expect(e.hasWork()).toBe(true);
    expect([e.dispatchOne(host), e.dispatchOne(host), e.dispatchOne(host)]).toEqual([true, true, false]);
    expect(e.handled).toEqual(['b', 'c']);
    expect(e.hasWork()).toBe(false);
  });

  it('an entry that never received anything has no work and dispatches nothing', () => {
    const host = new RecordingHost();
    const e = new Probe(host, KEEP_LAST_2);
    expect(e.hasWork()).toBe(false);
    expect(e.dispatchOne(host)).toBe(false);
    expect(e.handled).toEqual([]);
  });

  it("a poll entry only wakes waiters: it is never marked ready and a round finds no work in it, so its owner's take gets every item", () => {
    const host = new RecordingHost();
    const e = new Probe(host, KEEP_LAST_2, false);
    e.offer('a');
    expect(host.calls).toEqual(['notify']);
    expect(e.hasWork()).toBe(false);
    expect(e.queue.shift()).toBe('a');
  });

  it('a released entry drops what it is offered: nothing queued, nothing marked or woken', () => {
    const host = new RecordingHost();
    const e = new Probe(host, KEEP_LAST_2);
    e.alive = false;
    e.offer('late');
    expect(e.droppedItems).toEqual(['late']);
    expect(host.calls).toEqual([]);
    expect(e.hasWork()).toBe(false);
    expect(e.dispatchOne(host)).toBe(false);
  });

  it('dispose hands back every item still queued, oldest first, and closes the transport once', () => {
    const host = new RecordingHost();
    const e = new Probe(host, { keepAll: true, limit: 10 });
    for (const x of ['a', 'b', 'c']) e.offer(x);
    e.dispose();
    expect(e.droppedItems).toEqual(['a', 'b', 'c']);
    expect(e.closed).toBe(1);
    expect(e.handled).toEqual([]);
  });

  it('dispose of an entry that never received anything only closes the transport', () => {
    const e = new Probe(new RecordingHost(), KEEP_LAST_2);
    e.dispose();
    expect(e.droppedItems).toEqual([]);
    expect(e.closed).toBe(1);
  });
});
