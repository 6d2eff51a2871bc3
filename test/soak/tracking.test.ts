/**
 * The soak's bookkeeping on its own, so that a verdict of the long run can be trusted: the call
 * tracker's single-answer rules, the stream tracker's gaps and duplicates, the slope.
 */
import { describe, expect, it, vi } from 'vitest';
import { CallTracker } from './call-tracker.js';
import type { WorkerEvent } from './messages.js';
import { Sampler, slopePerMinute } from './sampler.js';
import { StreamTracker } from './stream-tracker.js';
import { judge } from './verdict.js';
import { WorkerPool } from './worker-pool.js';

/** Runs `body` on vitest's fake clock, starting at 0, and puts the real one back. */
function withFakeTimers(body: () => void): void {
  vi.useFakeTimers({ now: 0 });
  try {
    body();
  } finally {
    vi.useRealTimers();
  }
}

describe('CallTracker', () => {
  it('counts an answer once, a second one as twice, and an abandoned call as owing nothing', () => {
    const failed: string[] = [];
    const t = new CallTracker(1000, (_w, code) => failed.push(code));
    const a = t.open('request', 5000, true, 'svc');
    const b = t.open('goal', 5000, true, 'act');
    const c = t.open('request', 5000, true, 'svc');
    t.answer(a, 'ok');
    t.answer(a, 'ok');
    t.answer(b, 'Timeout');
    t.abandon([c]);
    t.answer(c, 'ok');
    t.sweep(Date.now() + 60_000);
    expect(t.tally.request).toMatchObject({ sent: 2, ok: 1, twice: 1, abandoned: 1, unanswered: 0 });
    expect(t.tally.goal).toMatchObject({ sent: 1, error: 1, twice: 0 });
    expect(failed).toEqual(['Timeout']);
  });

  it('marks a call past budget + slack unanswered, and late once it is answered', () =>
    withFakeTimers(() => {
      const t = new CallTracker(1000, () => undefined);
      const a = t.open('request', 10, true, 'svc');
      vi.advanceTimersByTime(2000);
      t.sweep();
      expect(t.tally.request.unanswered).toBe(1);
      vi.advanceTimersByTime(3000);
      t.answer(a, 'ok');
      expect(t.tally.request).toMatchObject({ unanswered: 0, late: 1, ok: 1 });
    }));
});

describe('CallTracker deadline witness', () => {
  it('excuses an answer the loop could not have given sooner, and counts what rclts took after', () =>
    withFakeTimers(() => {
      const t = new CallTracker(1000, () => undefined);
      // A stalled loop: the clock jumps 8.5 s with no timer run; the answer comes before the
      // loop reaches the deadline's timers, so it is excused.
      const a = t.open('request', 5000, true, 'svc');
      vi.setSystemTime(8500);
      t.answer(a, 'Timeout');
      // A loop on time: the deadline's timer fires, and the answer comes 2 s after it.
      const b = t.open('request', 5000, true, 'svc');
      vi.advanceTimersByTime(7000);
      t.answer(b, 'ok');
      expect(t.tally.request).toMatchObject({ lateByLag: 1, late: 1, maxOwnDelayMs: 2000 });
      expect(t.tally.request.lateCodes).toEqual({ Timeout: 1, ok: 1 });
    }));
});

describe('StreamTracker', () => {
  it('reports a gap with its size and a repeated seq as a duplicate', () => {
    const events: WorkerEvent[] = [];
    const s = new StreamTracker('sub', (e) => events.push(e));
    for (const seq of [4, 5, 8, 8, 9]) s.receive({ pub: 'p', seq, t: seq });
    expect(events).toEqual([
      { kind: 'gap', pub: 'p', sub: 'sub', lost: 2, fromMs: 5, toMs: 8 },
      expect.objectContaining({ kind: 'duplicate', seq: 8 }),
    ]);
    expect(s.lastSeen()).toEqual({ p: 9 });
  });
});

describe('slopePerMinute', () => {
  it('is the least-squares slope after `from`, per minute', () => {
    const points = Array.from({ length: 10 }, (_, i) => ({ t: i * 60_000, v: 100 + 3 * i + (i === 0 ? 50 : 0) }));
    expect(slopePerMinute(points, 60_000)).toBeCloseTo(3, 6);
    expect(slopePerMinute(points.slice(0, 2), 0)).toBeUndefined();
  });
});

