/**
 * The rclcpp conformance suite, written once and run on every backend (local.test.ts,
 * zenoh.test.ts). Everything that depends on discovery or delivery waits with
 * spin-until-condition helpers under generous budgets, never fixed sleeps, so the same
 * tests hold over a network with eventual consistency.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Executor,
  type ExecutorOptions,
  example_interfaces,
  type MessageInfo,
  type Node,
  type Publisher,
  QoS,
  type ResultOf,
  std_msgs,
  Result,
} from '../../src/index.js';
import { NODE_BUILTIN_ENTRIES } from '../../src/rclcpp/executor.js';

/** Budget for anything that waits on discovery or delivery. */
export const DISCOVERY_BUDGET_MS = 8000;

const unwrap = Result.unwrap;

function errName(r: Result | ResultOf<unknown>): string {
  return r.ok ? 'ok' : r.error.name;
}

/** Spins until `done()` or the budget runs out; answers whether it got done. */
export async function spinUntil(
  executor: Executor,
  done: () => boolean,
  budgetMs = DISCOVERY_BUDGET_MS,
): Promise<boolean> {
  const deadline = performance.now() + budgetMs;
  while (!done()) {
    const left = deadline - performance.now();
    if (left <= 0) return false;
    const spun = await executor.spinOnce(Math.min(50, left));
    if (!spun.ok) return false;
  }
  return true;
}

/** Publishes `make(i)` once per spin step until `done()`: survives late discovery. */
export async function publishUntil<M>(
  executor: Executor,
  publisher: Publisher<M>,
  make: (i: number) => M,
  done: () => boolean,
  budgetMs = DISCOVERY_BUDGET_MS,
): Promise<boolean> {
  let i = 0;
  const deadline = performance.now() + budgetMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    unwrap(publisher.publish(make(i++)));
    await executor.spinOnce(20);
  }
  return true;
}

let unique = 0;

/**
 * What a backend declares it cannot answer: the suite then checks that it says so
 * (Unsupported) rather than skipping the case. Both backends today answer everything.
 */
export interface BackendLimits {
  /** serviceIsReady / waitForService answer Unsupported. */
  readonly noServiceReadiness?: boolean;
  /** Graph queries (node, topic, service names; counts) answer Unsupported. */
  readonly noGraph?: boolean;
}

