import { describe, expect, it } from 'vitest';
import { computeRateReport } from '../../../src/vrobots/tools/rate-stats.js';
import { sysIdOfKey, TopicTally } from '../../../src/vrobots/tools/topic-table.js';

describe('rate statistics', () => {
  it('computes rate, intervals, latency, seq gaps and payload from samples', () => {
    const base = 1_700_000_000_000;
    const seqs = [0n, 1n, 2n, 5n, 6n];
    const samples = seqs.map((seq, i) => ({
      arrivalMs: base + i * 40 + (i === 2 ? 2 : 0),
      bytes: 100 + i,
      seq,
      stampNs: BigInt(base + i * 40 - 3) * 1_000_000n,
    }));
    const r = computeRateReport('vrobots/1/z/state', 1000, samples);
    expect(r.samples).toBe(5);
    expect(r.rateHz).toBeCloseTo(25, 5);
    expect(r.interval?.meanMs).toBeCloseTo(40, 5);
    expect(r.interval?.minMs).toBe(38);
    expect(r.interval?.maxMs).toBe(42);
    expect(r.interval?.jitterMs).toBeGreaterThan(0);
    expect(r.latency?.minMs).toBeCloseTo(3, 5);
    expect(r.seq).toEqual({ first: 0n, last: 6n, gaps: 1, missed: 2, restarts: 0 });
    expect(r.payload).toEqual({ meanBytes: 102, minBytes: 100, maxBytes: 104, bytesPerSecond: 510 });
  });

  it('measures a sample stamped and received in the same millisecond at exactly 0 ms', () => {
    // Epoch stamps near 1.7e18 ns, every residue of the double's 256 ns spacing.
    const samples = Array.from({ length: 200 }, (_, i) => {
      const ms = 1_764_556_800_123 + i * 7;
      return { arrivalMs: ms, bytes: 80, stampNs: BigInt(ms) * 1_000_000n };
    });
    expect(computeRateReport('vrobots/1/z/state', 2000, samples).latency).toEqual({ meanMs: 0, minMs: 0, maxMs: 0 });
    const half = samples.map((o) => ({ ...o, stampNs: o.stampNs - 500_000n }));
    expect(computeRateReport('k', 2000, half).latency).toEqual({ meanMs: 0.5, minMs: 0.5, maxMs: 0.5 });
  });

  it('leaves out what the samples cannot tell', () => {
    const r = computeRateReport('vrobots/1/z/cmd', 2000, [{ arrivalMs: 5, bytes: 10 }]);
    expect(r.rateHz).toBeCloseTo(0.5, 5);
    expect(r.interval).toBeUndefined();
    expect(r.latency).toBeUndefined();
    expect(r.seq).toBeUndefined();
    const none = computeRateReport('k', 2000, []);
    expect(none.samples).toBe(0);
    expect(none.payload).toBeUndefined();
  });

  it('counts a seq going backwards as a restart', () => {
    const r = computeRateReport(
      'k',
      1000,
      [5n, 6n, 0n, 1n].map((seq, i) => ({ arrivalMs: i, bytes: 1, seq })),
    );
    expect(r.seq).toMatchObject({ restarts: 1, gaps: 0, missed: 0 });
  });
});

describe('topic table', () => {
  it('sorts by sys_id numerically, then key, and filters by keyword', () => {
    const tally = new TopicTally();
    for (let i = 0; i < 30; i++) tally.add('vrobots/10/z/state', 1200);
    for (let i = 0; i < 3; i++) tally.add('vrobots/2/z/frames', 80);
    for (let i = 0; i < 30; i++) tally.add('vrobots/2/z/state', 1000);
    tally.add('vrobots/manager/z/x', 5);
    const listing = tally.listing(1500);
    expect(listing.rows.map((r) => r.key)).toEqual([
      'vrobots/2/z/frames',
      'vrobots/2/z/state',
      'vrobots/10/z/state',
      'vrobots/manager/z/x',
    ]);
    const state2 = listing.rows[1];
    expect(state2?.hz).toBeCloseTo(20, 5);
    expect(state2?.bytes).toBe(1000);
    expect(state2?.wire).toBe('z');
    expect(tally.listing(1500, 'state').rows).toHaveLength(2);
  });

  it('reads sys_ids as u32 only', () => {
    expect(sysIdOfKey('vrobots/4000000000/z/state')).toBe(4000000000);
    expect(sysIdOfKey('vrobots/5000000000/z/state')).toBeUndefined();
    expect(sysIdOfKey('vrobots/scene/z/srv/frame')).toBeUndefined();
  });
});
