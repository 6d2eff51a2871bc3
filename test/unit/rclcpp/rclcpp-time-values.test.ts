/**
 * Time and Duration as builtin_interfaces messages, Duration.seconds(), and every time helper
 * given hostile arguments: a Result or a total value, never a throw.
 */
import { describe, expect, it } from 'vitest';
import { Clock, Duration, Rate, Time } from '../../../src/index.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const hostile = (): never =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('hostile');
      },
      getPrototypeOf() {
        throw new Error('hostile');
      },
    },
  ) as never;

describe('Time and Duration messages', () => {
  it('round trip builtin_interfaces Time and Duration, nanosec normalised into [0, 1e9)', () => {
    const t = unwrap(Time.fromMsg({ sec: 1_700_000_000, nanosec: 123_456_789 }));
    expect(t.clockType).toBe('ros');
    expect(t.nanoseconds).toBe(1_700_000_000_123_456_789n);
    expect(unwrap(t.toMsg())).toEqual({ sec: 1_700_000_000, nanosec: 123_456_789 });
    expect(unwrap(Time.fromMsg({ sec: 1, nanosec: 0 }, 'system')).clockType).toBe('system');
    // rclcpp adds an unnormalised nanosec as it is; toMsg normalises.
    expect(unwrap(unwrap(Time.fromMsg({ sec: 1, nanosec: 2_500_000_000 })).toMsg())).toEqual({
      sec: 3,
      nanosec: 500_000_000,
    });
    const d = unwrap(Duration.fromMsg({ sec: -2, nanosec: 500_000_000 }));
    expect(d.nanoseconds).toBe(-1_500_000_000n);
    expect(d.seconds()).toBe(-1.5);
    expect(unwrap(d.toMsg())).toEqual({ sec: -2, nanosec: 500_000_000 });
    expect(unwrap(unwrap(Duration.fromNs(-1n)).toMsg())).toEqual({ sec: -1, nanosec: 999_999_999 });
    expect(unwrap(Duration.fromMs(2500)).seconds()).toBe(2.5);
  });

  it('answers InvalidArgument for out-of-range fields and Error past int32 seconds', () => {
    expect(expectErr(Time.fromMsg({ sec: -1, nanosec: 0 }))).toBe('InvalidArgument');
    expect(expectErr(Time.fromMsg({ sec: 2 ** 31, nanosec: 0 }))).toBe('InvalidArgument');
    expect(expectErr(Time.fromMsg({ sec: 0, nanosec: 2 ** 32 }))).toBe('InvalidArgument');
    expect(expectErr(Time.fromMsg({ sec: 0.5, nanosec: 0 }))).toBe('InvalidArgument');
    expect(expectErr(Time.fromMsg({ sec: 0, nanosec: -1 }))).toBe('InvalidArgument');
    expect(expectErr(Duration.fromMsg({ sec: -(2 ** 31) - 1, nanosec: 0 }))).toBe('InvalidArgument');
    expect(expectErr(Duration.fromMsg({ sec: 0, nanosec: Number.NaN }))).toBe('InvalidArgument');
    expect(expectErr(unwrap(Time.fromNs(2n ** 62n)).toMsg())).toBe('Error');
    expect(expectErr(unwrap(Duration.fromNs(-(2n ** 62n))).toMsg())).toBe('Error');
    const r = Time.fromMsg({ sec: 0, nanosec: 2 ** 32 });
    expect(r.ok ? '' : r.error.message).toContain('nanosec');
  });
});

