/**
 * The rules tf2's BufferCore::setTransform applies to an incoming transform, as one check the
 * Buffer and the broadcasters share (a broadcaster refuses what every listener would drop).
 */
import { describeThrown, describeValue, err, ok, type ResultOf } from '../../result.js';
import type { TransformStamped } from '../interfaces/generated/geometry_msgs/codec.js';
import { tf2TimeNs } from './tf2-time.js';
import type { TransformStorage } from './time-cache.js';
import { transformCopy } from './transform.js';

/** tf2 refuses a rotation whose squared norm is further than this from 1. */
const QUATERNION_NORMALIZATION_TOLERANCE = 10e-3;

export interface CheckedTransform extends TransformStorage {
  readonly child: string;
}

function finite(...values: unknown[]): boolean {
  return values.every((v) => typeof v === 'number' && Number.isFinite(v));
}

/**
 * The transform read once, leading slashes stripped (as tf2 does), or InvalidArgument: a child
 * equal to its parent, an empty frame id, a stamp before the epoch, a non-finite value, a
 * rotation that is not a unit quaternion. Each sentence names tf2's error tag and the authority.
 */
export function checkTransform(transform: TransformStamped, authority: string): ResultOf<CheckedTransform> {
  let parent: string;
  let child: string;
  let stampNs: bigint;
  let value: ReturnType<typeof transformCopy>;
  try {
    const { header, child_frame_id, transform: t } = transform;
    if (typeof header.frame_id !== 'string' || typeof child_frame_id !== 'string') {
      return err('InvalidArgument', `setTransform: frame ids must be strings (from authority "${authority}")`);
    }
    parent = header.frame_id.replace(/^\//, '');
    child = child_frame_id.replace(/^\//, '');
    const stamp = tf2TimeNs(`setTransform: the stamp of "${child}"`, header.stamp);
    if (!stamp.ok) return stamp;
    stampNs = stamp.value;
    value = transformCopy(t);
  } catch (thrown) {
    return err('InvalidArgument', `setTransform: the transform could not be read: ${describeThrown(thrown)}`);
  }
  const from = `from authority "${authority}"`;
  if (child === '')
    return err('InvalidArgument', `TF_NO_CHILD_FRAME_ID: ignoring a transform ${from}: child_frame_id not set`);
  if (parent === '') {
    return err('InvalidArgument', `TF_NO_FRAME_ID: ignoring the transform of "${child}" ${from}: frame_id not set`);
  }
  if (child === parent) {
    return err(
      'InvalidArgument',
      `TF_SELF_TRANSFORM: ignoring the transform of "${child}" ${from}: frame_id and child_frame_id are the same`,
    );
  }
  const { translation: v, rotation: q } = value;
  if (!finite(v.x, v.y, v.z, q.x, q.y, q.z, q.w)) {
    return err(
      'InvalidArgument',
      `TF_NAN_INPUT: ignoring the transform of "${child}" ${from}: a value is not a finite number (${[v.x, v.y, v.z, q.x, q.y, q.z, q.w].map(describeValue).join(' ')})`,
    );
  }
  const norm2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
  if (Math.abs(norm2 - 1) >= QUATERNION_NORMALIZATION_TOLERANCE) {
    return err(
      'InvalidArgument',
      `TF_DENORMALIZED_QUATERNION: ignoring the transform of "${child}" ${from}: the rotation (${q.x} ${q.y} ${q.z} ${q.w}) is not a unit quaternion`,
    );
  }
  return ok({ parent, child, stampNs, translation: v, rotation: q });
}
