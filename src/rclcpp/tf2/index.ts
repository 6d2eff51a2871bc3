/** tf2 (geometry2's tf2, tf2_ros, tf2_geometry_msgs): transforms between coordinate frames over time. */
export { Buffer, type BufferCreateOptions, type WaitingExecutor } from './buffer.js';
export { type BufferOptions, DEFAULT_CACHE_TIME_MS, MAX_GRAPH_DEPTH } from './buffer-core.js';
export { doTransform, rotateCovariance, type StampedGeometry, type StampedTransformLike } from './do-transform.js';
export {
  type Quat,
  type QuaternionLike,
  quaternionDot,
  quaternionFromRPY,
  quaternionIdentity,
  quaternionInverse,
  quaternionLength,
  quaternionMultiply,
  quaternionNormalize,
  quaternionRotate,
  quaternionSlerp,
  quaternionToRPY,
  type RPY,
  type Vec3,
  type Vector3Like,
} from './quaternion.js';
export { type Tf2Err, type Tf2Error, Tf2ErrorKind, type Tf2ResultOf } from './tf2-errors.js';
export {
  dynamicBroadcasterQoS,
  dynamicListenerQoS,
  staticBroadcasterQoS,
  staticListenerQoS,
  TF_STATIC_TOPIC,
  TF_TOPIC,
} from './tf2-qos.js';
export type { StampMsg, Tf2Time } from './tf2-time.js';
export {
  type PoseLike,
  type RigidPose,
  type RigidTransform,
  type TransformLike,
  transformCompose,
  transformIdentity,
  transformInterpolate,
  transformInverse,
  transformPoint,
  transformPose,
  transformVector,
} from './transform.js';
export { type BroadcasterOptions, StaticTransformBroadcaster, TransformBroadcaster } from './transform-broadcaster.js';
export { LISTENER_AUTHORITY, TransformListener, type TransformListenerOptions } from './transform-listener.js';
