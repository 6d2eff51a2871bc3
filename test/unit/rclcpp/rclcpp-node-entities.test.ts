/**
 * How a node's entities come to exist and go away (node-entities.ts): refusals of a destroyed
 * node, of a closing executor and of a full arena, for every kind, with nothing declared; a
 * declaration that fails leaves nothing registered; keep-all depths; what destroying a node
 * releases, however many entities it made.
 */
import { describe, expect, it } from 'vitest';
import {
  type EntityHandle,
  example_interfaces,
  type Node,
  QoS,
  type Result,
  type ResultOf,
  std_msgs,
} from '../../../src/index.js';
import { createExecutorOnSession } from '../../../src/rclcpp/executor.js';
import { err } from '../../../src/result.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import { BARE_NODE } from '../../support/bare-node.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';
import { spySession } from '../../support/spy-session.js';

function spied(options: { capacity?: number; keepAllLimit?: number } = {}) {
  const spy = spySession(unwrap(openLocalSession({ bus: new LocalBus() })));
  const executor = unwrap(createExecutorOnSession(spy.session, options));
  const node = unwrap(executor.createNode('entities', BARE_NODE));
  return { spy, calls: spy.calls, executor, node };
}

type Creation = [what: string, create: () => Result | ResultOf<unknown>];

/** A creation of every kind a node makes, each named as its refusals name it; transport ones first. */
function everyKind(node: Node): Creation[] {
  const fn = () => {};
  return [
    ["publisher '/t'", () => node.createPublisher(std_msgs.msg.String, 't')],
    ["subscription '/t'", () => node.createSubscription(std_msgs.msg.String, 't', fn)],
    ["subscription '/p'", () => node.createPollSubscription(std_msgs.msg.String, 'p')],
    ["service '/s'", () => node.createService(example_interfaces.srv.AddTwoInts, 's', () => ({ sum: 0n }))],
    ["client of '/s'", () => node.createClient(example_interfaces.srv.AddTwoInts, 's', fn)],
    ["client of '/q'", () => node.createPollClient(example_interfaces.srv.AddTwoInts, 'q')],
    ['timer of 100 ms', () => node.createWallTimer(100, fn)],
    ['one-shot timer of 5 ms', () => node.createOneShotTimer(5, fn)],
    ['guard condition', () => node.createGuardCondition(fn)],
  ];
}

/** Runs each creation: [what, error name or 'ok', error message or '']. */
function outcomes(creations: Creation[]): [string, string, string][] {
  return creations.map(([what, create]) => {
    const r = create();
    return [what, r.ok ? 'ok' : r.error.name, r.ok ? '' : r.error.message];
  });
}

describe('a destroyed node', () => {
  it('refuses every kind of entity with NotInitialized naming the node and the entity, declaring nothing', () => {
    const { executor, node, calls } = spied();
    unwrap(node.destroy());
    calls.length = 0;
    for (const [what, code, message] of outcomes(everyKind(node))) {
      expect([what, code]).toEqual([what, 'NotInitialized']);
      expect(message).toBe(`node '/entities' was destroyed; cannot create ${what}`);
    }
    expect(calls).toEqual([]);
    expect(executor.usage().used).toBe(0);
  });

  it('answers NotInitialized to a second destroy, and other nodes keep their entities', () => {
    const { executor, node } = spied();
    const other = unwrap(executor.createNode('other', BARE_NODE));
    const kept = unwrap(other.createSubscription(std_msgs.msg.String, 'kept', () => {}));
    unwrap(node.createSubscription(std_msgs.msg.String, 'gone', () => {}));
    unwrap(node.destroy());
    const again = node.destroy();
    expect(expectErr(again)).toBe('NotInitialized');
    if (!again.ok) expect(again.error.message).toContain("'/entities' was already destroyed");
    expect(other.isValid(kept)).toBe(true);
    expect(executor.usage().used).toBe(1);
  });
});

