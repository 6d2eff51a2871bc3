/**
 * The executor under hostile handlers: async handlers that reject, thenables and Proxies
 * returned where nothing (or a response) is expected, shutdown from inside its own callbacks.
 * Whatever a handler does, nothing escapes as a throw or an unhandled rejection, it is
 * counted, and the executor keeps dispatching.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Entry, EntryKind } from '../../../src/executor/entry.js';
import type { ExecutorEvent } from '../../../src/executor/index.js';
import { example_interfaces, std_msgs } from '../../../src/rclcpp/msgs/index.js';
import { QoS } from '../../../src/rclcpp/qos.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  await settle();
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** Values a handler may return that have bitten before: every one must come to a counted error. */
function hostileReturns(): Array<[string, () => unknown]> {
  return [
    ['a rejected promise', () => Promise.reject(new Error('async boom'))],
    [
      'an async function that throws',
      async () => {
        await Promise.resolve();
        throw new Error('later boom');
      },
    ],
    [
      'a thenable whose then getter throws',
      () => ({
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable, on purpose
        get then(): never {
          throw new Error('then getter');
        },
      }),
    ],
    [
      'a thenable whose then throws',
      () => ({
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable, on purpose
        then(): never {
          throw new Error('then call');
        },
      }),
    ],
    [
      'a Proxy whose every get throws',
      () =>
        new Proxy(
          {},
          {
            get(): never {
              throw new Error('trap');
            },
          },
        ),
    ],
    ['a revoked Proxy', revokedProxy],
  ];
}

async function untilCalm(spin: () => unknown): Promise<void> {
  for (let i = 0; i < 5; i++) {
    spin();
    await settle();
  }
}

describe('a handler returned promise is observed', () => {
  for (const [label, make] of hostileReturns()) {
    it(`a guard condition handler returning ${label}: counted, reported, and the executor keeps dispatching`, async () => {
      const { executor, node } = makeFixture();
      const events: ExecutorEvent[] = [];
      executor.onEvent((e) => events.push(e));
      let calls = 0;
      const guard = unwrap(
        node.createGuardCondition((() => {
          calls++;
          return make();
        }) as () => void),
      );
      const fine: number[] = [];
      const other = unwrap(node.createGuardCondition(() => void fine.push(1)));
      unwrap(guard.trigger());
      unwrap(other.trigger());
      expect(() => executor.spinSome()).not.toThrow();
      await untilCalm(() => executor.spinSome());
      expect(executor.stats().handlerErrors).toBe(1);
      expect(events.filter((e) => e.type === 'handler_error')).toHaveLength(1);
      // The failed entry dispatches again once settled, and so does every other.
      unwrap(guard.trigger());
      unwrap(other.trigger());
      await untilCalm(() => executor.spinSome());
      expect(calls).toBe(2);
      expect(fine).toEqual([1, 1]);
      await executor.shutdown();
    });
  }

  it('async subscription, timer and client response handlers that reject are counted like throws', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => events.push(e));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'async_reject'));
    unwrap(
      node.createSubscription(std_msgs.msg.String, 'async_reject', async () => {
        throw new Error('sub');
      }),
    );
    unwrap(
      node.createOneShotTimer(1, async () => {
        throw new Error('timer');
      }),
    );
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'async_reject_srv', (r) => ({ sum: r.a + r.b })));
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'async_reject_srv', async () => {
        throw new Error('response');
      }),
    );
    await settle();
    unwrap(pub.publish({ data: 'x' }));
    unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
    await new Promise((r) => setTimeout(r, 5));
    unwrap(await executor.spinFor(100));
    await settle();
    unwrap(executor.spinSome());
    expect(executor.stats().handlerErrors).toBe(3);
    const failed = events.filter((e) => e.type === 'handler_error').map((e) => (e as { entity: string }).entity);
    expect(failed.sort()).toEqual(
      ["client '/async_reject_srv'", "subscription '/async_reject'", "timer 'one-shot timer of 1 ms'"].sort(),
    );
    await executor.shutdown();
  });

  it('onEvent listeners and shutdown callbacks that reject are counted in listenerErrors', async () => {
    const { executor, node } = makeFixture();
    executor.onEvent(async () => {
      throw new Error('listener');
    });
    executor.addShutdownCallback((async () => {
      throw new Error('shutdown');
    }) as () => void);
    const guard = unwrap(
      node.createGuardCondition(() => {
        throw new Error('sync');
      }),
    );
    unwrap(guard.trigger());
    unwrap(executor.spinSome());
    await settle();
    expect(executor.stats().listenerErrors).toBe(1);
    unwrap(await executor.shutdown());
    await settle();
    expect(executor.stats().listenerErrors).toBe(2);
  });
});

