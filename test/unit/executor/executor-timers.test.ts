/** Timers on a hand-advanced clock: exact overrun counts, phase, one-shot, cancel/restart. */
import { describe, expect, it } from 'vitest';
import { Duration } from '../../../src/index.js';
import { expectErr, fakeClock, makeFixture, unwrap } from '../../support/executor-fixture.js';

describe('wall timers', () => {
  it('skip missed periods, count them as overruns and keep the phase', () => {
    const clock = fakeClock(0);
    const { executor, node } = makeFixture({}, { clock: clock.now });
    const fired: number[] = [];
    const timer = unwrap(node.createWallTimer(10, () => fired.push(clock.now())));
    clock.set(9);
    expect(unwrap(executor.spinSome()).timers).toBe(0);
    clock.set(10);
    expect(unwrap(executor.spinSome()).timers).toBe(1);
    expect(timer.overrunCount()).toBe(0);
    // The round comes 25 ms late for the deadline at 20: 30 and 40 are skipped.
    clock.set(45);
    expect(unwrap(executor.spinSome()).timers).toBe(1);
    expect(timer.overrunCount()).toBe(2);
    // Phase kept: next deadline is 50, not 55.
    clock.set(49);
    expect(unwrap(executor.spinSome()).timers).toBe(0);
    clock.set(50);
    expect(unwrap(executor.spinSome()).timers).toBe(1);
    expect(fired).toEqual([10, 45, 50]);
    expect(timer.overrunCount()).toBe(2);
  });

  it('count overruns caused by a busy handler (measured wall time)', async () => {
    const { executor, node } = makeFixture();
    let calls = 0;
    const timer = unwrap(
      node.createWallTimer(10, () => {
        calls++;
        if (calls === 1) {
          const until = performance.now() + 45;
          while (performance.now() < until) {
            // busy: the next two or more periods pass during this handler
          }
        }
      }),
    );
    for (let i = 0; i < 50 && calls < 2; i++) unwrap(await executor.spinOnce(1000));
    expect(calls).toBe(2);
    expect(timer.overrunCount()).toBeGreaterThanOrEqual(2);
  });

  it('fire one-shot timers once', () => {
    const clock = fakeClock(0);
    const { executor, node } = makeFixture({}, { clock: clock.now });
    let fired = 0;
    const timer = unwrap(node.createOneShotTimer(5, () => fired++));
    clock.set(100);
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    expect(fired).toBe(1);
    expect(timer.isCanceled()).toBe(true);
    unwrap(timer.restart());
    clock.set(105);
    unwrap(executor.spinSome());
    expect(fired).toBe(2);
  });

  it('cancel stops and restart resumes from now; a Duration works as the period', () => {
    const clock = fakeClock(0);
    const { executor, node } = makeFixture({}, { clock: clock.now });
    let fired = 0;
    const timer = unwrap(node.createWallTimer(unwrap(Duration.fromMs(10)), () => fired++));
    unwrap(timer.cancel());
    expect(timer.isCanceled()).toBe(true);
    clock.set(100);
    unwrap(executor.spinSome());
    expect(fired).toBe(0);
    unwrap(timer.restart());
    clock.set(105);
    unwrap(executor.spinSome());
    expect(fired).toBe(0);
    clock.set(110);
    unwrap(executor.spinSome());
    expect(fired).toBe(1);
    expect(timer.overrunCount()).toBe(0);
  });

  it('refuse bad periods with InvalidArgument and register nothing', () => {
    const { executor, node } = makeFixture();
    for (const p of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(expectErr(node.createWallTimer(p, () => {}))).toBe('InvalidArgument');
      expect(expectErr(node.createOneShotTimer(p, () => {}))).toBe('InvalidArgument');
    }
    expect(expectErr(node.createWallTimer(10, 'nope' as never))).toBe('InvalidArgument');
    expect(executor.usage().used).toBe(0);
  });

  it('spinOnce with a long budget returns at the next timer deadline, having dispatched that timer', async () => {
    const { executor, node } = makeFixture();
    let fired = 0;
    unwrap(node.createWallTimer(30, () => fired++));
    const report = unwrap(await executor.spinOnce(5000));
    expect(report.timers).toBe(1);
    expect(fired).toBe(1);
  });
});
