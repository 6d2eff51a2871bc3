/**
 * The action server against a raw peer: plain service clients on `<action>/_action/...` and a
 * status subscription, as a foreign ROS 2 client would use them, including requests a
 * well-behaved rclts client never sends (a goal id twice, a result or a cancel of an unknown
 * goal, cancel by stamp). Everything runs in one in-process executor.
 */
import { describe, expect, it } from 'vitest';
import {
  type ActionServerCallbacks,
  CancelResponse,
  CancelReturnCode,
  type ExecutorEvent,
  GoalResponse,
  GoalStatus,
  type Node,
  QoS,
} from '../../../src/index.js';
import {
  BUDGET_MS,
  CancelGoal,
  type Fb,
  Fibonacci,
  type Goal,
  GoalStatusArray,
  goalIdOf,
  type Handle,
  hex,
  localNode,
  type Res,
  settle,
  spinUntil,
  unwrap,
} from '../../support/rclcpp-action-fixture.js';

const ZERO_STAMP = { sec: 0, nanosec: 0 };

/** A get_result reply with its sequence as a plain array. */
function outcome(r: { status: number; result: Res }): { status: number; result: number[] } {
  return { status: r.status, result: [...r.result.sequence] };
}

/** A server on `fib` keeping every accepted goal, plus raw clients of its three services. */
function serverAndPeer(
  node: Node,
  callbacks: Partial<ActionServerCallbacks<Goal, Res, Fb>> = {},
  resultTimeoutMs?: number,
) {
  const accepted: Handle[] = [];
  const goalCalls: string[] = [];
  const server = unwrap(
    node.createActionServer(
      Fibonacci,
      'fib',
      {
        goal:
          callbacks.goal ??
          ((id) => {
            goalCalls.push(hex(id));
            return GoalResponse.AcceptAndExecute;
          }),
        cancel: callbacks.cancel ?? (() => CancelResponse.Accept),
        accepted:
          callbacks.accepted ??
          ((h) => {
            accepted.push(h);
          }),
      },
      resultTimeoutMs === undefined ? undefined : { resultTimeoutMs },
    ),
  );
  const sendGoal = unwrap(node.createPollClient(Fibonacci.SendGoal, 'fib/_action/send_goal'));
  const getResult = unwrap(node.createPollClient(Fibonacci.GetResult, 'fib/_action/get_result'));
  const cancel = unwrap(node.createPollClient(CancelGoal, 'fib/_action/cancel_goal'));
  const statuses: { id: string; status: number; ns: bigint }[][] = [];
  unwrap(
    node.createSubscription(
      GoalStatusArray,
      'fib/_action/status',
      (m) => {
        statuses.push(
          m.status_list.map((s) => ({
            id: hex(s.goal_info.goal_id.uuid),
            status: s.status,
            ns: BigInt(s.goal_info.stamp.sec) * 1_000_000_000n + BigInt(s.goal_info.stamp.nanosec),
          })),
        );
      },
      QoS.default().transientLocal().keepLast(1),
    ),
  );
  const send = async (fill: number, order = 1) =>
    unwrap(await sendGoal.call({ goal_id: { uuid: goalIdOf(fill) }, goal: { order } }, BUDGET_MS));
  const result = async (fill: number) =>
    outcome(unwrap(await getResult.call({ goal_id: { uuid: goalIdOf(fill) } }, BUDGET_MS)));
  const cancelGoal = async (fill: number, stamp = ZERO_STAMP) =>
    unwrap(await cancel.call({ goal_info: { goal_id: { uuid: goalIdOf(fill) }, stamp } }, BUDGET_MS));
  const lastStatus = () => statuses.at(-1) ?? [];
  return { server, accepted, goalCalls, sendGoal, getResult, cancel, send, result, cancelGoal, statuses, lastStatus };
}

