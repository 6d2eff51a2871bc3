import { describe, expect, it } from 'vitest';
import { Clock, Duration, Time } from '../../../src/index.js';
import { monotonicNs } from '../../../src/host.js';
import { expectErr, unwrap } from '../../support/executor-fixture.js';

const MAX = 2n ** 63n - 1n;
const MIN = -(2n ** 63n);
const ns = (n: bigint): Duration => unwrap(Duration.fromNs(n));

describe('Duration edges', () => {
  it('holds exactly int64 nanoseconds, both ends included', () => {
    expect(ns(MAX).nanoseconds).toBe(MAX);
    expect(ns(MIN).nanoseconds).toBe(MIN);
    expect(expectErr(Duration.fromNs(MAX + 1n))).toBe('InvalidArgument');
    expect(expectErr(Duration.fromNs(MIN - 1n))).toBe('InvalidArgument');
    expect(expectErr(Duration.fromNs(7 as unknown as bigint))).toBe('InvalidArgument');
    expect(Duration.zero().nanoseconds).toBe(0n);
  });

  it('truncates ms and seconds toward zero, and refuses what is not a finite number inside int64', () => {
    expect(unwrap(Duration.fromMs(0.0000019)).nanoseconds).toBe(1n);
    expect(unwrap(Duration.fromMs(-0.0000019)).nanoseconds).toBe(-1n);
    expect(unwrap(Duration.fromSeconds(-1.5)).nanoseconds).toBe(-1_500_000_000n);
    for (const bad of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, '1' as unknown as number]) {
      expect(expectErr(Duration.fromMs(bad)), String(bad)).toBe('InvalidArgument');
      expect(expectErr(Duration.fromSeconds(bad)), String(bad)).toBe('InvalidArgument');
    }
    // 2^63 ns is one past INT64_MAX; the largest double below it fits.
    expect(expectErr(Duration.fromMs(2 ** 63 / 1e6))).toBe('InvalidArgument');
    expect(expectErr(Duration.fromSeconds(-(2 ** 63) / 1e9))).toBe('InvalidArgument');
    expect(expectErr(Duration.fromMs(Number.MAX_VALUE))).toBe('InvalidArgument');
    expect(unwrap(Duration.fromSeconds((2 ** 63 - 1024) / 1e9)).nanoseconds).toBe(2n ** 63n - 1024n);
  });

  it('answers Error when plus or minus leaves int64, InvalidArgument for a non-Duration', () => {
    expect(unwrap(ns(MAX - 1n).plus(ns(1n))).nanoseconds).toBe(MAX);
    expect(expectErr(ns(MAX).plus(ns(1n)))).toBe('Error');
    expect(unwrap(ns(MIN + 1n).minus(ns(1n))).nanoseconds).toBe(MIN);
    expect(expectErr(ns(MIN).minus(ns(1n)))).toBe('Error');
    expect(expectErr(ns(MIN).plus(ns(-1n)))).toBe('Error');
    expect(unwrap(ns(-5n).plus(ns(-7n))).nanoseconds).toBe(-12n);
    const notADuration = { nanoseconds: 1n } as unknown as Duration;
    expect(expectErr(ns(1n).plus(notADuration))).toBe('InvalidArgument');
    expect(expectErr(ns(1n).minus(notADuration))).toBe('InvalidArgument');
  });

  it('converts to ms, seconds and text, and compares by value', () => {
    expect(ns(1_500_000n).toMs()).toBe(1.5);
    expect(ns(-2_500_000_000n).toSeconds()).toBe(-2.5);
    expect(ns(7n).toString()).toBe('7ns');
    expect(ns(7n).equals(ns(7n))).toBe(true);
    expect(ns(7n).equals(ns(8n))).toBe(false);
    expect([ns(-1n).compare(ns(1n)), ns(1n).compare(ns(-1n)), ns(3n).compare(ns(3n))].map(unwrap)).toEqual([-1, 1, 0]);
  });
});

describe('Time edges', () => {
  it('holds [0, 2^63) ns on a known clock', () => {
    expect(unwrap(Time.fromNs(0n)).nanoseconds).toBe(0n);
    expect(unwrap(Time.fromNs(MAX, 'steady')).clockType).toBe('steady');
    expect(unwrap(Time.fromNs(5n)).clockType).toBe('system');
    expect(expectErr(Time.fromNs(MAX + 1n))).toBe('InvalidArgument');
    expect(expectErr(Time.fromNs(-1n))).toBe('InvalidArgument');
    expect(expectErr(Time.fromNs(5 as unknown as bigint))).toBe('InvalidArgument');
    expect(unwrap(Time.fromNs(5n, 'ros')).clockType).toBe('ros');
    expect(expectErr(Time.fromNs(5n, 'sundial' as unknown as 'system'))).toBe('InvalidArgument');
    expect(Time.zero().clockType).toBe('system');
    expect(Time.zero('steady').clockType).toBe('steady');
    expect(Time.zero().nanoseconds).toBe(0n);
    expect(unwrap(Time.fromNs(1_500_000_000n)).seconds()).toBe(1.5);
  });

  it('plus stays inside [0, 2^63) ns, both ends reachable, and keeps the clock', () => {
    const t = unwrap(Time.fromNs(10n, 'steady'));
    expect(unwrap(t.plus(ns(-10n))).nanoseconds).toBe(0n);
    expect(expectErr(t.plus(ns(-11n)))).toBe('Error');
    expect(unwrap(t.plus(ns(MAX - 10n))).nanoseconds).toBe(MAX);
    expect(unwrap(t.plus(ns(1n))).clockType).toBe('steady');
    expect(expectErr(t.plus(ns(MAX - 9n)))).toBe('Error');
    expect(expectErr(t.plus({ nanoseconds: 1n } as unknown as Duration))).toBe('InvalidArgument');
  });

  it('minus gives a signed Duration between times of one clock, InvalidArgument otherwise', () => {
    const a = unwrap(Time.fromNs(10n));
    const b = unwrap(Time.fromNs(25n));
    expect(unwrap(a.minus(b)).nanoseconds).toBe(-15n);
    expect(unwrap(b.minus(a)).nanoseconds).toBe(15n);
    expect(expectErr(a.minus({ nanoseconds: 1n, clockType: 'system' } as unknown as Time))).toBe('InvalidArgument');
    expect(expectErr(a.minus(unwrap(Time.fromNs(1n, 'steady'))))).toBe('InvalidArgument');
    expect([a.compare(b), b.compare(a), a.compare(unwrap(Time.fromNs(10n)))].map(unwrap)).toEqual([-1, 1, 0]);
  });

  it('the steady clock reads the monotonic clock; the system clock advances with the wall clock', () => {
    const steady = new Clock('steady').now();
    expect(steady.clockType).toBe('steady');
    const mono = monotonicNs();
    expect(mono - steady.nanoseconds).toBeGreaterThanOrEqual(0n);
    expect(mono - steady.nanoseconds).toBeLessThan(1_000_000_000n);
    const clock = new Clock();
    expect(clock.clockType).toBe('system');
    const t0 = clock.now();
    const wall0 = Date.now();
    while (Date.now() < wall0 + 30) {
      // busy-wait 30 ms of wall time
    }
    const elapsedMs = Number((clock.now().nanoseconds - t0.nanoseconds) / 1_000_000n);
    expect(elapsedMs).toBeGreaterThanOrEqual(25);
    expect(elapsedMs).toBeLessThan(5000);
  });
});
