/**
 * tf2_geometry_msgs's doTransform: a stamped geometry message expressed in the transform's
 * target frame. The output takes the transform's header (its stamp and target frame id), as
 * tf2 does; the input is not changed. Points move, vectors only turn, poses do both, a
 * covariance turns with its pose (R 0; 0 R on both sides). A message that cannot be read (not
 * one of these shapes at run time, a getter that throws) is InvalidArgumentException, never a throw.
 */

import { describeThrown, ok } from '../../result.js';
import type {
  PointStamped,
  PoseStamped,
  PoseWithCovarianceStamped,
  QuaternionStamped,
  TransformStamped,
  Vector3Stamped,
} from '../interfaces/generated/geometry_msgs/codec.js';
import type { Header } from '../interfaces/generated/std_msgs/codec.js';
import { quaternionMultiply, quaternionRotate } from './quaternion.js';
import { Tf2ErrorKind, type Tf2ResultOf, tf2Err } from './tf2-errors.js';
import { type TransformLike, transformCompose, transformPoint, transformPose, transformVector } from './transform.js';

/** The stamped messages doTransform and Buffer.transform take. */
export type StampedGeometry =
  | PointStamped
  | Vector3Stamped
  | PoseStamped
  | PoseWithCovarianceStamped
  | QuaternionStamped
  | TransformStamped;

/** What doTransform reads of the transform: a lookupTransform answer has it. */
export interface StampedTransformLike {
  readonly header: Readonly<Header>;
  readonly transform: TransformLike;
}

function headerOf(t: StampedTransformLike): Header {
  return { stamp: { sec: t.header.stamp.sec, nanosec: t.header.stamp.nanosec }, frame_id: t.header.frame_id };
}

/** The 6x6 row-major covariance rotated as blockdiag(R, R) * C * blockdiag(R, R)^T. */
export function rotateCovariance(t: TransformLike, covariance: ArrayLike<number>): number[] {
  const q = t.rotation;
  const col = (v: { x: number; y: number; z: number }): number[] => {
    const r = quaternionRotate(q, v);
    return [r.x, r.y, r.z];
  };
  const c0 = col({ x: 1, y: 0, z: 0 });
  const c1 = col({ x: 0, y: 1, z: 0 });
  const c2 = col({ x: 0, y: 0, z: 1 });
  const r = (i: number, j: number): number => {
    if (i < 3 !== j < 3) return 0;
    const column = [c0, c1, c2][j % 3] as number[];
    return column[i % 3] as number;
  };
  const c = (i: number, j: number): number => covariance[i * 6 + j] ?? 0;
  const rc: number[] = new Array(36).fill(0);
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 6; j++) {
      let s = 0;
      for (let k = 0; k < 6; k++) s += r(i, k) * c(k, j);
      rc[i * 6 + j] = s;
    }
  const out: number[] = new Array(36).fill(0);
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 6; j++) {
      let s = 0;
      for (let k = 0; k < 6; k++) s += (rc[i * 6 + k] as number) * r(j, k);
      out[i * 6 + j] = s;
    }
  return out;
}

export function doTransform(input: PointStamped, transform: StampedTransformLike): Tf2ResultOf<PointStamped>;
export function doTransform(input: Vector3Stamped, transform: StampedTransformLike): Tf2ResultOf<Vector3Stamped>;
export function doTransform(input: PoseStamped, transform: StampedTransformLike): Tf2ResultOf<PoseStamped>;
export function doTransform(
  input: PoseWithCovarianceStamped,
  transform: StampedTransformLike,
): Tf2ResultOf<PoseWithCovarianceStamped>;
export function doTransform(input: QuaternionStamped, transform: StampedTransformLike): Tf2ResultOf<QuaternionStamped>;
export function doTransform(input: TransformStamped, transform: StampedTransformLike): Tf2ResultOf<TransformStamped>;
export function doTransform<M extends StampedGeometry>(input: M, transform: StampedTransformLike): Tf2ResultOf<M>;
export function doTransform(input: StampedGeometry, transform: StampedTransformLike): Tf2ResultOf<StampedGeometry> {
  try {
    return ok(transformed(input, transform));
  } catch (thrown) {
    return tf2Err(
      Tf2ErrorKind.InvalidArgument,
      `doTransform: the message could not be read: ${describeThrown(thrown)}`,
    );
  }
}

function transformed(input: StampedGeometry, transform: StampedTransformLike): StampedGeometry {
  const t = transform.transform;
  const header = headerOf(transform);
  if ('point' in input) return { ...input, header, point: transformPoint(t, input.point) };
  if ('vector' in input) return { ...input, header, vector: transformVector(t, input.vector) };
  if ('quaternion' in input) return { ...input, header, quaternion: quaternionMultiply(t.rotation, input.quaternion) };
  if ('child_frame_id' in input) return { ...input, header, transform: transformCompose(t, input.transform) };
  if ('covariance' in input.pose) {
    const pose = input.pose;
    return {
      ...input,
      header,
      pose: { pose: transformPose(t, pose.pose), covariance: rotateCovariance(t, pose.covariance) },
    };
  }
  return { ...input, header, pose: transformPose(t, input.pose) };
}
