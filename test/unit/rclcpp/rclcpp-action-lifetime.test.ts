/**
 * Creating and destroying action servers and clients: bad arguments refused with
 * InvalidArgument and nothing declared, a creation that fails half-way (the executor is full)
 * leaving nothing behind, and a destroyed server or client refusing its verbs with
 * NotInitialized, settling what was pending and sending nothing.
 */
import { describe, expect, it } from 'vitest';
import { type ActionServerCallbacks, CancelResponse, GoalResponse, GoalStatus, type Node } from '../../../src/index.js';
import { NODE_BUILTIN_ENTRIES } from '../../../src/rclcpp/executor.js';
import {
  BUDGET_MS,
  CancelGoal,
  type Fb,
  Fibonacci,
  type Goal,
  type Handle,
  localNode,
  type Res,
  settle,
  spinUntil,
  unwrap,
} from '../../support/rclcpp-action-fixture.js';

const callbacks = (): ActionServerCallbacks<Goal, Res, Fb> => ({
  goal: () => GoalResponse.AcceptAndExecute,
  cancel: () => CancelResponse.Accept,
  accepted: () => {},
});

const INVALID = { ok: false, error: { name: 'InvalidArgument' } };

/** What the node has declared under its namespace: services, topics with publishers or subscribers, arena entries. */
function declared(n: Node) {
  const ns = n.getNamespace();
  const mine = (m: ReadonlyMap<string, readonly string[]>) =>
    [...m.keys()].filter((k) => k.startsWith(`${ns}/`)).sort();
  return {
    services: mine(unwrap(n.getServiceNamesAndTypes())),
    topics: mine(unwrap(n.getTopicNamesAndTypes())),
    used: n.executor.usage().used,
  };
}

/** A node whose executor has room for `free` more entries (of 5 beside the node's built-in services). */
async function filledNode(free: number): Promise<Node> {
  const n = await localNode('n', 5 + NODE_BUILTIN_ENTRIES);
  for (let i = free; i < 5; i++) unwrap(n.createGuardCondition(() => {}));
  return n;
}

describe('action server creation', () => {
  it('refuses a value that is not a generated action type, or one with a part missing', async () => {
    const n = await localNode();
    const before = declared(n);
    const broken = [
      undefined,
      null,
      5,
      'example_interfaces/action/Fibonacci',
      {},
      { ...Fibonacci, typeName: 5 },
      { ...Fibonacci, Goal: undefined },
      { ...Fibonacci, Result: {} },
      { ...Fibonacci, FeedbackMessage: null },
      { ...Fibonacci, SendGoal: undefined },
      { ...Fibonacci, GetResult: Fibonacci.Goal },
    ];
    for (const type of broken) {
      expect(n.createActionServer(type as never, 'fib', callbacks() as never)).toMatchObject(INVALID);
      expect(n.createActionClient(type as never, 'fib')).toMatchObject(INVALID);
    }
    expect(declared(n)).toEqual(before);
  });

  it('refuses callbacks that are not an object of three functions', async () => {
    const n = await localNode();
    const before = declared(n);
    for (const bad of [undefined, null, 'goal', () => {}]) {
      expect(n.createActionServer(Fibonacci, 'fib', bad as never)).toMatchObject(INVALID);
    }
    for (const k of ['goal', 'cancel', 'accepted'] as const) {
      expect(n.createActionServer(Fibonacci, 'fib', { ...callbacks(), [k]: undefined })).toMatchObject(INVALID);
      expect(n.createActionServer(Fibonacci, 'fib', { ...callbacks(), [k]: 'f' } as never)).toMatchObject(INVALID);
    }
    expect(declared(n)).toEqual(before);
  });

  it('refuses bad options and names; accepts the smallest valid ones', async () => {
    const n = await localNode();
    const before = declared(n);
    const bad = [
      'x',
      null,
      { resultTimeoutMs: -1 },
      { resultTimeoutMs: 'x' },
      { resultTimeoutMs: Number.NaN },
      { resultTimeoutMs: Number.POSITIVE_INFINITY },
      { queueDepth: 0 },
      { queueDepth: -3 },
      { queueDepth: 1.5 },
      { queueDepth: '2' },
      { queueDepth: 2 ** 53 },
    ];
    for (const options of bad) {
      expect(n.createActionServer(Fibonacci, 'fib', callbacks(), options as never)).toMatchObject(INVALID);
    }
    for (const name of [5, undefined, '1bad', 'a b']) {
      expect(n.createActionServer(Fibonacci, name as never, callbacks())).toMatchObject(INVALID);
      expect(n.createActionClient(Fibonacci, name as never)).toMatchObject(INVALID);
    }
    expect(declared(n)).toEqual(before);
    const s = unwrap(n.createActionServer(Fibonacci, 'fib', callbacks(), { queueDepth: 1, resultTimeoutMs: 1 }));
    expect(s.getActionName()).toBe(`${n.getNamespace()}/fib`);
    unwrap(s.destroy());
    unwrap(
      n.createActionServer(Fibonacci, '~/fib', callbacks(), { queueDepth: undefined, resultTimeoutMs: undefined }),
    );
    expect(declared(n).services).toContain(`${n.getNamespace()}/n/fib/_action/send_goal`);
  });

  it('a server that does not fit in the executor leaves nothing declared, at whatever step it stopped', async () => {
    // Five arena entries: the flush guard condition, the expiry timer, three services.
    for (let free = 0; free < 5; free++) {
      const n = await filledNode(free);
      // What the node has beside the action: its built-in services and publishers.
      const before = declared(n);
      expect(before.used).toBe(5 - free + NODE_BUILTIN_ENTRIES);
      expect(n.createActionServer(Fibonacci, 'fib', callbacks())).toMatchObject({ ok: false, error: { name: 'Full' } });
      expect(declared(n)).toEqual(before);
      expect(unwrap(n.countPublishers('fib/_action/status'))).toBe(0);
      expect(unwrap(n.countPublishers('fib/_action/feedback'))).toBe(0);
    }
    const n = await localNode('n', 5 + NODE_BUILTIN_ENTRIES);
    unwrap(n.createActionServer(Fibonacci, 'fib', callbacks()));
    expect(n.executor.usage().used).toBe(5 + NODE_BUILTIN_ENTRIES);
  });
});

