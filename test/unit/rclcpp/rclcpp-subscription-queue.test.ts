/**
 * Subscriptions and poll subscriptions past the happy path: undecodable samples skipped and
 * counted, takeWithin's budget and a subscription released while it waits, the QoS read back,
 * and a released subscription gone from the publisher's count.
 */
import { describe, expect, it } from 'vitest';
import { type ExecutorEvent, QoS, std_msgs } from '../../../src/index.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

/** Bytes no std_msgs/String decodes from (a string length past the end). */
const GARBAGE = new Uint8Array([0, 1, 0, 0, 99, 0, 0, 0]);

describe('a poll subscription', () => {
  it('skips undecodable samples, counting each as a decode error, and answers the next good one', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => events.push(e));
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'mixed'));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'mixed'));
    unwrap(pub.publishRaw(GARBAGE));
    unwrap(pub.publishRaw(GARBAGE));
    unwrap(pub.publish({ data: 'good' }));
    await settle();
    expect(unwrap(poll.take())).toEqual({ data: 'good' });
    expect(executor.stats().decodeErrors).toBe(2);
    expect(expectErr(poll.take())).toBe('TryAgain');
    unwrap(executor.spinSome());
    const decodeErrors = events.filter((e) => e.type === 'decode_error');
    expect(decodeErrors).toHaveLength(2);
    expect(decodeErrors[0]).toMatchObject({ entity: "poll_subscription '/mixed'" });
  });

  it('takeWithin answers a message published while it waits, Timeout when none comes', async () => {
    const { node } = makeFixture();
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'later'));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'later'));
    setTimeout(() => unwrap(pub.publish({ data: 'arrived' })), 20);
    expect(unwrap(await poll.takeWithin(5000))).toEqual({ data: 'arrived' });
    const none = await poll.takeWithin(20);
    expect(expectErr(none)).toBe('Timeout');
    if (!none.ok) expect(none.error.message).toContain("takeWithin on '/later'");
  });

  it('takeWithin answers NotInitialized when the subscription is released while it waits', async () => {
    const { node } = makeFixture();
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'leaving'));
    unwrap(node.createOneShotTimer(10, () => void poll.handle.reset()));
    expect(expectErr(await poll.takeWithin(5000))).toBe('NotInitialized');
    expect(expectErr(await poll.takeWithin(10))).toBe('NotInitialized');
  });

  it('its iterator ends when the executor shuts down', async () => {
    const { executor, node } = makeFixture();
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'until_shutdown'));
    const seen: string[] = [];
    const iterating = (async () => {
      for await (const m of poll) seen.push(m.data);
    })();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'until_shutdown'));
    unwrap(pub.publish({ data: 'one' }));
    await settle();
    await settle();
    unwrap(await executor.shutdown());
    await iterating;
    expect(seen).toEqual(['one']);
  });
});

describe('a subscription', () => {
  it('reports the QoS it was declared with; once released, the publisher no longer counts it', async () => {
    const { node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'counted'));
    const sub = unwrap(
      node.createSubscription(std_msgs.msg.String, 'counted', () => {}, QoS.default().keepLast(4).transientLocal()),
    );
    const poll = unwrap(node.createPollSubscription(std_msgs.msg.String, 'counted', QoS.default().keepAll()));
    const qos = unwrap(node.getEntityQos(sub));
    expect([qos.history, qos.depth, qos.durability]).toEqual(['keep_last', 4, 'transient_local']);
    expect(unwrap(node.getEntityQos(poll.handle)).history).toBe('keep_all');
    expect(unwrap(pub.getSubscriptionCount())).toBe(2);
    unwrap(sub.reset());
    unwrap(poll.handle.reset());
    await settle();
    expect(unwrap(pub.getSubscriptionCount())).toBe(0);
  });

  it('keeps the newest depth samples when nobody spins and counts the dropped ones', async () => {
    const { executor, node } = makeFixture();
    const got: string[] = [];
    unwrap(
      node.createSubscription(std_msgs.msg.String, 'burst', (m) => void got.push(m.data), QoS.default().keepLast(2)),
    );
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'burst'));
    for (const d of ['1', '2', '3', '4']) unwrap(pub.publish({ data: d }));
    await settle();
    while (unwrap(executor.spinSome()).subscriptions > 0);
    expect(got).toEqual(['3', '4']);
    expect(executor.stats().dropped).toBe(2);
  });
});
