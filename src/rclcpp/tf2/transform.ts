/**
 * Rigid transforms (tf2::Transform) over the geometry_msgs shapes: a translation and a unit
 * rotation that map coordinates in a child frame to its parent (p_parent = R p_child + t).
 */
import {
  type Quat,
  type QuaternionLike,
  quaternionIdentity,
  quaternionInverse,
  quaternionMultiply,
  quaternionRotate,
  quaternionSlerp,
  type Vec3,
  type Vector3Like,
} from './quaternion.js';

/** The geometry_msgs/msg/Transform shape. */
export interface TransformLike {
  readonly translation: Vector3Like;
  readonly rotation: QuaternionLike;
}

/** The geometry_msgs/msg/Pose shape. */
export interface PoseLike {
  readonly position: Vector3Like;
  readonly orientation: QuaternionLike;
}

export interface RigidTransform {
  translation: Vec3;
  rotation: Quat;
}

export interface RigidPose {
  position: Vec3;
  orientation: Quat;
}

export function transformIdentity(): RigidTransform {
  return { translation: { x: 0, y: 0, z: 0 }, rotation: quaternionIdentity() };
}

/** a * b: apply b, then a (tf2's Transform operator*). */
export function transformCompose(a: TransformLike, b: TransformLike): RigidTransform {
  const r = quaternionRotate(a.rotation, b.translation);
  return {
    translation: { x: r.x + a.translation.x, y: r.y + a.translation.y, z: r.z + a.translation.z },
    rotation: quaternionMultiply(a.rotation, b.rotation),
  };
}

/** The transform that undoes t (tf2's Transform::inverse). */
export function transformInverse(t: TransformLike): RigidTransform {
  const q = quaternionInverse(t.rotation);
  const v = quaternionRotate(q, t.translation);
  return { translation: { x: -v.x, y: -v.y, z: -v.z }, rotation: q };
}

/** A point moved by t: rotated, then translated. */
export function transformPoint(t: TransformLike, p: Vector3Like): Vec3 {
  const r = quaternionRotate(t.rotation, p);
  return { x: r.x + t.translation.x, y: r.y + t.translation.y, z: r.z + t.translation.z };
}

/** A free vector (a direction, a velocity) under t: rotated only, as tf2 does for Vector3. */
export function transformVector(t: TransformLike, v: Vector3Like): Vec3 {
  return quaternionRotate(t.rotation, v);
}

/** A pose under t: its position moved as a point, its orientation turned by t's rotation. */
export function transformPose(t: TransformLike, pose: PoseLike): RigidPose {
  return {
    position: transformPoint(t, pose.position),
    orientation: quaternionMultiply(t.rotation, pose.orientation),
  };
}

/** Between a (ratio 0) and b (ratio 1): translation linearly, rotation by slerp (tf2's TimeCache::interpolate). */
export function transformInterpolate(a: TransformLike, b: TransformLike, ratio: number): RigidTransform {
  const u = 1 - ratio;
  return {
    translation: {
      x: u * a.translation.x + ratio * b.translation.x,
      y: u * a.translation.y + ratio * b.translation.y,
      z: u * a.translation.z + ratio * b.translation.z,
    },
    rotation: quaternionSlerp(a.rotation, b.rotation, ratio),
  };
}

/** A copy of t as plain mutable objects (a message field can take it). */
export function transformCopy(t: TransformLike): RigidTransform {
  const { translation: v, rotation: q } = t;
  return { translation: { x: v.x, y: v.y, z: v.z }, rotation: { x: q.x, y: q.y, z: q.z, w: q.w } };
}
