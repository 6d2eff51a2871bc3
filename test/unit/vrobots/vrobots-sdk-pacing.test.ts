import { describe, expect, it } from 'vitest';
import { createRate } from '../../../src/vrobots/sdk/rate.js';
import { SeqTracker } from '../../../src/vrobots/sdk/state-stats.js';

/** A fake clock the sleeper advances: pacing is checked without real time. */
function fakeTime() {
  let t = 1000;
  const sleeps: number[] = [];
  return {
    clock: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    sleeper: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

describe('rate(hz)', () => {
  it('refuses non-positive and non-finite rates', () => {
    for (const hz of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const r = createRate(hz, async () => {});
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('invalid_argument');
    }
  });

  it('absorbs the loop body so ticks stay on the grid', async () => {
    const f = fakeTime();
    const r = createRate(50, f.sleeper, f.clock);
    if (!r.ok) throw new Error(r.error.message);
    const start = f.clock();
    for (let i = 0; i < 10; i++) {
      f.advance(7); // loop body
      await r.value.sleep();
    }
    // 10 ticks of 20 ms: exactly 200 ms, whatever the body took
    expect(f.clock() - start).toBeCloseTo(200, 6);
    expect(f.sleeps.every((s) => Math.abs(s - 13) < 1e-6)).toBe(true);
    expect(r.value.overruns()).toBe(0);
  });

  it('skips ticks it overran and keeps the phase', async () => {
    const f = fakeTime();
    const r = createRate(10, f.sleeper, f.clock);
    if (!r.ok) throw new Error(r.error.message);
    const start = f.clock();
    f.advance(350); // missed ticks at 100, 200, 300
    await r.value.sleep();
    expect(r.value.overruns()).toBe(2);
    expect((f.clock() - start) % 100).toBeCloseTo(0, 6);
  });
});

describe('state stats', () => {
  it('counts gaps, missed samples and restarts from seq', () => {
    const t = new SeqTracker();
    for (const s of [0, 1, 2, 5, 6, 10, 0, 1]) t.accept(s);
    t.decodeError();
    const s = t.snapshot();
    expect(s.received).toBe(8);
    expect(s.seqGaps).toBe(2);
    expect(s.missedSamples).toBe(2 + 3);
    expect(s.restarts).toBe(1);
    expect(s.decodeErrors).toBe(1);
    expect(s.lastSeq).toBe(1n);
  });

  it('reads Long-like and bigint seqs', () => {
    const t = new SeqTracker();
    t.accept({ toString: () => '18446744073709551614' });
    t.accept(18446744073709551615n);
    expect(t.snapshot().lastSeq).toBe(18446744073709551615n);
    expect(t.snapshot().seqGaps).toBe(0);
  });
});
