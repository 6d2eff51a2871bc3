/**
 * The executor a CLI command runs on: over zenoh when `--router` is given, in-process
 * otherwise (where only this process's own entities exist).
 */

import { DEFAULT_CONNECT_BUDGET_MS, err, Executor, type ResultOf } from '../../index.js';
import type { CliIo } from './cli-io.js';

export async function openCliExecutor(router: string | undefined, io: CliIo): Promise<ResultOf<Executor>> {
  if (router !== undefined) io.err(`connecting to ${router}...`);
  const created = await Executor.create({ router, connectBudgetMs: DEFAULT_CONNECT_BUDGET_MS });
  if (!created.ok) {
    return err(
      created.error.name,
      `cannot open a session on ${router ?? 'the in-process backend'} within ${DEFAULT_CONNECT_BUDGET_MS}ms: ${created.error.message}`,
    );
  }
  return created;
}

/** Said when a network command runs without --router: nothing else can be seen in-process. */
export const NO_ROUTER_NOTE =
  'note: no --router given. The topic and robot tools observe zenoh; without a router this process sees only itself. Pass --router ws/HOST:PORT (the router of the simulator, e.g. vrobots sim --router ws/127.0.0.1:10000).';
