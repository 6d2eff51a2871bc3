// tf2_ros over the in-process backend: broadcasters on /tf and /tf_static with tf2_ros's QoS, a
// listener filling a Buffer, lookups through a chain of static and dynamic links, and waits
// that answer within their budget.
import { describe, expect, it } from 'vitest';
import { tf2 } from '../../../src/index.js';
import type { TransformStamped } from '../../../src/rclcpp/interfaces/generated/geometry_msgs/codec.js';
import { TFMessage } from '../../../src/rclcpp/interfaces/generated/tf2_msgs/msg.js';
import { makeFixture, unwrap } from '../../support/executor-fixture.js';

function tf(parent: string, child: string, sec: number, x: number, nanosec = 0): TransformStamped {
  return {
    header: { stamp: { sec, nanosec }, frame_id: parent },
    child_frame_id: child,
    transform: { translation: { x, y: 0, z: 0 }, rotation: { x: 0, y: 0, z: 0, w: 1 } },
  };
}

function setup() {
  const f = makeFixture();
  const buffer = unwrap(tf2.Buffer.create());
  const listener = unwrap(tf2.TransformListener.create(f.node, buffer));
  const dynamic = unwrap(tf2.TransformBroadcaster.create(f.node));
  const statics = unwrap(tf2.StaticTransformBroadcaster.create(f.node));
  return { ...f, buffer, listener, dynamic, statics };
}

