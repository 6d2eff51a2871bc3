/** Publishers, subscriptions and poll subscriptions: info, decode errors, iterators, graph. */
import { describe, expect, it, vi } from 'vitest';
import { GuardEntry } from '../../../src/executor/timer-entry.js';
import { type ExecutorEvent, type GuardCondition, type MessageInfo, std_msgs } from '../../../src/index.js';
import { createExecutorOnSession } from '../../../src/rclcpp/executor.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import type { RmwSession } from '../../../src/rmw/rmw.js';
import { BARE_NODE } from '../../support/bare-node.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';
import { spySession } from '../../support/spy-session.js';

describe('subscriptions', () => {
  it('hand the handler the decoded message and its info (key, arrival, attachment)', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'info'));
    const infos: { data: string; seq: bigint | undefined; key: string }[] = [];
    unwrap(
      node.createSubscription(std_msgs.msg.String, 'info', (m, info) =>
        infos.push({ data: m.data, seq: info.sequenceNumber, key: info.key }),
      ),
    );
    unwrap(pub.publish({ data: 'a' }));
    unwrap(pub.publish({ data: 'b' }));
    await settle();
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    expect(infos.map((i) => i.data)).toEqual(['a', 'b']);
    expect(infos[0]?.key).toContain('info');
    if (infos[0]?.seq !== undefined) expect((infos[1]?.seq as bigint) > infos[0].seq).toBe(true);
  });

  it('hand a MessageInfo that is plain data: its five fields copy with a spread and survive the handler', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'plain_info'));
    const kept: MessageInfo[] = [];
    const spread: MessageInfo[] = [];
    unwrap(
      node.createSubscription(std_msgs.msg.String, 'plain_info', (_m, info) => {
        kept.push(info);
        spread.push({ ...info });
      }),
    );
    unwrap(pub.publish({ data: 'a' }));
    unwrap(pub.publish({ data: 'b' }));
    await settle();
    unwrap(executor.spinSome());
    unwrap(executor.spinSome());
    expect(kept.map((i) => Object.keys(i).sort())).toEqual(
      Array(2).fill(['key', 'publisherGid', 'receivedAtMs', 'sequenceNumber', 'sourceTimestampNs']),
    );
    expect(spread).toEqual(kept);
    expect(kept.map((i) => i.sequenceNumber)).toEqual([1n, 2n]);
    expect(kept[0]?.sourceTimestampNs).toBeTypeOf('bigint');
    expect((kept[1]?.sourceTimestampNs as bigint) >= (kept[0]?.sourceTimestampNs as bigint)).toBe(true);
    expect(kept[0]?.publisherGid).toHaveLength(16);
    expect(kept[1]?.publisherGid).toEqual(kept[0]?.publisherGid);
  });

  it('count undecodable samples as decode errors and report them; the handler is not called', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => events.push(e));
    const raw = unwrap(node.createPublisher(std_msgs.msg.String, 'garbage'));
    let calls = 0;
    unwrap(node.createSubscription(std_msgs.msg.String, 'garbage', () => calls++));
    unwrap(raw.publishRaw(new Uint8Array([0, 1, 0, 0, 99, 0, 0, 0])));
    await settle();
    unwrap(executor.spinSome());
    expect(calls).toBe(0);
    expect(executor.stats().decodeErrors).toBe(1);
    expect(events.some((e) => e.type === 'decode_error' && e.entity.includes('/garbage'))).toBe(true);
  });

  it('publish refuses a message of the wrong shape with InvalidArgument; a destroyed publisher NotInitialized', () => {
    const { node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.Int32, 'typed'));
    const wrong = pub.publish({ data: 'x' } as never);
    expect(expectErr(wrong)).toBe('InvalidArgument');
    if (!wrong.ok) expect(wrong.error.message).toContain("(publisher on '/typed')");
    expect(unwrap(pub.getSubscriptionCount())).toBe(0);
    unwrap(pub.destroy());
    for (const r of [pub.publish({ data: 1 }), pub.publishRaw(new Uint8Array(8))]) {
      expect(expectErr(r)).toBe('NotInitialized');
      if (!r.ok) expect(r.error.message).toBe("publisher on '/typed' was destroyed");
    }
    expect(expectErr(pub.destroy())).toBe('NotInitialized');
  });
});

