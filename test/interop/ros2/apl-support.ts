/**
 * What the action, parameter, lifecycle and transient-local checks against rclpy share: the
 * rclpy program they drive (rclpy_apl_peer.py, on peer.ts's protocol), a Fibonacci server on
 * the rclts side as the ROS 2 tutorial writes it, and small helpers.
 */
import { join } from 'node:path';
import { CancelResponse, GoalResponse, type Node, Result, type ServerGoalHandle } from '../../../src/index.js';
import type { Fibonacci, FibonacciGoal, FibonacciSequence } from './test-msgs.js';

/** The rclpy program of these checks (peer.ts's protocol, its own ops). */
export const APL_PEER = join(import.meta.dirname, 'rclpy_apl_peer.py');

/** The value of a Result, or a thrown ResultError naming the error. */
export const unwrap = Result.unwrap;

export const hex = (id: Uint8Array): string => Buffer.from(id).toString('hex');

type Handle = ServerGoalHandle<FibonacciGoal, FibonacciSequence, FibonacciSequence>;

/**
 * An rclts Fibonacci server stepping its goals on a timer of `stepMs`: order < 0 rejected,
 * order 99 aborted after one step, cancel accepted (and then canceled at the next step).
 */
export function fibonacciServer(node: Node, type: Fibonacci, name: string, stepMs = 50) {
  const goals: Handle[] = [];
  const sequences = new Map<Handle, number[]>();
  const server = unwrap(
    node.createActionServer(type, name, {
      goal: (_id, g) => (g.order < 0 ? GoalResponse.Reject : GoalResponse.AcceptAndExecute),
      cancel: () => CancelResponse.Accept,
      accepted: (h) => {
        goals.push(h);
        sequences.set(h, [0, 1]);
      },
    }),
  );
  const timer = unwrap(
    node.createWallTimer(stepMs, () => {
      for (const h of goals) {
        if (!h.isActive()) continue;
        const seq = sequences.get(h) as number[];
        if (h.isCanceling()) h.canceled({ sequence: seq });
        else if (h.goal.order === 99 && seq.length > 2) h.abort({ sequence: seq });
        else if (seq.length > h.goal.order) h.succeed({ sequence: seq });
        else {
          seq.push((seq.at(-1) as number) + (seq.at(-2) as number));
          h.publishFeedback({ sequence: seq });
        }
      }
    }),
  );
  return {
    goals,
    stop: (): void => {
      server.destroy();
      timer.reset();
    },
  };
}
