// Actions with an independent peer through a real router (a router of this file's own).
// No ROS 2-over-zenoh peer on PyPI implements actions (zenoh-ros2-sdk 0.1.8 has topics and
// services only), so test/fixtures/action-peer.py is one built on raw eclipse-zenoh and the
// rosbags CDR library (both PyPI, in zenoh-ros2-sdk's cached venv), following rmw_zenoh's key
// layout and the action parts' types; its topic hashes come from rosbags. Goal, feedback,
// cancel and result, both ways.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import {
  CancelResponse,
  CancelReturnCode,
  Executor,
  example_interfaces,
  GoalResponse,
  GoalStatus,
  type Node,
  type ServerGoalHandle,
  Result,
} from '../../src/index.js';
import { ensurePeer, type PeerRun, runPeerScript } from '../support/ros2-sdk-peer.js';

const Fibonacci = example_interfaces.action.Fibonacci;
type Handle = ServerGoalHandle<
  example_interfaces.action.Fibonacci_Goal,
  example_interfaces.action.Fibonacci_Result,
  example_interfaces.action.Fibonacci_Feedback
>;
const PEER = 'test/fixtures/action-peer.py';

let router: RunningRouter;
let python: string;
let executor: Executor;
let node: Node;
const ns = `/interop_act_${randomBytes(3).toString('hex')}`;

const unwrap = Result.unwrap;

beforeAll(async () => {
  python = ensurePeer();
  router = await startRouter({ binary: inject('routerBinary') });
  executor = unwrap(await Executor.create({ router: router.locator }));
  node = unwrap(executor.createNode('rclts_action_side'));
}, 600_000);

afterAll(async () => {
  await executor?.shutdown();
  await router?.stop();
});

const port = () => String(router.tcpPort);

async function spinUntil(done: () => boolean, budgetMs: number): Promise<boolean> {
  const end = Date.now() + budgetMs;
  while (!done() && Date.now() < end) await executor.spinFor(50);
  return done();
}

async function finished(run: PeerRun, budgetMs: number): Promise<number | null | 'still running'> {
  let exit: number | null | 'still running' = 'still running';
  void run.exited.then((c) => {
    exit = c;
  });
  await spinUntil(() => exit !== 'still running', budgetMs);
  if (exit === 'still running') run.kill();
  return exit;
}

/** A Fibonacci server as the ROS 2 tutorial writes it, stepping its goals on a timer. */
function fibonacciServer(name: string) {
  const goals: Handle[] = [];
  const sequences = new Map<Handle, number[]>();
  const server = unwrap(
    node.createActionServer(Fibonacci, name, {
      goal: (_id, g) => (g.order < 0 ? GoalResponse.Reject : GoalResponse.AcceptAndExecute),
      cancel: () => CancelResponse.Accept,
      accepted: (h) => {
        goals.push(h);
        sequences.set(h, [0, 1]);
      },
    }),
  );
  const timer = unwrap(
    node.createWallTimer(50, () => {
      for (const h of goals) {
        if (!h.isActive()) continue;
        const seq = sequences.get(h) as number[];
        if (h.isCanceling()) h.canceled({ sequence: seq });
        else if (seq.length > h.goal.order) h.succeed({ sequence: seq });
        else {
          seq.push((seq.at(-1) as number) + (seq.at(-2) as number));
          h.publishFeedback({ sequence: seq });
        }
      }
    }),
  );
  const stop = (): void => {
    server.destroy();
    timer.reset();
  };
  return { goals, stop };
}

describe('actions with an independent peer (raw eclipse-zenoh + rosbags, rmw_zenoh key layout)', () => {
  it('the peer sends a goal to an rclts server: accepted, feedback, result', async () => {
    const s = fibonacciServer(`${ns}/fib_a`);
    const peer = runPeerScript(python, PEER, 'client', port(), `${ns}/fib_a`, '6', '0');
    expect(await finished(peer, 90_000)).toBe(0);
    s.stop();
    const lines = peer.lines.map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ accepted: true });
    const feedback = lines.filter((l) => 'feedback' in l);
    expect(feedback.length).toBeGreaterThan(0);
    expect(lines.at(-1)).toEqual({ status: GoalStatus.Succeeded, sequence: [0, 1, 1, 2, 3, 5, 8] });
    expect(s.goals[0]?.goal.order).toBe(6);
  }, 180_000);

  it('the peer cancels its goal on an rclts server after the first feedback: canceling, then canceled', async () => {
    const s = fibonacciServer(`${ns}/fib_b`);
    const peer = runPeerScript(python, PEER, 'client', port(), `${ns}/fib_b`, '1000', '1');
    expect(await finished(peer, 90_000)).toBe(0);
    s.stop();
    const lines = peer.lines.map((l) => JSON.parse(l));
    const cancel = lines.find((l) => 'cancel_return_code' in l);
    expect(cancel).toMatchObject({ cancel_return_code: CancelReturnCode.None });
    expect(cancel.canceling).toEqual([cancel.goal]);
    expect(lines.at(-1)).toMatchObject({ status: GoalStatus.Canceled });
  }, 180_000);

  it('rclts sends goals to the peer server: a rejection, a result with feedback, a cancel', async () => {
    const peer = runPeerScript(python, PEER, 'server', port(), `${ns}/fib_peer`);
    expect(await peer.ready).toBe(true);
    const client = unwrap(node.createActionClient(Fibonacci, `${ns}/fib_peer`));
    expect(await client.waitForActionServer(60_000)).toEqual({ ok: true, value: undefined });

    const rejected = unwrap(client.sendGoal({ order: -1 }));
    expect(unwrap(await rejected.acceptance.wait(30_000))).toBe(false);

    const feedback: number[][] = [];
    const goal = unwrap(client.sendGoal({ order: 5 }, { feedback: (_g, f) => feedback.push([...f.sequence]) }));
    expect(unwrap(await goal.acceptance.wait(30_000))).toBe(true);
    const result = unwrap(await goal.result().wait(60_000));
    expect(result.code).toBe(GoalStatus.Succeeded);
    expect([...result.result.sequence]).toEqual([0, 1, 1, 2, 3, 5]);
    // Feedback and the result travel apart (a topic, a reply): feedback that comes after the
    // result is dropped (as rclcpp_action does), so only some steps are sure to be seen.
    expect(feedback.length).toBeGreaterThan(0);
    for (const f of feedback) expect(f).toEqual([0, 1, 1, 2, 3, 5].slice(0, f.length));
    // The goal's last status is its result's.
    expect(await spinUntil(() => goal.getStatus() === GoalStatus.Succeeded, 10_000)).toBe(true);

    const long = unwrap(client.sendGoal({ order: 1000 }));
    expect(unwrap(await long.acceptance.wait(30_000))).toBe(true);
    let fed = false;
    expect(await spinUntil(() => (fed ||= long.takeFeedback() !== undefined), 30_000)).toBe(true);
    const answer = unwrap(await unwrap(client.cancelGoal(long)).wait(30_000));
    expect(answer.returnCode).toBe(CancelReturnCode.None);
    expect(answer.goalsCanceling.map((id) => Buffer.from(id).toString('hex'))).toEqual([
      Buffer.from(long.goalId).toString('hex'),
    ]);
    expect(unwrap(await long.result().wait(30_000)).code).toBe(GoalStatus.Canceled);
    peer.kill();
  }, 180_000);
});
