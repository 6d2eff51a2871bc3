/** Shared pieces of the targeted properties: an executor per run and the closing check. */
import { Executor, type ExecutorOptions } from '../../src/index.js';
import { type Probe, SLACK_MS, turn } from './probe.js';
import { World } from './world.js';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Opens an executor through the probe; undefined (and a recorded failure) when it cannot. */
export async function openExecutor(probe: Probe, options: ExecutorOptions): Promise<Executor | undefined> {
  const created = await probe.wait('Executor.create', 5000, () => Executor.create(options));
  if (created === undefined) return undefined;
  if (!created.ok) {
    probe.fail(`Executor.create failed: ${created.error.message}`);
    return undefined;
  }
  return created.value;
}

/** The closing check of a targeted run: the executor still dispatches, then shuts down cleanly. */
export async function closeRun(
  probe: Probe,
  executor: Executor,
  options: ExecutorOptions,
  dispatchBoundMs: number,
): Promise<void> {
  await new World(probe, executor, options).close(dispatchBoundMs);
}

/** Spins until `done()` or the bound passes; answers whether `done()` became true. */
export async function spinUntil(
  probe: Probe,
  executor: Executor,
  done: () => boolean,
  boundMs: number,
): Promise<boolean> {
  const deadline = performance.now() + boundMs;
  while (!done() && performance.now() < deadline && !executor.isShutdown()) {
    await probe.wait('spinOnce(20)', 20, () => executor.spinOnce(20));
    await turn();
  }
  return done();
}

export const ANSWER_BOUND_MS = SLACK_MS;
