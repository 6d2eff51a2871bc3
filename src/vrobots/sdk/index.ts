/**
 * The vrobots SDK: `VirtualRobot.connect(...)` and what its handle answers. Errors are
 * VrError values inside the one rclts Result shape (see vr-error.ts).
 */

export type { Vec3Like } from './command-helpers.js';
export type { ConnectOptions, ResolvedConnectOptions } from './connect-options.js';
export {
  AxisConvention,
  DEFAULT_ACTIVATE_AFTER_CREATE,
  DEFAULT_AXIS_CONVENTION,
  DEFAULT_CAMERA_TIMEOUT_MS,
  DEFAULT_CLIENT_NAME,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_COORD_FRAME_ID,
  DEFAULT_PROBE_TIMEOUT_MS,
  DEFAULT_SERVICE_TIMEOUT_MS,
  DEFAULT_SRC_ID,
  DEFAULT_START_ACTIVE,
  defaultConnectOptions,
  resolveConnectOptions,
} from './connect-options.js';
export type { Rate } from './rate.js';
export { createRate } from './rate.js';
export type {
  ConnectTimings,
  PhysicalParams,
  RotorValues,
  ServiceFields,
  VerbArgs,
  VirtualRobotEvents,
} from './robot-api.js';
export { CONNECTION_LOST_MS, DELETE_SILENCE_MS } from './robot-core.js';
export type { Setpoint, SetpointStats, SetpointStream, SubscribeCommandOptions } from './setpoint-stream.js';
export { DEFAULT_SETPOINT_FRESH_MS } from './setpoint-stream.js';
export type { StateStats } from './state-stats.js';
export type { SdkVersion } from './version.js';
export { SDK_VERSION, version } from './version.js';
export type { VirtualRobotFactory } from './virtual-robot.js';
export { VirtualRobot } from './virtual-robot.js';
export type { VrErr, VrError, VrErrorKind, VrResult, VrResultOf } from './vr-error.js';
export { formatVrError, fromRclError, isVrError, VrErrorCode, vrErr, vrError } from './vr-error.js';
