/**
 * test_msgs/action/Fibonacci for rclts, typed: the PyPI wheels carry test_msgs but not
 * example_interfaces (no ros-example-interfaces wheel exists), so the action checks against
 * rclpy use test_msgs's Fibonacci (example_interfaces's fields, other type hashes), generated
 * as a user generates their own package (structs.ts).
 */
import type { ActionType } from '../../../src/index.js';
import { loadTestMsgs } from './structs.js';

export interface FibonacciGoal {
  order: number;
}
export interface FibonacciSequence {
  sequence: Int32Array | number[];
}
export type Fibonacci = ActionType<FibonacciGoal, FibonacciSequence, FibonacciSequence>;

/** The generated test_msgs/action/Fibonacci. */
export async function testMsgsFibonacci(): Promise<Fibonacci> {
  const action = (await loadTestMsgs()).action as { Fibonacci: Fibonacci } | undefined;
  if (action === undefined) throw new Error('test_msgs generated without its action section');
  return action.Fibonacci;
}
