/**
 * The rclcpp area's public list: executor, nodes and their entities, QoS, time, interfaces,
 * and the rmw vocabulary its signatures use. The package root re-exports this list as is;
 * nothing else in src/rclcpp is public. Values first, then types. What the executor reports
 * (SpinReport, ExecutorEvent, ExecutorStats) is on the executor area's list.
 */

export { checkBudget, MAX_TIMER_MS, timerDelay } from '../budget.js';
export type { RmwActualQos, RmwQos } from '../rmw/qos.js';
export { Durability, History, LivelinessPolicy, Reliability } from '../rmw/qos.js';
export type { RmwEndpointInfo, RmwNodeInfo } from '../rmw/rmw.js';
export { BackendKind, EndpointKind, NamingScheme } from '../rmw/rmw.js';
export type { RouterLocator, RouterLocatorList, RouterTls } from '../rmw/router-locator.js';
export { checkRouterTls, MAX_ROUTER_LOCATORS, parseRouterLocator, parseRouterLocators } from '../rmw/router-locator.js';
export {
  DEFAULT_GOAL_REQUEST_BUDGET_MS,
  DEFAULT_MAX_GOALS_IN_FLIGHT,
  DEFAULT_RESULT_BUDGET_MS,
} from './action/action-client.js';
export { ACTION_SUFFIX } from './action/action-entities.js';
export { DEFAULT_ACTION_QUEUE_DEPTH, DEFAULT_RESULT_TIMEOUT_MS } from './action/action-server.js';
export type {
  ActionClient,
  ActionClientOptions,
  ActionServer,
  ActionServerCallbacks,
  ActionServerOptions,
  ActionType,
  CancelAnswer,
  ClientGoalHandle,
  SendGoalOptions,
  ServerGoalHandle,
  WrappedResult,
} from './action/action-types.js';
export { CancelResponse, CancelReturnCode, GoalResponse, GoalStatus } from './action/action-types.js';
export * from './bag/index.js';
export type {
  Callback,
  CallbackGroupOptions,
  ClientHandle,
  ClientOptions,
  EntityHandle,
  ExecutorOptions,
  Future,
  GenericClientOptions,
  GenericEntityOptions,
  GenericPublisher,
  GenericSubscriptionOptions,
  GuardCondition,
  Handler,
  MessageInfo,
  Node,
  NodeOptions,
  PollClient,
  PollSubscription,
  Publisher,
  QoSLike,
  ResponseHandler,
  SendRequestOptions,
  ServiceHandle,
  ServiceHandler,
  ServiceOptions,
  SubscriptionHandle,
  SubscriptionHandler,
  SubscriptionOptions,
  Timer,
  TimerOptions,
  WallTimerOptions,
} from './api.js';
export { type CallbackGroup, CallbackGroupType } from './callback-group.js';
export { DEFAULT_REQUEST_BUDGET_MS } from './client.js';
export { checkSerialized, deserialize, serialize } from './generic/serialized.js';
export type {
  GenericActionType,
  GenericMessage,
  GenericMessageType,
  GenericServiceType,
  TypeRegistryOptions,
} from './generic/type-registry.js';
export { TypeRegistry } from './generic/type-registry.js';
export type { ConstantDef, FieldDef, FieldType, InterfaceDef, StructDef } from './interfaces/definitions/index.js';
export { Duration } from './duration.js';
export * from './events/index.js';
// `Executor` is the interface and the value `Executor.create` at once (see executor.ts).
export {
  DEFAULT_CAPACITY,
  DEFAULT_CONNECT_BUDGET_MS,
  DEFAULT_DOMAIN_ID,
  DEFAULT_KEEP_ALL_LIMIT,
  Executor,
} from './executor.js';
export { LifecycleClient } from './lifecycle/lifecycle-client.js';
export type { LifecycleCallback, LifecycleCallbacks, LifecycleNodeOptions } from './lifecycle/lifecycle-node.js';
export { LifecycleNode } from './lifecycle/lifecycle-node.js';
export type { LifecyclePublisher } from './lifecycle/lifecycle-publisher.js';
export type { LifecycleState, LifecycleTransition, TransitionDescription } from './lifecycle/state-machine.js';
export {
  CallbackReturn,
  State as LifecycleStateId,
  Transition as LifecycleTransitionId,
} from './lifecycle/state-machine.js';
export {
  SERVICE_EVENT_SUFFIX,
  ServiceEventType,
  ServiceIntrospectionState,
} from './introspection/introspection-state.js';
export * from './logging/index.js';
// message_filters' classes as `message_filters.Cache`, ... (a bare `Cache` would shadow the browser's).
export * as message_filters from './message-filters/index.js';
export * from './msgs/index.js';
export { PARAMETER_EVENTS_TOPIC } from './parameters/parameter-services.js';
export type {
  FloatingPointRange,
  IntegerRange,
  OnSetParametersCallback,
  ParameterDescriptorOptions,
  ParameterUpdate,
  SetParametersResult,
} from './parameters/parameter-types.js';
export { parseParameterValue } from './parameters/overrides.js';
export { ParametersClient } from './parameters/parameters-client.js';
export type { Parameter, ParameterValue } from './parameters/value.js';
export { formatValue as formatParameterValue, ParameterType, parameterTypeName } from './parameters/value.js';
export { QoS } from './qos.js';
export * from './ros-args/index.js';
export { ClockType, Time } from './time.js';
export type { JumpHandler, JumpThreshold, TimeJump } from './time/clock.js';
export { Clock, ClockChange } from './time/clock.js';
export { Rate, type SleepBudget } from './time/rate.js';
// tf2_ros's classes as `tf2.Buffer`, `tf2.TransformListener`, ... (a bare `Buffer` would shadow Node's).
export * as tf2 from './tf2/index.js';
export type { MessageOf, MessageType, RequestOf, ResponseOf, ServiceType } from './type-support.js';
