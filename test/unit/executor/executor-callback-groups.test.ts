/**
 * Callback groups on the single-threaded executor: a mutually exclusive group holds its other
 * members (and the member itself) back while one member's async handler is pending, and hands
 * the group on in arrival order; a reentrant group lets members overlap, each even with itself;
 * entities outside a group keep the per-entity rule. Nothing waiting is lost or reordered.
 */
import { describe, expect, it } from 'vitest';
import {
  CallbackGroupType,
  CancelResponse,
  example_interfaces,
  GoalResponse,
  type Node,
  QoS,
  std_msgs,
} from '../../../src/index.js';
import { expectErr, fakeClock, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

/** Async handlers whose promises the test settles by hand, recording starts and overlap. */
function gates() {
  const open: (() => void)[] = [];
  const started: string[] = [];
  let active = 0;
  let maxActive = 0;
  return {
    started,
    get maxActive() {
      return maxActive;
    },
    get pending() {
      return open.length;
    },
    run(label: string): Promise<void> {
      started.push(label);
      active++;
      maxActive = Math.max(maxActive, active);
      return new Promise<void>((resolve) =>
        open.push(() => {
          active--;
          resolve();
        }),
      );
    },
    /** Settles the oldest pending handler and lets its reaction run. */
    async release(): Promise<void> {
      open.shift()?.();
      await settle();
    },
  };
}

type Gates = ReturnType<typeof gates>;

/** Two topics a and b, each subscription's handler gated; `options` given to both. */
function twoSubscriptions(node: Node, g: Gates, options?: Parameters<Node['createSubscription']>[4]) {
  const qos = QoS.default().keepLast(10);
  const pa = unwrap(node.createPublisher(std_msgs.msg.String, 'cg_a', qos));
  const pb = unwrap(node.createPublisher(std_msgs.msg.String, 'cg_b', qos));
  unwrap(node.createSubscription(std_msgs.msg.String, 'cg_a', (m) => g.run(`a${m.data}`), qos, options));
  unwrap(node.createSubscription(std_msgs.msg.String, 'cg_b', (m) => g.run(`b${m.data}`), qos, options));
  return { pa, pb };
}

async function publishEach(pa: { publish(m: { data: string }): unknown }, pb: typeof pa, n: number) {
  for (let i = 1; i <= n; i++) {
    pa.publish({ data: String(i) });
    pb.publish({ data: String(i) });
  }
  await settle();
}

describe('a mutually exclusive group', () => {
  it('never overlaps two subscriptions async handlers, hands the group on in turn, loses nothing', async () => {
    const { executor, node } = makeFixture();
    const g = gates();
    const group = unwrap(node.createCallbackGroup(CallbackGroupType.MutuallyExclusive));
    const { pa, pb } = twoSubscriptions(node, g, { callbackGroup: group });
    await publishEach(pa, pb, 3);
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    // b is held back while a1 is pending, and a is not dispatched again either.
    expect(g.started).toEqual(['a1']);
    for (let i = 0; i < 5; i++) {
      await g.release();
      unwrap(executor.spinSome());
      unwrap(executor.spinSome());
    }
    // The waiting member goes first when the group frees: a and b alternate.
    expect(g.started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
    expect(g.maxActive).toBe(1);
    await g.release();
    expect(executor.stats().dropped).toBe(0);
    expect(executor.stats().handlerErrors).toBe(0);
  });

  it('lets synchronous handlers run as before (nothing is pending, nothing is held)', async () => {
    const { executor, node } = makeFixture();
    const group = unwrap(node.createCallbackGroup(CallbackGroupType.MutuallyExclusive));
    const got: string[] = [];
    const pa = unwrap(node.createPublisher(std_msgs.msg.String, 'cg_sync_a'));
    const pb = unwrap(node.createPublisher(std_msgs.msg.String, 'cg_sync_b'));
    const options = { callbackGroup: group };
    unwrap(
      node.createSubscription(std_msgs.msg.String, 'cg_sync_a', (m) => void got.push(`a${m.data}`), undefined, options),
    );
    unwrap(
      node.createSubscription(std_msgs.msg.String, 'cg_sync_b', (m) => void got.push(`b${m.data}`), undefined, options),
    );
    await publishEach(pa, pb, 2);
    unwrap(executor.spinSome());
    expect(got).toEqual(['a1', 'b1']);
    unwrap(executor.spinSome());
    expect(got).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('holds a timer back while a service handler of the group is pending, and the reverse', async () => {
    const clock = fakeClock();
    const { executor, node } = makeFixture({}, { clock: clock.now });
    const g = gates();
    const group = unwrap(node.createCallbackGroup(CallbackGroupType.MutuallyExclusive));
    const options = { callbackGroup: group };
    let fired = 0;
    unwrap(
      node.createWallTimer(
        10,
        () => {
          fired++;
          return g.run(`timer${fired}`);
        },
        options,
      ),
    );
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'cg_add',
        async (req) => {
          await g.run(`service${req.a}`);
          return { sum: req.a + req.b };
        },
        undefined,
        options,
      ),
    );
    const sums: bigint[] = [];
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'cg_add', (r) => {
        if (r.ok) sums.push(r.value.sum);
      }),
    );
    unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
    await settle();
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['service1']);
    clock.set(15);
    unwrap(client.asyncSendRequest({ a: 2n, b: 2n }));
    await settle();
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    // The due timer and the second request both wait for the pending handler.
    expect(g.started).toEqual(['service1']);
    await g.release();
    await settle();
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['service1', 'timer1']);
    unwrap(executor.spinSome());
    await settle();
    unwrap(executor.spinSome());
    expect(sums).toEqual([3n]);
    // While the timer's callback is pending, the queued request is not handled.
    expect(g.started).toEqual(['service1', 'timer1']);
    await g.release();
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['service1', 'timer1', 'service2']);
    await g.release();
    await settle();
    unwrap(executor.spinSome());
    expect(sums).toEqual([3n, 4n]);
    expect(g.maxActive).toBe(1);
  });

  it('deadlocks a member awaiting a reply delivered to its own group, until the budget; not outside it', async () => {
    const { executor, node } = makeFixture();
    const group = unwrap(node.createCallbackGroup(CallbackGroupType.MutuallyExclusive));
    const add = example_interfaces.srv.AddTwoInts;
    unwrap(node.createService(add, 'cg_call', (r) => ({ sum: r.a + r.b })));
    const inGroup = unwrap(node.createPollClient(add, 'cg_call', { callbackGroup: group }));
    const outside = unwrap(node.createPollClient(add, 'cg_call'));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'cg_call_trigger'));
    const answers: string[] = [];
    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    unwrap(
      node.createSubscription(
        std_msgs.msg.String,
        'cg_call_trigger',
        async () => {
          await settle();
          const a = await inGroup.call({ a: 1n, b: 1n }, 200);
          answers.push(a.ok ? 'ok' : a.error.name);
          const b = await outside.call({ a: 1n, b: 2n }, 2000);
          answers.push(b.ok ? String(b.value.sum) : b.error.name);
          finished();
        },
        undefined,
        { callbackGroup: group },
      ),
    );
    unwrap(pub.publish({ data: 'go' }));
    await settle();
    unwrap(executor.spinSome());
    await done;
    expect(answers).toEqual(['Timeout', '3']);
  });

  it('goes on when a waiting member or the pending one is destroyed', async () => {
    const { executor, node } = makeFixture();
    const g = gates();
    const group = unwrap(node.createCallbackGroup(CallbackGroupType.MutuallyExclusive));
    const options = { callbackGroup: group };
    const topics = ['cg_d1', 'cg_d2', 'cg_d3'];
    const pubs = topics.map((t) => unwrap(node.createPublisher(std_msgs.msg.String, t)));
    const subs = topics.map((t, i) =>
      unwrap(node.createSubscription(std_msgs.msg.String, t, () => g.run(`s${i + 1}`), undefined, options)),
    );
    for (const p of pubs) unwrap(p.publish({ data: 'x' }));
    await settle();
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['s1']);
    unwrap(executor.spinSome());
    // s2 waits for its turn; destroy it, and the pending s1 too.
    unwrap((subs[1] as (typeof subs)[number]).reset());
    unwrap((subs[0] as (typeof subs)[number]).reset());
    await g.release();
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['s1', 's3']);
    await g.release();
    expect(g.pending).toBe(0);
  });
});

