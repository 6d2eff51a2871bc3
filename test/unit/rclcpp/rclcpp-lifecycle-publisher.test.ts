// A lifecycle node's managed publisher: every verb of Publisher reaches the publisher it wraps;
// publish and publishRaw go through only while the node is active.
import { describe, expect, it } from 'vitest';
import { CallbackReturn, LifecycleNode, std_msgs } from '../../../src/index.js';
import { makeFixture, unwrap } from '../../support/executor-fixture.js';

describe('lifecycle publisher', () => {
  it('answers like the publisher it wraps, and publishes only while active (raw bytes too)', async () => {
    const { executor, node } = makeFixture();
    const lc = unwrap(
      LifecycleNode.create(executor, 'managed_talker', { callbacks: { onConfigure: () => CallbackReturn.SUCCESS } }),
    );
    const pub = unwrap(lc.createPublisher(std_msgs.msg.String, 'chatter'));
    const got: string[] = [];
    unwrap(node.createSubscription(std_msgs.msg.String, '/chatter', (m) => void got.push(m.data)));

    expect(pub.getTopicName()).toBe('/chatter');
    expect(pub.getActualQos()).toMatchObject({ reliability: 'reliable', depth: 10 });
    expect(await pub.ready(1000)).toEqual({ ok: true, value: undefined });
    expect(pub.getSubscriptionCount()).toEqual({ ok: true, value: 1 });
    expect(pub.isActivated()).toBe(false);

    const raw = std_msgs.msg.String.encode({ data: 'raw' });
    expect(pub.publish({ data: 'early' })).toMatchObject({ ok: false, error: { name: 'NotAllowed' } });
    expect(pub.publishRaw(raw)).toMatchObject({ ok: false, error: { name: 'NotAllowed' } });
    unwrap(await lc.configure());
    unwrap(await lc.activate());
    expect(pub.isActivated()).toBe(true);
    expect(pub.publish({ data: 'typed' })).toEqual({ ok: true, value: undefined });
    expect(pub.publishRaw(raw)).toEqual({ ok: true, value: undefined });
    expect((await executor.spinUntil(() => got.length === 2, 2000)).ok).toBe(true);
    expect(got).toEqual(['typed', 'raw']);

    expect(pub.destroy()).toEqual({ ok: true, value: undefined });
    expect(pub.publish({ data: 'after destroy' }).ok).toBe(false);
    expect(pub.getSubscriptionCount().ok).toBe(false);
  });
});

describe('lc.node, the node a lifecycle node hands out', () => {
  it('makes lifecycle publishers too, so a port writing lc.node.createPublisher does not publish while unconfigured', async () => {
    const { executor, node } = makeFixture();
    const lc = unwrap(LifecycleNode.create(executor, 'ported_talker'));
    const pub = unwrap(lc.node.createPublisher(std_msgs.msg.String, 'chatter_ported'));
    const got: string[] = [];
    unwrap(node.createSubscription(std_msgs.msg.String, '/chatter_ported', (m) => void got.push(m.data)));
    const early = pub.publish({ data: 'unconfigured' });
    expect(!early.ok && early.error.name).toBe('NotAllowed');
    expect(!early.ok && early.error.message).toContain('unconfigured');
    unwrap(await lc.configure());
    expect(pub.publish({ data: 'inactive' }).ok).toBe(false);
    unwrap(await lc.activate());
    unwrap(pub.publish({ data: 'active' }));
    unwrap(await executor.spinUntil(() => got.length === 1, 2000));
    expect(got).toEqual(['active']);
    // The rest is the node's own: names, the executor, one bound verb per name.
    expect(lc.node.getFullyQualifiedName()).toBe('/ported_talker');
    expect(lc.node.executor).toBe(executor);
    expect(lc.node.getName).toBe(lc.node.getName);
    await executor.shutdown();
  });
});
