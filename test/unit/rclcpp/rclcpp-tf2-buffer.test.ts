// tf2's BufferCore semantics on a Buffer alone: chains, latest common time, interpolation,
// static links, cache length, and each tf2 error kind with the frames and times in its sentence.
import { describe, expect, it } from 'vitest';
import { Clock, tf2 } from '../../../src/index.js';
import type { PointStamped, TransformStamped } from '../../../src/rclcpp/interfaces/generated/geometry_msgs/codec.js';

function tf(
  parent: string,
  child: string,
  sec: number,
  translation: { x: number; y: number; z: number },
  rotation = { x: 0, y: 0, z: 0, w: 1 },
  nanosec = 0,
): TransformStamped {
  return {
    header: { stamp: { sec, nanosec }, frame_id: parent },
    child_frame_id: child,
    transform: { translation, rotation },
  };
}

const yaw = (a: number) => tf2.quaternionFromRPY(0, 0, a);

function buffer(cacheTimeMs?: number): tf2.Buffer {
  const b = tf2.Buffer.create(cacheTimeMs === undefined ? undefined : { cacheTimeMs });
  if (!b.ok) throw new Error(b.error.message);
  return b.value;
}

function value<T>(r: tf2.Tf2ResultOf<T>): T {
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
  return r.value;
}

