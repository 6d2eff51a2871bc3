/**
 * Small 3-vector and quaternion math on the plain message shapes ({x, y, z}, {x, y, z, w}),
 * so physics state goes into a State without conversion. Pure functions, new objects out, except
 * the `...To` / `...InPlace` forms the per-step physics uses, which write into a vector given.
 * Quaternions are Hamilton, body to world, x, y, z, w.
 */
import type { Quat, Vec3 } from '../../generated/swarmbotix-types.js';

export type { Quat, Vec3 };

export const vec3 = (x = 0, y = 0, z = 0): Vec3 => ({ x, y, z });
export const IDENTITY_QUAT: Readonly<Quat> = Object.freeze({ x: 0, y: 0, z: 0, w: 1 });
export const identityQuat = (): Quat => ({ x: 0, y: 0, z: 0, w: 1 });

export const add = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });
export const sub = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
export const scale = (a: Vec3, k: number): Vec3 => ({ x: a.x * k, y: a.y * k, z: a.z * k });
export const dot = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const norm = (a: Vec3): number => Math.hypot(a.x, a.y, a.z);
export const cross = (a: Vec3, b: Vec3): Vec3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});
export const mulElem = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x * b.x, y: a.y * b.y, z: a.z * b.z });
export const copy = (a: Vec3): Vec3 => ({ x: a.x, y: a.y, z: a.z });
/** Writes (x, y, z) into `out`, no object made. */
export function set(out: Vec3, x: number, y: number, z: number): void {
  out.x = x;
  out.y = y;
  out.z = z;
}
export const copyQuat = (q: Quat): Quat => ({ x: q.x, y: q.y, z: q.z, w: q.w });

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

export function quatMul(a: Quat, b: Quat): Quat {
  return {
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  };
}

export function quatNormalize(q: Quat): Quat {
  const n = Math.hypot(q.x, q.y, q.z, q.w);
  return n < 1e-12 ? identityQuat() : { x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n };
}

export const quatConj = (q: Quat): Quat => ({ x: -q.x, y: -q.y, z: -q.z, w: q.w });

/** Rotation of `angle` rad about the unit `axis`. */
export function quatFromAxisAngle(axis: Vec3, angle: number): Quat {
  const s = Math.sin(angle / 2);
  return { x: axis.x * s, y: axis.y * s, z: axis.z * s, w: Math.cos(angle / 2) };
}

/** v expressed in the world, for v given in the body (q: body to world). */
export function rotate(q: Quat, v: Vec3): Vec3 {
  // v' = v + 2w (u x v) + 2 u x (u x v), u = vector part
  return rotateTo(vec3(), q.x, q.y, q.z, q.w, v.x, v.y, v.z);
}

/**
 * rotate() of (vx, vy, vz) by the quaternion's parts, written into `out`: the same operations,
 * no object made (the per-step physics and the per-state sensors use it with a scratch vector).
 * Pass the negated vector part to rotate by the conjugate (rotateInverse).
 */
export function rotateTo(
  out: Vec3,
  qx: number,
  qy: number,
  qz: number,
  qw: number,
  vx: number,
  vy: number,
  vz: number,
): Vec3 {
  const tx = (qy * vz - qz * vy) * 2;
  const ty = (qz * vx - qx * vz) * 2;
  const tz = (qx * vy - qy * vx) * 2;
  out.x = vx + tx * qw + (qy * tz - qz * ty);
  out.y = vy + ty * qw + (qz * tx - qx * tz);
  out.z = vz + tz * qw + (qx * ty - qy * tx);
  return out;
}

/** v expressed in the body, for v given in the world. */
export const rotateInverse = (q: Quat, v: Vec3): Vec3 => rotate(quatConj(q), v);

/** q advanced by body rate `omega` (rad/s) over dt, exactly for a constant rate. */
export function integrateQuat(q: Quat, omega: Vec3, dt: number): Quat {
  return integrateRate(q, omega.x, omega.y, omega.z, dt);
}

/**
 * integrateQuat with the rate as scalars: quatNormalize(quatMul(q, quatFromAxisAngle(omega /
 * |omega|, |omega| dt))) written out, the same operations in the same order, one object made.
 */
export function integrateRate(q: Quat, ox: number, oy: number, oz: number, dt: number): Quat {
  const out = copyQuat(q);
  integrateRateInPlace(out, ox, oy, oz, dt);
  return out;
}

/** integrateRate written into `q` itself: no object made (the rigid body's step, 50 times a second per robot). */
export function integrateRateInPlace(q: Quat, ox: number, oy: number, oz: number, dt: number): void {
  const rate = Math.hypot(ox, oy, oz);
  if (rate * dt < 1e-12) return;
  const k = 1 / rate;
  const half = (rate * dt) / 2;
  const s = Math.sin(half);
  const bx = ox * k * s;
  const by = oy * k * s;
  const bz = oz * k * s;
  const bw = Math.cos(half);
  const w = q.w * bw - q.x * bx - q.y * by - q.z * bz;
  const x = q.w * bx + q.x * bw + q.y * bz - q.z * by;
  const y = q.w * by - q.x * bz + q.y * bw + q.z * bx;
  const z = q.w * bz + q.x * by - q.y * bx + q.z * bw;
  const n = Math.hypot(x, y, z, w);
  if (n < 1e-12) {
    q.x = 0;
    q.y = 0;
    q.z = 0;
    q.w = 1;
    return;
  }
  q.x = x / n;
  q.y = y / n;
  q.z = z / n;
  q.w = w / n;
}

/** Rotation from Euler angles (rad) applied about body y (yaw), then x (pitch), then z (roll). */
export function quatFromEuler(e: Vec3): Quat {
  const yaw = quatFromAxisAngle({ x: 0, y: 1, z: 0 }, e.y);
  const pitch = quatFromAxisAngle({ x: 1, y: 0, z: 0 }, e.x);
  const roll = quatFromAxisAngle({ x: 0, y: 0, z: 1 }, e.z);
  return quatNormalize(quatMul(quatMul(yaw, pitch), roll));
}

export const isFiniteVec = (v: Vec3): boolean => Number.isFinite(v.x) && Number.isFinite(v.y) && Number.isFinite(v.z);