describe('hostile arguments to the time helpers', () => {
  it('Duration and Time value helpers answer Results or total values', () => {
    const d = unwrap(Duration.fromMs(1));
    const t = unwrap(Time.fromNs(1n, 'ros'));
    const calls: Array<[string, () => unknown]> = [
      ['Duration.compare', () => d.compare(hostile())],
      ['Duration.compare(null)', () => d.compare(null as never)],
      ['Duration.equals', () => d.equals(hostile())],
      ['Duration.plus', () => d.plus(hostile())],
      ['Duration.minus', () => d.minus(hostile())],
      ['Duration.fromMsg', () => Duration.fromMsg(hostile())],
      ['Duration.fromMsg(7)', () => Duration.fromMsg(7 as never)],
      ['Time.compare', () => t.compare(hostile())],
      ['Time.equals', () => t.equals(hostile())],
      ['Time.minus', () => t.minus(hostile())],
      ['Time.plus', () => t.plus(hostile())],
      ['Time.fromMsg', () => Time.fromMsg(hostile())],
      ['Time.fromMsg(clock)', () => Time.fromMsg({ sec: 1, nanosec: 1 }, hostile())],
      ['Time.zero', () => Time.zero(hostile())],
      ['Clock.create', () => Clock.create(hostile())],
      ['new Clock', () => new Clock(hostile()).now()],
      ['setRosTimeOverride', () => new Clock('ros').setRosTimeOverride(hostile())],
      ['createJumpHandler(threshold)', () => new Clock('ros').createJumpHandler(undefined, undefined, hostile())],
      [
        'createJumpHandler(pre)',
        () => new Clock('ros').createJumpHandler(hostile(), undefined, { onClockChange: true }),
      ],
      ['Rate.create', () => Rate.create(hostile())],
      ['Rate.create(clock)', () => Rate.create(10, hostile())],
    ];
    for (const [name, call] of calls) {
      let threw: unknown;
      try {
        call();
      } catch (e) {
        threw = e;
      }
      expect(threw, name).toBeUndefined();
    }
    expect(expectErr(d.compare(hostile()))).toBe('InvalidArgument');
    expect(d.equals(hostile())).toBe(false);
    expect(expectErr(t.compare(unwrap(Time.fromNs(1n, 'system'))))).toBe('InvalidArgument');
    expect(expectErr(Clock.create('sundial' as never))).toBe('InvalidArgument');
    expect(expectErr(new Clock('system').setRosTimeOverride(1n))).toBe('Unsupported');
    expect(expectErr(new Clock('ros').setRosTimeOverride(-1n))).toBe('InvalidArgument');
    expect(
      expectErr(new Clock('ros').createJumpHandler(undefined, undefined, { onClockChange: true, minBackward: d })),
    ).toBe('InvalidArgument');
  });

  it('createTimer checks its clock option; createRate its rate', () => {
    const { node, executor } = makeFixture();
    expect(expectErr(node.createTimer(10, () => {}, { clock: 'ros' as never }))).toBe('InvalidArgument');
    expect(expectErr(node.createTimer(10, () => {}, hostile()))).toBe('InvalidArgument');
    expect(expectErr(node.createTimer(Number.NaN, () => {}))).toBe('InvalidArgument');
    expect(expectErr(node.createRate(0))).toBe('InvalidArgument');
    expect(expectErr(node.createRate(Number.POSITIVE_INFINITY))).toBe('InvalidArgument');
    expect(expectErr(node.createRate(unwrap(Duration.fromNs(-5n))))).toBe('InvalidArgument');
    void executor.shutdown();
  });

  it('a throwing jump handler does not stop the others; the change answers Error', () => {
    const clock = new Clock('ros');
    const heard: string[] = [];
    unwrap(
      clock.createJumpHandler(
        undefined,
        () => {
          throw new Error('boom');
        },
        { onClockChange: true },
      ),
    );
    unwrap(clock.createJumpHandler(undefined, (j) => void heard.push(j.clockChange), { onClockChange: true }));
    const r = clock.enableRosTimeOverride();
    expect(expectErr(r)).toBe('Error');
    expect(r.ok ? '' : r.error.message).toContain('boom');
    expect(heard).toEqual(['ros_time_activated']);
    expect(clock.isRosTimeActive()).toBe(true);
  });
});

describe('createTimer with a hostile clock', () => {
  it('answers InvalidArgument', () => {
    const { node, executor } = makeFixture();
    expect(expectErr(node.createTimer(10, () => {}, { clock: hostile() }))).toBe('InvalidArgument');
    void executor.shutdown();
  });
});