describe('a publisher whose transport throws', () => {
  it('answers TransportError naming the topic to publish and publishRaw, and stays usable', () => {
    const spy = spySession(unwrap(openLocalSession({ bus: new LocalBus() })));
    let fail = true;
    spy.publisherVerbs = {
      publish: () => {
        if (fail) throw new Error('wire cut');
        return { ok: true, value: undefined };
      },
    };
    const node = unwrap(unwrap(createExecutorOnSession(spy.session)).createNode('throwing', BARE_NODE));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'cut'));
    for (const r of [pub.publish({ data: 'x' }), pub.publishRaw(new Uint8Array(8))]) {
      expect(expectErr(r)).toBe('TransportError');
      if (!r.ok) expect(r.error.message).toBe("publishing on '/cut' failed: wire cut");
    }
    fail = false;
    unwrap(pub.publish({ data: 'x' }));
  });
});

describe('poll subscriptions', () => {
  it('take without spinning; the async iterator yields and ends when the subscription is reset', async () => {
    const { node } = makeFixture();
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'iter'));
    expect(expectErr(poll.take())).toBe('TryAgain');
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'iter'));
    const seen: string[] = [];
    const iterating = (async () => {
      for await (const m of poll) {
        seen.push(m.data);
        if (seen.length === 3) unwrap(poll.handle.reset());
      }
    })();
    for (const d of ['1', '2', '3', '4']) {
      unwrap(pub.publish({ data: d }));
      await settle();
    }
    await iterating;
    expect(seen).toEqual(['1', '2', '3']);
    expect(expectErr(poll.take())).toBe('NotInitialized');
  });

  it('takeWithInfo returns the info; takeWithin inside a handler answers Reentrant', async () => {
    const { executor, node } = makeFixture();
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'twi'));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'twi'));
    unwrap(pub.publish({ data: 'x' }));
    await settle();
    const got = unwrap(poll.takeWithInfo());
    expect(got.message).toEqual({ data: 'x' });
    expect(got.info.key).toContain('twi');
    let inner: Promise<unknown> | undefined;
    const guard = unwrap(
      node.createGuardCondition(() => {
        inner = poll.takeWithin(100);
      }),
    );
    unwrap(guard.trigger());
    unwrap(executor.spinSome());
    expect(expectErr((await inner) as never)).toBe('Reentrant');
  });
});

describe('round cost', () => {
  it('a round touches only the ready entries, however many exist', () => {
    const { executor, node } = makeFixture({ capacity: 5000 });
    const guards = Array.from({ length: 4999 }, () => unwrap(node.createGuardCondition(() => {})));
    const hasWork = vi.spyOn(GuardEntry.prototype, 'hasWork');
    const dispatch = vi.spyOn(GuardEntry.prototype, 'dispatchOne');
    unwrap((guards[4000] as GuardCondition).trigger());
    unwrap((guards[17] as GuardCondition).trigger());
    expect(unwrap(executor.spinSome()).guardConditions).toBe(2);
    expect(dispatch).toHaveBeenCalledTimes(2);
    expect(hasWork.mock.calls.length).toBeLessThanOrEqual(2);
    unwrap(executor.spinSome());
    expect(dispatch).toHaveBeenCalledTimes(2);
    hasWork.mockRestore();
    dispatch.mockRestore();
  });
});

