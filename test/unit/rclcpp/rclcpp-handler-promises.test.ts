/**
 * Never swallow, never crash: the promise an action or lifecycle callback returns is observed,
 * so a rejection is a counted handler_error naming the callback, never an unhandled rejection
 * (which would end a Node process), and a lifecycle callback's thrown message reaches the
 * transition's error. The process's unhandledRejection event is watched explicitly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CallbackReturn,
  CancelResponse,
  type ExecutorEvent,
  example_interfaces,
  GoalResponse,
  LifecycleNode,
  type Node,
} from '../../../src/index.js';
import { Fibonacci, localNode, spinUntil, unwrap } from '../../support/rclcpp-action-fixture.js';
import { makeFixture } from '../../support/executor-fixture.js';
import { captureConsole } from '../../support/rclcpp-logging-fixture.js';

const captured = captureConsole();
const errorLines = (): string[] => captured.lines.filter((l) => l.startsWith('[ERROR]'));

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Lets promise reactions and the unhandled-rejection check run. */
const afterTicks = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

function handlerErrors(node: Node): ExecutorEvent[] {
  const seen: ExecutorEvent[] = [];
  node.executor.onEvent((e) => {
    if (e.type === 'handler_error') seen.push(e);
  });
  return seen;
}

describe('action callbacks that reject', () => {
  it('an async accepted callback that throws is a handler_error naming it, not an unhandled rejection', async () => {
    const n = await localNode();
    const errors = handlerErrors(n);
    let ran = false;
    unwrap(
      n.createActionServer(Fibonacci, 'fib', {
        goal: () => GoalResponse.AcceptAndExecute,
        cancel: () => CancelResponse.Accept,
        accepted: async () => {
          ran = true;
          await Promise.resolve();
          throw new Error('accepted failed');
        },
      }),
    );
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    const goal = unwrap(client.sendGoal({ order: 3 }));
    expect(unwrap(await goal.acceptance.wait(5000))).toBe(true);
    const before = n.executor.stats().handlerErrors;
    expect(await spinUntil(n, () => ran && errors.length > 0, 5000)).toBe(true);
    await afterTicks();
    expect(unhandled).toEqual([]);
    expect(n.executor.stats().handlerErrors - before).toBeLessThanOrEqual(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ entity: expect.stringContaining('accepted callback of action server') });
    expect((errors[0] as { error: Error }).error.message).toBe('accepted failed');
  });

  it("an async client feedback handler that rejects is reported with the goal's name", async () => {
    const n = await localNode();
    const errors = handlerErrors(n);
    unwrap(
      n.createActionServer(Fibonacci, 'fib', {
        goal: () => GoalResponse.AcceptAndExecute,
        cancel: () => CancelResponse.Accept,
        accepted: (g) => {
          g.publishFeedback({ sequence: [1] });
          g.succeed({ sequence: [1] });
        },
      }),
    );
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    unwrap(client.sendGoal({ order: 1 }, { feedback: async () => Promise.reject(new Error('feedback failed')) }));
    expect(await spinUntil(n, () => errors.length > 0, 5000)).toBe(true);
    await afterTicks();
    expect(unhandled).toEqual([]);
    expect(errors[0]).toMatchObject({ entity: expect.stringContaining('feedback handler of goal') });
  });

  it('a goal callback answering a promise refuses the goal and says why; its rejection is observed', async () => {
    const n = await localNode();
    const errors = handlerErrors(n);
    unwrap(
      n.createActionServer(Fibonacci, 'fib', {
        // A porter's mistake the types refuse; plain JS can still make it.
        goal: (async () => {
          throw new Error('goal failed');
        }) as unknown as () => GoalResponse,
        cancel: () => CancelResponse.Accept,
        accepted: () => {},
      }),
    );
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    const goal = unwrap(client.sendGoal({ order: 1 }));
    expect(unwrap(await goal.acceptance.wait(5000))).toBe(false);
    await spinUntil(n, () => errors.length >= 2, 2000);
    await afterTicks();
    expect(unhandled).toEqual([]);
    const messages = errors.map((e) => (e as { error: Error }).error.message);
    expect(messages).toContain('goal failed');
    expect(messages.some((m) => m.includes('must answer synchronously'))).toBe(true);
  });
});

