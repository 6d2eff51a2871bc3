import { describe, expect, it } from 'vitest';
import type { RmwSample } from '../../../src/rmw/rmw.js';
import { MAX_TRACKED_PUBLISHERS } from '../../../src/rmw/zenoh/replay-filter.js';
import { orderBySource, type Stamped, StampOrder } from '../../../src/rmw/zenoh/stamp-order.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

function raw(text: string, clock: string | undefined, time = 0n): Stamped {
  const sample: RmwSample = { key: 'k', payload: enc.encode(text), attachment: undefined, receivedAtMs: 0 };
  return { sample, stamp: clock === undefined ? undefined : { clock, time } };
}

function ros(text: string, gidByte: number, seq: bigint, time: bigint): Stamped {
  const gid = new Uint8Array(16).fill(gidByte);
  const sample: RmwSample = {
    key: 'k',
    payload: enc.encode(text),
    attachment: { sequenceNumber: seq, sourceTimestampNs: time, gid },
    receivedAtMs: 0,
  };
  return { sample, stamp: { clock: 'c', time } };
}

const texts = (items: readonly Stamped[]) => items.map((i) => dec.decode(i.sample.payload));

describe('transient-local delivery order', () => {
  it('a batch goes out per clock in time order: a held live sample older than history comes first', () => {
    // History m3..m5 first, then the held live samples m1, m2 that were in flight meanwhile.
    const batch = [raw('m3', 'a', 3n), raw('m4', 'a', 4n), raw('m5', 'a', 5n), raw('m1', 'a', 1n), raw('m2', 'a', 2n)];
    expect(texts(orderBySource(batch))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('keeps sources apart (first seen first) and unstamped samples in arrival order', () => {
    const batch = [
      raw('b2', 'b', 2n),
      raw('u1', undefined),
      raw('a9', 'a', 9n),
      raw('b1', 'b', 1n),
      raw('u2', undefined),
      raw('a3', 'a', 3n),
    ];
    expect(texts(orderBySource(batch))).toEqual(['b1', 'b2', 'u1', 'u2', 'a3', 'a9']);
  });

  it('orders samples with an attachment per GID by sequence number, not by time', () => {
    const batch = [ros('g1-s2', 1, 2n, 5n), ros('g2-s1', 2, 1n, 1n), ros('g1-s1', 1, 1n, 9n)];
    expect(texts(orderBySource(batch))).toEqual(['g1-s1', 'g1-s2', 'g2-s1']);
  });

  it('admits a sample without an attachment only when newer than the last from its clock', () => {
    const order = new StampOrder();
    expect(order.admit(raw('a5', 'a', 5n))).toBe(true);
    expect(order.admit(raw('a5 again', 'a', 5n))).toBe(false);
    expect(order.admit(raw('a2 late', 'a', 2n))).toBe(false);
    expect(order.admit(raw('b1', 'b', 1n))).toBe(true);
    expect(order.admit(raw('a6', 'a', 6n))).toBe(true);
    expect(order.admit(raw('unstamped', undefined))).toBe(true);
    expect(order.admit(raw('unstamped', undefined))).toBe(true);
  });

  it('leaves samples with an attachment to the replay filter', () => {
    const order = new StampOrder();
    expect(order.admit(ros('x', 1, 5n, 5n))).toBe(true);
    expect(order.admit(ros('x', 1, 1n, 1n))).toBe(true);
    expect(order.size).toBe(0);
  });

  it('remembers a bounded number of clocks, forgetting the longest silent', () => {
    const order = new StampOrder();
    for (let i = 0; i <= MAX_TRACKED_PUBLISHERS; i++) order.admit(raw('x', `c${i}`, 10n));
    expect(order.size).toBe(MAX_TRACKED_PUBLISHERS);
    // c0 was forgotten, so its stale sample passes; c1 is still known.
    expect(order.admit(raw('x', 'c1', 10n))).toBe(false);
    expect(order.admit(raw('x', 'c0', 10n))).toBe(true);
  });
});