describe('actions in a group', () => {
  it('an action server of the group answers a goal only once the pending member settles', async () => {
    const clock = fakeClock();
    const { executor, node } = makeFixture({}, { clock: clock.now });
    const g = gates();
    const group = unwrap(node.createCallbackGroup(CallbackGroupType.MutuallyExclusive));
    unwrap(node.createOneShotTimer(10, () => g.run('timer'), { callbackGroup: group }));
    const goals: string[] = [];
    const fib = example_interfaces.action.Fibonacci;
    const callbacks = {
      goal: () => {
        goals.push('goal');
        return GoalResponse.AcceptAndExecute;
      },
      cancel: () => CancelResponse.Accept,
      accepted: () => {},
    };
    unwrap(node.createActionServer(fib, 'cg_fib', callbacks, { callbackGroup: group }));
    const client = unwrap(node.createActionClient(fib, 'cg_fib', { callbackGroup: group }));
    clock.set(10);
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['timer']);
    unwrap(client.sendGoal({ order: 3 }));
    for (let i = 0; i < 3; i++) {
      await settle();
      unwrap(executor.spinSome());
    }
    expect(goals).toEqual([]);
    await g.release();
    for (let i = 0; i < 3; i++) {
      await settle();
      unwrap(executor.spinSome());
    }
    expect(goals).toEqual(['goal']);
  });

  it('refuses a group that is not the node own, naming the option', () => {
    const { executor, node } = makeFixture();
    const other = unwrap(executor.createNode('cg_other_action'));
    const foreign = unwrap(other.createCallbackGroup(CallbackGroupType.Reentrant));
    const fib = example_interfaces.action.Fibonacci;
    const callbacks = { goal: () => GoalResponse.Reject, cancel: () => CancelResponse.Reject, accepted: () => {} };
    const server = node.createActionServer(fib, 'cg_fib_bad', callbacks, { callbackGroup: foreign });
    const client = node.createActionClient(fib, 'cg_fib_bad', { callbackGroup: {} as never });
    for (const r of [server, client]) {
      expect(expectErr(r)).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain('options.callbackGroup');
    }
  });
});