describe('action client creation', () => {
  it('refuses bad options and declares nothing', async () => {
    const n = await localNode();
    const before = declared(n);
    const bad = [
      7,
      { requestBudgetMs: -1 },
      { requestBudgetMs: 'x' },
      { resultBudgetMs: -1 },
      { resultBudgetMs: Number.NaN },
      { maxGoalsInFlight: 0 },
      { maxGoalsInFlight: 2.5 },
      { maxGoalsInFlight: '3' },
      { maxGoalsInFlight: Number.POSITIVE_INFINITY },
    ];
    for (const options of bad) expect(n.createActionClient(Fibonacci, 'fib', options as never)).toMatchObject(INVALID);
    expect(declared(n)).toEqual(before);
    const c = unwrap(
      n.createActionClient(Fibonacci, 'fib', { maxGoalsInFlight: 1, requestBudgetMs: 0, resultBudgetMs: undefined }),
    );
    expect(c.getActionName()).toBe(`${n.getNamespace()}/fib`);
  });

  it('a client that does not fit in the executor leaves nothing declared, at whatever step it stopped', async () => {
    // Five arena entries: three service clients, the feedback and status subscriptions.
    for (let free = 0; free < 5; free++) {
      const n = await filledNode(free);
      // What the node has beside the action: its built-in services and publishers.
      const before = declared(n);
      expect(before.used).toBe(5 - free + NODE_BUILTIN_ENTRIES);
      expect(n.createActionClient(Fibonacci, 'fib')).toMatchObject({ ok: false, error: { name: 'Full' } });
      expect(declared(n)).toEqual(before);
      expect(unwrap(n.countSubscribers('fib/_action/status'))).toBe(0);
      expect(unwrap(n.countSubscribers('fib/_action/feedback'))).toBe(0);
    }
    const n = await localNode('n', 5 + NODE_BUILTIN_ENTRIES);
    unwrap(n.createActionClient(Fibonacci, 'fib'));
    expect(n.executor.usage().used).toBe(5 + NODE_BUILTIN_ENTRIES);
  });

  it('maxGoalsInFlight bounds the goals awaiting acceptance: TryAgain past it, nothing sent', async () => {
    const n = await localNode();
    const asked: number[] = [];
    unwrap(
      n.createService(Fibonacci.SendGoal, 'fib/_action/send_goal', (req) => {
        asked.push(req.goal.order);
        return new Promise(() => {});
      }),
    );
    const c = unwrap(n.createActionClient(Fibonacci, 'fib', { maxGoalsInFlight: 2 }));
    unwrap(c.sendGoal({ order: 1 }));
    unwrap(c.sendGoal({ order: 2 }));
    expect(c.sendGoal({ order: 3 })).toMatchObject({ ok: false, error: { name: 'TryAgain' } });
    expect(await spinUntil(n, () => asked.length === 2)).toBe(true);
    await settle(n);
    expect(asked).toEqual([1, 2]);
  });
});