describe('run to completion: an entry whose async handler has not settled is not dispatched again', () => {
  it('a subscription waits for its handler, its queue fills meanwhile, and other entries keep dispatching', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'rtc'));
    const got: string[] = [];
    let release: () => void = () => {};
    unwrap(
      node.createSubscription(
        std_msgs.msg.String,
        'rtc',
        ((m: { data: string }) => {
          got.push(m.data);
          if (m.data === 'a') return new Promise<void>((r) => (release = r));
          return undefined;
        }) as (m: { data: string }) => void,
        QoS.default().keepLast(10),
      ),
    );
    const guarded: number[] = [];
    const guard = unwrap(node.createGuardCondition(() => void guarded.push(1)));
    await settle();
    for (const m of ['a', 'b', 'c']) unwrap(pub.publish({ data: m }));
    await settle();
    for (let i = 0; i < 3; i++) {
      unwrap(guard.trigger());
      unwrap(executor.spinSome());
    }
    expect(got).toEqual(['a']);
    expect(guarded).toEqual([1, 1, 1]);
    release();
    await settle();
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    expect(got).toEqual(['a', 'b', 'c']);
    await executor.shutdown();
  });

  it('a timer whose async callback has not settled does not fire; the periods it missed count as overruns', async () => {
    let t = 0;
    const { executor, node } = makeFixture({}, { clock: () => t });
    let fired = 0;
    let release: () => void = () => {};
    const timer = unwrap(
      node.createWallTimer(10, (() => {
        fired++;
        return new Promise<void>((r) => (release = r));
      }) as () => void),
    );
    t = 10;
    unwrap(executor.spinSome());
    expect(fired).toBe(1);
    t = 45;
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    expect(fired).toBe(1);
    release();
    await settle();
    unwrap(executor.spinSome());
    expect(fired).toBe(2);
    expect(timer.overrunCount()).toBe(2);
    await executor.shutdown();
  });
});

describe('a service promise is a deferred reply, not a running handler', () => {
  it('a request whose answer is pending does not hold back the next one, and each is answered when its promise settles', async () => {
    const { executor, node } = makeFixture();
    const answers: Array<() => void> = [];
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'deferred',
        (q) => new Promise<{ sum: bigint }>((r) => void answers.push(() => r({ sum: q.a + q.b }))),
      ),
    );
    const replies: bigint[] = [];
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'deferred', (r) => void (r.ok && replies.push(r.value.sum))),
    );
    await settle();
    unwrap(client.asyncSendRequest({ a: 1n, b: 1n }));
    unwrap(client.asyncSendRequest({ a: 2n, b: 2n }));
    await untilCalm(() => executor.spinSome());
    expect(answers).toHaveLength(2);
    answers[1]?.();
    await untilCalm(() => executor.spinSome());
    expect(replies).toEqual([4n]);
    answers[0]?.();
    await untilCalm(() => executor.spinSome());
    expect(replies).toEqual([4n, 2n]);
    await executor.shutdown();
  });
});

describe('one bad service handler never wedges the executor', () => {
  for (const [label, make] of hostileReturns()) {
    it(`a service handler returning ${label}: spinSome does not throw, the request fails, a later subscription still receives`, async () => {
      const { executor, node } = makeFixture();
      unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'hostile_srv', () => make() as { sum: bigint }));
      const replies: string[] = [];
      const client = unwrap(
        node.createClient(example_interfaces.srv.AddTwoInts, 'hostile_srv', (r) =>
          replies.push(r.ok ? 'ok' : r.error.name),
        ),
      );
      const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'after_hostile'));
      const got: string[] = [];
      unwrap(node.createSubscription(std_msgs.msg.String, 'after_hostile', (m) => void got.push(m.data)));
      await settle();
      unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
      unwrap(pub.publish({ data: 'one' }));
      await settle();
      expect(() => executor.spinSome()).not.toThrow();
      await untilCalm(() => executor.spinSome());
      unwrap(pub.publish({ data: 'two' }));
      await untilCalm(() => executor.spinSome());
      expect(got).toEqual(['one', 'two']);
      expect(replies).toEqual(['ServiceFailed']);
      expect(executor.stats().handlerErrors).toBe(1);
      await executor.shutdown();
    });
  }
});

