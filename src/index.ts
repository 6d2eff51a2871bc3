/**
 * rclts: a pure-TypeScript ROS 2-style client library (the rclcpp model of nros) over zenoh.
 * Every value export is named here, then the types. vrobots lives at `rclts/vrobots`.
 */

export { checkBudget, MAX_TIMER_MS, timerDelay } from './budget.js';
export type { ExecutorStats } from './executor/executor-core.js';
export { EMPTY_HANDLE_ID } from './executor/handle-id.js';
export type {
  ClientHandle,
  ClientOptions,
  EntityHandle,
  ExecutorEvent,
  ExecutorOptions,
  Future,
  GuardCondition,
  MessageInfo,
  Node,
  NodeOptions,
  PollClient,
  PollSubscription,
  Publisher,
  QoSLike,
  ResponseHandler,
  ServiceHandle,
  ServiceHandler,
  SpinReport,
  SubscriptionHandle,
  SubscriptionHandler,
  Timer,
} from './rclcpp/api.js';
export { Duration } from './rclcpp/duration.js';
export { Executor } from './rclcpp/executor.js';
export type { AddTwoIntsRequest, AddTwoIntsResponse, Int32Message, StringMessage } from './rclcpp/msgs/index.js';
export {
  ADD_TWO_INTS_REQUEST_TYPE_HASH,
  ADD_TWO_INTS_RESPONSE_TYPE_HASH,
  ADD_TWO_INTS_TYPE_HASH,
  AddTwoIntsType,
  cdrMessageType,
  cdrServiceType,
  example_interfaces,
  INT32_TYPE_HASH,
  Int32Type,
  STRING_TYPE_HASH,
  StringType,
  std_msgs,
} from './rclcpp/msgs/index.js';
export { QoS } from './rclcpp/qos.js';
export { Clock, ClockType, Time } from './rclcpp/time.js';
export type { MessageOf, MessageType, RequestOf, ResponseOf, ServiceType } from './rclcpp/type-support.js';
export type { Err, ErrorName, Ok, RclError, Result, ResultOf } from './result.js';
export { describeError, describeThrown, ErrorCode, err, errCode, isRclError, ok } from './result.js';
export type { RmwActualQos, RmwQos } from './rmw/qos.js';
export { Durability, History, LivelinessPolicy, Reliability } from './rmw/qos.js';
export type { RmwEndpointInfo, RmwNodeInfo } from './rmw/rmw.js';
export { BackendKind, EndpointKind, NamingScheme } from './rmw/rmw.js';
export type { RouterLocator } from './rmw/router-locator.js';
export { parseRouterLocator } from './rmw/router-locator.js';
