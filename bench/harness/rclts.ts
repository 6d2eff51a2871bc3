/** Opening and closing rclts executors for a benchmark; failures become thrown Errors (case errors). */
import { Executor, type ExecutorOptions, Result } from '../../src/index.js';

export async function openExecutor(options: ExecutorOptions, what: string): Promise<Executor> {
  const e = await Executor.create(options);
  if (!e.ok) throw new Error(`${what}: Executor.create failed: ${e.error.message}`);
  return e.value;
}

export const must = Result.expect;

/** Shuts down within a budget; a stuck shutdown must not hang the run. */
export async function shutdownExecutor(e: Executor | undefined, budgetMs = 5000): Promise<void> {
  if (e === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    e.shutdown().then(() => undefined),
    new Promise<void>((r) => {
      timer = setTimeout(r, budgetMs);
    }),
  ]);
  clearTimeout(timer);
}