describe('a closing executor', () => {
  it('refuses every kind of entity from a shutdown callback, before its nodes are destroyed, publishers too', async () => {
    const { executor, node, calls } = spied();
    let made: [string, string, string][] = [];
    executor.addShutdownCallback(() => {
      calls.length = 0;
      made = outcomes(everyKind(node));
    });
    unwrap(await executor.shutdown());
    expect(made).toHaveLength(9);
    for (const [what, code, message] of made) {
      expect([what, code]).toEqual([what, 'NotInitialized']);
      expect(message).toBe(`executor is shut down; cannot create ${what}`);
    }
    expect(calls).toEqual([]);
  });
});

describe('a full arena', () => {
  it('refuses every kind of arena entity with Full before declaring it; publishers, not in the arena, are still made', () => {
    const { executor, node, calls } = spied({ capacity: 1 });
    unwrap(node.createGuardCondition(() => {}));
    calls.length = 0;
    const made = outcomes(everyKind(node));
    expect(made[0]?.[1]).toBe('ok');
    for (const [what, code, message] of made.slice(1)) {
      expect([what, code]).toEqual([what, 'Full']);
      expect(message).toBe(`executor is full (capacity 1); cannot register ${what}`);
    }
    expect(calls).toEqual(['createPublisher /t']);
    expect(executor.usage()).toEqual({ used: 1, capacity: 1 });
  });
});

describe('a declaration the transport fails', () => {
  it('answers TransportError naming the entity when it throws, and leaves nothing registered', () => {
    const { spy, executor, node } = spied();
    spy.fail = () => {
      throw new Error('transport down');
    };
    const made = outcomes(everyKind(node));
    for (const [what, code, message] of made.slice(0, 6)) {
      expect([what, code]).toEqual([what, 'TransportError']);
      expect(message).toBe(`declaring ${what} failed: transport down`);
    }
    // Timers and guard conditions declare nothing.
    expect(made.slice(6).map(([, code]) => code)).toEqual(['ok', 'ok', 'ok']);
    expect(executor.usage().used).toBe(3);
  });

  it('answers the error the transport gives, and frees the arena slot it took', () => {
    const { spy, executor, node } = spied({ capacity: 1 });
    spy.fail = (declaration) => err('Unsupported', `no ${declaration}`);
    const made = outcomes(everyKind(node).slice(0, 6));
    expect(made.map(([, code, message]) => [code, message])).toEqual([
      ['Unsupported', 'no createPublisher'],
      ['Unsupported', 'no createSubscriber'],
      ['Unsupported', 'no createSubscriber'],
      ['Unsupported', 'no createServiceServer'],
      ['Unsupported', 'no createServiceClient'],
      ['Unsupported', 'no createServiceClient'],
    ]);
    expect(executor.usage().used).toBe(0);
    spy.fail = undefined;
    unwrap(node.createSubscription(std_msgs.msg.String, 'after', () => {}));
    expect(executor.usage().used).toBe(1);
  });
});