describe('judge: memory', () => {
  const MIN = 60_000;
  /** A run of 30 min, measured from minute 5, with one worker heap series from `bornMin`. */
  function verdictOf(bornMin: number, growthPerMin: number, more: (sampler: Sampler) => void = () => {}) {
    const sampler = new Sampler();
    for (let m = bornMin; m <= 30; m += 0.5)
      sampler.addHeap('worker 0.0', 1, m * MIN, 20 * 1024 * 1024 + growthPerMin * m);
    more(sampler);
    const pool = new WorkerPool(
      { seed: 1, durationMs: 30 * MIN } as never,
      () => [],
      () => undefined,
      () => false,
    );
    return judge({
      pool,
      windows: [],
      sampler,
      runStartMs: 0,
      measureFromMs: 5 * MIN,
      measureToMs: 30 * MIN,
      quiescedMs: 30 * MIN,
      actors: [],
      counters: undefined,
      extraFailures: [],
    });
  }

  it('passes a flat worker heap and fails one growing past its bound', () => {
    expect(verdictOf(0, 0).failures).toEqual([]);
    const leaking = verdictOf(0, 512 * 1024).failures;
    expect(leaking).toHaveLength(1);
    expect(leaking[0]).toMatch(/worker 0\.0 \(pid 1\) heap grows 512 KiB\/min > bound/);
  });

  it("judges the swarm's processes (rclts) on RSS, and only shows a router's", () => {
    /** An RSS series growing 4 MiB a minute from 100 MiB: past max(16 MiB, 25 %) over 25 min. */
    const growing = (sampler: Sampler, label: string, pid: number) => {
      const s = { label, pid, rssKiB: [] as { t: number; v: number }[], heapBytes: [], cpuMs: [] };
      for (let m = 0; m <= 30; m += 0.5) s.rssKiB.push({ t: m * MIN, v: 100 * 1024 + 4096 * m });
      sampler.series.set(`${label}#${pid}`, s);
    };
    const v = verdictOf(0, 0, (sampler) => {
      growing(sampler, 'actor vrobots-swarm', 2);
      growing(sampler, 'router 0', 3);
    });
    expect(v.failures).toEqual([expect.stringMatching(/^actor vrobots-swarm \(pid 2\) RSS grows 4096 KiB\/min/)]);
    expect(v.memory.find((m) => m.label === 'router 0')).toMatchObject({ judged: false });
  });

  it("leaves the swarm's RSS unjudged in a run too short for it to settle", () => {
    const sampler = new Sampler();
    const s = {
      label: 'actor vrobots-swarm',
      pid: 2,
      rssKiB: [] as { t: number; v: number }[],
      heapBytes: [],
      cpuMs: [],
    };
    for (let m = 0; m <= 4; m += 0.1) {
      s.rssKiB.push({ t: m * MIN, v: 100 * 1024 + 16_384 * m });
      sampler.addHeap('worker 0.0', 1, m * MIN, 20 * 1024 * 1024);
    }
    sampler.series.set('actor vrobots-swarm#2', s);
    const pool = new WorkerPool(
      {} as never,
      () => [],
      () => undefined,
      () => false,
    );
    const v = judge({
      pool,
      windows: [],
      sampler,
      runStartMs: 0,
      measureFromMs: MIN,
      measureToMs: 4 * MIN,
      quiescedMs: 4 * MIN,
      actors: [],
      counters: undefined,
      extraFailures: [],
    });
    expect(v.failures).toEqual([]);
    expect(v.memory.find((m) => m.label === 'actor vrobots-swarm')).toMatchObject({ judged: false });
  });

  it('fails a run in which no worker lived long enough to have its memory judged', () => {
    // Born at minute 22: its own 5-minute warm-up leaves 3 minutes, under half the phase.
    expect(verdictOf(22, 0).failures).toEqual([
      'no worker lived long enough after its warm-up for its heap slope to be judged',
    ]);
  });
});

describe('WorkerPool.killablePids', () => {
  it('never offers worker 0, the memory witness, to a fault', () => {
    const pool = new WorkerPool(
      {} as never,
      () => [],
      () => undefined,
      () => false,
    );
    const life = (worker: number, pid: number) =>
      ({ worker, generation: 0, pid, startedMs: 0, killed: false }) as never;
    pool.lives.push(life(0, 10), life(1, 11), life(2, 12));
    expect(pool.pids()).toEqual([10, 11, 12]);
    expect(pool.killablePids()).toEqual([11, 12]);
  });
});
