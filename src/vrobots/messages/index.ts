/**
 * The vrobots messages as rclts type support. Each export is both the plain TS shape and
 * its type support value (`State`, `Command`, `SrvAck` ...); service types per key segment.
 */
export type {
  Accelerometer,
  Actuator,
  Barometer,
  BaroNoise,
  CameraSpec,
  DeviceFrame,
  Environment,
  Estimate,
  FieldInfo,
  GeoPoint,
  Gnss,
  GpsConfig,
  Gyroscope,
  ImuNoise,
  Kinematics,
  Magnetometer,
  MessageShapes,
  OpticalFlow,
  OpticalFlowNoise,
  Pose,
  Quat,
  Sensors,
  Vec3,
  Vec4,
  Wrench,
} from '../generated/swarmbotix-types.js';
export { AxisConvention, CameraOp, GnssFixType } from '../generated/swarmbotix-types.js';
export { messageNames, messageTypeByName } from './message-registry.js';
export { type DeepPartial, type ProtoMessageType, protoMessageType, protoServiceType } from './proto-codec.js';
export * from './service-messages.js';
export * from './service-types.js';
export * from './topic-messages.js';

/** `Header.schema_version` of the schema in proto/ (bump on an incompatible field change). */
export const SCHEMA_VERSION = 1;
