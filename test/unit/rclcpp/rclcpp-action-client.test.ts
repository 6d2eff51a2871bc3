/**
 * The action client against a raw server: plain services and publishers on
 * `<action>/_action/...` that the test drives by hand, answering late, never, or oddly (a
 * cancel return code outside the table, status and feedback for goals that are not the
 * client's), as a foreign ROS 2 server could. Everything runs in one in-process executor.
 */
import { describe, expect, it } from 'vitest';
import {
  type ActionClient,
  type ActionClientOptions,
  type ClientGoalHandle,
  GoalStatus,
  type Node,
  QoS,
  type ResultOf,
  type WrappedResult,
} from '../../../src/index.js';
import {
  BUDGET_MS,
  CancelGoal,
  type Fb,
  Fibonacci,
  type Goal,
  GoalStatusArray,
  goalIdOf,
  hex,
  localNode,
  type Res,
  settle,
  spinUntil,
  unwrap,
} from '../../support/rclcpp-action-fixture.js';

type Client = ActionClient<Goal, Res, Fb>;
type GoalHandle = ClientGoalHandle<Fb, Res>;
type Answer<T> = T | 'never' | Promise<T>;

/** What a raw server on `fib` received, and how it answers (changeable during the test). */
function rawServer(node: Node, services: { sendGoal?: boolean; cancel?: boolean; getResult?: boolean } = {}) {
  const goals: { id: string; order: number; uuid: Uint8Array }[] = [];
  const resultAsks: string[] = [];
  const cancels: { id: string; sec: number; nanosec: number }[] = [];
  const never = <T>() => new Promise<T>(() => {});
  const answers = {
    goal: (_id: string): Answer<boolean> => true,
    result: (_id: string, _ask: number): Answer<{ status: number; result: Res }> => 'never',
    cancel: (): Answer<{
      return_code: number;
      goals_canceling: { goal_id: { uuid: Uint8Array }; stamp: { sec: number; nanosec: number } }[];
    }> => ({
      return_code: 0,
      goals_canceling: [],
    }),
  };
  const resolve = <T>(a: Answer<T>): T | Promise<T> => (a === 'never' ? never<T>() : a);
  if (services.sendGoal !== false) {
    unwrap(
      node.createService(Fibonacci.SendGoal, 'fib/_action/send_goal', async (req) => {
        const uuid = Uint8Array.from(req.goal_id.uuid);
        goals.push({ id: hex(uuid), order: req.goal.order, uuid });
        const accepted = await resolve(answers.goal(hex(uuid)));
        return { accepted, stamp: { sec: 1, nanosec: 2 } };
      }),
    );
  }
  if (services.getResult !== false) {
    unwrap(
      node.createService(Fibonacci.GetResult, 'fib/_action/get_result', (req) => {
        const id = hex(req.goal_id.uuid);
        resultAsks.push(id);
        return resolve(answers.result(id, resultAsks.filter((a) => a === id).length));
      }),
    );
  }
  if (services.cancel !== false) {
    unwrap(
      node.createService(CancelGoal, 'fib/_action/cancel_goal', (req) => {
        cancels.push({ id: hex(req.goal_info.goal_id.uuid), ...req.goal_info.stamp });
        return resolve(answers.cancel());
      }),
    );
  }
  const feedbackPub = unwrap(node.createPublisher(Fibonacci.FeedbackMessage, 'fib/_action/feedback'));
  const statusPub = unwrap(
    node.createPublisher(GoalStatusArray, 'fib/_action/status', QoS.default().transientLocal().keepLast(1)),
  );
  const feedback = (id: Uint8Array, sequence: number[]) =>
    unwrap(feedbackPub.publish({ goal_id: { uuid: id }, feedback: { sequence } }));
  const status = (...entries: [Uint8Array, number][]) =>
    unwrap(
      statusPub.publish({
        status_list: entries.map(([uuid, s]) => ({
          goal_info: { goal_id: { uuid }, stamp: { sec: 0, nanosec: 0 } },
          status: s,
        })),
      }),
    );
  const sent = () => ({ goals: goals.length, resultAsks: resultAsks.length, cancels: cancels.length });
  return { goals, resultAsks, cancels, answers, feedback, status, sent };
}

async function clientAndServer(options?: ActionClientOptions, services?: Parameters<typeof rawServer>[1]) {
  const n = await localNode();
  const server = rawServer(n, services);
  const client: Client = unwrap(n.createActionClient(Fibonacci, 'fib', options));
  return { n, server, client };
}

