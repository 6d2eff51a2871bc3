/**
 * Quaternion and 3-vector math as tf2's LinearMath does it (tf2::Quaternion, tf2::Matrix3x3):
 * Hamilton product, x y z w order, RPY as fixed-axis roll about X, then pitch about Y, then yaw
 * about Z. Plain objects of the geometry_msgs shapes in and fresh objects out; nothing mutates.
 */

/** The geometry_msgs/msg/Quaternion shape. */
export interface QuaternionLike {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
}

/** The geometry_msgs/msg/Vector3 and Point shape. */
export interface Vector3Like {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export interface Quat {
  x: number;
  y: number;
  z: number;
  w: number;
}

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** Roll, pitch, yaw in radians (tf2's getRPY / setRPY). */
export interface RPY {
  readonly roll: number;
  readonly pitch: number;
  readonly yaw: number;
}

export function quaternionIdentity(): Quat {
  return { x: 0, y: 0, z: 0, w: 1 };
}

export function quaternionDot(a: QuaternionLike, b: QuaternionLike): number {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

export function quaternionLength(q: QuaternionLike): number {
  return Math.sqrt(quaternionDot(q, q));
}

/** q scaled to unit length; the zero quaternion has no direction and stays as it is. */
export function quaternionNormalize(q: QuaternionLike): Quat {
  const n = quaternionLength(q);
  if (n === 0) return { x: q.x, y: q.y, z: q.z, w: q.w };
  return { x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n };
}

/** a * b: the rotation b first, then a (Hamilton product, as tf2's operator*). */
export function quaternionMultiply(a: QuaternionLike, b: QuaternionLike): Quat {
  return {
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y + a.y * b.w + a.z * b.x - a.x * b.z,
    z: a.w * b.z + a.z * b.w + a.x * b.y - a.y * b.x,
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
  };
}

/** The inverse rotation of a unit quaternion (its conjugate, as tf2's inverse()). */
export function quaternionInverse(q: QuaternionLike): Quat {
  return { x: -q.x, y: -q.y, z: -q.z, w: q.w };
}

/** v rotated by the unit quaternion q (tf2's quatRotate). */
export function quaternionRotate(q: QuaternionLike, v: Vector3Like): Vec3 {
  // v' = v + 2w (u x v) + 2 u x (u x v), with u the vector part: no quaternion products needed.
  const cx = q.y * v.z - q.z * v.y;
  const cy = q.z * v.x - q.x * v.z;
  const cz = q.x * v.y - q.y * v.x;
  return {
    x: v.x + 2 * (q.w * cx + q.y * cz - q.z * cy),
    y: v.y + 2 * (q.w * cy + q.z * cx - q.x * cz),
    z: v.z + 2 * (q.w * cz + q.x * cy - q.y * cx),
  };
}

/** Half the angle between two rotations along the shorter way, in [0, pi/2]. */
function halfAngleShortestPath(a: QuaternionLike, b: QuaternionLike): number {
  const s = Math.sqrt(quaternionDot(a, a) * quaternionDot(b, b));
  if (s === 0) return 0;
  const d = Math.min(1, Math.abs(quaternionDot(a, b)) / s);
  return Math.acos(d);
}

/**
 * Spherical interpolation from a (t = 0) to b (t = 1) at constant angular velocity, along the
 * shorter arc (b is negated when the two are more than half a turn apart), as tf2's slerp.
 */
export function quaternionSlerp(a: QuaternionLike, b: QuaternionLike, t: number): Quat {
  const theta = halfAngleShortestPath(a, b);
  if (theta === 0) return { x: a.x, y: a.y, z: a.z, w: a.w };
  const d = 1 / Math.sin(theta);
  const s0 = Math.sin((1 - t) * theta) * d;
  const s1 = Math.sin(t * theta) * d * (quaternionDot(a, b) < 0 ? -1 : 1);
  return {
    x: a.x * s0 + b.x * s1,
    y: a.y * s0 + b.y * s1,
    z: a.z * s0 + b.z * s1,
    w: a.w * s0 + b.w * s1,
  };
}

/** The rotation of roll about X, then pitch about Y, then yaw about Z (fixed axes), as tf2's setRPY. */
export function quaternionFromRPY(roll: number, pitch: number, yaw: number): Quat {
  const cr = Math.cos(roll / 2);
  const sr = Math.sin(roll / 2);
  const cp = Math.cos(pitch / 2);
  const sp = Math.sin(pitch / 2);
  const cy = Math.cos(yaw / 2);
  const sy = Math.sin(yaw / 2);
  return {
    x: sr * cp * cy - cr * sp * sy,
    y: cr * sp * cy + sr * cp * sy,
    z: cr * cp * sy - sr * sp * cy,
    w: cr * cp * cy + sr * sp * sy,
  };
}

/**
 * Roll, pitch and yaw of a unit quaternion, the first solution of tf2's Matrix3x3::getRPY:
 * pitch in [-pi/2, pi/2]; at gimbal lock yaw is 0 and the whole turn about X and Z is in roll.
 */
export function quaternionToRPY(q: QuaternionLike): RPY {
  const n = quaternionDot(q, q);
  const s = n === 0 ? 0 : 2 / n;
  // The rotation matrix entries the angles are read from (row 2, and column 0 of rows 0, 1).
  const m20 = s * (q.x * q.z - q.w * q.y);
  const m21 = s * (q.y * q.z + q.w * q.x);
  const m22 = 1 - s * (q.x * q.x + q.y * q.y);
  const m00 = 1 - s * (q.y * q.y + q.z * q.z);
  const m10 = s * (q.x * q.y + q.w * q.z);
  if (Math.abs(m20) >= 1) {
    const delta = Math.atan2(m21, m22);
    return { roll: delta, pitch: m20 < 0 ? Math.PI / 2 : -Math.PI / 2, yaw: 0 };
  }
  const pitch = -Math.asin(m20);
  const c = Math.cos(pitch);
  return { roll: Math.atan2(m21 / c, m22 / c), pitch, yaw: Math.atan2(m10 / c, m00 / c) };
}
