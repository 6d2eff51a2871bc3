import { describe, expect, it } from 'vitest';
import { MAX_ROUNDS, TickPacer } from '../../../src/vrobots/sim/tick-pacer.js';

describe('TickPacer', () => {
  it('runs one round per tick on time, however the tick jitters within its period', () => {
    const p = new TickPacer(40, 0);
    expect([40, 81, 120.5, 179, 200].map((t) => p.rounds(t))).toEqual([1, 1, 1, 1, 1]);
  });

  it('pays back the periods a late tick missed, so the rate holds on average', () => {
    const p = new TickPacer(40, 0);
    expect(p.rounds(40)).toBe(1);
    // The timer skipped the ticks due at 80 and 120; the one at 160 fired at 165.
    expect(p.rounds(165)).toBe(3);
    expect(p.rounds(200)).toBe(1);
    // 5 ticks' worth of time, 5 rounds run.
  });

  it(`forgives a stall longer than ${MAX_ROUNDS} periods instead of bursting it back`, () => {
    const p = new TickPacer(40, 0);
    expect(p.rounds(40)).toBe(1);
    expect(p.rounds(1000)).toBe(MAX_ROUNDS);
    expect(p.rounds(1040)).toBe(1);
    expect(p.rounds(1080)).toBe(1);
  });
});
