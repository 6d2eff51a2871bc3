import { describe, expect, it } from 'vitest';
import {
  MAX_TRACKED_PUBLISHERS,
  REPLAY_JUMP,
  REPLAY_WINDOW,
  RESTART_AFTER_NS,
  ReplayFilter,
} from '../../../src/rmw/zenoh/replay-filter.js';

const INT64_MAX = 2n ** 63n - 1n;

/** Feeds (seq, ts) pairs of one publisher; answers which were delivered. */
function delivered(f: ReplayFilter, samples: ReadonlyArray<readonly [bigint, bigint]>, gid = 'g'): bigint[] {
  return samples.filter(([seq, ts]) => !f.isReplay(gid, seq, ts)).map(([seq]) => seq);
}

describe('replay filter', () => {
  it('drops a replayed sample (same number, same time) and delivers the stream in order', () => {
    const f = new ReplayFilter();
    expect(
      delivered(f, [
        [1n, 10n],
        [2n, 20n],
        [3n, 30n],
        [2n, 20n],
        [3n, 30n],
        [4n, 40n],
      ]),
    ).toEqual([1n, 2n, 3n, 4n]);
  });

  it('keeps one publisher from hiding another (keyed on the GID)', () => {
    const f = new ReplayFilter();
    expect(f.isReplay('a', 5n, 50n)).toBe(false);
    expect(f.isReplay('b', 1n, 60n)).toBe(false);
    expect(f.isReplay('b', 2n, 70n)).toBe(false);
  });

  it('a forged sample with sequence number INT64_MAX does not silence the real publisher', () => {
    const f = new ReplayFilter();
    expect(
      delivered(f, [
        [1n, 10n],
        [2n, 20n],
      ]),
    ).toEqual([1n, 2n]);
    expect(f.isReplay('g', INT64_MAX, INT64_MAX)).toBe(false);
    expect(
      delivered(f, [
        [3n, 30n],
        [4n, 40n],
        [5n, 50n],
      ]),
    ).toEqual([3n, 4n, 5n]);
    // and duplicates of the real stream are still dropped
    expect(
      delivered(f, [
        [4n, 40n],
        [6n, 60n],
      ]),
    ).toEqual([6n]);
  });

  it('follows a real jump once a second sample confirms it', () => {
    const f = new ReplayFilter();
    const far = 1n + REPLAY_JUMP * 10n;
    expect(
      delivered(f, [
        [1n, 10n],
        [far, 20n],
        [far + 1n, 30n],
        [far, 20n],
        [far + 1n, 30n],
      ]),
    ).toEqual([1n, far, far + 1n]);
  });

  it('a publisher that restarts with its GID and counts from 1 again is heard at once (newer in time)', () => {
    const f = new ReplayFilter();
    const later = 30n + RESTART_AFTER_NS + 1n;
    const samples: [bigint, bigint][] = [
      [1n, 10n],
      [2n, 20n],
      [3n, 30n],
      [1n, later],
      [2n, later + 10n],
    ];
    expect(delivered(f, samples)).toEqual([1n, 2n, 3n, 1n, 2n]);
  });

  it('a replay stamped a little after the newest (clock jitter within a millisecond) is still a replay', () => {
    const f = new ReplayFilter();
    // 2 was stamped after 3 by a clock whose sub-millisecond part stepped back.
    const t = 1_000_000_000n;
    const stream: [bigint, bigint][] = [
      [1n, t],
      [2n, t + 900n],
      [3n, t + 500n],
    ];
    expect(delivered(f, [...stream, ...stream])).toEqual([1n, 2n, 3n]);
  });

  it('a number further behind than any history is not a replay', () => {
    const f = new ReplayFilter();
    const top = REPLAY_WINDOW * 3n;
    expect(
      delivered(f, [
        [top, 100n],
        [top - REPLAY_WINDOW, 50n],
        [top - REPLAY_WINDOW + 1n, 60n],
      ]),
    ).toEqual([top, top - REPLAY_WINDOW, top - REPLAY_WINDOW + 1n]);
  });

  it('stays bounded however many GIDs it hears, and trims the longest silent first', () => {
    const f = new ReplayFilter();
    for (let i = 0; i < MAX_TRACKED_PUBLISHERS * 3; i++) f.isReplay(`gid${i}`, 1n, 1n);
    expect(f.size).toBe(MAX_TRACKED_PUBLISHERS);
    const g = new ReplayFilter();
    g.isReplay('old', 1n, 1n);
    g.isReplay('new', 1n, 2n);
    g.isReplay('old', 2n, 3n);
    g.trimTo(1);
    // 'new' was the longest silent: 'old' still filters its replays.
    expect(g.size).toBe(1);
    expect(g.isReplay('old', 2n, 3n)).toBe(true);
  });
});
