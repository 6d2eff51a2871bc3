/**
 * Spin verbs sleep until there is something to do (the next timer deadline, new work, the
 * end of the budget) instead of polling. Counted, not timed: how many times the executor
 * asks the event loop to call it back while it waits ~30 ms for one timer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Executor, type Node } from '../../../src/index.js';

type AnExecutor = Node['executor'];

const opened: AnExecutor[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const e of opened.splice(0)) await e.shutdown();
});

async function executorWithTimer(periodMs: number): Promise<{ executor: AnExecutor; fired: () => number }> {
  const created = await Executor.create({ backend: 'local' });
  if (!created.ok) throw new Error(created.error.message);
  const executor = created.value;
  opened.push(executor);
  const node = executor.createNode('sleeper');
  if (!node.ok) throw new Error(node.error.message);
  let fired = 0;
  const timer = node.value.createWallTimer(periodMs, () => fired++);
  if (!timer.ok) throw new Error(timer.error.message);
  return { executor, fired: () => fired };
}

/** Counts the callbacks scheduled on the event loop (timeouts, intervals, immediates) while `run` runs. */
async function wakeupsDuring<T>(run: () => Promise<T>): Promise<{ result: T; wakeups: number }> {
  const spies = [
    vi.spyOn(globalThis, 'setTimeout'),
    vi.spyOn(globalThis, 'setInterval'),
    vi.spyOn(globalThis, 'setImmediate'),
  ];
  try {
    const result = await run();
    return { result, wakeups: spies.reduce((n, s) => n + s.mock.calls.length, 0) };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe('waiting spin verbs sleep rather than poll', () => {
  it('spinOnce with a long budget wakes a few times for a timer due in 30 ms, not once per millisecond', async () => {
    const { executor, fired } = await executorWithTimer(30);
    const { result, wakeups } = await wakeupsDuring(() => executor.spinOnce(5000));
    expect(result.ok && result.value.timers).toBe(1);
    expect(fired()).toBe(1);
    expect(wakeups).toBeLessThanOrEqual(4);
  });

  it('spinFor sleeps between timer periods: a handful of wake-ups per period', async () => {
    // A 10 ms period: ~10 periods in the 100 ms, so a loaded machine that delays a timer by
    // tens of ms still leaves several (with 30 ms, a suite on 2 busy cores once saw only one).
    const { executor, fired } = await executorWithTimer(10);
    const { result, wakeups } = await wakeupsDuring(() => executor.spinFor(100));
    expect(result.ok).toBe(true);
    expect(fired()).toBeGreaterThanOrEqual(2);
    // A poll every millisecond would be ~100; sleeping to each deadline is a few per period.
    expect(wakeups).toBeLessThanOrEqual(4 * (fired() + 1) + 4);
  });
});
