/**
 * Test fixture: an executor over a private in-process bus (isolated from other tests), with
 * an optional fake timer clock.
 */
import type { CoreInternals } from '../../src/executor/executor-core.js';
import type { ExecutorOptions, example_interfaces, Node, ResultOf } from '../../src/index.js';
import { Result } from '../../src/index.js';
import { createExecutorOnSession, type RclExecutor } from '../../src/rclcpp/executor.js';
import { LocalBus, openLocalSession } from '../../src/rmw/local/index.js';
import { BARE_NODE } from './bare-node.js';

export const unwrap = Result.unwrap;

export function expectErr(r: Result | ResultOf<unknown>): string {
  if (r.ok) throw new Error('expected an error, got ok');
  return r.error.name;
}

export interface Fixture {
  readonly executor: RclExecutor;
  readonly node: Node;
  readonly bus: LocalBus;
}

export function makeFixture(
  opts: Omit<ExecutorOptions, 'router' | 'backend' | 'domainId' | 'connectBudgetMs'> = {},
  internals: CoreInternals = {},
  bus = new LocalBus(),
): Fixture {
  const session = unwrap(openLocalSession({ bus }));
  const executor = unwrap(createExecutorOnSession(session, opts, internals));
  // Bare: the executor tests count entries, and a node's built-in services would be among them.
  const node = unwrap(executor.createNode('fixture', BARE_NODE));
  return { executor, node, bus };
}

/** A hand-advanced clock for timers. */
export function fakeClock(start = 0): { now: () => number; set: (t: number) => void } {
  let t = start;
  return { now: () => t, set: (v: number) => void (t = v) };
}

/** Lets the local bus deliver (it flushes in a microtask). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** An AddTwoInts service handler. */
export const add = (req: example_interfaces.srv.AddTwoInts_Request): example_interfaces.srv.AddTwoInts_Response => ({
  sum: req.a + req.b,
});

/** A client's reply handler that keeps each reply with its sequence number, in arrival order. */
export function replies() {
  const got: [bigint, ResultOf<example_interfaces.srv.AddTwoInts_Response>][] = [];
  return {
    got,
    onResponse: (r: ResultOf<example_interfaces.srv.AddTwoInts_Response>, seq: bigint) => void got.push([seq, r]),
  };
}