/** An entry whose own dispatch code throws (a bug below the user's handler). */
class BrokenEntry extends Entry {
  work = true;
  constructor() {
    super(EntryKind.GuardCondition, 'broken');
  }
  hasWork(): boolean {
    return this.work;
  }
  dispatchOne(): boolean {
    this.work = false;
    throw new Error('dispatch bug');
  }
  dispose(): void {}
}

describe('a round survives an entry whose dispatch throws', () => {
  it('spinSome does not throw, the error is reported, and entries later in the round are dispatched now and later', async () => {
    const { executor, node } = makeFixture();
    const broken = unwrap(executor.register(new BrokenEntry()));
    const fired: number[] = [];
    const guard = unwrap(node.createGuardCondition(() => void fired.push(1)));
    executor.markReady(broken);
    unwrap(guard.trigger());
    expect(() => executor.spinSome()).not.toThrow();
    expect(fired).toEqual([1]);
    expect(executor.stats().handlerErrors).toBe(1);
    unwrap(guard.trigger());
    unwrap(executor.spinSome());
    expect(fired).toEqual([1, 1]);
    await executor.shutdown();
  });
});

describe('shutdown', () => {
  it('is idempotent from inside its own callbacks: each callback runs once and gets the same promise', async () => {
    const { executor } = makeFixture();
    let runs = 0;
    let inner: Promise<unknown> | undefined;
    executor.addShutdownCallback(() => {
      runs++;
      inner = executor.shutdown();
    });
    const outer = executor.shutdown();
    expect(inner).toBe(outer);
    expect(await outer).toEqual({ ok: true, value: undefined });
    expect(runs).toBe(1);
    expect(executor.stats().listenerErrors).toBe(0);
  });
});

describe('timer periods', () => {
  it('refuses periods below 1 µs with InvalidArgument naming the period; 1 µs itself is accepted', async () => {
    const { executor, node } = makeFixture();
    for (const period of [Number.MIN_VALUE, 1e-9, 0.0009]) {
      const r = node.createWallTimer(period, () => {});
      expect(expectErr(r)).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain(String(period));
      expect(expectErr(node.createOneShotTimer(period, () => {}))).toBe('InvalidArgument');
    }
    expect(unwrap(node.createWallTimer(0.001, () => {})).overrunCount()).toBe(0);
    await executor.shutdown();
  });
});

describe('waking', () => {
  it('the for-await iterator of a poll subscription ends promptly after reset()', async () => {
    const { executor, node } = makeFixture();
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'iter_reset'));
    const ended = (async () => {
      for await (const _ of poll) {
        // nothing is published
      }
      return 'ended';
    })();
    await settle();
    unwrap(poll.handle.reset());
    // Well inside the iterator's own re-check period: only a wake-up ends it this soon.
    const late = new Promise((r) => setTimeout(() => r('late'), 400));
    expect(await Promise.race([ended, late])).toBe('ended');
    await executor.shutdown();
  });

  it('an idle spin() delivers events (a poll subscription overflow) without waiting for a round', async () => {
    const { executor, node } = makeFixture();
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'idle_events', QoS.default().keepLast(1)));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'idle_events'));
    const events: ExecutorEvent[] = [];
    let resolveSeen: (v: string) => void = () => {};
    const seen = new Promise<string>((r) => (resolveSeen = r));
    executor.onEvent((e) => {
      events.push(e);
      if (e.type === 'queue_overflow') resolveSeen('delivered');
    });
    const spinning = executor.spin();
    await settle();
    for (const m of ['1', '2', '3']) unwrap(pub.publish({ data: m }));
    const late = new Promise((r) => setTimeout(() => r('late'), 400));
    expect(await Promise.race([seen, late])).toBe('delivered');
    executor.cancel();
    unwrap(await spinning);
    expect(poll.take().ok).toBe(true);
    await executor.shutdown();
  });
});