describe('action server and client readiness', () => {
  it('the client is ready only when all three services have a server; waitForActionServer times out before', async () => {
    const n = await localNode();
    const c = unwrap(n.createActionClient(Fibonacci, 'fib'));
    expect(c.actionServerIsReady()).toEqual({ ok: true, value: false });
    unwrap(
      n.createService(Fibonacci.SendGoal, 'fib/_action/send_goal', () => ({
        accepted: false,
        stamp: { sec: 0, nanosec: 0 },
      })),
    );
    unwrap(n.createService(CancelGoal, 'fib/_action/cancel_goal', () => ({ return_code: 0, goals_canceling: [] })));
    expect(c.actionServerIsReady()).toEqual({ ok: true, value: false });
    expect(await c.waitForActionServer(50)).toMatchObject({ ok: false, error: { name: 'Timeout' } });
    unwrap(
      n.createService(Fibonacci.GetResult, 'fib/_action/get_result', () => ({ status: 0, result: { sequence: [] } })),
    );
    expect(c.actionServerIsReady()).toEqual({ ok: true, value: true });
    expect(await c.waitForActionServer(BUDGET_MS)).toEqual({ ok: true, value: undefined });
    for (const bad of [-1, Number.NaN, 'x', undefined]) {
      expect(await c.waitForActionServer(bad as never)).toMatchObject(INVALID);
    }
  });

  it('waitForActionServer inside a handler answers Reentrant (not Timeout)', async () => {
    const n = await localNode();
    const c = unwrap(n.createActionClient(Fibonacci, 'fib'));
    let inside: unknown;
    unwrap(
      n.createOneShotTimer(1, async () => {
        inside = await c.waitForActionServer(100);
      }),
    );
    expect(await spinUntil(n, () => inside !== undefined)).toBe(true);
    expect(inside).toMatchObject({ ok: false, error: { name: 'Reentrant' } });
  });
});