export function defineConformanceSuite(
  backendName: string,
  makeExecutorOptions: () => ExecutorOptions,
  limits: BackendLimits = {},
): void {
  describe(`rclcpp conformance on ${backendName}`, () => {
    const opened: Executor[] = [];
    afterEach(async () => {
      for (const e of opened.splice(0)) await e.shutdown();
    });

    const executor = async (extra: Partial<ExecutorOptions> = {}): Promise<Executor> => {
      const e = unwrap(await Executor.create({ ...makeExecutorOptions(), ...extra }));
      opened.push(e);
      return e;
    };
    /** A node with a namespace no other test (or run) shares. */
    const node = async (e?: Executor): Promise<Node> => {
      const ex = e ?? (await executor());
      const ns = `/conf_${process.pid}_${Date.now().toString(36)}_${unique++}`;
      return unwrap(ex.createNode(`n${unique++}`, { namespace: ns }));
    };

    it('ping answers Ok and an idle spinOnce returns an empty report within its budget', async () => {
      const e = await executor();
      expect(errName(await e.ping(5000))).toBe('ok');
      const report = unwrap(await e.spinOnce(10));
      expect(report.subscriptions + report.timers + report.services + report.clients).toBe(0);
    });

    describe('publish / subscribe', () => {
      it('delivers messages in order with their info, during spin only', async () => {
        const n = await node();
        const e = n.executor;
        const got: { m: std_msgs.msg.String; info: MessageInfo }[] = [];
        unwrap(n.createSubscription(std_msgs.msg.String, 'chatter', (m, info) => got.push({ m, info })));
        const pub = unwrap(n.createPublisher(std_msgs.msg.String, 'chatter'));
        expect(
          await publishUntil(
            e,
            pub,
            (i) => ({ data: `warm ${i}` }),
            () => got.length > 0,
          ),
        ).toBe(true);
        await spinUntil(e, () => false, 100);
        got.length = 0;
        for (let i = 0; i < 5; i++) unwrap(pub.publish({ data: `Hello World: ${i}` }));
        expect(got).toHaveLength(0);
        // A warm-up message still on its way on a loaded machine may come after the wait.
        const hello = () => got.filter((g) => !g.m.data.startsWith('warm'));
        expect(await spinUntil(e, () => hello().length >= 5)).toBe(true);
        expect(hello().map((g) => g.m.data)).toEqual([0, 1, 2, 3, 4].map((i) => `Hello World: ${i}`));
        const info = (hello()[0] as { info: MessageInfo }).info;
        expect(info.key.length).toBeGreaterThan(0);
        expect(typeof info.receivedAtMs).toBe('number');
      });

      it('connects a talker and a listener in two executors (two sessions)', async () => {
        const listener = await node();
        const talkerExec = await executor();
        const talker = unwrap(talkerExec.createNode('talker', { namespace: listener.getNamespace() }));
        const got: number[] = [];
        unwrap(listener.createSubscription(std_msgs.msg.Int32, 'numbers', (m) => got.push(m.data)));
        const pub = unwrap(talker.createPublisher(std_msgs.msg.Int32, 'numbers'));
        const done = async (): Promise<boolean> => {
          const deadline = performance.now() + DISCOVERY_BUDGET_MS;
          let i = 0;
          while (got.length < 3 && performance.now() < deadline) {
            unwrap(pub.publish({ data: i++ }));
            await talkerExec.spinOnce(5);
            await listener.executor.spinOnce(20);
          }
          return got.length >= 3;
        };
        expect(await done()).toBe(true);
        for (let k = 1; k < got.length; k++) expect(got[k]).toBeGreaterThan(got[k - 1] as number);
      });

      it('poll subscriptions: take answers TryAgain when empty, takeWithin waits for one', async () => {
        const n = await node();
        const poll = unwrap(n.createPollSubscription(std_msgs.msg.String, 'polled'));
        expect(errName(poll.take())).toBe('TryAgain');
        const pub = unwrap(n.createPublisher(std_msgs.msg.String, 'polled'));
        let got: ResultOf<std_msgs.msg.String> | undefined;
        const deadline = performance.now() + DISCOVERY_BUDGET_MS;
        while ((got === undefined || !got.ok) && performance.now() < deadline) {
          unwrap(pub.publish({ data: 'polled' }));
          got = await poll.takeWithin(50);
        }
        expect(got && unwrap(got)).toEqual({ data: 'polled' });
      });

      it('keep-last depth keeps the newest samples and counts the dropped ones', async () => {
        const n = await node();
        const e = n.executor;
        const poll = unwrap(n.createPollSubscription(std_msgs.msg.String, 'depth', QoS.default().keepLast(2)));
        const pub = unwrap(n.createPublisher(std_msgs.msg.String, 'depth'));
        let warm = false;
        expect(
          await publishUntil(
            e,
            pub,
            () => ({ data: 'warm' }),
            () => (warm ||= poll.take().ok),
          ),
        ).toBe(true);
        await spinUntil(e, () => false, 200);
        while (poll.take().ok) {
          // drain warm-up samples
        }
        const droppedBefore = e.stats().dropped;
        for (let i = 1; i <= 5; i++) unwrap(pub.publish({ data: String(i) }));
        // All five arrived once three were dropped (a publisher's samples stay in order).
        expect(await spinUntil(e, () => e.stats().dropped - droppedBefore >= 3)).toBe(true);
        const kept: string[] = [];
        for (let r = poll.take(); r.ok; r = poll.take()) kept.push(r.value.data);
        expect(kept).toEqual(['4', '5']);
      });
    });

    describe('services and clients', () => {
      const add = (req: { a: bigint; b: bigint }): example_interfaces.srv.AddTwoInts_Response => ({
        sum: req.a + req.b,
      });

      it('a client sees a server appear (serviceIsReady false then true) and gets its reply', async () => {
        const n = await node();
        const e = n.executor;
        const replies: ResultOf<example_interfaces.srv.AddTwoInts_Response>[] = [];
        const client = unwrap(
          n.createClient(example_interfaces.srv.AddTwoInts, 'add_two_ints', (r) => replies.push(r)),
        );
        const before = client.serviceIsReady();
        if (limits.noServiceReadiness) {
          expect(errName(before)).toBe('Unsupported');
          expect(errName(await client.waitForService(100))).toBe('Unsupported');
          return;
        }
        expect(unwrap(before)).toBe(false);
        const serverExec = await executor();
        const server = unwrap(serverExec.createNode('server', { namespace: n.getNamespace() }));
        unwrap(server.createService(example_interfaces.srv.AddTwoInts, 'add_two_ints', add));
        const serving = serverExec.spin();
        expect(errName(await client.waitForService(DISCOVERY_BUDGET_MS))).toBe('ok');
        expect(unwrap(client.serviceIsReady())).toBe(true);
        unwrap(client.asyncSendRequest({ a: 40n, b: 2n }));
        expect(await spinUntil(e, () => replies.length > 0)).toBe(true);
        expect(unwrap(replies[0] as ResultOf<example_interfaces.srv.AddTwoInts_Response>)).toEqual({ sum: 42n });
        serverExec.cancel();
        await serving;
      });

      it('PollClient.call returns the response; a throwing handler gives ServiceFailed', async () => {
        const n = await node();
        unwrap(n.createService(example_interfaces.srv.AddTwoInts, 'add', add));
        unwrap(
          n.createService(example_interfaces.srv.AddTwoInts, 'broken', () => {
            throw new Error('broken on purpose');
          }),
        );
        const client = unwrap(n.createPollClient(example_interfaces.srv.AddTwoInts, 'add'));
        expect(errName(await client.waitForService(DISCOVERY_BUDGET_MS))).toBe('ok');
        expect(unwrap(await client.call({ a: -5n, b: 2n ** 40n }, DISCOVERY_BUDGET_MS))).toEqual({
          sum: 2n ** 40n - 5n,
        });
        const broken = unwrap(n.createPollClient(example_interfaces.srv.AddTwoInts, 'broken'));
        expect(errName(await broken.waitForService(DISCOVERY_BUDGET_MS))).toBe('ok');
        expect(errName(await broken.call({ a: 1n, b: 1n }, DISCOVERY_BUDGET_MS))).toBe('ServiceFailed');
        expect(n.executor.stats().handlerErrors).toBe(1);
      });

      it('waitForService times out within its budget when no server exists', async () => {
        const n = await node();
        const client = unwrap(n.createClient(example_interfaces.srv.AddTwoInts, 'nobody_home', () => {}));
        expect(errName(await client.waitForService(100))).toBe(limits.noServiceReadiness ? 'Unsupported' : 'Timeout');
      });
    });

    describe('handles', () => {
      it('reset stops delivery; the reset copy answers NotInitialized, other copies Error', async () => {
        const n = await node();
        const e = n.executor;
        const got: string[] = [];
        const sub = unwrap(n.createSubscription(std_msgs.msg.String, 'resettable', (m) => got.push(m.data)));
        const copy = { executor: sub.executor, handleId: sub.handleId, reset: sub.reset };
        const pub = unwrap(n.createPublisher(std_msgs.msg.String, 'resettable'));
        expect(
          await publishUntil(
            e,
            pub,
            () => ({ data: 'x' }),
            () => got.length > 0,
          ),
        ).toBe(true);
        expect(errName(sub.reset())).toBe('ok');
        expect(errName(sub.reset())).toBe('NotInitialized');
        expect(errName(copy.reset())).toBe('Error');
        expect(n.isValid(copy)).toBe(false);
        const count = got.length;
        unwrap(pub.publish({ data: 'after reset' }));
        await spinUntil(e, () => false, 200);
        expect(got).toHaveLength(count);
      });

      it('refuses registrations past the capacity with Full', async () => {
        // Room for the node's built-in services and two entries more.
        const e = await executor({ capacity: 2 + NODE_BUILTIN_ENTRIES });
        const n = await node(e);
        unwrap(n.createGuardCondition(() => {}));
        unwrap(n.createSubscription(std_msgs.msg.String, 'cap', () => {}));
        expect(errName(n.createClient(example_interfaces.srv.AddTwoInts, 'cap_srv', () => {}))).toBe('Full');
      });
    });

    describe('timers and guard conditions', () => {
      it('wall timers fire repeatedly, one-shot timers once, guard conditions on trigger', async () => {
        const n = await node();
        const e = n.executor;
        let ticks = 0;
        let shots = 0;
        let guards = 0;
        unwrap(n.createWallTimer(10, () => ticks++));
        unwrap(n.createOneShotTimer(5, () => shots++));
        const guard = unwrap(n.createGuardCondition(() => guards++));
        unwrap(guard.trigger());
        expect(await spinUntil(e, () => ticks >= 3 && guards === 1, 5000)).toBe(true);
        expect(shots).toBe(1);
      });
    });

    describe('graph', () => {
      it('eventually lists our node, topic (with its type), service and publisher/subscriber counts', async () => {
        const n = await node();
        const e = n.executor;
        const names = n.getNodeNames();
        if (limits.noGraph) {
          expect(errName(names)).toBe('Unsupported');
          expect(errName(n.countPublishers('graph_topic'))).toBe('Unsupported');
          return;
        }
        unwrap(n.createPublisher(std_msgs.msg.String, 'graph_topic'));
        unwrap(n.createSubscription(std_msgs.msg.String, 'graph_topic', () => {}));
        unwrap(n.createService(example_interfaces.srv.AddTwoInts, 'graph_srv', add2));
        const topic = `${n.getNamespace()}/graph_topic`;
        const service = `${n.getNamespace()}/graph_srv`;
        const seen = (): boolean => {
          const nodes = unwrap(n.getNodeNames());
          const topics = unwrap(n.getTopicNamesAndTypes());
          const services = unwrap(n.getServiceNamesAndTypes());
          return (
            nodes.some((x) => x.name === n.getName() && x.namespace === n.getNamespace()) &&
            (topics.get(topic) ?? []).includes('std_msgs/msg/String') &&
            (services.get(service) ?? []).includes('example_interfaces/srv/AddTwoInts') &&
            unwrap(n.countPublishers('graph_topic')) === 1 &&
            unwrap(n.countSubscribers('graph_topic')) === 1
          );
        };
        expect(await spinUntil(e, seen)).toBe(true);
        expect(unwrap(n.getEndpoints()).some((x) => x.name === topic && x.kind === 'publisher')).toBe(true);
      });
    });
  });
}

function add2(req: { a: bigint; b: bigint }): example_interfaces.srv.AddTwoInts_Response {
  return { sum: req.a + req.b };
}