describe('action server: goal requests', () => {
  it('accepts a goal with the stamp of now, runs accepted once, and publishes it executing', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    const before = n.now().nanoseconds;
    const answer = await p.send(1, 7);
    const after = n.now().nanoseconds;
    expect(answer.accepted).toBe(true);
    const stampNs = BigInt(answer.stamp.sec) * 1_000_000_000n + BigInt(answer.stamp.nanosec);
    expect(stampNs >= before && stampNs <= after).toBe(true);
    expect(await spinUntil(n, () => p.accepted.length === 1)).toBe(true);
    const h = p.accepted[0] as Handle;
    expect(hex(h.goalId)).toBe(hex(goalIdOf(1)));
    expect(h.goal.order).toBe(7);
    expect(h.acceptedAtNs).toBe(stampNs);
    expect(h.getStatus()).toBe(GoalStatus.Executing);
    expect([h.isActive(), h.isExecuting(), h.isCanceling()]).toEqual([true, true, false]);
    expect(await spinUntil(n, () => p.lastStatus().length === 1)).toBe(true);
    expect(p.lastStatus()).toEqual([{ id: hex(goalIdOf(1)), status: GoalStatus.Executing, ns: stampNs }]);
    expect(p.server.goalCount()).toBe(1);
    expect(p.server.activeGoals()).toEqual([h]);
    await settle(n);
    expect(p.accepted).toHaveLength(1);
  });

  it('refuses a second goal with an id it already tracks, without asking the goal callback', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    expect((await p.send(3)).accepted).toBe(true);
    const again = await p.send(3, 99);
    expect(again.accepted).toBe(false);
    expect(p.goalCalls).toEqual([hex(goalIdOf(3))]);
    await settle(n);
    expect(p.accepted).toHaveLength(1);
    expect((p.accepted[0] as Handle).goal.order).toBe(1);
    expect(p.server.goalCount()).toBe(1);
  });

  it('refuses the goal when the callback rejects or answers a value that is not a GoalResponse', async () => {
    for (const answer of [GoalResponse.Reject, 0, 4, undefined]) {
      const n = await localNode();
      const p = serverAndPeer(n, { goal: () => answer as GoalResponse });
      const reply = await p.send(5);
      expect(reply.accepted).toBe(false);
      await settle(n);
      expect(p.accepted).toHaveLength(0);
      expect(p.server.goalCount()).toBe(0);
      // Nothing was accepted, so nothing is announced on the status topic either.
      expect(p.statuses.every((s) => s.length === 0)).toBe(true);
    }
  });

  it('AcceptAndDefer keeps the goal accepted until execute(); execute() twice is refused', async () => {
    const n = await localNode();
    const p = serverAndPeer(n, { goal: () => GoalResponse.AcceptAndDefer });
    expect((await p.send(2)).accepted).toBe(true);
    expect(await spinUntil(n, () => p.accepted.length === 1)).toBe(true);
    const h = p.accepted[0] as Handle;
    expect(h.getStatus()).toBe(GoalStatus.Accepted);
    expect([h.isActive(), h.isExecuting(), h.isCanceling()]).toEqual([true, false, false]);
    expect(await spinUntil(n, () => p.lastStatus()[0]?.status === GoalStatus.Accepted)).toBe(true);
    // Only an executing (or canceling) goal may finish.
    expect(h.succeed({ sequence: [1] })).toMatchObject({ ok: false, error: { name: 'Error' } });
    expect(h.abort({ sequence: [1] })).toMatchObject({ ok: false, error: { name: 'Error' } });
    expect(h.canceled({ sequence: [1] })).toMatchObject({ ok: false, error: { name: 'Error' } });
    expect(h.getStatus()).toBe(GoalStatus.Accepted);
    expect(h.execute()).toEqual({ ok: true, value: undefined });
    expect(h.getStatus()).toBe(GoalStatus.Executing);
    expect(await spinUntil(n, () => p.lastStatus()[0]?.status === GoalStatus.Executing)).toBe(true);
    const twice = h.execute();
    expect(twice).toMatchObject({ ok: false, error: { name: 'Error' } });
    if (!twice.ok) expect(twice.error.message).toContain('executing');
    expect(h.getStatus()).toBe(GoalStatus.Executing);
  });

  it('a throwing accepted callback is counted once; the other goals of the round are announced', async () => {
    const n = await localNode();
    const events: ExecutorEvent[] = [];
    n.executor.onEvent((e) => {
      events.push(e);
    });
    const announced: string[] = [];
    const p = serverAndPeer(n, {
      accepted: (h) => {
        announced.push(hex(h.goalId));
        if (h.goal.order === 1) throw new Error('boom');
      },
    });
    const errorsBefore = n.executor.stats().handlerErrors;
    // Both requests are queued before the server spins, so one flush announces both.
    const replies: boolean[] = [];
    const raw = unwrap(
      n.createClient(Fibonacci.SendGoal, 'fib/_action/send_goal', (r) => {
        replies.push(unwrap(r).accepted);
      }),
    );
    unwrap(raw.asyncSendRequest({ goal_id: { uuid: goalIdOf(1) }, goal: { order: 1 } }));
    unwrap(raw.asyncSendRequest({ goal_id: { uuid: goalIdOf(2) }, goal: { order: 2 } }));
    expect(await spinUntil(n, () => announced.length === 2)).toBe(true);
    expect(await spinUntil(n, () => p.lastStatus().length === 2)).toBe(true);
    await settle(n);
    expect(replies).toEqual([true, true]);
    expect(announced.sort()).toEqual([hex(goalIdOf(1)), hex(goalIdOf(2))]);
    expect(n.executor.stats().handlerErrors - errorsBefore).toBe(1);
    const errors = events.filter((e) => e.type === 'handler_error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ error: { message: 'boom' } });
    // Later status publications run the same flush and count nothing more.
    unwrap((p.server.activeGoals()[0] as Handle).abort({ sequence: [] }));
    expect(await spinUntil(n, () => p.lastStatus().some((s) => s.status === GoalStatus.Aborted))).toBe(true);
    await settle(n);
    expect(n.executor.stats().handlerErrors - errorsBefore).toBe(1);
  });
});