describe('lifecycle callbacks that throw', () => {
  it("a throwing onConfigure's message reaches the transition's error and a handler_error event", async () => {
    const { executor } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => void events.push(e));
    const lc = unwrap(
      LifecycleNode.create(executor, 'lc_throw', {
        callbacks: {
          onConfigure: () => {
            throw new Error('no camera on /dev/video0');
          },
        },
      }),
    );
    const before = executor.stats().handlerErrors;
    const r = await lc.configure();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.name).toBe('Error');
    expect(r.error.message).toContain('no camera on /dev/video0');
    expect(executor.stats().handlerErrors - before).toBe(1);
    // Events are delivered by the executor's rounds.
    await executor.spinOnce(10);
    const reported = events.filter((e) => e.type === 'handler_error');
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ entity: "onConfigure callback of lifecycle node '/lc_throw'" });
    await executor.shutdown();
  });

  it('an async onActivate that rejects, and one answering no CallbackReturn, both say so', async () => {
    const { executor } = makeFixture();
    const lc = unwrap(
      LifecycleNode.create(executor, 'lc_reject', {
        callbacks: {
          onActivate: async () => Promise.reject(new Error('motor driver offline')),
          onCleanup: () => 'ok' as unknown as CallbackReturn,
        },
      }),
    );
    unwrap(await lc.configure());
    const activated = await lc.activate();
    expect(!activated.ok && activated.error.message).toContain('motor driver offline');
    // ERROR went through errorprocessing (onError absent: success) back to unconfigured.
    expect(lc.getCurrentState().label).toBe('unconfigured');
    unwrap(await lc.configure());
    const cleaned = await lc.cleanup();
    expect(!cleaned.ok && cleaned.error.message).toContain('onCleanup answered ok, not a CallbackReturn');
    expect(CallbackReturn.SUCCESS).toBe('success');
    await afterTicks();
    expect(unhandled).toEqual([]);
    await executor.shutdown();
  });
});

describe('callback errors nobody listens for', () => {
  it("are logged once through the node's logger, naming the callback", async () => {
    const n = await localNode('unheard');
    let ran = 0;
    unwrap(
      n.createActionServer(Fibonacci, 'fib', {
        goal: () => GoalResponse.AcceptAndExecute,
        cancel: () => CancelResponse.Accept,
        accepted: async () => {
          ran++;
          throw new Error('nobody hears this');
        },
      }),
    );
    const client = unwrap(n.createActionClient(Fibonacci, 'fib'));
    for (const order of [1, 2]) {
      const goal = unwrap(client.sendGoal({ order }));
      expect(unwrap(await goal.acceptance.wait(5000))).toBe(true);
    }
    expect(await spinUntil(n, () => ran === 2 && n.executor.stats().handlerErrors >= 2, 5000)).toBe(true);
    await afterTicks();
    expect(unhandled).toEqual([]);
    expect(errorLines()).toHaveLength(1);
    expect(errorLines()[0]).toContain("accepted callback of action server '");
    expect(errorLines()[0]).toContain('nobody hears this');
  });

  it("a PollClient future's done callback that throws is logged by the client's node", async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', (r) => ({ sum: r.a + r.b })));
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'add'));
    const future = unwrap(client.sendRequest({ a: 1n, b: 2n }));
    unwrap(
      future.onDone(() => {
        throw new Error('done callback broke');
      }),
    );
    unwrap(await executor.spinUntil(() => future.isReady(), 5000));
    expect(errorLines()).toHaveLength(1);
    expect(errorLines()[0]).toContain("done callback of the reply to request 1 of service '/add'");
    expect(errorLines()[0]).toContain('done callback broke');
    await executor.shutdown();
  });

  it('a lifecycle callback that throws is logged by its node when nobody listens', async () => {
    const { executor } = makeFixture();
    const lc = unwrap(
      LifecycleNode.create(executor, 'lc_unheard', {
        callbacks: {
          onConfigure: () => {
            throw new Error('config file missing');
          },
        },
      }),
    );
    expect((await lc.configure()).ok).toBe(false);
    expect(errorLines()).toHaveLength(1);
    expect(errorLines()[0]).toContain("onConfigure callback of lifecycle node '/lc_unheard'");
    expect(errorLines()[0]).toContain('config file missing');
    await executor.shutdown();
  });
});
