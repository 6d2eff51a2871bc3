/** The rclcpp area's public surface: executor, nodes and their entities, QoS, time, interfaces. */

export type * from './api.js';
export { Duration } from './duration.js';
export { Executor } from './executor.js';
export * from './msgs/index.js';
export { QoS } from './qos.js';
export { Clock, ClockType, Time } from './time.js';
export type { MessageOf, MessageType, RequestOf, ResponseOf, ServiceType } from './type-support.js';