describe('action server: goal states and results', () => {
  it('succeed, abort and canceled each end a goal once; get_result answers the outcome', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    for (const fill of [1, 2, 3]) expect((await p.send(fill)).accepted).toBe(true);
    expect(await spinUntil(n, () => p.accepted.length === 3)).toBe(true);
    const [a, b, c] = p.accepted as [Handle, Handle, Handle];
    expect(a.succeed({ sequence: [0, 1] })).toEqual({ ok: true, value: undefined });
    expect(b.abort({ sequence: [2] })).toEqual({ ok: true, value: undefined });
    // canceled() needs a cancel request first.
    expect(c.canceled({ sequence: [3] })).toMatchObject({ ok: false, error: { name: 'Error' } });
    expect(c.getStatus()).toBe(GoalStatus.Executing);
    expect(a.getStatus()).toBe(GoalStatus.Succeeded);
    expect(b.getStatus()).toBe(GoalStatus.Aborted);
    for (const h of [a, b]) {
      expect([h.isActive(), h.isExecuting(), h.isCanceling()]).toEqual([false, false, false]);
      for (const verb of [() => h.succeed({ sequence: [] }), () => h.abort({ sequence: [] }), () => h.execute()]) {
        expect(verb()).toMatchObject({ ok: false, error: { name: 'Error' } });
      }
    }
    expect(a.getStatus()).toBe(GoalStatus.Succeeded);
    expect(await p.result(1)).toEqual({ status: GoalStatus.Succeeded, result: [0, 1] });
    expect(await p.result(2)).toEqual({ status: GoalStatus.Aborted, result: [2] });
    expect(p.server.activeGoals()).toEqual([c]);
    expect(p.server.goalCount()).toBe(3);
    expect(
      await spinUntil(
        n,
        () =>
          p
            .lastStatus()
            .map((s) => s.status)
            .join() === [GoalStatus.Succeeded, GoalStatus.Aborted, GoalStatus.Executing].join(),
      ),
    ).toBe(true);
  });

  it('a get_result asked while the goal runs is answered when it finishes, with the status it ended in', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    expect((await p.send(4)).accepted).toBe(true);
    expect(await spinUntil(n, () => p.accepted.length === 1)).toBe(true);
    const h = p.accepted[0] as Handle;
    const replies: { status: number; result: number[] }[] = [];
    const raw = unwrap(
      n.createClient(Fibonacci.GetResult, 'fib/_action/get_result', (r) => {
        replies.push(outcome(unwrap(r)));
      }),
    );
    unwrap(raw.asyncSendRequest({ goal_id: { uuid: goalIdOf(4) } }));
    unwrap(raw.asyncSendRequest({ goal_id: { uuid: goalIdOf(4) } }));
    await settle(n);
    expect(replies).toEqual([]);
    unwrap(h.abort({ sequence: [4, 4] }));
    expect(await spinUntil(n, () => replies.length === 2)).toBe(true);
    expect(replies).toEqual([
      { status: GoalStatus.Aborted, result: [4, 4] },
      { status: GoalStatus.Aborted, result: [4, 4] },
    ]);
  });

  it('a result asked for a goal it never had is Unknown with an empty result', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    expect(await p.result(9)).toEqual({ status: GoalStatus.Unknown, result: [] });
    expect(p.server.goalCount()).toBe(0);
  });

  it('feedback goes out with the goal id while the goal is active, and is refused once it is finished', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    const got: { id: string; seq: number[] }[] = [];
    unwrap(
      n.createSubscription(Fibonacci.FeedbackMessage, 'fib/_action/feedback', (m) => {
        got.push({ id: hex(m.goal_id.uuid), seq: [...m.feedback.sequence] });
      }),
    );
    expect((await p.send(6)).accepted).toBe(true);
    expect(await spinUntil(n, () => p.accepted.length === 1)).toBe(true);
    const h = p.accepted[0] as Handle;
    expect(h.publishFeedback({ sequence: [1, 2] })).toEqual({ ok: true, value: undefined });
    expect(await spinUntil(n, () => got.length === 1)).toBe(true);
    expect(got).toEqual([{ id: hex(goalIdOf(6)), seq: [1, 2] }]);
    unwrap(h.succeed({ sequence: [] }));
    expect(h.publishFeedback({ sequence: [3] })).toMatchObject({ ok: false, error: { name: 'Error' } });
    await settle(n);
    expect(got).toHaveLength(1);
  });

  it('finished results expire after resultTimeoutMs: get_result then answers Unknown, status drops the goal', async () => {
    const n = await localNode();
    const p = serverAndPeer(n, {}, 30);
    for (const fill of [1, 2]) expect((await p.send(fill)).accepted).toBe(true);
    expect(await spinUntil(n, () => p.accepted.length === 2)).toBe(true);
    unwrap((p.accepted[0] as Handle).succeed({ sequence: [1] }));
    expect(await spinUntil(n, () => p.server.goalCount() === 1)).toBe(true);
    expect(await p.result(1)).toEqual({ status: GoalStatus.Unknown, result: [] });
    // The active goal never expires, however long it runs.
    await n.executor.spinFor(100);
    expect(p.server.goalCount()).toBe(1);
    expect(await spinUntil(n, () => p.lastStatus().length === 1)).toBe(true);
    expect(p.lastStatus()).toMatchObject([{ id: hex(goalIdOf(2)), status: GoalStatus.Executing }]);
    // The expiry timer keeps running (every 30 ms here); with nothing left to expire it publishes nothing.
    const published = p.statuses.length;
    await n.executor.spinFor(150);
    expect(p.statuses.length).toBe(published);
  });

  it('a finished result stays available well inside resultTimeoutMs', async () => {
    const n = await localNode();
    const p = serverAndPeer(n, {}, 60_000);
    expect((await p.send(1)).accepted).toBe(true);
    expect(await spinUntil(n, () => p.accepted.length === 1)).toBe(true);
    unwrap((p.accepted[0] as Handle).succeed({ sequence: [8] }));
    await n.executor.spinFor(150);
    expect(p.server.goalCount()).toBe(1);
    expect(await p.result(1)).toEqual({ status: GoalStatus.Succeeded, result: [8] });
  });
});