describe('a reentrant group', () => {
  it('lets two subscriptions, and each with itself, overlap', async () => {
    const { executor, node } = makeFixture();
    const g = gates();
    const group = unwrap(node.createCallbackGroup(CallbackGroupType.Reentrant));
    const { pa, pb } = twoSubscriptions(node, g, { callbackGroup: group });
    await publishEach(pa, pb, 2);
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['a1', 'b1']);
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['a1', 'b1', 'a2', 'b2']);
    expect(g.maxActive).toBe(4);
    for (let i = 0; i < 4; i++) await g.release();
  });
});

describe('entities outside any group', () => {
  it('overlap each other but not themselves (the per-entity rule)', async () => {
    const { executor, node } = makeFixture();
    const g = gates();
    const { pa, pb } = twoSubscriptions(node, g);
    await publishEach(pa, pb, 2);
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['a1', 'b1']);
    await g.release();
    unwrap(executor.spinSome());
    expect(g.started).toEqual(['a1', 'b1', 'a2']);
    expect(g.maxActive).toBe(2);
    for (let i = 0; i < 3; i++) await g.release();
  });
});

describe('groups and their options', () => {
  it('the default group is mutually exclusive and always the same', () => {
    const { node } = makeFixture();
    const group = node.getDefaultCallbackGroup();
    expect(group.type).toBe(CallbackGroupType.MutuallyExclusive);
    expect(node.getDefaultCallbackGroup()).toBe(group);
    expect(unwrap(node.createCallbackGroup(CallbackGroupType.Reentrant)).type).toBe('reentrant');
  });

  it('bad types and bad options answer InvalidArgument, naming them, and register nothing', () => {
    const { executor, node } = makeFixture();
    const other = unwrap(executor.createNode('cg_other'));
    const foreign = unwrap(other.createCallbackGroup(CallbackGroupType.MutuallyExclusive));
    const used = executor.usage().used;
    const bogus = node.createCallbackGroup('exclusive' as never);
    expect(expectErr(bogus)).toBe('InvalidArgument');
    if (!bogus.ok) expect(bogus.error.message).toMatch(/got exclusive$/);
    const cb = () => {};
    const cases = [
      node.createSubscription(std_msgs.msg.String, 'cg_bad', cb, undefined, { callbackGroup: {} as never }),
      node.createSubscription(std_msgs.msg.String, 'cg_bad', cb, undefined, 5 as never),
      node.createService(example_interfaces.srv.AddTwoInts, 'cg_bad', (r) => ({ sum: r.a }), undefined, {
        callbackGroup: 'group' as never,
      }),
      node.createClient(example_interfaces.srv.AddTwoInts, 'cg_bad', cb, { callbackGroup: { ...foreign } as never }),
      node.createWallTimer(100, cb, { callbackGroup: null as never }),
      node.createOneShotTimer(100, cb, { callbackGroup: [] as never }),
      node.createTimer(100, cb, { callbackGroup: 1 as never }),
    ];
    for (const r of cases) {
      expect(expectErr(r)).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toMatch(/options/);
    }
    const stolen = node.createSubscription(std_msgs.msg.String, 'cg_bad', cb, undefined, { callbackGroup: foreign });
    expect(expectErr(stolen)).toBe('InvalidArgument');
    if (!stolen.ok) expect(stolen.error.message).toContain('another node');
    expect(executor.usage().used).toBe(used);
    expect(unwrap(node.countSubscribers('cg_bad'))).toBe(0);
  });

  it('a destroyed node makes no group', () => {
    const { node } = makeFixture();
    unwrap(node.destroy());
    expect(expectErr(node.createCallbackGroup(CallbackGroupType.Reentrant))).toBe('NotInitialized');
  });
});
