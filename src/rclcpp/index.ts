/** The rclcpp area's public surface: executor, nodes and their entities, QoS, time, interfaces. */
export { Executor } from './executor.js';
export { Duration } from './duration.js';
export { QoS } from './qos.js';
export { Clock, ClockType, Time } from './time.js';
export * from './msgs/index.js';
export type * from './api.js';
export type { MessageOf, MessageType, RequestOf, ResponseOf, ServiceType } from './type-support.js';
