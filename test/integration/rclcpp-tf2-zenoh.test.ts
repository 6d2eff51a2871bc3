/**
 * tf2 over the real router: one executor broadcasts a static link before any listener exists
 * and then dynamic links; a listener in another executor fills its Buffer from /tf_static
 * (transient local: the late joiner still gets the static set) and /tf, and looks up through
 * the chain.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Executor, tf2, Result } from '../../src/index.js';
import type { TransformStamped } from '../../src/rclcpp/interfaces/generated/geometry_msgs/codec.js';
import { uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

const unwrap = Result.unwrap;

const executors: Executor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
});

function tf(parent: string, child: string, sec: number, x: number): TransformStamped {
  return {
    header: { stamp: { sec, nanosec: 0 }, frame_id: parent },
    child_frame_id: child,
    transform: { translation: { x, y: 0, z: 0 }, rotation: { x: 0, y: 0, z: 0, w: 1 } },
  };
}

describe('tf2 on zenoh', () => {
  it('a late listener gets the static set and the dynamic links, and looks up through the chain', async () => {
    const router = inject('zenohLocator');
    const robotExec = unwrap(await Executor.create({ router }));
    executors.push(robotExec);
    const p = uniquePrefix('tf');
    const robot = unwrap(robotExec.createNode('robot', { startParameterServices: false, enableRosout: false }));
    const statics = unwrap(tf2.StaticTransformBroadcaster.create(robot));
    const dynamic = unwrap(tf2.TransformBroadcaster.create(robot));
    unwrap(await statics.getPublisher().ready(5000));
    unwrap(statics.sendTransform(tf(`${p}_base`, `${p}_laser`, 0, 0.5)));

    const echoExec = unwrap(await Executor.create({ router }));
    executors.push(echoExec);
    const echo = unwrap(echoExec.createNode('echo', { startParameterServices: false, enableRosout: false }));
    const buffer = unwrap(tf2.Buffer.create());
    unwrap(tf2.TransformListener.create(echo, buffer));

    // The static link arrives from the publisher's transient-local cache, without a re-send.
    const laser = await buffer.waitForTransform(`${p}_base`, `${p}_laser`, { sec: 0, nanosec: 0 }, 10_000);
    expect(laser.ok && laser.value.transform.translation.x).toBe(0.5);

    // Dynamic links: sent until heard (the /tf route takes a moment to be in place).
    let sec = 1;
    unwrap(
      await echoExec.spinUntil(
        () => {
          dynamic.sendTransform([tf(`${p}_odom`, `${p}_base`, sec, sec), tf(`${p}_map`, `${p}_odom`, sec, 10)]);
          sec++;
          robotExec.spinSome();
          return buffer.canTransform(`${p}_map`, `${p}_laser`, { sec: 0, nanosec: 0 });
        },
        10_000,
        'the dynamic links over the router',
      ),
    );
    const t = unwrap(buffer.lookupTransform(`${p}_map`, `${p}_laser`, { sec: 0, nanosec: 0 }));
    const latest = t.header.stamp.sec;
    expect(t.transform.translation.x).toBeCloseTo(10 + latest + 0.5);
    expect(
      buffer
        .getAllFrameNames()
        .filter((f) => f.startsWith(p))
        .sort(),
    ).toEqual([`${p}_base`, `${p}_laser`, `${p}_map`, `${p}_odom`].sort());
  });
});