describe('the QoS an endpoint is declared with', () => {
  it('keep-all declares the executor keep-all limit as depth; keep-last its own depth; none the default profile', () => {
    const { spy, node } = spied({ keepAllLimit: 3 });
    const fn = () => {};
    unwrap(node.createSubscription(std_msgs.msg.String, 'all', fn, QoS.default().keepAll()));
    unwrap(node.createSubscription(std_msgs.msg.String, 'seven', fn, QoS.default().keepLast(7)));
    unwrap(node.createPublisher(std_msgs.msg.String, 'all', QoS.default().keepAll()));
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'all_srv', () => ({ sum: 0n }), QoS.services().keepAll()),
    );
    unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'all_srv', fn, { qos: QoS.services().keepAll() }));
    unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'plain_srv', fn));
    expect(spy.specs.map(({ spec }) => [spec.name, spec.qos.history, spec.qos.depth])).toEqual([
      ['/all', 'keep_all', 3],
      ['/seven', 'keep_last', 7],
      ['/all', 'keep_all', 3],
      ['/all_srv', 'keep_all', 3],
      ['/all_srv', 'keep_all', 3],
      ['/plain_srv', 'keep_last', 10],
    ]);
    expect(spy.specs.at(-1)?.spec.qos).toEqual(QoS.services().toRmw());
  });

  it('a keep-all client takes as many requests in flight as the keep-all limit', () => {
    const { node } = spied({ keepAllLimit: 3 });
    const client = unwrap(
      node.createClient(example_interfaces.srv.AddTwoInts, 'nobody', () => {}, { qos: QoS.services().keepAll() }),
    );
    const sent = Array.from({ length: 4 }, () => client.asyncSendRequest({ a: 1n, b: 2n }));
    expect(sent.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual(['ok', 'ok', 'ok', 'TryAgain']);
  });

  it('resolves a service name under the node and names it a service name when refusing it', () => {
    const { spy, executor } = spied();
    const node = unwrap(executor.createNode('n', { ...BARE_NODE, namespace: '/ns' }));
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, '~/private', () => ({ sum: 0n })));
    unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'relative', () => {}));
    expect(spy.specs.map(({ spec }) => spec.name)).toEqual(['/ns/n/private', '/ns/relative']);
    const bad = node.createService(example_interfaces.srv.AddTwoInts, 'bad/', () => ({ sum: 0n }));
    expect(expectErr(bad)).toBe('InvalidArgument');
    if (!bad.ok) expect(bad.error.message).toMatch(/^service name 'bad\/'/);
    const badTopic = node.createSubscription(std_msgs.msg.String, 'bad/', () => {});
    expect(expectErr(badTopic)).toBe('InvalidArgument');
    if (!badTopic.ok) expect(badTopic.error.message).toMatch(/^topic 'bad\/'/);
  });
});

describe('destroying a node', () => {
  it('releases every entity it made, also past 64 of them with some released on the way', () => {
    const { executor, node } = makeFixture({ capacity: 400 });
    const other = unwrap(executor.createNode('other', BARE_NODE));
    const kept = unwrap(other.createGuardCondition(() => {}));
    const guards: EntityHandle[] = [];
    for (let i = 0; i < 300; i++) {
      guards.push(unwrap(node.createGuardCondition(() => {})));
      // Release every third one as the node goes, so the node's list has released entries to drop.
      if (i % 3 === 0) unwrap((guards[i] as EntityHandle).reset());
    }
    expect(executor.usage().used).toBe(1 + 200);
    unwrap(node.destroy());
    expect(executor.usage().used).toBe(1);
    expect(other.isValid(kept)).toBe(true);
  });

  it('does not release, through a handle it made and the user reset, an entity that took its slot', () => {
    const { executor, node } = makeFixture({ capacity: 1 });
    const other = unwrap(executor.createNode('other', BARE_NODE));
    unwrap(unwrap(node.createGuardCondition(() => {})).reset());
    const kept = unwrap(other.createGuardCondition(() => {}));
    unwrap(node.destroy());
    expect(other.isValid(kept)).toBe(true);
    expect(executor.usage().used).toBe(1);
  });

  it('destroys its publishers and withdraws the node and its endpoints from the graph', async () => {
    const { executor, node } = makeFixture();
    const observer = unwrap(executor.createNode('observer', BARE_NODE));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'news'));
    const destroyedFirst = unwrap(node.createPublisher(std_msgs.msg.String, 'old_news'));
    unwrap(destroyedFirst.destroy());
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', () => ({ sum: 0n })));
    expect(unwrap(observer.countPublishers('/news'))).toBe(1);
    unwrap(node.destroy());
    await settle();
    expect(expectErr(pub.publish({ data: 'late' }))).toBe('NotInitialized');
    expect(expectErr(pub.destroy())).toBe('NotInitialized');
    expect(unwrap(observer.countPublishers('/news'))).toBe(0);
    expect(unwrap(observer.getNodeNames()).map((n) => n.name)).toEqual(['observer']);
    expect(unwrap(observer.getServiceNamesAndTypes()).has('/add')).toBe(false);
  });

  it('happens at executor shutdown for a node not destroyed before', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'to_close'));
    unwrap(await executor.shutdown());
    expect(expectErr(pub.publish({ data: 'late' }))).toBe('NotInitialized');
    expect(expectErr(node.destroy())).toBe('NotInitialized');
  });
});