describe('tf2 Buffer', () => {
  it('looks up through a 3-level chain, both ways and across branches', () => {
    const b = buffer();
    expect(b.setTransform(tf('map', 'odom', 10, { x: 1, y: 0, z: 0 }, yaw(Math.PI / 2))).ok).toBe(true);
    expect(b.setTransform(tf('odom', 'base_link', 10, { x: 2, y: 0, z: 0 })).ok).toBe(true);
    expect(b.setTransform(tf('base_link', 'laser', 10, { x: 0, y: 0, z: 0.5 })).ok).toBe(true);
    expect(b.setTransform(tf('odom', 'camera', 10, { x: 0, y: 3, z: 0 })).ok).toBe(true);

    const t = value(b.lookupTransform('map', 'laser', { sec: 10, nanosec: 0 }));
    expect(t.header).toEqual({ stamp: { sec: 10, nanosec: 0 }, frame_id: 'map' });
    expect(t.child_frame_id).toBe('laser');
    // laser origin: (0,0,0.5) in base_link -> (2,0,0.5) in odom -> yawed 90deg, +1 x in map.
    expect(t.transform.translation.x).toBeCloseTo(1);
    expect(t.transform.translation.y).toBeCloseTo(2);
    expect(t.transform.translation.z).toBeCloseTo(0.5);

    const back = value(b.lookupTransform('laser', 'map', { sec: 10, nanosec: 0 }));
    const roundTrip = tf2.transformCompose(back.transform, t.transform);
    expect(roundTrip.translation.x).toBeCloseTo(0);
    expect(roundTrip.rotation.w).toBeCloseTo(1);

    // Across branches: camera (0,3,0) in odom seen from laser (2,0,0.5) in odom.
    const cross = value(b.lookupTransform('laser', 'camera', { sec: 10, nanosec: 0 }));
    expect(cross.transform.translation).toMatchObject({
      x: expect.closeTo(-2),
      y: expect.closeTo(3),
      z: expect.closeTo(-0.5),
    });
    expect(b.getAllFrameNames().sort()).toEqual(['base_link', 'camera', 'laser', 'map', 'odom']);
    expect(b.allFramesAsString()).toContain('Frame laser exists with parent base_link.');
  });

  it('time zero is the latest time every link on the path has; static links do not limit it', () => {
    const b = buffer();
    b.setTransform(tf('map', 'odom', 5, { x: 0, y: 0, z: 0 }));
    b.setTransform(tf('map', 'odom', 8, { x: 3, y: 0, z: 0 }));
    b.setTransform(tf('odom', 'base', 6, { x: 0, y: 1, z: 0 }));
    b.setTransform(tf('odom', 'base', 7, { x: 0, y: 2, z: 0 }));
    b.setTransform(tf('base', 'sensor', 0, { x: 0, y: 0, z: 9 }), 'test', true);
    const latest = value(b.lookupTransform('map', 'sensor', { sec: 0, nanosec: 0 }));
    expect(latest.header.stamp).toEqual({ sec: 7, nanosec: 0 });
    // map->odom at 7 is two thirds of the way from 5 to 8.
    expect(latest.transform.translation).toMatchObject({
      x: expect.closeTo(2),
      y: expect.closeTo(2),
      z: expect.closeTo(9),
    });
    // All static: the latest common time is zero and the lookup works at any time.
    const s = buffer();
    s.setTransform(tf('a', 'b', 3, { x: 1, y: 0, z: 0 }), 'test', true);
    expect(value(s.lookupTransform('a', 'b', { sec: 0, nanosec: 0 })).header.stamp).toEqual({ sec: 0, nanosec: 0 });
    expect(value(s.lookupTransform('a', 'b', { sec: 12345, nanosec: 6 })).transform.translation.x).toBe(1);
    // Same frame: the identity, at that frame's newest stamp.
    expect(value(b.lookupTransform('base', 'base', { sec: 0, nanosec: 0 })).header.stamp).toEqual({
      sec: 7,
      nanosec: 0,
    });
  });

  it('interpolates translation linearly and rotation by slerp at a midpoint', () => {
    const b = buffer();
    b.setTransform(tf('world', 'robot', 1, { x: 0, y: 0, z: 0 }, yaw(0)));
    b.setTransform(tf('world', 'robot', 2, { x: 2, y: 4, z: -6 }, yaw(Math.PI / 2)));
    const mid = value(b.lookupTransform('world', 'robot', { sec: 1, nanosec: 500_000_000 }));
    expect(mid.header.stamp).toEqual({ sec: 1, nanosec: 500_000_000 });
    expect(mid.transform.translation).toMatchObject({
      x: expect.closeTo(1),
      y: expect.closeTo(2),
      z: expect.closeTo(-3),
    });
    expect(tf2.quaternionToRPY(mid.transform.rotation).yaw).toBeCloseTo(Math.PI / 4);
    const quarter = value(b.lookupTransform('world', 'robot', { nanoseconds: 1_250_000_000n }));
    expect(tf2.quaternionToRPY(quarter.transform.rotation).yaw).toBeCloseTo(Math.PI / 8);
  });

  it('answers LookupException (NotFound) for an unknown frame, naming it and the argument', () => {
    const b = buffer();
    b.setTransform(tf('map', 'odom', 1, { x: 0, y: 0, z: 0 }));
    const r = b.lookupTransform('map', 'nowhere', { sec: 1, nanosec: 0 });
    expect(r).toMatchObject({ ok: false, error: { name: 'NotFound', kind: 'LookupException' } });
    expect(r.ok || r.error.message).toBe(
      'LookupException: "nowhere" passed to lookupTransform argument source_frame does not exist.',
    );
    expect(b.canTransform('map', 'nowhere', { sec: 1, nanosec: 0 })).toBe(false);
  });

  it('answers ConnectivityException (NotFound) for frames in two trees', () => {
    const b = buffer();
    b.setTransform(tf('map', 'odom', 1, { x: 0, y: 0, z: 0 }));
    b.setTransform(tf('earth', 'moon', 1, { x: 0, y: 0, z: 0 }));
    for (const time of [
      { sec: 1, nanosec: 0 },
      { sec: 0, nanosec: 0 },
    ]) {
      const r = b.lookupTransform('odom', 'moon', time);
      expect(r).toMatchObject({ ok: false, error: { name: 'NotFound', kind: 'ConnectivityException' } });
      expect(r.ok || r.error.message).toContain("between 'odom' and 'moon' because they are not part of the same tree");
    }
  });

  it('answers extrapolation into the future (TryAgain) and into the past (NotFound) with both times', () => {
    const b = buffer();
    b.setTransform(tf('map', 'odom', 10, { x: 0, y: 0, z: 0 }));
    b.setTransform(tf('map', 'odom', 11, { x: 1, y: 0, z: 0 }));
    b.setTransform(tf('odom', 'base', 10, { x: 0, y: 0, z: 0 }));
    b.setTransform(tf('odom', 'base', 11, { x: 0, y: 0, z: 0 }));
    const future = b.lookupTransform('base', 'map', { sec: 12, nanosec: 250_000_000 });
    expect(future).toMatchObject({ ok: false, error: { name: 'TryAgain', kind: 'ForwardExtrapolationException' } });
    expect(future.ok || future.error.message).toBe(
      'ForwardExtrapolationException: Lookup would require extrapolation into the future.  Requested time 12.250000 but the latest data is at time 11.000000, when looking up transform from frame [map] to frame [base]',
    );
    const past = b.lookupTransform('map', 'base', { sec: 9, nanosec: 0 });
    expect(past).toMatchObject({ ok: false, error: { name: 'NotFound', kind: 'BackwardExtrapolationException' } });
    expect(past.ok || past.error.message).toBe(
      'BackwardExtrapolationException: Lookup would require extrapolation into the past.  Requested time 9.000000 but the earliest data is at time 10.000000, when looking up transform from frame [base] to frame [map]',
    );
    // One stamp only: any other time has no data to extrapolate from.
    const one = buffer();
    one.setTransform(tf('a', 'b', 5, { x: 0, y: 0, z: 0 }));
    const r = one.lookupTransform('a', 'b', { sec: 6, nanosec: 0 });
    expect(r).toMatchObject({ ok: false, error: { name: 'TryAgain', kind: 'NoDataForExtrapolationException' } });
    expect(r.ok || r.error.message).toContain('at time 6.000000, but only time 5.000000 is in the buffer');
  });

  it('answers InvalidArgumentException for an empty or slashed frame id and a bad time', () => {
    const b = buffer();
    b.setTransform(tf('map', 'odom', 1, { x: 0, y: 0, z: 0 }));
    const empty = b.lookupTransform('', 'odom', { sec: 1, nanosec: 0 });
    expect(empty).toMatchObject({ ok: false, error: { name: 'InvalidArgument', kind: 'InvalidArgumentException' } });
    expect(empty.ok || empty.error.message).toContain('target_frame - in tf2 frame_ids cannot be empty');
    const slash = b.lookupTransform('map', '/odom', { sec: 1, nanosec: 0 });
    expect(slash.ok || slash.error.message).toContain(
      `"/odom" passed to lookupTransform argument source_frame - in tf2 frame_ids cannot start with a '/'`,
    );
    const time = b.lookupTransform('map', 'odom', { sec: -1, nanosec: 0 });
    expect(time).toMatchObject({ ok: false, error: { kind: 'InvalidArgumentException' } });
    expect(tf2.Buffer.create({ cacheTimeMs: -1 })).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
  });

  it('refuses transforms tf2 refuses, saying why, and strips a leading slash as tf2 does', () => {
    const b = buffer();
    const refused = (t: TransformStamped) => {
      const r = b.setTransform(t, 'tester');
      return r.ok ? 'accepted' : `${r.error.name} ${r.error.message}`;
    };
    expect(refused(tf('a', 'a', 1, { x: 0, y: 0, z: 0 }))).toMatch(
      /^InvalidArgument TF_SELF_TRANSFORM.*"a".*authority "tester"/,
    );
    expect(refused(tf('a', '', 1, { x: 0, y: 0, z: 0 }))).toMatch(/^InvalidArgument TF_NO_CHILD_FRAME_ID/);
    expect(refused(tf('', 'b', 1, { x: 0, y: 0, z: 0 }))).toMatch(/^InvalidArgument TF_NO_FRAME_ID/);
    expect(refused(tf('a', 'b', 1, { x: Number.NaN, y: 0, z: 0 }))).toMatch(/^InvalidArgument TF_NAN_INPUT/);
    expect(refused(tf('a', 'b', 1, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0, w: 2 }))).toMatch(
      /^InvalidArgument TF_DENORMALIZED_QUATERNION/,
    );
    expect(b.getAllFrameNames()).toEqual([]);
    expect(refused(tf('/a', '/b', 1, { x: 0, y: 0, z: 0 }))).toBe('accepted');
    expect(b.getAllFrameNames().sort()).toEqual(['a', 'b']);
  });

  it('keeps cacheTimeMs of history behind the newest stamp and refuses older data', () => {
    const b = buffer(2000);
    for (const sec of [1, 2, 3, 4, 5]) expect(b.setTransform(tf('a', 'b', sec, { x: sec, y: 0, z: 0 })).ok).toBe(true);
    // At the fifth insert entries older than 4 - 2 = 2 s were pruned.
    expect(value(b.lookupTransform('a', 'b', { sec: 2, nanosec: 0 })).transform.translation.x).toBe(2);
    expect(b.lookupTransform('a', 'b', { sec: 1, nanosec: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'BackwardExtrapolationException' },
    });
    // An insert prunes what is older than the newest stamp minus the cache length (5 - 2 = 3 s).
    expect(b.setTransform(tf('a', 'b', 3, { x: 3.5, y: 0, z: 0 }, undefined, 500_000_000), 'late').ok).toBe(true);
    expect(b.lookupTransform('a', 'b', { sec: 2, nanosec: 0 })).toMatchObject({ ok: false });
    expect(value(b.lookupTransform('a', 'b', { sec: 3, nanosec: 250_000_000 })).transform.translation.x).toBeCloseTo(
      3.25,
    );
    const tooOld = b.setTransform(tf('a', 'b', 2, { x: 0, y: 0, z: 0 }, undefined, 999_999_999), 'late');
    expect(tooOld).toMatchObject({ ok: false, error: { name: 'Rejected' } });
    expect(tooOld.ok || tooOld.error.message).toContain(
      'TF_OLD_DATA: ignoring data from the past for frame "b" at time 3.000000 from authority "late"',
    );
    // clear() forgets dynamic history but not static links.
    b.setTransform(tf('a', 's', 0, { x: 7, y: 0, z: 0 }), 'test', true);
    b.clear();
    expect(b.canTransform('a', 'b', { sec: 0, nanosec: 0 })).toBe(false);
    expect(value(b.lookupTransform('a', 's', { sec: 0, nanosec: 0 })).transform.translation.x).toBe(7);
  });

  it('does not interpolate across a change of parent, and reports a loop', () => {
    const b = buffer();
    b.setTransform(tf('p1', 'c', 1, { x: 1, y: 0, z: 0 }));
    b.setTransform(tf('p2', 'c', 3, { x: 5, y: 0, z: 0 }));
    b.setTransform(tf('root', 'p1', 0, { x: 0, y: 0, z: 0 }), 't', true);
    b.setTransform(tf('root', 'p2', 0, { x: 0, y: 0, z: 0 }), 't', true);
    expect(value(b.lookupTransform('root', 'c', { sec: 2, nanosec: 0 })).transform.translation.x).toBe(1);
    const loop = buffer();
    loop.setTransform(tf('x', 'y', 1, { x: 0, y: 0, z: 0 }));
    loop.setTransform(tf('y', 'x', 1, { x: 0, y: 0, z: 0 }));
    loop.setTransform(tf('z', 'w', 1, { x: 0, y: 0, z: 0 }));
    const r = loop.lookupTransform('w', 'x', { sec: 1, nanosec: 0 });
    expect(r).toMatchObject({ ok: false, error: { kind: 'LookupException' } });
    expect(r.ok || r.error.message).toContain('contains a loop');
  });

  it('lookupTransformFull goes through a fixed frame at two times', () => {
    const b = buffer();
    b.setTransform(tf('odom', 'base', 1, { x: 0, y: 0, z: 0 }));
    b.setTransform(tf('odom', 'base', 2, { x: 1, y: 0, z: 0 }));
    // Where base was at t=1, seen from base at t=2: one metre behind.
    const t = value(b.lookupTransformFull('base', { sec: 2, nanosec: 0 }, 'base', { sec: 1, nanosec: 0 }, 'odom'));
    expect(t.transform.translation.x).toBeCloseTo(-1);
    expect(t.header).toEqual({ stamp: { sec: 2, nanosec: 0 }, frame_id: 'base' });
  });

  it('transform() and doTransform express stamped messages in the target frame', () => {
    const b = buffer();
    b.setTransform(tf('map', 'base', 4, { x: 1, y: 0, z: 0 }, yaw(Math.PI / 2)));
    const p: PointStamped = {
      header: { stamp: { sec: 4, nanosec: 0 }, frame_id: 'base' },
      point: { x: 1, y: 0, z: 0 },
    };
    const inMap = value(b.transform(p, 'map'));
    expect(inMap.header.frame_id).toBe('map');
    expect(inMap.point).toMatchObject({ x: expect.closeTo(1), y: expect.closeTo(1), z: expect.closeTo(0) });
    const t = value(b.lookupTransform('map', 'base', { sec: 4, nanosec: 0 }));
    const v = value(tf2.doTransform({ header: p.header, vector: { x: 1, y: 0, z: 0 } }, t));
    expect(v.vector).toMatchObject({ x: expect.closeTo(0), y: expect.closeTo(1) });
    const pose = value(
      tf2.doTransform({ header: p.header, pose: { position: { x: 0, y: 0, z: 0 }, orientation: yaw(0.1) } }, t),
    );
    expect(pose.pose.position.x).toBeCloseTo(1);
    expect(tf2.quaternionToRPY(pose.pose.orientation).yaw).toBeCloseTo(Math.PI / 2 + 0.1);
    const cov = new Array(36).fill(0);
    cov[0] = 4; // variance in x becomes variance in y after a quarter turn
    const pc = value(
      tf2.doTransform(
        { header: p.header, pose: { pose: { position: { x: 0, y: 0, z: 0 }, orientation: yaw(0) }, covariance: cov } },
        t,
      ),
    );
    expect(pc.pose.covariance[7]).toBeCloseTo(4);
    expect(pc.pose.covariance[0]).toBeCloseTo(0);
    const chained = value(tf2.doTransform(tf('base', 'tool', 4, { x: 1, y: 0, z: 0 }), t));
    expect(chained.child_frame_id).toBe('tool');
    expect(chained.header.frame_id).toBe('map');
    expect(chained.transform.translation).toMatchObject({ x: expect.closeTo(1), y: expect.closeTo(1) });
    expect(b.transform(p, 'elsewhere')).toMatchObject({ ok: false, error: { kind: 'LookupException' } });
  });

  it('following a clock, forgets dynamic history on a backward jump or a source change, as tf2_ros', () => {
    const made = Clock.create('ros');
    if (!made.ok) throw new Error(made.error.message);
    const clock = made.value;
    const b = value(tf2.Buffer.create({ clock }));
    const fill = () => {
      b.setTransform(tf('a', 'b', 5, { x: 1, y: 0, z: 0 }));
      b.setTransform(tf('a', 's', 0, { x: 2, y: 0, z: 0 }), 'test', true);
    };
    const latest = { sec: 0, nanosec: 0 };
    fill();
    expect(clock.enableRosTimeOverride().ok).toBe(true); // the source changes: cleared
    expect(b.canTransform('a', 'b', latest)).toBe(false);
    expect(b.canTransform('a', 's', latest)).toBe(true); // static links stay
    fill();
    expect(clock.setRosTimeOverride(10_000_000_000n).ok).toBe(true); // forward: kept
    expect(b.canTransform('a', 'b', latest)).toBe(true);
    expect(clock.setRosTimeOverride(9_999_999_999n).ok).toBe(true); // back by 1 ns: cleared
    expect(b.canTransform('a', 'b', latest)).toBe(false);
    b.destroy();
    fill();
    expect(clock.setRosTimeOverride(1n).ok).toBe(true); // no longer followed
    expect(b.canTransform('a', 'b', latest)).toBe(true);
  });

  it('answers hostile input with an error value, never a throw', () => {
    const b = buffer();
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
      },
    ) as TransformStamped;
    expect(b.setTransform(null as unknown as TransformStamped)).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(b.setTransform(throwing)).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    const stamp = { sec: 1.5, nanosec: 0 };
    expect(
      b.setTransform({ ...tf('a', 'b', 1, { x: 0, y: 0, z: 0 }), header: { stamp, frame_id: 'a' } }),
    ).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    b.setTransform(tf('a', 'b', 1, { x: 0, y: 0, z: 0 }));
    expect(b.lookupTransform(7 as unknown as string, 'b', { sec: 1, nanosec: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'InvalidArgumentException' },
    });
    expect(b.lookupTransform('a', 'b', throwing as never)).toMatchObject({
      ok: false,
      error: { kind: 'InvalidArgumentException' },
    });
    expect(b.lookupTransform('a', 'b', { sec: Number.MAX_SAFE_INTEGER, nanosec: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'InvalidArgumentException' },
    });
    expect(b.lookupTransform('a', 'b', { nanoseconds: -1n })).toMatchObject({
      ok: false,
      error: { kind: 'InvalidArgumentException' },
    });
    expect(tf2.Buffer.create(throwing as never)).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(
      b.transform({ header: { stamp: { sec: 1, nanosec: 0 }, frame_id: 'b' }, point: throwing } as never, 'a'),
    ).toMatchObject({
      ok: false,
      error: { kind: 'InvalidArgumentException' },
    }); // doTransform itself: a message of no known shape, or one that throws, is an error value.
    const t = tf('a', 'b', 1, { x: 0, y: 0, z: 0 });
    const header = { stamp: { sec: 1, nanosec: 0 }, frame_id: 'b' };
    for (const hostile of [{ header, pose: null }, { header }, { header, point: throwing }, throwing, null]) {
      expect(tf2.doTransform(hostile as never, t)).toMatchObject({
        ok: false,
        error: { name: 'InvalidArgument', kind: 'InvalidArgumentException' },
      });
    }
  });
});
