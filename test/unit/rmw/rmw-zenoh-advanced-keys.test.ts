import { describe, expect, it } from 'vitest';
import type { RmwQos } from '../../../src/rmw/qos.js';
import { ntp64OfNs } from '../../../src/rmw/zenoh/hybrid-clock.js';
import {
  advancedPublisherKey,
  historyDepth,
  historySelector,
  MAX_TRANSIENT_LOCAL_HISTORY,
  publisherDetectionKey,
  publisherHistorySelector,
  repliesWanted,
} from '../../../src/rmw/zenoh/transient-local.js';

const qos: RmwQos = {
  reliability: 'reliable',
  durability: 'transient_local',
  history: 'keep_last',
  depth: 7,
  deadlineMs: 0,
  lifespanMs: 0,
  liveliness: 'automatic',
  livelinessLeaseMs: 0,
};
const params = (entries: Record<string, string>) => ({ get: (k: string) => entries[k] });

describe('zenoh-ext advanced pub/sub keys and selectors', () => {
  it('puts the cache and detection token where zenoh-ext puts a timestamp-ordered publisher', () => {
    expect(advancedPublisherKey('0/chatter/T/H', 'abc123')).toBe('0/chatter/T/H/@adv/pub/abc123/uhlc/_');
    expect(publisherDetectionKey('0/chatter/T/H')).toBe('0/chatter/T/H/@adv/pub/**');
  });

  it('asks history as zenoh-ext does: every cache with _max, or one found by its token', () => {
    expect(historySelector('0/chatter/T/H', 7)).toBe('0/chatter/T/H/@adv/**?_max=7');
    expect(publisherHistorySelector('0/c/@adv/pub/abc/uhlc/_', 3)).toBe('0/c/@adv/pub/abc/uhlc/_?_max=3');
  });

  it('sends its depth as _max, bounded by what a cache keeps; keep-all asks for the most', () => {
    expect(historyDepth(qos)).toBe(7);
    expect(historyDepth({ ...qos, depth: 5000 })).toBe(MAX_TRANSIENT_LOCAL_HISTORY);
    expect(historyDepth({ ...qos, history: 'keep_all', depth: 10000 })).toBe(MAX_TRANSIENT_LOCAL_HISTORY);
  });

  it('answers _max with that many, nothing for an _sn range (no sequence numbers), all otherwise', () => {
    expect(repliesWanted(params({ _max: '2' }))).toBe(2);
    expect(repliesWanted(params({ _max: '0' }))).toBe(0);
    expect(repliesWanted(params({}))).toBeUndefined();
    expect(repliesWanted(params({ _max: 'x' }))).toBeUndefined();
    expect(repliesWanted(params({ _max: '-1' }))).toBeUndefined();
    expect(repliesWanted(params({ _sn: '3..', _max: '2' }))).toBe(0);
  });

  it('writes zenoh NTP64 time: Unix seconds above, the fraction of 2^32 below', () => {
    expect(ntp64OfNs(0n)).toBe(0n);
    expect(ntp64OfNs(1_500_000_000n)).toBe((1n << 32n) | (1n << 31n));
    expect(ntp64OfNs(1_700_000_000_250_000_000n)).toBe((1_700_000_000n << 32n) | (1n << 30n));
  });
});
