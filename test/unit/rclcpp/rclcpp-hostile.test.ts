/**
 * The contract under hostile but type-conformant use: every accepted request is answered
 * exactly once, handles never throw, hostile argument objects answer InvalidArgument.
 * Uses the public entry, as a user would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Duration,
  Executor,
  example_interfaces,
  type Node,
  QoS,
  type ResultOf,
  std_msgs,
  Time,
  Result,
} from '../../../src/index.js';

const opened: Executor[] = [];
afterEach(async () => {
  for (const e of opened.splice(0)) await e.shutdown();
});

async function makeNode(name: string): Promise<{ executor: Executor; node: Node }> {
  const created = await Executor.create();
  if (!created.ok) throw new Error(created.error.message);
  opened.push(created.value);
  const node = created.value.createNode(name);
  if (!node.ok) throw new Error(node.error.message);
  return { executor: created.value, node: node.value };
}

const unwrap = Result.unwrap;

/** Spins the server until it has answered `count` requests, leaving the client executor idle. */
async function serve(server: Executor, served: () => number, count: number): Promise<void> {
  for (let i = 0; i < 200 && served() < count; i++) await server.spinOnce(20);
  expect(served()).toBe(count);
  // Let the replies reach the client's reply queue.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('every accepted request ends in exactly one handler call', () => {
  it('beyond maxRequestsInFlight (default: the reply queue depth, 10) a request answers TryAgain; each accepted one gets its reply though the client did not spin meanwhile', async () => {
    const server = await makeNode('overflow_server');
    const client = await makeNode('overflow_client');
    let served = 0;
    unwrap(
      server.node.createService(example_interfaces.srv.AddTwoInts, 'overflow_add', (req) => ({
        sum: req.a + req.b + 0n * BigInt(++served),
      })),
    );
    const replies = new Map<bigint, ResultOf<example_interfaces.srv.AddTwoInts_Response>[]>();
    const handle = unwrap(
      client.node.createClient(example_interfaces.srv.AddTwoInts, 'overflow_add', (response, seq) => {
        replies.set(seq, [...(replies.get(seq) ?? []), response]);
      }),
    );
    unwrap(await handle.waitForService(5000));
    const accepted: bigint[] = [];
    const refused: string[] = [];
    for (let i = 0; i < 20; i++) {
      const sent = handle.asyncSendRequest({ a: BigInt(i), b: 1n });
      if (sent.ok) accepted.push(sent.value);
      else refused.push(sent.error.name);
    }
    expect(accepted).toHaveLength(10);
    expect(refused).toEqual(Array(10).fill('TryAgain'));
    await serve(server.executor, () => served, 10);
    for (let i = 0; i < 20 && replies.size < accepted.length; i++) await client.executor.spinOnce(20);
    expect([...replies.keys()].sort()).toEqual([...accepted].sort());
    for (const answers of replies.values()) expect(answers).toHaveLength(1);
    // The slots are free again.
    expect(handle.asyncSendRequest({ a: 1n, b: 1n }).ok).toBe(true);
  });

  it('maxRequestsInFlight: 20 accepts 20 and all 20 replies reach the handler after the client was idle', async () => {
    const server = await makeNode('inflight_server');
    const client = await makeNode('inflight_client');
    let served = 0;
    const deep = QoS.services().keepLast(32);
    unwrap(
      server.node.createService(
        example_interfaces.srv.AddTwoInts,
        'inflight_add',
        (req) => {
          served++;
          return { sum: req.a + req.b };
        },
        deep,
      ),
    );
    const seen: bigint[] = [];
    const handle = unwrap(
      client.node.createClient(
        example_interfaces.srv.AddTwoInts,
        'inflight_add',
        (response, seq) => void seen.push(unwrap(response) && seq),
        {
          maxRequestsInFlight: 20,
        },
      ),
    );
    unwrap(await handle.waitForService(5000));
    const accepted = Array.from({ length: 20 }, (_, i) => unwrap(handle.asyncSendRequest({ a: BigInt(i), b: 0n })));
    expect(handle.asyncSendRequest({ a: 0n, b: 0n }).ok).toBe(false);
    await serve(server.executor, () => served, 20);
    for (let i = 0; i < 40 && seen.length < 20; i++) await client.executor.spinOnce(20);
    expect(seen.sort()).toEqual([...accepted].sort());
  });

  it('maxRequestsInFlight must be an integer >= 1', async () => {
    const { node } = await makeNode('inflight_bad');
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3']) {
      const made = node.createClient(example_interfaces.srv.AddTwoInts, 'x', () => {}, {
        maxRequestsInFlight: bad as number,
      });
      expect(made.ok ? 'ok' : made.error.name).toBe('InvalidArgument');
    }
  });
});

describe('handles never throw', () => {
  it('reset() on a frozen handle releases the entry and answers Ok; the frozen copy then answers as a stale one', async () => {
    const { node } = await makeNode('frozen');
    const handle = Object.freeze(unwrap(node.createSubscription(std_msgs.msg.String, 'frozen_topic', () => {})));
    let answered: ResultOf<unknown> | undefined;
    expect(() => {
      answered = handle.reset();
    }).not.toThrow();
    expect(answered?.ok).toBe(true);
    expect(node.isValid(handle)).toBe(false);
    const again = handle.reset();
    expect(again.ok ? 'ok' : again.error.name).toBe('Error');
  });
});

