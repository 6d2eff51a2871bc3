/**
 * Which subscription handlers are handed a MessageInfo (rclcpp's two callback forms), and the
 * in-process clock read a publication skips when no reader could see its source time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MessageInfo, QoS, std_msgs } from '../../../src/index.js';
import { takesMessageInfo } from '../../../src/rclcpp/subscription.js';
import { makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

/** Brackets a stamp: the local clock promises ms precision around Date.now() (rmw-local-pubsub.test.ts). */
function window(): { before: bigint; end(): bigint } {
  const before = BigInt(Date.now() - 1) * 1_000_000n;
  return { before, end: () => BigInt(Date.now() + 1) * 1_000_000n };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the MessageInfo of a subscription handler', () => {
  it('is handed to a handler declaring two parameters or a rest parameter, not to one declaring only the message', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'arity'));
    const oneInfos: unknown[] = [];
    const twoInfos: MessageInfo[] = [];
    const restArgs: unknown[][] = [];
    unwrap(
      node.createSubscription(std_msgs.msg.String, 'arity', function one(_m) {
        // biome-ignore lint/complexity/noArguments: what the executor passed is the point of the test
        oneInfos.push(arguments[1]);
      }),
    );
    unwrap(node.createSubscription(std_msgs.msg.String, 'arity', (_m, info) => twoInfos.push(info)));
    unwrap(node.createSubscription(std_msgs.msg.String, 'arity', (...args) => restArgs.push(args)));
    const w = window();
    unwrap(pub.publish({ data: 'a' }));
    await settle();
    unwrap(executor.spinSome());
    const after = w.end();
    expect(oneInfos).toEqual([undefined]);
    expect(restArgs).toHaveLength(1);
    expect(restArgs[0]).toHaveLength(2);
    for (const info of [twoInfos[0], restArgs[0]?.[1] as MessageInfo]) {
      expect(info?.sequenceNumber).toBe(1n);
      expect(info?.sourceTimestampNs).toBeGreaterThanOrEqual(w.before);
      expect(info?.sourceTimestampNs).toBeLessThanOrEqual(after);
      expect(info?.publisherGid).toHaveLength(16);
    }
  });

  it('follows the declared parameter count: one parameter, no info; none or two, info', () => {
    expect(takesMessageInfo((_m: unknown) => undefined)).toBe(false);
    expect(takesMessageInfo((_m: unknown, _i: MessageInfo) => undefined)).toBe(true);
    expect(takesMessageInfo((..._args: unknown[]) => undefined)).toBe(true);
    expect(takesMessageInfo(() => undefined)).toBe(true);
    // A poll subscription hands the info out with each takeWithInfo.
    expect(takesMessageInfo(undefined)).toBe(true);
  });

  it('is decided without a throw for a handler whose length cannot be read (a hostile or revoked Proxy)', () => {
    const { node } = makeFixture();
    const lengthless = new Proxy(() => undefined, {
      get(target, key) {
        if (key === 'length') throw new Error('no length for you');
        return Reflect.get(target, key);
      },
    });
    const { proxy, revoke } = Proxy.revocable(() => undefined, {});
    revoke();
    for (const handler of [lengthless, proxy]) {
      expect(() =>
        unwrap(node.createSubscription(std_msgs.msg.String, 'hostile', handler as () => undefined)),
      ).not.toThrow();
    }
  });

  it('is whole for a poll subscription beside one-parameter handlers', async () => {
    const { node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'poll_info'));
    unwrap(node.createSubscription(std_msgs.msg.String, 'poll_info', (_m) => undefined));
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'poll_info'));
    const w = window();
    unwrap(pub.publish({ data: 'p' }));
    await settle();
    const taken = unwrap(poll.takeWithInfo());
    expect(taken.message.data).toBe('p');
    expect(taken.info.sourceTimestampNs).toBeGreaterThanOrEqual(w.before);
    expect(taken.info.sourceTimestampNs).toBeLessThanOrEqual(w.end());
  });
});

describe('an in-process publication', () => {
  it('reads no clock while every matched handler declares only the message, and stamps once one reads the info', async () => {
    const { executor, node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'clock'));
    const seen: string[] = [];
    unwrap(node.createSubscription(std_msgs.msg.String, 'clock', (m) => seen.push(m.data)));
    const now = vi.spyOn(performance, 'now');
    unwrap(pub.publish({ data: 'unstamped' }));
    expect(now).not.toHaveBeenCalled();
    await settle();
    unwrap(executor.spinSome());
    expect(seen).toEqual(['unstamped']);

    const infos: MessageInfo[] = [];
    unwrap(node.createSubscription(std_msgs.msg.String, 'clock', (_m, info) => infos.push(info)));
    const w = window();
    unwrap(pub.publish({ data: 'stamped' }));
    expect(now).toHaveBeenCalled();
    await settle();
    unwrap(executor.spinSome());
    expect(seen).toEqual(['unstamped', 'stamped']);
    expect(infos.map((i) => i.sequenceNumber)).toEqual([2n]);
    expect(infos[0]?.sourceTimestampNs).toBeGreaterThanOrEqual(w.before);
    expect(infos[0]?.sourceTimestampNs).toBeLessThanOrEqual(w.end());
  });

  it('keeps its source time for a transient-local late joiner that reads the info', async () => {
    const { executor, node } = makeFixture();
    const latched = QoS.default().transientLocal().keepLast(2);
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'latched', latched));
    unwrap(node.createSubscription(std_msgs.msg.String, 'latched', (_m) => undefined, latched));
    const w = window();
    unwrap(pub.publish({ data: 'kept' }));
    const end = w.end();
    await settle();
    const infos: MessageInfo[] = [];
    unwrap(node.createSubscription(std_msgs.msg.String, 'latched', (_m, info) => infos.push(info), latched));
    await settle();
    unwrap(executor.spinSome());
    expect(infos).toHaveLength(1);
    expect(infos[0]?.sourceTimestampNs).toBeGreaterThanOrEqual(w.before);
    expect(infos[0]?.sourceTimestampNs).toBeLessThanOrEqual(end);
  });
});