/** Records what each handler of sendGoal heard. */
function recorder() {
  const heard: { goalResponse: ResultOf<boolean>[]; feedback: number[][]; result: ResultOf<WrappedResult<Res>>[] } = {
    goalResponse: [],
    feedback: [],
    result: [],
  };
  const handles: GoalHandle[] = [];
  const options = {
    goalResponse: (r: ResultOf<boolean>, g: GoalHandle) => {
      heard.goalResponse.push(r);
      handles.push(g);
    },
    feedback: (g: GoalHandle, f: Fb) => {
      heard.feedback.push([...f.sequence]);
      handles.push(g);
    },
    result: (r: ResultOf<WrappedResult<Res>>, g: GoalHandle) => {
      heard.result.push(r);
      handles.push(g);
    },
  };
  return { heard, handles, options };
}

describe('action client: a goal from request to result', () => {
  it('sends a random version-4 goal id with the goal, asks for the result on acceptance, and delivers it once', async () => {
    const { n, server, client } = await clientAndServer();
    const r = recorder();
    const goal = unwrap(client.sendGoal({ order: 5 }, r.options));
    expect(goal.goalId).toBeInstanceOf(Uint8Array);
    expect(goal.goalId).toHaveLength(16);
    expect(goal.goalId[6]! >> 4).toBe(4);
    expect(goal.goalId[8]! & 0xc0).toBe(0x80);
    expect(goal.getStatus()).toBe(GoalStatus.Unknown);
    expect(goal.acceptance.isReady()).toBe(false);
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    expect(server.goals).toMatchObject([{ id: hex(goal.goalId), order: 5 }]);
    expect(goal.getStatus()).toBe(GoalStatus.Accepted);
    expect(r.heard.goalResponse).toEqual([{ ok: true, value: true }]);
    expect(r.handles).toEqual([goal]);
    expect(await spinUntil(n, () => server.resultAsks.length === 1)).toBe(true);
    expect(server.resultAsks).toEqual([hex(goal.goalId)]);
    const pending = goal.result();
    expect(pending.isReady()).toBe(false);
    // Asking again while the first ask is out sends nothing more and answers the same future.
    expect(unwrap(client.getResult(goal))).toBe(pending);
    expect(goal.result()).toBe(pending);
    await settle(n);
    expect(server.resultAsks).toHaveLength(1);

    const other = unwrap(client.sendGoal({ order: 6 }));
    expect(hex(other.goalId)).not.toBe(hex(goal.goalId));
    expect(await spinUntil(n, () => server.goals.length === 2)).toBe(true);
    expect(server.goals[1]).toMatchObject({ id: hex(other.goalId), order: 6 });
  });

  it('the result reply settles the future and the handler with its code; the goal is then forgotten', async () => {
    const { n, server, client } = await clientAndServer();
    server.answers.result = () => ({ status: GoalStatus.Aborted, result: { sequence: [1, 2] } });
    const r = recorder();
    const goal = unwrap(client.sendGoal({ order: 2 }, r.options));
    const wrapped = unwrap(await goal.result().wait(BUDGET_MS));
    expect(wrapped.code).toBe(GoalStatus.Aborted);
    expect(hex(wrapped.goalId)).toBe(hex(goal.goalId));
    expect([...wrapped.result.sequence]).toEqual([1, 2]);
    expect(goal.getStatus()).toBe(GoalStatus.Aborted);
    await settle(n);
    expect(r.heard.result).toHaveLength(1);
    expect(r.heard.result[0]).toEqual({ ok: true, value: wrapped });
    expect(r.handles).toEqual([goal, goal]);
    expect(r.heard.goalResponse).toHaveLength(1);
    expect(client.getResult(goal)).toMatchObject({ ok: false, error: { name: 'NotFound' } });
    expect(server.resultAsks).toHaveLength(1);
  });

  it('a rejected goal: acceptance false, result Rejected, no result asked, result handler not called', async () => {
    const { n, server, client } = await clientAndServer();
    server.answers.goal = () => false;
    const r = recorder();
    const goal = unwrap(client.sendGoal({ order: 1 }, r.options));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(false);
    expect(goal.result().take()).toMatchObject({ ok: false, error: { name: 'Rejected' } });
    expect(goal.getStatus()).toBe(GoalStatus.Unknown);
    await settle(n);
    expect(r.heard.goalResponse).toEqual([{ ok: true, value: false }]);
    expect(r.heard.result).toEqual([]);
    expect(server.resultAsks).toEqual([]);
    expect(client.getResult(goal)).toMatchObject({ ok: false, error: { name: 'NotFound' } });
  });

  it('no answer to send_goal within requestBudgetMs: acceptance, result and both handlers get Timeout', async () => {
    const { n, server, client } = await clientAndServer({ requestBudgetMs: 50 });
    server.answers.goal = () => 'never';
    const r = recorder();
    const goal = unwrap(client.sendGoal({ order: 1 }, r.options));
    const acceptance = await goal.acceptance.wait(5000);
    expect(acceptance).toMatchObject({ ok: false, error: { name: 'Timeout' } });
    expect(goal.result().take()).toEqual(acceptance);
    expect(r.heard.goalResponse).toEqual([acceptance]);
    expect(r.heard.result).toEqual([acceptance]);
    expect(goal.getStatus()).toBe(GoalStatus.Unknown);
    await settle(n);
    expect(server.resultAsks).toEqual([]);
    expect(client.getResult(goal)).toMatchObject({ ok: false, error: { name: 'NotFound' } });
  });

  it('a send_goal that fails for a goal sent without handlers settles its futures and fails no handler', async () => {
    const { n, server, client } = await clientAndServer({ requestBudgetMs: 50 });
    server.answers.goal = () => 'never';
    const errorsBefore = n.executor.stats().handlerErrors;
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(await goal.acceptance.wait(5000)).toMatchObject({ ok: false, error: { name: 'Timeout' } });
    expect(goal.result().take()).toMatchObject({ ok: false, error: { name: 'Timeout' } });
    await settle(n);
    expect(n.executor.stats().handlerErrors).toBe(errorsBefore);
  });

  it('a failed get_result (resultBudgetMs) is reported; getResult asks again with a fresh future', async () => {
    const { n, server, client } = await clientAndServer({ resultBudgetMs: 50 });
    server.answers.result = (_id, ask) =>
      ask === 1 ? 'never' : { status: GoalStatus.Succeeded, result: { sequence: [3] } };
    const r = recorder();
    const goal = unwrap(client.sendGoal({ order: 3 }, r.options));
    const first = goal.result();
    expect(await first.wait(5000)).toMatchObject({ ok: false, error: { name: 'Timeout' } });
    expect(r.heard.result).toHaveLength(1);
    expect(r.heard.result[0]).toMatchObject({ ok: false, error: { name: 'Timeout' } });
    // The goal itself is still accepted: the status it had stays.
    expect(goal.getStatus()).toBe(GoalStatus.Accepted);
    const again = unwrap(client.getResult(goal));
    expect(again).not.toBe(first);
    expect(goal.result()).toBe(again);
    const wrapped = unwrap(await again.wait(BUDGET_MS));
    expect(wrapped.code).toBe(GoalStatus.Succeeded);
    expect(server.resultAsks).toEqual([hex(goal.goalId), hex(goal.goalId)]);
    expect(first.take()).toMatchObject({ ok: false, error: { name: 'Timeout' } });
    expect(goal.getStatus()).toBe(GoalStatus.Succeeded);
    await settle(n);
    expect(r.heard.result).toHaveLength(2);
  });

  it('getResult refuses handles it does not own and goals not yet accepted', async () => {
    const { n, server, client } = await clientAndServer();
    let accept: (v: boolean) => void = () => {};
    server.answers.goal = () => new Promise<boolean>((res) => (accept = res));
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(client.getResult(goal)).toMatchObject({ ok: false, error: { name: 'NotAllowed' } });
    expect(await spinUntil(n, () => server.goals.length === 1)).toBe(true);
    expect(client.getResult(goal)).toMatchObject({ ok: false, error: { name: 'NotAllowed' } });
    accept(true);
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    const copy = { ...goal, goalId: goal.goalId } as GoalHandle;
    expect(client.getResult(copy)).toMatchObject({ ok: false, error: { name: 'NotFound' } });
    expect(client.getResult({ goalId: 'x' } as never)).toMatchObject({ ok: false, error: { name: 'NotFound' } });
    const other = unwrap(n.createActionClient(Fibonacci, 'fib'));
    expect(other.getResult(goal)).toMatchObject({ ok: false, error: { name: 'NotFound' } });
    expect(unwrap(client.getResult(goal))).toBe(goal.result());
  });
});

