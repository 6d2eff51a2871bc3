/**
 * rclts: a pure-TypeScript ROS 2-style client library (the rclcpp model of nros) over zenoh.
 * The root re-exports each area's one public list (src/rclcpp/index.ts,
 * src/executor/index.ts) and the Result vocabulary; add a public name to its area's list,
 * not here. vrobots lives at `rclts/vrobots`.
 */

export * from './executor/index.js';
export * from './rclcpp/index.js';
export type { Err, ErrorName, Ok, RclError, ResultOf } from './result.js';
export {
  describeError,
  describeThrown,
  ErrorCode,
  err,
  errCode,
  isRclError,
  ok,
  Result,
  ResultError,
} from './result.js';