describe('hostile argument objects answer InvalidArgument naming what could not be read', () => {
  const throwing = (key: string, base: object = {}) =>
    Object.defineProperty({ ...base }, key, {
      get() {
        throw new Error(`getter ${key}`);
      },
      enumerable: true,
    });
  const revoked = (): object => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };

  it('QoS, options and type support with throwing getters or revoked Proxies', async () => {
    const { executor, node } = await makeNode('hostile');
    const refused = (made: ResultOf<unknown>, naming: string): void => {
      expect(made.ok ? 'ok' : made.error.name).toBe('InvalidArgument');
      if (!made.ok) expect(made.error.message).toContain(naming);
    };
    const badQos = [throwing('toRmw'), revoked(), { toRmw: () => throwing('depth') }] as unknown as QoS[];
    for (const qos of badQos) {
      expect(() =>
        refused(
          node.createSubscription(std_msgs.msg.String, 't', () => {}, qos),
          'qos',
        ),
      ).not.toThrow();
      expect(() => refused(node.createPublisher(std_msgs.msg.String, 't', qos), 'qos')).not.toThrow();
    }
    const badOptions = [throwing('qos'), throwing('requestBudgetMs'), throwing('maxRequestsInFlight'), revoked()];
    for (const options of badOptions) {
      expect(() =>
        refused(
          node.createClient(example_interfaces.srv.AddTwoInts, 's', () => {}, options as never),
          'options',
        ),
      ).not.toThrow();
      expect(() =>
        refused(node.createPollClient(example_interfaces.srv.AddTwoInts, 's', options as never), 'options'),
      ).not.toThrow();
    }
    const badTypes = [
      throwing('typeName', std_msgs.msg.String),
      throwing('encode', std_msgs.msg.String),
      revoked(),
    ] as unknown as (typeof std_msgs.msg.String)[];
    for (const type of badTypes) {
      expect(() =>
        refused(
          node.createSubscription(type, 't', () => {}),
          'type',
        ),
      ).not.toThrow();
      expect(() => refused(node.createPublisher(type, 't'), 'type')).not.toThrow();
    }
    const badService = [
      throwing('Request', example_interfaces.srv.AddTwoInts),
      { ...example_interfaces.srv.AddTwoInts, Response: revoked() },
    ] as unknown as (typeof example_interfaces.srv.AddTwoInts)[];
    for (const type of badService) {
      expect(() =>
        refused(
          node.createService(type, 's', (r) => ({ sum: r.a })),
          'type',
        ),
      ).not.toThrow();
      expect(() =>
        refused(
          node.createClient(type, 's', () => {}),
          'type',
        ),
      ).not.toThrow();
    }
    for (const options of [throwing('namespace'), throwing('naming'), revoked()]) {
      expect(() => refused(executor.createNode('n', options as never), 'options')).not.toThrow();
    }
    const created = await Executor.create(throwing('router') as never).catch(() => 'rejected');
    expect(typeof created === 'string' ? created : created.ok ? 'ok' : created.error.name).toBe('InvalidArgument');
    const timer = node.createWallTimer(revoked() as never, () => {});
    expect(timer.ok ? 'ok' : timer.error.name).toBe('InvalidArgument');
    const publisher = unwrap(node.createPublisher(std_msgs.msg.String, 'hostile_raw'));
    for (const bytes of [revoked(), throwing('byteLength', new Uint8Array(4))]) {
      let sent: ResultOf<unknown> | undefined;
      expect(() => {
        sent = publisher.publishRaw(bytes as Uint8Array);
      }).not.toThrow();
      expect(sent?.ok ? 'ok' : sent?.error.name).toBe('InvalidArgument');
    }
  });
});

describe('values whose text cannot be built', () => {
  it('null-prototype objects where a name, a QoS policy or a number goes answer InvalidArgument', async () => {
    const { node } = await makeNode('null_proto');
    const bare = Object.create(null) as never;
    const answers = [
      node.createSubscription(std_msgs.msg.String, bare, () => {}),
      node.createService(example_interfaces.srv.AddTwoInts, bare, (r) => ({ sum: r.a })),
      node.createPublisher(std_msgs.msg.String, 't', { toRmw: () => ({ reliability: bare }) } as never),
      node.createClient(example_interfaces.srv.AddTwoInts, 's', () => {}, { maxRequestsInFlight: bare }),
      node.createWallTimer(bare, () => {}),
      Duration.fromMs(bare),
      Time.fromNs(bare),
      Duration.zero().plus(bare),
      Time.zero().minus(bare),
      Time.zero().plus(bare),
    ];
    expect(answers.map((a) => (a.ok ? 'ok' : a.error.name))).toEqual(Array(answers.length).fill('InvalidArgument'));
  });
});

describe('time arithmetic', () => {
  it('Time overflow answers Error (it is not an invalid argument); a time outside [0, 2^63) given by the caller answers InvalidArgument', () => {
    const late = unwrap(Time.fromNs(2n ** 63n - 1n));
    const over = late.plus(unwrap(Duration.fromNs(1n)));
    expect(over.ok ? 'ok' : over.error.name).toBe('Error');
    const before = Time.zero().plus(unwrap(Duration.fromNs(-1n)));
    expect(before.ok ? 'ok' : before.error.name).toBe('Error');
    const given = Time.fromNs(-1n);
    expect(given.ok ? 'ok' : given.error.name).toBe('InvalidArgument');
  });

  it('Duration.fromSeconds and fromMs truncate toward zero, as nros does', () => {
    expect(unwrap(Duration.fromSeconds(1.0000000009)).nanoseconds).toBe(1_000_000_000n);
    expect(unwrap(Duration.fromSeconds(-1.0000000009)).nanoseconds).toBe(-1_000_000_000n);
    expect(unwrap(Duration.fromMs(0.0000019)).nanoseconds).toBe(1n);
  });
});
