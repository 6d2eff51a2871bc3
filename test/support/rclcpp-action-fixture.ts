/**
 * Shared pieces of the rclcpp-action-* tests: one in-process executor per test, the Fibonacci
 * action, and raw peers (plain services, clients and topics on the `_action/` names) that play
 * a server or a client the way a foreign ROS 2 process could, misbehaving when asked to.
 */
import { afterEach } from 'vitest';
import { Executor, example_interfaces, type Node, type ServerGoalHandle, Result } from '../../src/index.js';
import * as action_msgs from '../../src/rclcpp/interfaces/generated/action_msgs/index.js';

export const Fibonacci = example_interfaces.action.Fibonacci;
export type Goal = example_interfaces.action.Fibonacci_Goal;
export type Res = example_interfaces.action.Fibonacci_Result;
export type Fb = example_interfaces.action.Fibonacci_Feedback;
export type Handle = ServerGoalHandle<Goal, Res, Fb>;
export const CancelGoal = action_msgs.srv.CancelGoal;
export const GoalStatusArray = action_msgs.msg.GoalStatusArray;

/** Generous: the machine is shared; only a hang uses it up. */
export const BUDGET_MS = 8000;

export const unwrap = Result.unwrap;

const opened: Executor[] = [];
afterEach(async () => {
  for (const e of opened.splice(0)) await e.shutdown();
});

let unique = 0;

/**
 * A node on a fresh in-process executor (shut down after the test), in a namespace of its own:
 * executors of one process share the in-process graph, so relative names keep tests apart.
 */
export async function localNode(name = 'n', capacity?: number): Promise<Node> {
  const e = unwrap(await Executor.create({ backend: 'local', ...(capacity === undefined ? {} : { capacity }) }));
  opened.push(e);
  return unwrap(e.createNode(name, { namespace: `/action_test_${process.pid}_${unique++}` }));
}

/** Spins the node's executor until `done()` (false when the budget ran out first). */
export async function spinUntil(node: Node, done: () => boolean, budgetMs = BUDGET_MS): Promise<boolean> {
  return (await node.executor.spinUntil(done, budgetMs)).ok;
}

/** Spins a few rounds so that whatever is on its way arrives (for checks that nothing did). */
export async function settle(node: Node, rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await node.executor.spinOnce(10);
}

export function goalIdOf(fill: number): Uint8Array {
  return new Uint8Array(16).fill(fill);
}

export function hex(id: Uint8Array | readonly number[]): string {
  return [...id].map((b) => b.toString(16).padStart(2, '0')).join('');
}
