/**
 * `Executor.create(opts)`: validates the options, opens the rmw session (local by default,
 * zenoh with a router) and returns the executor. The executor is the arena core plus
 * `createNode`, which lives here so that src/executor never calls up into src/rclcpp.
 */

import { checkBudget } from '../budget.js';
import { type CoreInternals, ExecutorCore } from '../executor/executor-core.js';
import { MAX_SLOTS } from '../executor/handle-id.js';
import { openRmwSession } from '../executor/open-rmw-session.js';
import { err, ok, type ResultOf } from '../result.js';
import type { BackendKind, RmwSession } from '../rmw/rmw.js';
import { parseRouterLocator } from '../rmw/router-locator.js';
import type { Executor as ExecutorApi, ExecutorOptions, Node, NodeOptions } from './api.js';
import { createNode } from './node.js';
import { describeValue, readOptions } from './type-check.js';

export const DEFAULT_CAPACITY = 256;
export const DEFAULT_CONNECT_BUDGET_MS = 5000;
export const DEFAULT_KEEP_ALL_LIMIT = 10_000;

export class RclExecutor extends ExecutorCore implements ExecutorApi {
  createNode(name: string, options?: NodeOptions): ResultOf<Node> {
    return createNode(this, name, options);
  }
}

interface CheckedOptions {
  readonly backend: BackendKind;
  readonly router: string | undefined;
  readonly domainId: number;
  readonly capacity: number;
  readonly connectBudgetMs: number;
  readonly keepAllLimit: number;
}

function isCount(x: unknown, min: number, max: number): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;
}

/** Every option read once, checked and defaulted, or InvalidArgument naming the option. */
export function checkExecutorOptions(opts: ExecutorOptions | undefined): ResultOf<CheckedOptions> {
  const read = readOptions('options', opts, [
    'router',
    'backend',
    'domainId',
    'capacity',
    'connectBudgetMs',
    'keepAllLimit',
  ]);
  if (!read.ok) return read;
  const o = read.value;
  let router: string | undefined;
  if (o.router !== undefined) {
    const parsed = parseRouterLocator(o.router);
    if (!parsed.ok) return parsed;
    router = parsed.value.locator;
  }
  const backend = o.backend ?? (router !== undefined ? 'zenoh' : 'local');
  if (backend !== 'local' && backend !== 'zenoh')
    return err('InvalidArgument', `backend must be 'local' or 'zenoh', got ${describeValue(backend)}`);
  if (backend === 'zenoh' && router === undefined)
    return err('InvalidArgument', "backend 'zenoh' needs router (a locator such as 'ws/127.0.0.1:10000')");
  const domainId = o.domainId ?? 0;
  if (!isCount(domainId, 0, 2 ** 31 - 1))
    return err('InvalidArgument', `domainId must be a non-negative integer, got ${describeValue(domainId)}`);
  const capacity = o.capacity ?? DEFAULT_CAPACITY;
  if (!isCount(capacity, 1, MAX_SLOTS))
    return err('InvalidArgument', `capacity must be an integer in [1, ${MAX_SLOTS}], got ${describeValue(capacity)}`);
  const keepAllLimit = o.keepAllLimit ?? DEFAULT_KEEP_ALL_LIMIT;
  if (!isCount(keepAllLimit, 1, Number.MAX_SAFE_INTEGER))
    return err('InvalidArgument', `keepAllLimit must be an integer >= 1, got ${describeValue(keepAllLimit)}`);
  const connectBudgetMs = o.connectBudgetMs ?? DEFAULT_CONNECT_BUDGET_MS;
  const budget = checkBudget('connectBudgetMs', connectBudgetMs);
  if (!budget.ok) return budget;
  return ok({ backend, router, domainId, capacity, connectBudgetMs: connectBudgetMs as number, keepAllLimit });
}

/** Wraps an already open session (tests, custom backends). The executor owns it from now on. */
export function createExecutorOnSession(
  session: RmwSession,
  opts?: Omit<ExecutorOptions, 'router' | 'backend' | 'domainId' | 'connectBudgetMs'>,
  internals?: CoreInternals,
): ResultOf<RclExecutor> {
  const checked = checkExecutorOptions(opts);
  if (!checked.ok) return checked;
  return ok(new RclExecutor(session, checked.value, internals));
}

async function create(opts?: ExecutorOptions): Promise<ResultOf<ExecutorApi>> {
  const checked = checkExecutorOptions(opts);
  if (!checked.ok) return checked;
  const session = await openRmwSession(checked.value);
  if (!session.ok) return session;
  return ok(new RclExecutor(session.value, checked.value));
}

/** `Executor.create(opts)` — the value; `Executor` is also the interface type. */
export const Executor = Object.freeze({ create });
export type Executor = ExecutorApi;
