/**
 * Actions against real ROS 2 (rclpy's ActionServer / ActionClient on rmw_zenoh_cpp), both ways
 * and in both topologies, on test_msgs/action/Fibonacci (the wheels have no example_interfaces):
 * accept, reject, feedback, abort, an accepted cancel, a cancel of an unknown goal and of a
 * finished one, cancels racing results, the goal status codes, and the action graph as
 * `ros2 action list -t` (rclpy.action.graph) and `rclts action list -t` / `action info` see it.
 * A failing expectation names the side that deviates: "rclpy ..." is what rmw_zenoh_cpp's
 * program answered, "rclts ..." what rclts did.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ActionClient,
  type CancelAnswer,
  CancelReturnCode,
  type Future,
  GoalStatus,
  type Node,
} from '../../../src/index.js';
import { action_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { APL_PEER, fibonacciServer, hex, unwrap } from './apl-support.js';
import { describeRos2, type RclpyPeer, TOPOLOGIES, startWorld, type World } from './peer.js';
import { type Fibonacci, type FibonacciSequence, testMsgsFibonacci } from './test-msgs.js';

const BIN = join(import.meta.dirname, '../../../bin/rclts.mjs');
const NS = '/apl_act';
const seqOf = (s: FibonacciSequence): number[] => [...s.sequence];

interface GoalAnswer {
  accepted: boolean;
  goal_id: string;
  stamp: [number, number];
  feedback?: number[][];
  status?: number;
  sequence?: number[];
  cancel?: { return_code: number; goals_canceling: string[] };
}

function rclts(locator: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--router', locator, '--timeout-ms', '15000', '--wait-ms', '1500'],
      { timeout: 60_000 },
      (error, out, err) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out, err }),
    );
  });
}

describeRos2('actions with rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;
    let Fib: Fibonacci;

    beforeAll(async () => {
      Fib = await testMsgsFibonacci();
      world = await startWorld(kind);
      peer = await world.peer(APL_PEER);
      node = unwrap(world.executor.createNode('rclts_act', { namespace: NS }));
    }, 60_000);

    afterAll(async () => {
      await world?.stop();
    });

    /** One goal sent by rclpy; no spinning here (spinWhile is not reentrant: callers spin once around them all). */
    const send = async (name: string, order: number, extra: Record<string, unknown> = {}): Promise<GoalAnswer> =>
      (await peer.must('action_goal', { name, order, budgetMs: 20_000, ...extra })) as unknown as GoalAnswer;
    const goal = (name: string, order: number, extra: Record<string, unknown> = {}): Promise<GoalAnswer> =>
      world.spinWhile(send(name, order, extra));

    it('rclpy ActionClient -> rclts server: accepted with feedback and SUCCEEDED, rejected, ABORTED', async () => {
      const s = fibonacciServer(node, Fib, 'fib_a');
      const [ok, rejected, aborted] = await world.spinWhile(
        Promise.all([send(`${NS}/fib_a`, 5), send(`${NS}/fib_a`, -1), send(`${NS}/fib_a`, 99)]),
      );
      s.stop();
      expect(ok.accepted, 'rclts accepted the goal').toBe(true);
      expect(ok.status, 'the status rclts answered on get_result').toBe(GoalStatus.Succeeded);
      expect(ok.sequence).toEqual([0, 1, 1, 2, 3, 5]);
      expect(ok.feedback?.length, 'feedback rclts published, as rclpy got it').toBeGreaterThan(0);
      for (const f of ok.feedback ?? []) expect(f).toEqual([0, 1, 1, 2, 3, 5].slice(0, f.length));
      expect(ok.stamp[0], 'the acceptance stamp rclts answered').toBeGreaterThan(0);
      expect(s.goals.map((g) => hex(g.goalId))).toContain(ok.goal_id);
      expect(rejected.accepted, 'rclts rejected order -1').toBe(false);
      expect(aborted.status, 'ABORTED as rclts aborted it').toBe(GoalStatus.Aborted);
      expect(aborted.sequence).toEqual([0, 1, 1]);
    });

    it('rclpy cancels on an rclts server: accepted cancel -> CANCELED; unknown goal -> UNKNOWN_GOAL_ID; finished -> GOAL_TERMINATED', async () => {
      const s = fibonacciServer(node, Fib, 'fib_b');
      const canceled = await goal(`${NS}/fib_b`, 1000, { cancel_after: 2 });
      expect(canceled.cancel, 'rclts answered the cancel').toEqual({
        return_code: CancelReturnCode.None,
        goals_canceling: [canceled.goal_id],
      });
      expect(canceled.status).toBe(GoalStatus.Canceled);
      const unknown = await world.spinWhile(
        peer.must('cancel_raw', { name: `${NS}/fib_b`, goal_id: randomBytes(16).toString('hex') }),
      );
      expect(unknown, 'rclts on a cancel of a goal it never saw').toMatchObject({
        return_code: CancelReturnCode.UnknownGoalId,
        goals_canceling: [],
      });
      const done = await goal(`${NS}/fib_b`, 2);
      expect(done.status).toBe(GoalStatus.Succeeded);
      const late = await world.spinWhile(peer.must('cancel_raw', { name: `${NS}/fib_b`, goal_id: done.goal_id }));
      expect(late, 'rclts on a cancel of a finished goal').toMatchObject({
        return_code: CancelReturnCode.GoalTerminated,
        goals_canceling: [],
      });
      s.stop();
    });

    it('rclpy cancels racing the rclts result: each goal ends once, the cancel answer agreeing with the status', async () => {
      // The server succeeds a goal of order n at the step after its (n-1)th feedback; the
      // cancel is sent on that feedback, so it meets the result on the wire.
      const s = fibonacciServer(node, Fib, 'fib_c', 20);
      const answers = await world.spinWhile(
        Promise.all(
          Array.from({ length: 8 }, (_, i) => send(`${NS}/fib_c`, 3 + (i % 3), { cancel_after: 2 + (i % 3) })),
        ),
      );
      s.stop();
      for (const a of answers) {
        const code = a.cancel?.return_code;
        if (code === CancelReturnCode.None) {
          expect(a.cancel?.goals_canceling).toEqual([a.goal_id]);
          expect(a.status, 'a cancel rclts accepted ends the goal CANCELED').toBe(GoalStatus.Canceled);
        } else {
          expect(code, 'rclts refused a cancel only of a finished goal').toBe(CancelReturnCode.GoalTerminated);
          expect(a.status).toBe(GoalStatus.Succeeded);
        }
      }
      // Every goal the server took ended exactly once, as rclpy saw it end.
      expect(s.goals.every((g) => !g.isActive())).toBe(true);
      expect(new Set(answers.map((a) => a.goal_id)).size).toBe(answers.length);
    });

    describe('rclts ActionClient -> rclpy ActionServer', () => {
      let client: ActionClient<{ order: number }, FibonacciSequence, FibonacciSequence>;
      beforeAll(async () => {
        await world.spinWhile(peer.must('action_server', { name: `${NS}/fib_py`, step_ms: 30 }));
        client = unwrap(node.createActionClient(Fib, `${NS}/fib_py`));
        expect(await client.waitForActionServer(20_000)).toEqual({ ok: true, value: undefined });
      }, 30_000);

      it('a rejection, feedback and SUCCEEDED, ABORTED', async () => {
        const rejected = unwrap(client.sendGoal({ order: -1 }));
        expect(unwrap(await rejected.acceptance.wait(15_000)), 'rclpy rejected order -1').toBe(false);
        const feedback: number[][] = [];
        const g = unwrap(client.sendGoal({ order: 5 }, { feedback: (_g, f) => feedback.push(seqOf(f)) }));
        expect(unwrap(await g.acceptance.wait(15_000))).toBe(true);
        const result = unwrap(await g.result().wait(20_000));
        expect(result.code, 'the status rclpy answered').toBe(GoalStatus.Succeeded);
        expect(seqOf(result.result)).toEqual([0, 1, 1, 2, 3, 5]);
        expect(feedback.length, 'rclpy feedback, as rclts got it').toBeGreaterThan(0);
        for (const f of feedback) expect(f).toEqual([0, 1, 1, 2, 3, 5].slice(0, f.length));
        const aborted = unwrap(client.sendGoal({ order: 99 }));
        const ar = unwrap(await aborted.result().wait(20_000));
        expect(ar.code, 'rclpy aborted order 99').toBe(GoalStatus.Aborted);
        expect(seqOf(ar.result)).toEqual([0, 1, 1]);
        const events = await peer.must('events', { event: 'goal' });
        expect((events.events as { order: number }[]).map((e) => e.order)).toEqual(expect.arrayContaining([-1, 5, 99]));
      });

      it('an accepted cancel -> CANCELED; an unknown goal -> UNKNOWN_GOAL_ID; a finished one -> GOAL_TERMINATED', async () => {
        const long = unwrap(client.sendGoal({ order: 1000 }));
        expect(unwrap(await long.acceptance.wait(15_000))).toBe(true);
        let fed = false; // takeFeedback takes: keep what it answered once
        expect(await world.spinUntil(() => (fed ||= long.takeFeedback() !== undefined), 15_000)).toBe(true);
        const answer = unwrap(await unwrap(client.cancelGoal(long)).wait(15_000));
        expect(answer.returnCode, 'rclpy answered the cancel').toBe(CancelReturnCode.None);
        expect(answer.goalsCanceling.map(hex)).toEqual([hex(long.goalId)]);
        expect(unwrap(await long.result().wait(15_000)).code).toBe(GoalStatus.Canceled);

        const raw = unwrap(node.createPollClient(action_msgs.srv.CancelGoal, `${NS}/fib_py/_action/cancel_goal`));
        const cancel = (id: Uint8Array) =>
          raw.call({ goal_info: { goal_id: { uuid: id }, stamp: { sec: 0, nanosec: 0 } } }, 15_000);
        const unknown = unwrap(await cancel(randomBytes(16)));
        expect(unknown.return_code, 'rclpy on a cancel of a goal it never saw').toBe(CancelReturnCode.UnknownGoalId);
        expect(unknown.goals_canceling).toEqual([]);
        const short = unwrap(client.sendGoal({ order: 2 }));
        expect(unwrap(await short.result().wait(15_000)).code).toBe(GoalStatus.Succeeded);
        const late = unwrap(await cancel(short.goalId));
        expect(late.return_code, 'rclpy on a cancel of a finished goal').toBe(CancelReturnCode.GoalTerminated);
        raw.handle.reset();
      });

      it('cancels racing the rclpy result: each goal ends once, the cancel answer agreeing with the status', async () => {
        const goals = Array.from({ length: 8 }, (_, i) => {
          const order = 3 + (i % 3);
          // Futures only: a wait inside a handler would answer Reentrant.
          const cancels: Future<CancelAnswer>[] = [];
          const ended: number[] = [];
          const g = unwrap(
            client.sendGoal(
              { order },
              {
                // The last feedback (order + 1 numbers): rclpy's next step succeeds the goal. A
                // feedback that comes before the acceptance is dropped (as rclcpp_action does),
                // so the cancel goes on the content, not on a count.
                feedback: (h, f) => {
                  if (f.sequence.length === order + 1) cancels.push(unwrap(client.cancelGoal(h)));
                },
                result: (r) => ended.push(r.ok ? r.value.code : -1),
              },
            ),
          );
          return { g, cancels, ended };
        });
        expect(await world.spinUntil(() => goals.every((x) => x.ended.length > 0), 30_000)).toBe(true);
        await world.executor.spinFor(300);
        let raced = 0;
        for (const { g, cancels, ended } of goals) {
          expect(ended, 'one result per goal').toHaveLength(1);
          expect(g.getStatus()).toBe(ended[0]);
          if (cancels.length === 0) continue; // its last feedback came after its result
          raced++;
          const code = unwrap(await (cancels[0] as Future<CancelAnswer>).wait(15_000)).returnCode;
          if (code === CancelReturnCode.None) {
            // rclpy accepted the cancel; its execute loop may have been past its cancel check.
            expect([GoalStatus.Canceled, GoalStatus.Succeeded]).toContain(ended[0]);
          } else {
            expect(code, 'rclpy refused a cancel only of a finished goal').toBe(CancelReturnCode.GoalTerminated);
            expect(ended[0]).toBe(GoalStatus.Succeeded);
          }
        }
        expect(raced, 'goals whose cancel met the result').toBeGreaterThan(0);
      });
    });

    it('the action graph: rclpy sees the rclts server and client, rclts sees the rclpy server (list -t, info)', async () => {
      const s = fibonacciServer(node, Fib, 'fib_graph');
      await world.executor.spinFor(500);
      const g = (await world.spinWhile(peer.must('action_graph', { node: ['rclts_act', NS] }))) as unknown as {
        actions: [string, string[]][];
        servers: [string, string[]][];
        clients: [string, string[]][];
      };
      expect(g.actions, 'rclpy.action.get_action_names_and_types').toContainEqual([
        `${NS}/fib_graph`,
        ['test_msgs/action/Fibonacci'],
      ]);
      expect(g.servers, 'rclpy: action servers of the rclts node').toContainEqual([
        `${NS}/fib_graph`,
        ['test_msgs/action/Fibonacci'],
      ]);
      expect(g.clients, 'rclpy: action clients of the rclts node').toContainEqual([
        `${NS}/fib_py`,
        ['test_msgs/action/Fibonacci'],
      ]);
      const [list, info] = await world.spinWhile(
        Promise.all([
          rclts(world.locator, 'action', 'list', '-t'),
          rclts(world.locator, 'action', 'info', `${NS}/fib_py`),
        ]),
      );
      s.stop();
      expect(list.code, list.err).toBe(0);
      expect(list.out.split('\n'), 'rclts action list -t').toContain(`${NS}/fib_py [test_msgs/action/Fibonacci]`);
      expect(info.code, info.err).toBe(0);
      expect(info.out, 'rclts action info').toContain('Action servers: 1\n    /rclpy_apl\n');
      expect(info.out).toMatch(/Action clients: [1-9]/);
      expect(info.out).toContain(`    ${NS}/rclts_act\n`);
    });
  });
});