describe('destroyed action servers and clients', () => {
  it('a destroyed server withdraws its entities, forgets its goals and refuses feedback; a second destroy fails', async () => {
    const n = await localNode();
    const before = declared(n);
    const accepted: Handle[] = [];
    const server = unwrap(
      n.createActionServer(Fibonacci, 'fib', {
        ...callbacks(),
        accepted: (h) => {
          accepted.push(h);
        },
      }),
    );
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    expect(await spinUntil(n, () => accepted.length === 1)).toBe(true);
    unwrap(client.destroy());
    expect(server.destroy()).toEqual({ ok: true, value: undefined });
    expect(declared(n)).toEqual(before);
    expect(unwrap(n.countPublishers('fib/_action/status'))).toBe(0);
    expect(unwrap(n.countPublishers('fib/_action/feedback'))).toBe(0);
    expect(server.goalCount()).toBe(0);
    expect(server.activeGoals()).toEqual([]);
    expect((accepted[0] as Handle).publishFeedback({ sequence: [1] })).toMatchObject({
      ok: false,
      error: { name: 'NotInitialized' },
    });
    expect(server.destroy()).toMatchObject({ ok: false, error: { name: 'NotInitialized' } });
  });

  it('destroying a server ends the result waits of its clients at once, not after their budget', async () => {
    const n = await localNode();
    const server = unwrap(n.createActionServer(Fibonacci, 'fib', callbacks()));
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    const r: unknown[] = [];
    const goal = unwrap(client.sendGoal({ order: 1 }, { result: (x) => r.push(x) }));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    await settle(n);
    expect(goal.result().isReady()).toBe(false);
    unwrap(server.destroy());
    // The default result budget is 15 minutes: only the closed service can end this wait.
    expect(await goal.result().wait(BUDGET_MS)).toMatchObject({ ok: false });
    expect(r).toHaveLength(1);
  });

  it('a destroyed client settles pending acceptances, results and cancels with NotInitialized', async () => {
    const n = await localNode();
    const accepts: ((v: boolean) => void)[] = [];
    unwrap(
      n.createService(Fibonacci.SendGoal, 'fib/_action/send_goal', (req) =>
        req.goal.order === 1
          ? { accepted: true, stamp: { sec: 0, nanosec: 0 } }
          : new Promise((res) => accepts.push((v) => res({ accepted: v, stamp: { sec: 0, nanosec: 0 } }))),
      ),
    );
    unwrap(n.createService(Fibonacci.GetResult, 'fib/_action/get_result', () => new Promise(() => {})));
    unwrap(n.createService(CancelGoal, 'fib/_action/cancel_goal', () => new Promise(() => {})));
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    const running = unwrap(client.sendGoal({ order: 1 }));
    expect(unwrap(await running.acceptance.wait(BUDGET_MS))).toBe(true);
    const waiting = unwrap(client.sendGoal({ order: 2 }));
    const cancel = unwrap(client.cancelAllGoals());
    expect(await spinUntil(n, () => accepts.length === 1)).toBe(true);
    unwrap(client.destroy());
    const gone = { ok: false, error: { name: 'NotInitialized' } };
    expect(waiting.acceptance.take()).toMatchObject(gone);
    expect(waiting.result().take()).toMatchObject(gone);
    expect(running.result().take()).toMatchObject(gone);
    expect(running.acceptance.take()).toEqual({ ok: true, value: true });
    expect(cancel.take()).toMatchObject(gone);
    // A late answer changes nothing.
    accepts[0]?.(true);
    await settle(n);
    expect(waiting.acceptance.take()).toMatchObject(gone);
    expect(waiting.getStatus()).toBe(GoalStatus.Unknown);
  });

  it('a destroyed client refuses every verb with NotInitialized and sends nothing', async () => {
    const n = await localNode();
    const before = declared(n);
    const sent = { goal: 0, result: 0, cancel: 0 };
    unwrap(
      n.createService(Fibonacci.SendGoal, 'fib/_action/send_goal', () => {
        sent.goal++;
        return { accepted: true, stamp: { sec: 0, nanosec: 0 } };
      }),
    );
    unwrap(
      n.createService(Fibonacci.GetResult, 'fib/_action/get_result', () => {
        sent.result++;
        return new Promise(() => {});
      }),
    );
    unwrap(
      n.createService(CancelGoal, 'fib/_action/cancel_goal', () => {
        sent.cancel++;
        return { return_code: 0, goals_canceling: [] };
      }),
    );
    const withServices = declared(n);
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(unwrap(await goal.acceptance.wait(BUDGET_MS))).toBe(true);
    expect(await spinUntil(n, () => sent.result === 1)).toBe(true);
    expect(client.destroy()).toEqual({ ok: true, value: undefined });
    expect(declared(n)).toEqual(withServices);
    expect(withServices.used - before.used).toBe(3);
    expect(unwrap(n.countSubscribers('fib/_action/status'))).toBe(0);
    expect(unwrap(n.countSubscribers('fib/_action/feedback'))).toBe(0);
    const gone = { ok: false, error: { name: 'NotInitialized' } };
    expect(client.actionServerIsReady()).toMatchObject(gone);
    expect(await client.waitForActionServer(100)).toMatchObject(gone);
    expect(client.sendGoal({ order: 2 })).toMatchObject(gone);
    expect(client.cancelGoal(goal)).toMatchObject(gone);
    expect(client.cancelAllGoals()).toMatchObject(gone);
    expect(client.getResult(goal)).toMatchObject(gone);
    expect(client.destroy()).toMatchObject(gone);
    await settle(n);
    expect(sent).toEqual({ goal: 1, result: 1, cancel: 0 });
  });
});
