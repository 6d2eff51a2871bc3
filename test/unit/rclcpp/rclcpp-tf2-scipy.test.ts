// tf2's math and lookups against an independent implementation: scipy's Rotation and Slerp
// (test/fixtures/tf2/generate.py wrote scipy-cases.json with fixed seeds) on random rotations,
// random trees of static and dynamic links and random times, "latest" lookups included.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tf2 } from '../../../src/index.js';

type Q = [number, number, number, number];
type V = [number, number, number];
type TF = [Q, V];
interface Link {
  readonly parent: string;
  readonly static: boolean;
  readonly stamps: number[];
  readonly samples: TF[];
}
interface Cases {
  readonly scipy: string;
  readonly compose: { a: TF; b: TF; ab: TF }[];
  readonly inverse: { a: TF; inv: TF }[];
  readonly apply: { a: TF; p: V; point: V; vector: V }[];
  readonly slerp: { q0: Q; q1: Q; t: number; q: Q }[];
  readonly rpy: { rpy: V; q: Q; other: Q; otherRpy: V }[];
  readonly trees: {
    links: Record<string, Link>;
    queries: { target: string; source: string; latest: boolean; timeNs: string; q: Q; t: V }[];
  }[];
}

const cases = JSON.parse(
  readFileSync(new URL('../../fixtures/tf2/scipy-cases.json', import.meta.url), 'utf8'),
) as Cases;
const TOL = 1e-8;

const quat = ([x, y, z, w]: Q) => ({ x, y, z, w });
const vec = ([x, y, z]: V) => ({ x, y, z });
const transform = ([q, t]: TF) => ({ rotation: quat(q), translation: vec(t) });

/** Same rotation: q and -q are one rotation, so compare |dot| with 1. */
function expectSameRotation(got: tf2.QuaternionLike, want: Q): void {
  const d = Math.abs(tf2.quaternionDot(tf2.quaternionNormalize(got), tf2.quaternionNormalize(quat(want))));
  expect(1 - d).toBeLessThan(TOL);
}

function expectVec(got: tf2.Vector3Like, want: V, tol = TOL): void {
  expect(Math.abs(got.x - want[0])).toBeLessThan(tol);
  expect(Math.abs(got.y - want[1])).toBeLessThan(tol);
  expect(Math.abs(got.z - want[2])).toBeLessThan(tol);
}

describe(`tf2 math against scipy ${cases.scipy}`, () => {
  it(`composes ${cases.compose.length} random transforms`, () => {
    for (const c of cases.compose) {
      const ab = tf2.transformCompose(transform(c.a), transform(c.b));
      expectSameRotation(ab.rotation, c.ab[0]);
      expectVec(ab.translation, c.ab[1]);
    }
  });

  it(`inverts ${cases.inverse.length} random transforms`, () => {
    for (const c of cases.inverse) {
      const inv = tf2.transformInverse(transform(c.a));
      expectSameRotation(inv.rotation, c.inv[0]);
      expectVec(inv.translation, c.inv[1]);
    }
  });

  it(`applies ${cases.apply.length} random transforms to points and vectors`, () => {
    for (const c of cases.apply) {
      expectVec(tf2.transformPoint(transform(c.a), vec(c.p)), c.point);
      expectVec(tf2.transformVector(transform(c.a), vec(c.p)), c.vector);
    }
  });

  it(`slerps ${cases.slerp.length} random pairs along the shorter arc`, () => {
    for (const c of cases.slerp) expectSameRotation(tf2.quaternionSlerp(quat(c.q0), quat(c.q1), c.t), c.q);
  });

  it(`converts ${cases.rpy.length} RPY triples both ways, as scipy's extrinsic xyz`, () => {
    for (const c of cases.rpy) {
      const [roll, pitch, yaw] = c.rpy;
      expectSameRotation(tf2.quaternionFromRPY(roll, pitch, yaw), c.q);
      const back = tf2.quaternionToRPY(quat(c.q));
      expectVec({ x: back.roll, y: back.pitch, z: back.yaw }, c.rpy, 1e-7);
      const other = tf2.quaternionToRPY(quat(c.other));
      expectVec({ x: other.roll, y: other.pitch, z: other.yaw }, c.otherRpy, 1e-7);
    }
  });

  const queries = cases.trees.reduce((n, t) => n + t.queries.length, 0);
  it(`looks up ${queries} random frame pairs in ${cases.trees.length} random trees at random times`, () => {
    for (const tree of cases.trees) {
      const made = tf2.Buffer.create();
      if (!made.ok) throw new Error(made.error.message);
      const buffer = made.value;
      for (const [child, link] of Object.entries(tree.links)) {
        link.stamps.forEach((ns, i) => {
          const [q, t] = link.samples[i] as TF;
          const set = buffer.setTransform(
            {
              header: { stamp: { sec: Math.floor(ns / 1e9), nanosec: ns % 1e9 }, frame_id: link.parent },
              child_frame_id: child,
              transform: transform([q, t]),
            },
            'scipy',
            link.static,
          );
          if (!set.ok) throw new Error(set.error.message);
        });
      }
      for (const query of tree.queries) {
        const time = query.latest ? { sec: 0, nanosec: 0 } : { nanoseconds: BigInt(query.timeNs) };
        const r = buffer.lookupTransform(query.target, query.source, time);
        if (!r.ok) throw new Error(r.error.message);
        const stampNs = BigInt(r.value.header.stamp.sec) * 1_000_000_000n + BigInt(r.value.header.stamp.nanosec);
        expect(stampNs).toBe(BigInt(query.timeNs));
        expectSameRotation(r.value.transform.rotation, query.q);
        expectVec(r.value.transform.translation, query.t, 1e-7);
      }
    }
  });
});
