/** The rclcpp area's public surface: executor, nodes and their entities, QoS, time, interfaces. */

export { checkBudget, MAX_TIMER_MS, timerDelay } from '../budget.js';
export type { RouterLocator } from '../rmw/router-locator.js';
export { parseRouterLocator } from '../rmw/router-locator.js';
export type * from './api.js';
export { Duration } from './duration.js';
export { Executor } from './executor.js';
export * from './msgs/index.js';
export { QoS } from './qos.js';
export { Clock, ClockType, Time } from './time.js';
export type { MessageOf, MessageType, RequestOf, ResponseOf, ServiceType } from './type-support.js';