describe('action client: status and feedback', () => {
  it('takes the status the server publishes for its goal and ignores the entries of other goals', async () => {
    const { n, server, client } = await clientAndServer();
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    const stranger = goalIdOf(7);
    server.status([stranger, GoalStatus.Aborted], [goal.goalId, GoalStatus.Executing]);
    expect(await spinUntil(n, () => goal.getStatus() === GoalStatus.Executing)).toBe(true);
    server.status([goal.goalId, GoalStatus.Canceling]);
    expect(await spinUntil(n, () => goal.getStatus() === GoalStatus.Canceling)).toBe(true);
  });

  it('an entry of another goal whose id starts with the same bytes as ours is not taken for ours', async () => {
    const { n, server, client } = await clientAndServer();
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    const lookalike = Uint8Array.from(goal.goalId);
    lookalike[15] = (lookalike[15]! + 1) & 0xff;
    server.status([lookalike, GoalStatus.Aborted]);
    server.status([lookalike, GoalStatus.Canceled], [goal.goalId, GoalStatus.Executing]);
    expect(await spinUntil(n, () => goal.getStatus() === GoalStatus.Executing)).toBe(true);
    server.status([lookalike, GoalStatus.Succeeded]);
    await settle(n);
    expect(goal.getStatus()).toBe(GoalStatus.Executing);
  });

  it('a status heard before the acceptance is kept when the acceptance arrives', async () => {
    const { n, server, client } = await clientAndServer();
    let accept: (v: boolean) => void = () => {};
    server.answers.goal = () => new Promise<boolean>((res) => (accept = res));
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(await spinUntil(n, () => server.goals.length === 1)).toBe(true);
    server.status([goal.goalId, GoalStatus.Executing]);
    expect(await spinUntil(n, () => goal.getStatus() === GoalStatus.Executing)).toBe(true);
    accept(true);
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    expect(goal.getStatus()).toBe(GoalStatus.Executing);
  });

  it('feedback of its goal reaches the handler with the handle; feedback of other goals is dropped', async () => {
    const { n, server, client } = await clientAndServer();
    const r = recorder();
    const goal = unwrap(client.sendGoal({ order: 1 }, r.options));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    const errorsBefore = n.executor.stats().handlerErrors;
    server.feedback(goalIdOf(9), [9]);
    server.feedback(goal.goalId, [1]);
    server.feedback(goal.goalId, [1, 2]);
    expect(await spinUntil(n, () => r.heard.feedback.length === 2)).toBe(true);
    await settle(n);
    expect(r.heard.feedback).toEqual([[1], [1, 2]]);
    // The stranger's feedback was dropped quietly, not by a failing handler.
    expect(n.executor.stats().handlerErrors).toBe(errorsBefore);
    expect(r.handles.slice(1)).toEqual([goal, goal]);
    // With a handler nothing is kept for takeFeedback.
    expect(goal.takeFeedback()).toBeUndefined();
  });

  it('without a feedback handler the last 100 are kept for takeFeedback, oldest dropped first', async () => {
    const { n, server, client } = await clientAndServer();
    const goal = unwrap(client.sendGoal({ order: 1 }));
    const other = unwrap(client.sendGoal({ order: 2 }));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    // One at a time: the feedback subscription itself keeps only the last 10 undelivered.
    for (let i = 0; i < 105; i++) {
      server.feedback(goal.goalId, [i]);
      server.feedback(other.goalId, [i]);
      expect(await spinUntil(n, () => other.takeFeedback() !== undefined)).toBe(true);
    }
    const taken: number[] = [];
    for (let f = goal.takeFeedback(); f !== undefined; f = goal.takeFeedback()) taken.push(f.sequence[0] as number);
    expect(taken).toEqual(Array.from({ length: 100 }, (_, i) => i + 5));
    expect(goal.takeFeedback()).toBeUndefined();
  });
});

