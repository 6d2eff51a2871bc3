/** SettableFuture: settled once from inside spin, polled or waited for under a budget. */
import { describe, expect, it } from 'vitest';
import { SettableFuture } from '../../../src/rclcpp/future.js';
import { err, ok, type Result } from '../../../src/result.js';
import { expectErr, unwrap } from '../../support/executor-fixture.js';

/** A spinner that records its calls and runs `during` once per call before answering `answer`. */
function fakeSpinner(answer: Result, during: () => void = () => {}) {
  const calls: Array<{ budgetMs: number; what: string | undefined; doneAfter: boolean }> = [];
  return {
    calls,
    async spinUntil(done: () => boolean, budgetMs: number, what?: string): Promise<Result> {
      during();
      calls.push({ budgetMs, what, doneAfter: done() });
      return answer;
    },
  };
}

describe('SettableFuture', () => {
  it('is pending (TryAgain naming it) until settled; the first settlement wins', () => {
    const f = new SettableFuture<number>(fakeSpinner(ok()), 'the reply of /x');
    expect(f.isReady()).toBe(false);
    const pending = f.take();
    expect(pending.ok).toBe(false);
    if (!pending.ok) {
      expect(pending.error.name).toBe('TryAgain');
      expect(pending.error.message).toContain('the reply of /x');
    }
    f.settle(ok(1));
    f.settle(ok(2));
    f.settle(err('Error', 'late'));
    expect(f.isReady()).toBe(true);
    expect(unwrap(f.take())).toBe(1);
    expect(unwrap(f.take())).toBe(1);
  });

  it('keeps a settled error as its answer', () => {
    const f = new SettableFuture<number>(fakeSpinner(ok()), 'x');
    f.settle(err('Timeout', 'gone'));
    f.settle(ok(3));
    expect(expectErr(f.take())).toBe('Timeout');
  });

  it('wait answers a settled value at once, without spinning', async () => {
    const spinner = fakeSpinner(err('Timeout', 'should not spin'));
    const f = new SettableFuture<number>(spinner, 'x');
    f.settle(ok(7));
    expect(unwrap(await f.wait(100))).toBe(7);
    expect(spinner.calls).toEqual([]);
  });

  it('wait refuses a bad budget before spinning', async () => {
    const spinner = fakeSpinner(ok());
    const f = new SettableFuture<number>(spinner, 'x');
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(expectErr(await f.wait(bad))).toBe('InvalidArgument');
    }
    expect(spinner.calls).toEqual([]);
  });

  it('wait spins until settled, with its budget and what it waits for, and answers the settlement', async () => {
    let f: SettableFuture<string> | undefined;
    const spinner = fakeSpinner(ok(), () => f?.settle(ok('done')));
    f = new SettableFuture<string>(spinner, 'the result of goal 1');
    expect(unwrap(await f.wait(250))).toBe('done');
    expect(spinner.calls).toEqual([{ budgetMs: 250, what: 'waiting for the result of goal 1', doneAfter: true }]);
  });

  it("wait answers the spinner's error when the budget runs out unsettled", async () => {
    const f = new SettableFuture<string>(fakeSpinner(err('Timeout', 'budget ran out')), 'x');
    const r = await f.wait(10);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.name, r.error.message]).toEqual(['Timeout', 'budget ran out']);
    expect(f.isReady()).toBe(false);
  });

  it('wait answers the settlement even when the spin ends in an error after settling it', async () => {
    let f: SettableFuture<string> | undefined;
    const spinner = fakeSpinner(err('Error', 'spin stopped'), () => f?.settle(ok('got it')));
    f = new SettableFuture<string>(spinner, 'x');
    expect(unwrap(await f.wait(10))).toBe('got it');
  });

  it('wait answers TryAgain when the spin ends Ok without a settlement', async () => {
    const f = new SettableFuture<string>(fakeSpinner(ok()), 'x');
    expect(expectErr(await f.wait(10))).toBe('TryAgain');
  });
});