describe('action server: cancel requests', () => {
  /** Goals 1..count accepted one after another (distinct acceptance stamps). */
  async function running(count: number, cancel?: (h: Handle) => CancelResponse) {
    const n = await localNode();
    const p = serverAndPeer(n, cancel === undefined ? {} : { cancel });
    const stamps: { sec: number; nanosec: number }[] = [];
    for (let fill = 1; fill <= count; fill++) {
      const reply = await p.send(fill);
      expect(reply.accepted).toBe(true);
      stamps.push(reply.stamp);
      // node.now() has ms resolution on some hosts: keep the stamps apart.
      await new Promise((r) => setTimeout(r, 3));
    }
    expect(await spinUntil(n, () => p.accepted.length === count)).toBe(true);
    return { n, p, stamps, handles: p.accepted };
  }
  const ids = (answer: { goals_canceling: { goal_id: { uuid: Uint8Array | number[] } }[] }) =>
    answer.goals_canceling.map((g) => hex(g.goal_id.uuid)).sort();

  it('an unknown goal id answers UnknownGoalId and cancels nothing', async () => {
    const { p, handles } = await running(1);
    expect(await p.cancelGoal(9)).toEqual({ return_code: CancelReturnCode.UnknownGoalId, goals_canceling: [] });
    expect((handles[0] as Handle).getStatus()).toBe(GoalStatus.Executing);
  });

  it('a named goal moves to canceling, is listed with its stamp, and may then end canceled, succeeded or aborted', async () => {
    const { n, p, stamps, handles } = await running(3);
    for (const fill of [1, 2, 3]) {
      const answer = await p.cancelGoal(fill);
      expect(answer.return_code).toBe(CancelReturnCode.None);
      expect(answer.goals_canceling).toEqual([{ goal_id: { uuid: goalIdOf(fill) }, stamp: stamps[fill - 1] }]);
    }
    const [a, b, c] = handles as [Handle, Handle, Handle];
    for (const h of [a, b, c]) {
      expect(h.getStatus()).toBe(GoalStatus.Canceling);
      expect([h.isActive(), h.isExecuting(), h.isCanceling()]).toEqual([true, false, true]);
    }
    expect(await spinUntil(n, () => p.lastStatus().every((s) => s.status === GoalStatus.Canceling))).toBe(true);
    // A goal already canceling is not cancelable again.
    expect(await p.cancelGoal(1)).toEqual({ return_code: CancelReturnCode.GoalTerminated, goals_canceling: [] });
    expect(a.execute()).toMatchObject({ ok: false });
    unwrap(a.canceled({ sequence: [1] }));
    unwrap(b.succeed({ sequence: [2] }));
    unwrap(c.abort({ sequence: [3] }));
    expect(await p.result(1)).toEqual({ status: GoalStatus.Canceled, result: [1] });
    expect(await p.result(2)).toEqual({ status: GoalStatus.Succeeded, result: [2] });
    expect(await p.result(3)).toEqual({ status: GoalStatus.Aborted, result: [3] });
    expect(a.canceled({ sequence: [] })).toMatchObject({ ok: false, error: { name: 'Error' } });
  });

  it('a finished goal answers GoalTerminated and keeps its outcome', async () => {
    const { p, handles } = await running(1);
    unwrap((handles[0] as Handle).succeed({ sequence: [5] }));
    expect(await p.cancelGoal(1)).toEqual({ return_code: CancelReturnCode.GoalTerminated, goals_canceling: [] });
    expect((handles[0] as Handle).getStatus()).toBe(GoalStatus.Succeeded);
    expect(await p.result(1)).toEqual({ status: GoalStatus.Succeeded, result: [5] });
  });

  it('zero id and zero stamp cancel every active goal, finished ones untouched', async () => {
    const { p, handles } = await running(3);
    unwrap((handles[1] as Handle).succeed({ sequence: [] }));
    const answer = await p.cancelGoal(0);
    expect(answer.return_code).toBe(CancelReturnCode.None);
    expect(ids(answer)).toEqual([hex(goalIdOf(1)), hex(goalIdOf(3))]);
    expect(handles.map((h) => h.getStatus())).toEqual([
      GoalStatus.Canceling,
      GoalStatus.Succeeded,
      GoalStatus.Canceling,
    ]);
  });

  it('zero id with nothing running answers None with an empty list', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    expect(await p.cancelGoal(0)).toEqual({ return_code: CancelReturnCode.None, goals_canceling: [] });
  });

  it('zero id with a stamp cancels the goals accepted at or before it, not the later ones', async () => {
    const { p, stamps, handles } = await running(3);
    const answer = await p.cancelGoal(0, stamps[1]);
    expect(answer.return_code).toBe(CancelReturnCode.None);
    expect(ids(answer)).toEqual([hex(goalIdOf(1)), hex(goalIdOf(2))]);
    expect(handles.map((h) => h.getStatus())).toEqual([
      GoalStatus.Canceling,
      GoalStatus.Canceling,
      GoalStatus.Executing,
    ]);
  });

  it('an id with a stamp cancels that goal and those accepted up to the stamp, each listed once', async () => {
    const { p, stamps, handles } = await running(3);
    const answer = await p.cancelGoal(3, stamps[0]);
    expect(answer.return_code).toBe(CancelReturnCode.None);
    expect(answer.goals_canceling).toHaveLength(2);
    expect(ids(answer)).toEqual([hex(goalIdOf(1)), hex(goalIdOf(3))]);
    expect(handles.map((h) => h.getStatus())).toEqual([
      GoalStatus.Canceling,
      GoalStatus.Executing,
      GoalStatus.Canceling,
    ]);
    // The same by an id already inside the stamp's range: still one entry per goal.
    const again = await running(2);
    const both = await again.p.cancelGoal(1, again.stamps[1]);
    expect(both.goals_canceling).toHaveLength(2);
    expect(ids(both)).toEqual([hex(goalIdOf(1)), hex(goalIdOf(2))]);
  });

  it('an id of a finished goal with a stamp still cancels the goals up to the stamp', async () => {
    const { p, stamps, handles } = await running(2);
    unwrap((handles[0] as Handle).succeed({ sequence: [] }));
    const answer = await p.cancelGoal(1, stamps[1]);
    expect(answer.return_code).toBe(CancelReturnCode.None);
    expect(ids(answer)).toEqual([hex(goalIdOf(2))]);
  });

  it('the cancel callback decides per goal: all refused is Rejected, some refused lists only the others', async () => {
    const { p, handles } = await running(3, (h) =>
      hex(h.goalId) === hex(goalIdOf(2)) ? CancelResponse.Accept : CancelResponse.Reject,
    );
    expect(await p.cancelGoal(1)).toEqual({ return_code: CancelReturnCode.Rejected, goals_canceling: [] });
    expect((handles[0] as Handle).getStatus()).toBe(GoalStatus.Executing);
    const some = await p.cancelGoal(0);
    expect(some.return_code).toBe(CancelReturnCode.None);
    expect(ids(some)).toEqual([hex(goalIdOf(2))]);
    expect(handles.map((h) => h.getStatus())).toEqual([
      GoalStatus.Executing,
      GoalStatus.Canceling,
      GoalStatus.Executing,
    ]);
  });

  it('a cancel callback answering something other than Accept refuses', async () => {
    const { p, handles } = await running(1, () => 0 as CancelResponse);
    expect(await p.cancelGoal(1)).toEqual({ return_code: CancelReturnCode.Rejected, goals_canceling: [] });
    expect((handles[0] as Handle).isExecuting()).toBe(true);
  });
});