describe('action client: cancel requests', () => {
  it('cancelGoal names the goal with a zero stamp; cancelAllGoals names the zero id', async () => {
    const { n, server, client } = await clientAndServer();
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    server.answers.cancel = () => ({
      return_code: 0,
      goals_canceling: [{ goal_id: { uuid: goal.goalId }, stamp: { sec: 1, nanosec: 2 } }],
    });
    const answer = unwrap(await unwrap(client.cancelGoal(goal)).wait(BUDGET_MS));
    expect(answer.returnCode).toBe(0);
    expect(answer.goalsCanceling.map((id) => hex(id))).toEqual([hex(goal.goalId)]);
    expect(answer.goalsCanceling[0]).toBeInstanceOf(Uint8Array);
    server.answers.cancel = () => ({ return_code: 0, goals_canceling: [] });
    expect(unwrap(await unwrap(client.cancelAllGoals()).wait(BUDGET_MS))).toEqual({
      returnCode: 0,
      goalsCanceling: [],
    });
    expect(server.cancels).toEqual([
      { id: hex(goal.goalId), sec: 0, nanosec: 0 },
      { id: hex(goalIdOf(0)), sec: 0, nanosec: 0 },
    ]);
    await settle(n);
  });

  it('passes a return code outside the table through, and ids of goals it does not know', async () => {
    const { server, client } = await clientAndServer();
    const goal = unwrap(client.sendGoal({ order: 1 }));
    unwrap(await goal.acceptance.wait(BUDGET_MS));
    server.answers.cancel = () => ({
      return_code: 9,
      goals_canceling: [{ goal_id: { uuid: goalIdOf(5) }, stamp: { sec: 0, nanosec: 0 } }],
    });
    const answer = unwrap(await unwrap(client.cancelGoal(goal)).wait(BUDGET_MS));
    expect(answer.returnCode).toBe(9);
    expect(answer.goalsCanceling.map((id) => hex(id))).toEqual([hex(goalIdOf(5))]);
    // The goal itself is untouched: the client only reports what the server said.
    expect(goal.getStatus()).toBe(GoalStatus.Accepted);
  });

  it('no answer to cancel_goal within requestBudgetMs: the future answers Timeout', async () => {
    const { server, client } = await clientAndServer({ requestBudgetMs: 50 });
    server.answers.cancel = () => 'never';
    const f = unwrap(client.cancelAllGoals());
    expect(await f.wait(5000)).toMatchObject({ ok: false, error: { name: 'Timeout' } });
  });

  it('cancel requests past maxGoalsInFlight answer TryAgain and are not sent', async () => {
    const { n, server, client } = await clientAndServer({ maxGoalsInFlight: 1 });
    server.answers.cancel = () => 'never';
    unwrap(client.cancelAllGoals());
    expect(client.cancelAllGoals()).toMatchObject({ ok: false, error: { name: 'TryAgain' } });
    expect(await spinUntil(n, () => server.cancels.length === 1)).toBe(true);
    await settle(n);
    expect(server.cancels).toHaveLength(1);
  });

  it('cancelGoal refuses what is not a goal handle and sends nothing', async () => {
    const { n, server, client } = await clientAndServer();
    for (const bad of [undefined, null, {}, { goalId: 'abc' }, { goalId: [1, 2] }]) {
      expect(client.cancelGoal(bad as never)).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    }
    await settle(n);
    expect(server.cancels).toEqual([]);
  });
});