describe('graph', () => {
  it('answers Unsupported where the backend cannot discover the graph', () => {
    const inner = unwrap(openLocalSession({ bus: new LocalBus() }));
    const blind: RmwSession = Object.assign(Object.create(inner) as RmwSession, {
      graph: { supported: false, nodes: () => [], endpoints: () => [], onChange: () => () => {} },
    });
    const executor = unwrap(createExecutorOnSession(blind));
    const node = unwrap(executor.createNode('blind', BARE_NODE));
    expect(expectErr(node.getNodeNames())).toBe('Unsupported');
    expect(expectErr(node.getTopicNamesAndTypes())).toBe('Unsupported');
    expect(expectErr(node.getServiceNamesAndTypes())).toBe('Unsupported');
    expect(expectErr(node.countPublishers('x'))).toBe('Unsupported');
    expect(expectErr(node.getEndpoints())).toBe('Unsupported');
  });

  it('lists nodes, topics with types and counts on the local backend', () => {
    const { node } = makeFixture();
    unwrap(node.createPublisher(std_msgs.msg.String, 'g'));
    unwrap(node.createSubscription(std_msgs.msg.String, 'g', () => {}));
    unwrap(node.createSubscription(std_msgs.msg.String, 'g', () => {}));
    expect(unwrap(node.getNodeNames()).map((n) => n.name)).toContain('fixture');
    expect(unwrap(node.getTopicNamesAndTypes()).get('/g')).toEqual(['std_msgs/msg/String']);
    expect(unwrap(node.countPublishers('g'))).toBe(1);
    expect(unwrap(node.countSubscribers('/g'))).toBe(2);
  });
});

describe('node lifecycle', () => {
  it('destroy releases the node entities and refuses new ones', () => {
    const { executor, node } = makeFixture();
    const sub = unwrap(node.createSubscription(std_msgs.msg.String, 'gone', () => {}));
    unwrap(node.createWallTimer(100, () => {}));
    expect(executor.usage().used).toBe(2);
    unwrap(node.destroy());
    expect(executor.usage().used).toBe(0);
    expect(node.isValid(sub)).toBe(false);
    expect(expectErr(node.createPublisher(std_msgs.msg.String, 'gone'))).toBe('NotInitialized');
    expect(expectErr(node.destroy())).toBe('NotInitialized');
  });
});

describe('Publisher.ready(budgetMs)', () => {
  it('answers ok once declared (at once in-process) and refuses a bad budget', async () => {
    const { node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'ready_ok'));
    expect(await pub.ready(1000)).toEqual({ ok: true, value: undefined });
    expect(expectErr(await pub.ready(Number.NaN))).toBe('InvalidArgument');
    expect(expectErr(await pub.ready(-1))).toBe('InvalidArgument');
  });

  it('answers Timeout naming the topic and budget when the transport never declares it', async () => {
    const local = unwrap(openLocalSession({ bus: new LocalBus() }));
    // A transport whose publisher declaration never completes (as zenoh while the router is away).
    const stuckPublisher = <T extends object>(p: T): T =>
      new Proxy(p, { get: (t, k) => (k === 'ready' ? () => new Promise(() => {}) : Reflect.get(t, k, t)) });
    const stuckNode = <T extends object>(n: T): T =>
      new Proxy(n, {
        get: (t, k) => {
          const v = Reflect.get(t, k, t);
          if (k !== 'createPublisher' || typeof v !== 'function') return typeof v === 'function' ? v.bind(t) : v;
          return (...args: unknown[]) => {
            const r = v.apply(t, args);
            return r.ok ? { ok: true, value: stuckPublisher(r.value) } : r;
          };
        },
      });
    const session = new Proxy(local, {
      get: (t, k) => {
        const v = Reflect.get(t, k, t);
        if (k !== 'createNode' || typeof v !== 'function') return typeof v === 'function' ? v.bind(t) : v;
        return (...args: unknown[]) => {
          const r = v.apply(t, args);
          return r.ok ? { ok: true, value: stuckNode(r.value) } : r;
        };
      },
    }) as RmwSession;
    const executor = unwrap(createExecutorOnSession(session));
    const node = unwrap(executor.createNode('stuck', BARE_NODE));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'never_declared'));
    const r = await pub.ready(50);
    expect(expectErr(r)).toBe('Timeout');
    if (!r.ok) {
      expect(r.error.message).toContain('never_declared');
      expect(r.error.message).toContain('50 ms');
    }
  });
});