describe('tf2_ros broadcasters and listener', () => {
  it('use tf2_ros topics and QoS profiles', () => {
    const { dynamic, statics, node } = setup();
    expect(dynamic.getPublisher().getTopicName()).toBe('/tf');
    expect(dynamic.getPublisher().getActualQos()).toMatchObject({
      reliability: 'reliable',
      durability: 'volatile',
      depth: 100,
    });
    expect(statics.getPublisher().getTopicName()).toBe('/tf_static');
    expect(statics.getPublisher().getActualQos()).toMatchObject({
      reliability: 'reliable',
      durability: 'transient_local',
      depth: 1,
    });
    expect(tf2.staticListenerQoS().toRmw()).toMatchObject({ durability: 'transient_local', depth: 100 });
    expect(tf2.dynamicListenerQoS().toRmw()).toMatchObject({ durability: 'volatile', depth: 100 });
    expect(node.countSubscribers('/tf')).toEqual({ ok: true, value: 1 });
    expect(node.countSubscribers('/tf_static')).toEqual({ ok: true, value: 1 });
  });

  it('broadcast -> listener -> lookup through a 3-level chain of static and dynamic links', async () => {
    const { executor, buffer, dynamic, statics } = setup();
    unwrap(statics.sendTransform(tf('base_link', 'laser', 0, 0.25)));
    unwrap(dynamic.sendTransform([tf('map', 'odom', 10, 1), tf('odom', 'base_link', 10, 2)]));
    unwrap(dynamic.sendTransform([tf('map', 'odom', 11, 3), tf('odom', 'base_link', 11, 4)]));
    const t = await buffer.waitForTransform('map', 'laser', { sec: 11, nanosec: 0 }, 2000);
    expect(t).toMatchObject({ ok: true, value: { header: { frame_id: 'map' }, child_frame_id: 'laser' } });
    expect(t.ok && t.value.transform.translation.x).toBeCloseTo(7.25);
    // Latest: both dynamic links have 11 s.
    const latest = unwrap(buffer.lookupTransform('map', 'laser', { sec: 0, nanosec: 0 }));
    expect(latest.header.stamp).toEqual({ sec: 11, nanosec: 0 });
    // Midpoint: 1+2 at 10 s and 3+4 at 11 s.
    const mid = unwrap(buffer.lookupTransform('map', 'laser', { sec: 10, nanosec: 500_000_000 }));
    expect(mid.transform.translation.x).toBeCloseTo(5.25);
    expect(executor.spinSome().ok).toBe(true);
  });

  it('the static broadcaster re-sends its whole set, one entry per child, replacing a child', async () => {
    const { executor, node, statics, buffer } = setup();
    const heard: TFMessage[] = [];
    unwrap(node.createSubscription(TFMessage, '/tf_static', (m) => void heard.push(m), tf2.staticListenerQoS()));
    unwrap(statics.sendTransform(tf('base', 'a', 0, 1)));
    unwrap(statics.sendTransform([tf('base', 'b', 0, 2), tf('base', 'a', 0, 5)]));
    unwrap(await executor.spinUntil(() => heard.length === 2, 2000));
    expect(heard[0]?.transforms.map((t) => t.child_frame_id)).toEqual(['a']);
    expect(heard[1]?.transforms.map((t) => [t.child_frame_id, t.transform.translation.x])).toEqual([
      ['a', 5],
      ['b', 2],
    ]);
    expect(statics.getTransforms()).toHaveLength(2);
    // The set holds copies: a message changed after sending is re-sent as it was sent.
    const reused = tf('base', 'c', 0, 7);
    unwrap(statics.sendTransform(reused));
    reused.transform.translation.x = 99;
    unwrap(statics.sendTransform(tf('base', 'd', 0, 1)));
    unwrap(await executor.spinUntil(() => heard.length === 4, 2000));
    expect(heard[3]?.transforms.find((t) => t.child_frame_id === 'c')?.transform.translation.x).toBe(7);
    expect(unwrap(buffer.lookupTransform('b', 'a', { sec: 0, nanosec: 0 })).transform.translation.x).toBe(3);
    // A listener created later still gets every static frame (transient local, keep last 1).
    const late = unwrap(tf2.Buffer.create());
    unwrap(tf2.TransformListener.create(node, late, { staticOnly: true }));
    const got = await late.waitForTransform('a', 'b', { sec: 0, nanosec: 0 }, 2000);
    expect(got.ok && got.value.transform.translation.x).toBe(-3);
  });

  it('refuses a bad transform by name and sends nothing', async () => {
    const { executor, node, dynamic, statics } = setup();
    const heard: TFMessage[] = [];
    unwrap(node.createSubscription(TFMessage, '/tf', (m) => void heard.push(m)));
    const r = dynamic.sendTransform([tf('map', 'odom', 1, 0), tf('odom', 'odom', 1, 0)]);
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(r.ok || r.error.message).toContain('transform 1 refused, nothing sent: TF_SELF_TRANSFORM');
    expect(statics.sendTransform(tf('', 'x', 0, 0))).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(statics.getTransforms()).toEqual([]);
    await executor.spinFor(50);
    expect(heard).toEqual([]);
  });

  it('the static broadcaster keeps what it checked: a getter that throws on a second read does not throw out', () => {
    const { dynamic, statics } = setup();
    const fickle = (child: string): TransformStamped => {
      const t = tf('base', child, 0, 1);
      let reads = 0;
      return {
        get header() {
          if (reads++ > 0) throw new Error('read twice');
          return t.header;
        },
        child_frame_id: t.child_frame_id,
        transform: t.transform,
      };
    };
    expect(statics.sendTransform(fickle('e')).ok).toBe(true);
    expect(statics.getTransforms().map((t) => t.child_frame_id)).toEqual(['e']);
    // The dynamic broadcaster sends the caller's message as given: its encoder reads it again and answers an error value.
    expect(dynamic.sendTransform(fickle('f'))).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
  });

  it('waitForTransform answers Timeout within its budget, with the frames, the budget and the reason', async () => {
    const { buffer, dynamic } = setup();
    unwrap(dynamic.sendTransform(tf('map', 'odom', 10, 1)));
    const start = performance.now();
    const r = await buffer.waitForTransform('map', 'odom', { sec: 20, nanosec: 0 }, 150);
    const took = performance.now() - start;
    expect(r).toMatchObject({ ok: false, error: { name: 'Timeout', kind: 'TimeoutException' } });
    expect(r.ok || r.error.message).toBe(
      'TimeoutException: no transform from [odom] to [map] at time 20.000000 within the budget of 150 ms: NoDataForExtrapolationException: Lookup would require extrapolation at time 20.000000, but only time 10.000000 is in the buffer, when looking up transform from frame [odom] to frame [map]',
    );
    expect(took).toBeGreaterThanOrEqual(140);
    expect(took).toBeLessThan(1000);
    expect(await buffer.waitForTransform('map', 'odom', { sec: 10, nanosec: 0 }, Number.NaN)).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(await buffer.waitForTransform('', 'odom', { sec: 10, nanosec: 0 }, 1000)).toMatchObject({
      ok: false,
      error: { kind: 'InvalidArgumentException' },
    });
  });

  it('waitForTransform is answered as soon as the transform arrives, with or without an executor', async () => {
    const { executor, dynamic } = setup();
    // A buffer no listener fills: only setTransform wakes it.
    const plain = unwrap(tf2.Buffer.create());
    const waiting = plain.waitForTransform('a', 'b', { sec: 3, nanosec: 0 }, 5000);
    setTimeout(() => plain.setTransform(tf('a', 'b', 3, 9)), 20);
    const start = performance.now();
    const got = await waiting;
    expect(got.ok && got.value.transform.translation.x).toBe(9);
    expect(performance.now() - start).toBeLessThan(1000);
    // Filled by a listener while the executor spins elsewhere.
    const buffer = unwrap(tf2.Buffer.create());
    unwrap(tf2.TransformListener.create(unwrapNode(executor), buffer));
    const spinning = executor.spinFor(3000);
    setTimeout(() => dynamic.sendTransform(tf('world', 'thing', 4, 2)), 20);
    const r = await buffer.waitForTransform('world', 'thing', { sec: 0, nanosec: 0 }, 3000);
    executor.cancel();
    await spinning;
    expect(r).toMatchObject({ ok: true, value: { header: { stamp: { sec: 4, nanosec: 0 } } } });
  });

  it('the listener counts what the buffer refuses, and destroy stops it', async () => {
    const { executor, buffer, listener, dynamic } = setup();
    unwrap(dynamic.sendTransform(tf('a', 'b', 100, 0)));
    unwrap(await executor.spinUntil(() => buffer.canTransform('a', 'b', { sec: 0, nanosec: 0 }), 2000));
    unwrap(dynamic.sendTransform(tf('a', 'b', 1, 0)));
    unwrap(await executor.spinUntil(() => listener.getRejections().count === 1, 2000));
    expect(listener.getRejections().last).toContain('TF_OLD_DATA');
    expect(listener.destroy()).toEqual({ ok: true, value: undefined });
    unwrap(dynamic.sendTransform(tf('a', 'c', 100, 0)));
    await executor.spinFor(50);
    expect(buffer.getAllFrameNames().sort()).toEqual(['a', 'b']);
  });
});

let nodeCount = 0;
function unwrapNode(executor: ReturnType<typeof makeFixture>['executor']) {
  nodeCount++;
  return unwrap(executor.createNode(`listener_${nodeCount}`));
}
