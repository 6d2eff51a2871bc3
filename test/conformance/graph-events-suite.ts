/**
 * QoS and graph events, run on every backend: matched and incompatible-type callbacks in
 * spin, GIDs and QoS by topic, service counts, graph-change waits, waitForMessage, and
 * Unsupported for what rmw_zenoh cannot honour (deadline, liveliness, lifespan, QoS events).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Executor,
  type ExecutorOptions,
  example_interfaces,
  type IncompatibleTypeStatus,
  type MatchedInfo,
  QoS,
  type ResultOf,
  std_msgs,
  waitForMessage,
  Result,
} from '../../src/index.js';
import { DISCOVERY_BUDGET_MS, spinUntil } from './suite.js';

const unwrap = Result.unwrap;

let unique = 0;

export function defineGraphEventsSuite(backendName: string, makeExecutorOptions: () => ExecutorOptions): void {
  describe(`QoS and graph events on ${backendName}`, () => {
    const opened: Executor[] = [];
    afterEach(async () => {
      for (const e of opened.splice(0)) await e.shutdown();
    });
    const open = async (): Promise<{ e: Executor; ns: string }> => {
      const e = unwrap(await Executor.create(makeExecutorOptions()));
      opened.push(e);
      return { e, ns: `/ge_${process.pid}_${Date.now().toString(36)}_${unique++}` };
    };

    it('a publisher hears subscriptions match and leave, in spin, with rclcpp counts', async () => {
      const { e, ns } = await open();
      const a = unwrap(e.createNode('pub_side', { namespace: ns }));
      const b = unwrap(e.createNode('sub_side', { namespace: ns }));
      const seen: MatchedInfo[] = [];
      let inSpin = true;
      const pub = unwrap(
        a.createPublisher(std_msgs.msg.String, 'chatter', undefined, { events: { matched: (i) => seen.push(i) } }),
      );
      inSpin = false;
      const s1 = unwrap(b.createSubscription(std_msgs.msg.String, `${ns}/chatter`, () => {}));
      const s2 = unwrap(b.createSubscription(std_msgs.msg.String, `${ns}/chatter`, () => {}));
      expect(seen).toEqual([]);
      expect(inSpin).toBe(false);
      expect(await spinUntil(e, () => seen.at(-1)?.currentCount === 2)).toBe(true);
      expect(seen.reduce((n, i) => n + i.currentCountChange, 0)).toBe(2);
      expect(seen.at(-1)?.totalCount).toBe(2);
      expect(unwrap(pub.getSubscriptionCount())).toBe(2);
      s1.reset();
      expect(await spinUntil(e, () => seen.at(-1)?.currentCount === 1)).toBe(true);
      expect(seen.at(-1)).toMatchObject({
        totalCount: 2,
        totalCountChange: 0,
        currentCount: 1,
        currentCountChange: -1,
      });
      s2.reset();
      pub.destroy();
    });

    it('a subscription hears publishers match, and a same-name endpoint of another type as incompatible', async () => {
      const { e, ns } = await open();
      const node = unwrap(e.createNode('watcher', { namespace: ns }));
      const matched: MatchedInfo[] = [];
      const incompatible: IncompatibleTypeStatus[] = [];
      unwrap(
        node.createSubscription(std_msgs.msg.String, 'typed', () => {}, undefined, {
          events: { matched: (i) => matched.push(i), incompatibleType: (s) => incompatible.push(s) },
        }),
      );
      const other = unwrap(e.createNode('other', { namespace: ns }));
      unwrap(other.createPublisher(std_msgs.msg.String, `${ns}/typed`));
      unwrap(other.createPublisher(std_msgs.msg.Int32, `${ns}/typed`));
      expect(await spinUntil(e, () => matched.length > 0 && incompatible.length > 0)).toBe(true);
      expect(matched.at(-1)).toMatchObject({ currentCount: 1, totalCount: 1 });
      expect(incompatible.at(-1)).toEqual({ totalCount: 1, totalCountChange: 1 });
    });

    it('answers GIDs and QoS by topic, and counts services and clients', async () => {
      const { e, ns } = await open();
      const node = unwrap(e.createNode('infos', { namespace: ns }));
      unwrap(node.createPublisher(std_msgs.msg.String, 'info', QoS.default().transientLocal().keepLast(3)));
      unwrap(node.createPublisher(std_msgs.msg.String, 'info'));
      unwrap(node.createSubscription(std_msgs.msg.String, 'info', () => {}));
      unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', (r) => ({ sum: r.a + r.b })));
      unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {}));
      unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {}));
      const pubs = unwrap(node.getPublishersInfoByTopic('info'));
      expect(pubs).toHaveLength(2);
      const best = pubs.find((p) => p.qosProfile.durability === 'transient_local');
      expect(best).toMatchObject({
        nodeName: 'infos',
        nodeNamespace: ns,
        topicType: 'std_msgs/msg/String',
        endpointType: 'publisher',
        qosProfile: { durability: 'transient_local', history: 'keep_last', depth: 3 },
      });
      expect(best?.topicTypeHash).toMatch(/^RIHS01_/);
      const gids = pubs.map((p) => Buffer.from(p.endpointGid).toString('hex'));
      expect(gids.every((g) => g.length === 32)).toBe(true);
      expect(new Set(gids).size).toBe(2);
      expect(unwrap(node.getSubscriptionsInfoByTopic('info')).map((s) => s.endpointType)).toEqual(['subscription']);
      expect(unwrap(node.countServices('add'))).toBe(1);
      expect(unwrap(node.countClients('add'))).toBe(2);
      expect(unwrap(node.countClients('nothing'))).toBe(0);
    });

    it('waitForGraphChange and onGraphChange see an endpoint appear', async () => {
      const { e, ns } = await open();
      const node = unwrap(e.createNode('graph_watch', { namespace: ns }));
      // Let discovery settle (the router replays the graph): a quiet window answers Timeout.
      let quiet = await node.waitForGraphChange(100);
      for (let i = 0; i < 50 && quiet.ok; i++) quiet = await node.waitForGraphChange(100);
      expect(quiet.ok ? 'Ok' : quiet.error.name).toBe('Timeout');
      let changes = 0;
      const stop = unwrap(node.onGraphChange(() => changes++));
      const waiting = node.waitForGraphChange(DISCOVERY_BUDGET_MS);
      unwrap(node.createPublisher(std_msgs.msg.String, 'appear'));
      expect((await waiting).ok).toBe(true);
      expect(changes).toBe(0);
      expect(await spinUntil(e, () => changes > 0)).toBe(true);
      stop();
      const bad = await node.waitForGraphChange(Number.NaN);
      expect(bad.ok ? 'Ok' : bad.error.name).toBe('InvalidArgument');
    });

    it('waitForMessage answers the next message, or Timeout naming the topic and budget', async () => {
      const { e, ns } = await open();
      const node = unwrap(e.createNode('waiter', { namespace: ns }));
      const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'once'));
      const timer = setInterval(() => pub.publish({ data: 'hello' }), 20);
      try {
        const got = await waitForMessage(std_msgs.msg.String, node, 'once', DISCOVERY_BUDGET_MS);
        expect(unwrap(got)).toEqual({ data: 'hello' });
      } finally {
        clearInterval(timer);
      }
      const none = await waitForMessage(std_msgs.msg.String, node, 'silent', 50);
      expect(none.ok ? '' : `${none.error.name}: ${none.error.message}`).toMatch(/^Timeout: .*'silent'.*50 ms/);
      expect(unwrap(node.countSubscribers('once'))).toBe(0);
    });

    it('refuses, before declaring anything, the QoS and events rmw_zenoh cannot honour', async () => {
      const { e, ns } = await open();
      const node = unwrap(e.createNode('refused', { namespace: ns }));
      const name = (r: ResultOf<unknown>): string => (r.ok ? 'Ok' : `${r.error.name}: ${r.error.message}`);
      const fn = (): void => {};
      expect(name(node.createPublisher(std_msgs.msg.String, 'q', QoS.default().deadline(100)))).toMatch(
        /^Unsupported: .*deadline of 100 ms/,
      );
      expect(
        name(node.createSubscription(std_msgs.msg.String, 'q', fn, QoS.default().liveliness('manual_by_topic'))),
      ).toMatch(/^Unsupported: .*liveliness manual_by_topic/);
      expect(
        name(node.createSubscription(std_msgs.msg.String, 'q', fn, QoS.default().liveliness('automatic', 500))),
      ).toMatch(/^Unsupported: .*liveliness lease of 500 ms/);
      expect(name(node.createPublisher(std_msgs.msg.String, 'q', QoS.default().lifespan(50)))).toMatch(
        /^Unsupported: .*lifespan of 50 ms/,
      );
      const events = [{ deadline: fn }, { liveliness: fn }, { incompatibleQos: fn }] as unknown as {
        matched: () => void;
      }[];
      for (const ev of events) {
        expect(name(node.createPublisher(std_msgs.msg.String, 'q', undefined, { events: ev }))).toMatch(
          /^Unsupported: /,
        );
        expect(name(node.createSubscription(std_msgs.msg.String, 'q', fn, undefined, { events: ev }))).toMatch(
          /^Unsupported: /,
        );
      }
      // messageLost is a subscription's event only.
      const lostOnPublisher = { events: { messageLost: fn } } as unknown as { events: { matched: () => void } };
      expect(name(node.createPublisher(std_msgs.msg.String, 'q', undefined, lostOnPublisher))).toMatch(
        /^InvalidArgument: .*messageLost/,
      );
      expect(
        name(
          node.createPublisher(std_msgs.msg.String, 'q', undefined, {
            events: { matched: 3 as unknown as () => void },
          }),
        ),
      ).toMatch(/^InvalidArgument: .*matched/);
      expect(unwrap(node.getPublishersInfoByTopic('q'))).toEqual([]);
      expect(unwrap(node.getSubscriptionsInfoByTopic('q'))).toEqual([]);
      // rcl's rosout profile carries a lifespan; /rosout keeps it.
      expect(name(node.createPublisher(std_msgs.msg.String, '/rosout_like', QoS.rosout()))).toMatch(/^Unsupported/);
    });
  });
}