describe('action server: goal ids as a raw client may choose them', () => {
  it('tells apart ids whose bytes would run together unpadded (01 11 vs 11 01)', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    const a = new Uint8Array(16).fill(0x22);
    const b = new Uint8Array(16).fill(0x22);
    a.set([0x01, 0x11]);
    b.set([0x11, 0x01]);
    for (const id of [a, b]) {
      expect(unwrap(await p.sendGoal.call({ goal_id: { uuid: id }, goal: { order: 1 } }, BUDGET_MS)).accepted).toBe(
        true,
      );
    }
    expect(p.server.goalCount()).toBe(2);
    expect(await spinUntil(n, () => p.accepted.length === 2)).toBe(true);
    expect(p.accepted.map((h) => hex(h.goalId))).toEqual([hex(a), hex(b)]);
  });

  it('an id with some zero bytes names one goal; only the all-zero id means every goal', async () => {
    const n = await localNode();
    const p = serverAndPeer(n);
    const mostlyZero = new Uint8Array(16);
    mostlyZero[15] = 1;
    expect(
      unwrap(await p.sendGoal.call({ goal_id: { uuid: mostlyZero }, goal: { order: 1 } }, BUDGET_MS)).accepted,
    ).toBe(true);
    expect((await p.send(2)).accepted).toBe(true);
    expect(await spinUntil(n, () => p.accepted.length === 2)).toBe(true);
    const answer = unwrap(
      await p.cancel.call({ goal_info: { goal_id: { uuid: mostlyZero }, stamp: ZERO_STAMP } }, BUDGET_MS),
    );
    expect(answer.goals_canceling.map((g) => hex(g.goal_id.uuid))).toEqual([hex(mostlyZero)]);
    expect(p.accepted.map((h) => h.getStatus())).toEqual([GoalStatus.Canceling, GoalStatus.Executing]);
  });

  it('queueDepth bounds the requests each service queues: past it a request fails, the others are served', async () => {
    const n = await localNode();
    unwrap(
      n.createActionServer(
        Fibonacci,
        'fib',
        { goal: () => GoalResponse.AcceptAndExecute, cancel: () => CancelResponse.Accept, accepted: () => {} },
        { queueDepth: 2 },
      ),
    );
    const replies: boolean[] = [];
    const failures: string[] = [];
    const raw = unwrap(
      n.createClient(Fibonacci.SendGoal, 'fib/_action/send_goal', (r) => {
        if (r.ok) replies.push(r.value.accepted);
        else failures.push(r.error.name);
      }),
    );
    // Queued before the server spins: two fit, the third is dropped.
    for (const fill of [1, 2, 3])
      unwrap(raw.asyncSendRequest({ goal_id: { uuid: goalIdOf(fill) }, goal: { order: fill } }));
    expect(await spinUntil(n, () => replies.length + failures.length === 3)).toBe(true);
    expect(replies).toEqual([true, true]);
    expect(failures).toHaveLength(1);
  });
});