describe('action client: goals in flight', () => {
  it('maxGoalsInFlight counts goals awaiting their result too: sendGoal answers TryAgain, sends nothing', async () => {
    const { n, server, client } = await clientAndServer({ maxGoalsInFlight: 1 });
    let finish: (r: { status: number; result: Res }) => void = () => {};
    server.answers.result = () => new Promise((res) => (finish = res));
    const first = unwrap(client.sendGoal({ order: 1 }));
    expect(unwrap(await first.acceptance.wait(BUDGET_MS))).toBe(true);
    expect(await spinUntil(n, () => server.resultAsks.length === 1)).toBe(true);
    expect(client.sendGoal({ order: 2 })).toMatchObject({ ok: false, error: { name: 'TryAgain' } });
    await settle(n);
    expect(server.goals).toHaveLength(1);
    finish({ status: GoalStatus.Succeeded, result: { sequence: [] } });
    expect(unwrap(await first.result().wait(BUDGET_MS)).code).toBe(GoalStatus.Succeeded);
    const second = unwrap(client.sendGoal({ order: 2 }));
    expect(unwrap(await second.acceptance.wait(BUDGET_MS))).toBe(true);
  });

  it('a result that could not be asked for on acceptance is reported, and getResult asks again', async () => {
    const { n, server, client } = await clientAndServer({ maxGoalsInFlight: 2 });
    const finish = new Map<string, (r: { status: number; result: Res }) => void>();
    const accept = new Map<number, (v: boolean) => void>();
    server.answers.goal = (id) => {
      const order = server.goals.find((g) => g.id === id)?.order as number;
      return order === 1 ? true : new Promise<boolean>((res) => accept.set(order, res));
    };
    server.answers.result = (id, ask) => {
      if (ask === 1 && id === hex(a.goalId)) throw new Error('not now');
      return new Promise((res) => finish.set(id, res));
    };
    const r = recorder();
    // A: accepted, its first result ask fails at the server.
    const a = unwrap(client.sendGoal({ order: 1 }));
    expect(await a.result().wait(BUDGET_MS)).toMatchObject({ ok: false, error: { name: 'ServiceFailed' } });
    // B and C await acceptance; C is accepted and awaits its result.
    const b = unwrap(client.sendGoal({ order: 2 }, r.options));
    const c = unwrap(client.sendGoal({ order: 3 }));
    expect(await spinUntil(n, () => accept.size === 2)).toBe(true);
    accept.get(3)?.(true);
    expect(await spinUntil(n, () => finish.has(hex(c.goalId)))).toBe(true);
    // A asks again: two get_result requests are out, as many as the client allows.
    unwrap(client.getResult(a));
    expect(await spinUntil(n, () => finish.has(hex(a.goalId)))).toBe(true);
    // B's acceptance arrives while no get_result request can go out.
    accept.get(2)?.(true);
    expect(unwrap(await b.acceptance.wait(BUDGET_MS))).toBe(true);
    expect(await b.result().wait(BUDGET_MS)).toMatchObject({ ok: false, error: { name: 'TryAgain' } });
    expect(r.heard.result).toEqual([b.result().take()]);
    // Still no room: getResult says so rather than handing out a future nobody asked for.
    expect(client.getResult(b)).toMatchObject({ ok: false, error: { name: 'TryAgain' } });
    finish.get(hex(c.goalId))?.({ status: GoalStatus.Succeeded, result: { sequence: [3] } });
    expect(unwrap(await c.result().wait(BUDGET_MS)).code).toBe(GoalStatus.Succeeded);
    const again = unwrap(client.getResult(b));
    expect(await spinUntil(n, () => finish.has(hex(b.goalId)))).toBe(true);
    finish.get(hex(b.goalId))?.({ status: GoalStatus.Aborted, result: { sequence: [2] } });
    expect(unwrap(await again.wait(BUDGET_MS)).code).toBe(GoalStatus.Aborted);
  });

  it('goal ids are random version-4 UUIDs, distinct for every goal', async () => {
    const { n, server, client } = await clientAndServer();
    const ids = new Set<string>();
    for (let i = 0; i < 32; i++) {
      const goal = unwrap(client.sendGoal({ order: i }));
      expect(goal.goalId[6]! >> 4).toBe(4);
      expect(goal.goalId[8]! & 0xc0).toBe(0x80);
      ids.add(hex(goal.goalId));
      // One at a time: the raw send_goal service queues only 10 requests.
      expect(await spinUntil(n, () => server.goals.length === i + 1)).toBe(true);
    }
    expect(ids.size).toBe(32);
    expect(new Set(server.goals.map((g) => g.id))).toEqual(ids);
  });

  it('sendGoal refuses options that are not an object of functions and sends nothing', async () => {
    const { n, server, client } = await clientAndServer();
    for (const bad of ['x', null, 5, { result: 'x' }, { feedback: 1 }, { goalResponse: {} }]) {
      expect(client.sendGoal({ order: 1 }, bad as never)).toMatchObject({
        ok: false,
        error: { name: 'InvalidArgument' },
      });
    }
    await settle(n);
    expect(server.goals).toEqual([]);
    unwrap(client.sendGoal({ order: 1 }, { result: undefined, feedback: undefined }));
    expect(await spinUntil(n, () => server.goals.length === 1)).toBe(true);
  });

  it('waitForActionServer keeps spinning until a server that appears later is seen', async () => {
    const n = await localNode();
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    unwrap(
      n.createOneShotTimer(30, () => {
        rawServer(n);
      }),
    );
    expect(await client.waitForActionServer(BUDGET_MS)).toEqual({ ok: true, value: undefined });
    expect(client.actionServerIsReady()).toEqual({ ok: true, value: true });
  });
});