describe('blocking helpers inside a host loop', () => {
  it('helper first: while waitForService, Future.wait and takeWithin wait, the host spinSome() is not refused', async () => {
    const { executor, node } = makeFixture();
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'host_first'));
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'host_first_topic'));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'host_first_topic'));
    const waiting = client.waitForService(3000);
    const taking = poll.takeWithin(3000);
    const reports: string[] = [];
    const host = setInterval(() => {
      const r = executor.spinSome();
      reports.push(r.ok ? 'ok' : r.error.name);
    }, 2);
    try {
      await new Promise((r) => setTimeout(r, 20));
      unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'host_first', (q) => ({ sum: q.a + q.b })));
      expect(await waiting).toEqual({ ok: true, value: undefined });
      unwrap(pub.publish({ data: 'hello' }));
      expect(unwrap(await taking)).toEqual({ data: 'hello' });
      const future = unwrap(client.sendRequest({ a: 2n, b: 3n }));
      expect(unwrap(await future.wait(3000))).toEqual({ sum: 5n });
      expect(unwrap(await client.call({ a: 1n, b: 1n }, 3000))).toEqual({ sum: 2n });
    } finally {
      clearInterval(host);
    }
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.filter((r) => r !== 'ok')).toEqual([]);
    await executor.shutdown();
  });

  it('host first: a running spin() drives the helper, and a spin() started while a helper waits is not refused', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'host_spin', (q) => ({ sum: q.a + q.b })));
    const client = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'host_spin'));
    let spinning = executor.spin();
    expect(unwrap(await client.call({ a: 4n, b: 5n }, 3000))).toEqual({ sum: 9n });
    executor.cancel();
    unwrap(await spinning);
    const late = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'host_spin_late'));
    const waiting = late.waitForService(3000);
    await settle();
    spinning = executor.spin();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'host_spin_late', (q) => ({ sum: q.a * q.b })));
    expect(await waiting).toEqual({ ok: true, value: undefined });
    expect(unwrap(await late.call({ a: 4n, b: 5n }, 3000))).toEqual({ sum: 20n });
    executor.cancel();
    expect(await spinning).toEqual({ ok: true, value: undefined });
    await executor.shutdown();
  });
});

describe('spinUntil, the one wait verb', () => {
  it('answers ok when the condition holds, Timeout after the budget, InvalidArgument for a bad budget, Reentrant in a handler, Error when the condition throws', async () => {
    const { executor, node } = makeFixture();
    let fired = 0;
    const guard = unwrap(node.createGuardCondition(() => void fired++));
    unwrap(guard.trigger());
    expect(await executor.spinUntil(() => fired === 1, 1000)).toEqual({ ok: true, value: undefined });
    expect(expectErr(await executor.spinUntil(() => false, 5))).toBe('Timeout');
    for (const budget of [Number.NaN, -1, Number.POSITIVE_INFINITY, Object.create(null) as number]) {
      expect(expectErr(await executor.spinUntil(() => true, budget))).toBe('InvalidArgument');
    }
    const boom = await executor.spinUntil(() => {
      throw new Error('condition');
    }, 100);
    expect(expectErr(boom)).toBe('Error');
    let inner: Promise<unknown> | undefined;
    const reentrant = unwrap(node.createGuardCondition(() => void (inner = executor.spinUntil(() => true, 100))));
    unwrap(reentrant.trigger());
    unwrap(executor.spinSome());
    expect(await inner).toMatchObject({ ok: false, error: { name: 'Reentrant' } });
    await executor.shutdown();
    expect(expectErr(await executor.spinUntil(() => false, 100))).toBe('NotInitialized');
  });

  it('answers as soon as the round it ran meets the condition, with no macrotask after it', async () => {
    const { executor, node } = makeFixture();
    let fired = 0;
    const guard = unwrap(node.createGuardCondition(() => void fired++));
    unwrap(guard.trigger());
    // A reply that settles a PollClient's Future is such a round: its caller waits for no other task.
    let otherTaskRan = false;
    setImmediate(() => {
      otherTaskRan = true;
    });
    expect(await executor.spinUntil(() => fired === 1, 1000)).toEqual({ ok: true, value: undefined });
    expect(otherTaskRan).toBe(false);
    await executor.shutdown();
  });
});
