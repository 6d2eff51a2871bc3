/**
 * The public rclcpp-layer surface (contract). Implementations live in src/executor and
 * src/rclcpp; src/vrobots uses only what is declared here. Rules: nothing throws, async
 * verbs resolve to Result/ResultOf and never reject, every wait has a budget in ms.
 * Every optional option also accepts `undefined` (meaning: the default), so options built
 * from other optional values type-check under `exactOptionalPropertyTypes`.
 *
 * Adding members is fine; changing or removing one breaks the vrobots layer.
 */
import type { ExecutorEvent, ExecutorStats, SpinReport } from '../executor/index.js';
import type { Result, ResultOf } from '../result.js';
import type { RmwActualQos, RmwQos } from '../rmw/qos.js';
import type { BackendKind, NamingScheme, RmwEndpointInfo, RmwNodeInfo } from '../rmw/rmw.js';
import type { RouterTls } from '../rmw/router-locator.js';
import type {
  ActionClient,
  ActionClientOptions,
  ActionServer,
  ActionServerCallbacks,
  ActionServerOptions,
  ActionType,
} from './action/action-types.js';
import type { CallbackGroup, CallbackGroupType } from './callback-group.js';
import type { Duration } from './duration.js';
import type { PublisherOptions, SubscriptionEventOptions } from './events/endpoint-events.js';
import type { NodeGraphEventsApi } from './events/graph-api.js';
import type { Future } from './future.js';
import type { GenericMessage, TypeRegistry } from './generic/type-registry.js';
import type { ServiceIntrospectionState } from './introspection/introspection-state.js';
import type { Logger } from './logging/logger.js';
import type { ParametersApi } from './parameters/parameters-api.js';
import type { ParameterValue } from './parameters/value.js';
import type { ClockType, Time } from './time.js';
import type { Clock } from './time/clock.js';
import type { Rate } from './time/rate.js';
import type { MessageType, ServiceType } from './type-support.js';

/** Options of `Executor.create`. */
export interface ExecutorOptions {
  /**
   * A router's locator (`ws/HOST:PORT`), or several for failover (an array, or one string with
   * commas): tried in order, and after a router loss the next one is used and every entity
   * declared again. No router: the in-process backend (`local`), the embedded default.
   */
  readonly router?: string | readonly string[] | undefined;
  /**
   * Certificate checking of a `wss/` router: `caFile`, the PEM of the CA that signed its
   * certificate (Node; a browser uses the system's trust store). Default: Node's own roots.
   */
  readonly tls?: RouterTls | undefined;
  /** Explicit backend; defaults to `zenoh` when `router` is given, else `local`. */
  readonly backend?: BackendKind | undefined;
  /** ROS domain id, default 0. */
  readonly domainId?: number | undefined;
  /** Arena capacity (entries: subscriptions, services, clients, timers, guard conditions). Default 256 (`DEFAULT_CAPACITY`). */
  readonly capacity?: number | undefined;
  /** Budget for opening the session (zenoh). Default 5000 ms (`DEFAULT_CONNECT_BUDGET_MS`). */
  readonly connectBudgetMs?: number | undefined;
  /** Limit for keep-all queues (per entry); past it samples are dropped and reported. Default 10000 (`DEFAULT_KEEP_ALL_LIMIT`). */
  readonly keepAllLimit?: number | undefined;
}

export interface NodeOptions {
  /** Default `/`. */
  readonly namespace?: string | undefined;
  /** Default `ros`. */
  readonly naming?: NamingScheme | undefined;
  /** Values that replace declared defaults (rclcpp's parameter_overrides); win over `arguments`. */
  readonly parameterOverrides?: Readonly<Record<string, ParameterValue>> | undefined;
  /**
   * Command-line arguments, read as rcl reads them (docs/ros-args.md): inside `--ros-args ... [--]`,
   * `-r from:=to` remaps (`__node:=`, `__ns:=` and every name the node resolves), `-p name:=value`
   * and `--params-file FILE` give parameter overrides, `--log-level` and `--disable-rosout-logs`
   * configure logging. A flag rclts does not implement answers Unsupported, an unknown one
   * InvalidArgument; nothing ROS-shaped is ignored.
   */
  readonly arguments?: readonly string[] | undefined;
  /*
   * The built-ins rclcpp starts with every node. Default `true` on a `ros` node, `false` on a
   * `raw` one (its names are zenoh keys: `/rosout` and `~/...` mean nothing there).
   */
  /** The six parameter services (`~/get_parameters`, ...); `false` saves 6 arena entries. */
  readonly startParameterServices?: boolean | undefined;
  /** The `/parameter_events` publisher (rclcpp's start_parameter_event_publisher). */
  readonly startParameterEventPublisher?: boolean | undefined;
  /** The `~/get_type_description` service (REP-2011), as rcl starts it; `false` saves 1 arena entry. */
  readonly startTypeDescriptionService?: boolean | undefined;
  /** The node's `/rosout` publisher (rcl_interfaces/msg/Log, rclcpp's enable_rosout). */
  readonly enableRosout?: boolean | undefined;
}

/*
 * Handles are declared as classes without a run-time value: their verbs are then class
 * methods, which a spread copy (`{ ...handle }`) does not carry, so such a copy (which has
 * no verbs at run time either) does not type-check as a handle. Implementations `implements`
 * them; nothing imports them as values.
 */

/** Handle: exactly two fields, freely copyable; a stale copy answers an error. */
export declare abstract class EntityHandle {
  readonly executor: Executor;
  readonly handleId: number;
  /**
   * Releases the registration; this copy then answers NotInitialized, other copies Error.
   * A frozen copy cannot be emptied: the entry is still released (Ok) and the copy then
   * answers as a stale one (Error).
   */
  reset(): Result;
}

export interface MessageInfo {
  readonly key: string;
  readonly receivedAtMs: number;
  readonly sequenceNumber: bigint | undefined;
  readonly sourceTimestampNs: bigint | undefined;
  readonly publisherGid: Uint8Array | undefined;
}

/**
 * User code the executor runs during spin, synchronous (what it returns is ignored) or
 * async: a rejection of the returned promise counts as a handler error, like a synchronous
 * throw.
 */
export type Handler<A extends unknown[]> = ((...args: A) => void) | ((...args: A) => Promise<void>);
export type Callback = Handler<[]>;
export type SubscriptionHandler<M> = Handler<[message: M, info: MessageInfo]>;
/** Answers the response (or a promise of it); `undefined` or `null` are not responses. */
export type ServiceHandler<Req, Res> = (request: Req, info: MessageInfo) => Res | Promise<Res>;
/** Reply delivered during spin: the response, or an error value (Timeout, TransportError, ServiceFailed ...). */
export type ResponseHandler<Res> = Handler<[response: ResultOf<Res>, sequenceNumber: bigint]>;

export interface Publisher<M> {
  publish(message: M): Result;
  publishRaw(bytes: Uint8Array): Result;
  getTopicName(): string;
  getActualQos(): RmwActualQos;
  getSubscriptionCount(): ResultOf<number>;
  /** Waits up to the budget for the transport to declare the publisher (Timeout after it). */
  ready(budgetMs: number): Promise<Result>;
  /** Undeclares. */
  destroy(): Result;
}

export type SubscriptionHandle = EntityHandle;
/** A service's handle; rclcpp's Service verbs beyond reset. */
export declare abstract class ServiceHandle extends EntityHandle {
  /**
   * rclcpp's configure_introspection: service_msgs events (REQUEST_RECEIVED, RESPONSE_SENT) on
   * `<service>/_service_event`, stamped by `clock`; Off, Metadata (no request or response in
   * the event) or Contents. Unsupported for a type without an `Event` message.
   */
  configureIntrospection(clock: Clock, qos: QoSLike, state: ServiceIntrospectionState): Result;
}

/**
 * Invariant in both types (`in out`): a handle of one service type is not usable as another,
 * even when one request shape happens to be a subtype of the other.
 */
export declare abstract class ClientHandle<in out Req, in out Res> extends EntityHandle {
  /**
   * Encodes and sends; the reply goes to the response handler during spin, or to this
   * request's own `options.onResponse` (rclcpp's async_send_request with a callback). TryAgain
   * while `maxRequestsInFlight` requests await their replies.
   */
  asyncSendRequest(request: Req, options?: SendRequestOptions<Res>): ResultOf<bigint>;
  /** Tri-state: ok(true) visible now, ok(false) not yet, error(Unsupported) cannot know. Never spins. */
  serviceIsReady(): ResultOf<boolean>;
  /** Spins the executor cooperatively until a server is visible; Reentrant inside a handler. */
  waitForService(budgetMs: number): Promise<Result>;
  /** rclcpp's configure_introspection: REQUEST_SENT and RESPONSE_RECEIVED events (see ServiceHandle). */
  configureIntrospection(clock: Clock, qos: QoSLike, state: ServiceIntrospectionState): Result;
}

/** Options of one `ClientHandle.asyncSendRequest`. */
export interface SendRequestOptions<Res> {
  /** This request's completion, run in spin instead of the client's response handler. */
  readonly onResponse?: ResponseHandler<Res> | undefined;
  /** This request's budget; default the client's `requestBudgetMs`. */
  readonly budgetMs?: number | undefined;
}

export interface PollSubscription<M> extends AsyncIterable<M> {
  /** TryAgain when empty. */
  take(): ResultOf<M>;
  takeWithInfo(): ResultOf<{ readonly message: M; readonly info: MessageInfo }>;
  /** Waits (spinning the executor) up to the budget for one message. */
  takeWithin(budgetMs: number): Promise<ResultOf<M>>;
  readonly handle: EntityHandle;
}

export interface PollClient<Req, Res> {
  sendRequest(request: Req, budgetMs?: number): ResultOf<Future<Res>>;
  call(request: Req, budgetMs: number): Promise<ResultOf<Res>>;
  serviceIsReady(): ResultOf<boolean>;
  waitForService(budgetMs: number): Promise<Result>;
  /** rclcpp's configure_introspection, as on ClientHandle. */
  configureIntrospection(clock: Clock, qos: QoSLike, state: ServiceIntrospectionState): Result;
  readonly handle: EntityHandle;
}

export declare abstract class Timer extends EntityHandle {
  cancel(): Result;
  isCanceled(): boolean;
  /** Restarts the period from now (and un-cancels). */
  restart(): Result;
  overrunCount(): number;
}

export declare abstract class GuardCondition extends EntityHandle {
  trigger(): Result;
}

/**
 * rclcpp's callback_group argument, taken by every entity that runs a handler. A member of a
 * mutually exclusive group is not dispatched while another member's (or its own) async handler
 * is pending; a reentrant group lets its members overlap, each even with itself. Default: no
 * group, the entity excludes only itself (docs/rclcpp.md, "Callback groups").
 */
export interface CallbackGroupOptions {
  /** A group of this node's, from `node.createCallbackGroup()`; another node's is refused. */
  readonly callbackGroup?: CallbackGroup | undefined;
}

/** Options of `node.createSubscription` (after the QoS, as rclcpp's SubscriptionOptions). */
export interface SubscriptionOptions extends CallbackGroupOptions, SubscriptionEventOptions {}

/** Options of `node.createService` (after the QoS). */
export interface ServiceOptions extends CallbackGroupOptions {}

export interface ClientOptions extends CallbackGroupOptions {
  /** Default `QoS.services()`. */
  readonly qos?: QoSLike | undefined;
  /** Budget of each request sent with asyncSendRequest; past it the handler gets Timeout. Default 10000 ms (`DEFAULT_REQUEST_BUDGET_MS`). */
  readonly requestBudgetMs?: number | undefined;
  /**
   * Requests awaiting their reply (sent, reply not yet handled) past which asyncSendRequest
   * answers TryAgain. The reply queue holds exactly this many, so no reply is ever dropped:
   * every accepted request ends in one handler call. Default: the QoS history depth (10 for
   * `QoS.services()`; keep-all: the executor's keepAllLimit).
   */
  readonly maxRequestsInFlight?: number | undefined;
}

export interface GenericEntityOptions {
  /** Where the type name is looked up; default `TypeRegistry.bundled()`. */
  readonly registry?: TypeRegistry | undefined;
}

export interface GenericSubscriptionOptions extends GenericEntityOptions {
  /** true: the handler gets the CDR bytes (header included), rclcpp's SerializedMessage; default false: a plain object. */
  readonly raw?: boolean | undefined;
}

export interface GenericClientOptions extends ClientOptions, GenericEntityOptions {}

/** Publishes plain objects (`publish`) or CDR bytes (`publishRaw`, rclcpp's GenericPublisher::publish). */
export interface GenericPublisher extends Publisher<GenericMessage> {
  /** `pkg/msg/Name`, as resolved. */
  readonly typeName: string;
}

/** A QoS value (the rclcpp `QoS` class) or a plain record of policies. */
export interface QoSLike {
  toRmw(): RmwQos;
}

/** Options of `createWallTimer` and `createOneShotTimer`. */
export interface WallTimerOptions extends CallbackGroupOptions {}

export interface TimerOptions extends CallbackGroupOptions {
  /** Default: the node's ros clock. A system or steady clock makes it a wall timer. */
  readonly clock?: Clock | undefined;
}

export interface Node extends ParametersApi, NodeGraphEventsApi {
  getName(): string;
  getNamespace(): string;
  getFullyQualifiedName(): string;
  /** rclcpp's get_logger(): named `ns.node`; its records (and its children's) also go to the node's /rosout. */
  getLogger(): Logger;
  readonly naming: NamingScheme;
  readonly executor: Executor;
  /** Resolves a topic or service name the way this node does (relative, `~`, absolute). */
  resolveName(name: string): ResultOf<string>;
  /** The node's ros clock now: system time, or the time /clock gives while `use_sim_time` is true. */
  now(): Time;
  /** The node's ros clock (node.now() reads it; `use_sim_time` switches it to /clock). */
  getClock(): Clock<'ros'>;

  /** `options.events`: matched and incompatible-type callbacks, run in spin (docs/rclcpp.md). */
  createPublisher<M>(
    type: MessageType<M>,
    topic: string,
    qos?: QoSLike,
    options?: PublisherOptions,
  ): ResultOf<Publisher<M>>;
  createSubscription<M>(
    type: MessageType<M>,
    topic: string,
    handler: SubscriptionHandler<M>,
    qos?: QoSLike,
    options?: SubscriptionOptions,
  ): ResultOf<SubscriptionHandle>;
  createPollSubscription<M>(type: MessageType<M>, topic: string, qos?: QoSLike): ResultOf<PollSubscription<M>>;
  /** The response type comes from `type` alone: a handler answering another shape does not compile. */
  createService<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    handler: ServiceHandler<NoInfer<Req>, NoInfer<Res>>,
    qos?: QoSLike,
    options?: ServiceOptions,
  ): ResultOf<ServiceHandle>;
  createClient<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    onResponse: ResponseHandler<Res>,
    options?: ClientOptions,
  ): ResultOf<ClientHandle<Req, Res>>;
  createPollClient<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    options?: ClientOptions,
  ): ResultOf<PollClient<Req, Res>>;
  /**
   * rclcpp's create_generic_publisher: a publisher of a type known by name (`std_msgs/msg/String`
   * or `std_msgs/String`, looked up in `options.registry`), the real type's hash on the wire.
   */
  createGenericPublisher(
    typeName: string,
    topic: string,
    qos?: QoSLike,
    options?: GenericEntityOptions,
  ): ResultOf<GenericPublisher>;
  /** rclcpp's create_generic_subscription: CDR bytes with `{ raw: true }`, else plain objects. */
  createGenericSubscription(
    typeName: string,
    topic: string,
    handler: SubscriptionHandler<Uint8Array>,
    qos: QoSLike | undefined,
    options: GenericSubscriptionOptions & { readonly raw: true },
  ): ResultOf<SubscriptionHandle>;
  createGenericSubscription(
    typeName: string,
    topic: string,
    handler: SubscriptionHandler<GenericMessage>,
    qos?: QoSLike,
    options?: GenericSubscriptionOptions & { readonly raw?: false | undefined },
  ): ResultOf<SubscriptionHandle>;
  /** A client of a service type known by name; requests and responses are plain objects. */
  createGenericClient(
    typeName: string,
    service: string,
    onResponse: ResponseHandler<GenericMessage>,
    options?: GenericClientOptions,
  ): ResultOf<ClientHandle<GenericMessage, GenericMessage>>;
  /**
   * An action server (`<name>/_action/...`: three services, feedback and status topics); its
   * callbacks run in spin. `type` is a generated action (`example_interfaces.action.Fibonacci`).
   */
  createActionServer<G, R, F>(
    type: ActionType<G, R, F>,
    name: string,
    callbacks: ActionServerCallbacks<NoInfer<G>, NoInfer<R>, NoInfer<F>>,
    options?: ActionServerOptions,
  ): ResultOf<ActionServer<G, R, F>>;
  createActionClient<G, R, F>(
    type: ActionType<G, R, F>,
    name: string,
    options?: ActionClientOptions,
  ): ResultOf<ActionClient<G, R, F>>;
  /** Period in ms, or a Duration. */
  createWallTimer(period: number | Duration, callback: Callback, options?: WallTimerOptions): ResultOf<Timer>;
  /**
   * rclcpp's create_timer: a timer on a clock, by default the node's ros clock, so under
   * `use_sim_time` it fires as /clock advances. Period in ms, or a Duration (of that clock's time).
   */
  createTimer(period: number | Duration, callback: Callback, options?: TimerOptions): ResultOf<Timer>;
  /** A Rate on the node's ros clock (or `clock`): `rate` in Hz, or a period as a Duration. */
  createRate<C extends ClockType = 'ros'>(rate: number | Duration, clock?: Clock<C>): ResultOf<Rate<C>>;
  createOneShotTimer(delay: number | Duration, callback: Callback, options?: WallTimerOptions): ResultOf<Timer>;
  createGuardCondition(callback: Callback): ResultOf<GuardCondition>;
  /**
   * rclcpp's create_callback_group: a group this node's entities may join (`callbackGroup` in
   * their options). InvalidArgument for another type, NotInitialized once the node is destroyed.
   */
  createCallbackGroup(type: CallbackGroupType): ResultOf<CallbackGroup>;
  /** rclcpp's default callback group: mutually exclusive. Entities join it only when given it. */
  getDefaultCallbackGroup(): CallbackGroup;

  /** Name and actual QoS answered for a handle (not stored in it). */
  getEntityName(handle: EntityHandle): ResultOf<string>;
  getEntityQos(handle: EntityHandle): ResultOf<RmwActualQos>;
  isValid(handle: EntityHandle): boolean;

  // graph (what has been discovered so far)
  getNodeNames(): ResultOf<readonly RmwNodeInfo[]>;
  getTopicNamesAndTypes(): ResultOf<ReadonlyMap<string, readonly string[]>>;
  getServiceNamesAndTypes(): ResultOf<ReadonlyMap<string, readonly string[]>>;
  countPublishers(topic: string): ResultOf<number>;
  countSubscribers(topic: string): ResultOf<number>;
  getEndpoints(): ResultOf<readonly RmwEndpointInfo[]>;

  /** Releases every entity of this node and withdraws it from the graph. */
  destroy(): Result;
}

export interface Executor {
  readonly backend: BackendKind;
  readonly domainId: number;
  createNode(name: string, options?: NodeOptions): ResultOf<Node>;
  spinOnce(budgetMs: number): Promise<ResultOf<SpinReport>>;
  spinSome(): ResultOf<SpinReport>;
  /**
   * rclcpp's spin_all: rounds back-to-back, synchronously, while work is ready and
   * `maxDurationMs` has not passed (at least one round); fair, since each round hands at most
   * one item to each ready entry. For host loops that must not fall behind a fast publisher.
   */
  spinAll(maxDurationMs: number): ResultOf<SpinReport>;
  /**
   * Spins (as spinUntil does) until the future is done and answers its result; Timeout naming
   * the budget, Reentrant inside a handler.
   */
  spinUntilFutureComplete<T>(future: Future<T>, budgetMs: number): Promise<ResultOf<T>>;
  /** Until cancel() or shutdown(). */
  spin(): Promise<Result>;
  spinFor(durationMs: number): Promise<Result>;
  /**
   * Waits until `done()` holds, up to the budget (Timeout after it): runs the rounds that are
   * ready while nobody spins, waits passively while someone does, so a host loop's spinSome()
   * or spin() keeps working meanwhile. Reentrant inside a handler. The one wait that
   * waitForService, PollClient.call, Future.wait and takeWithin are built on. `what` names the
   * wait in its error sentences (default 'spinUntil').
   */
  spinUntil(done: () => boolean, budgetMs: number, what?: string): Promise<Result>;
  cancel(): void;
  isSpinning(): boolean;
  /** True while a handler of this executor runs (blocking helpers answer Reentrant then). */
  inHandler(): boolean;
  ping(budgetMs: number): Promise<Result>;
  /**
   * Runs `fn` now; the publications it makes leave the transport together, in order, when it
   * returns: on zenoh one socket flush instead of one write each (a simulator's tick of many
   * states). Another executor's writes made inside `fn` may reach the router first. A throw in
   * `fn` is answered as an Error; the writes made before it still leave.
   */
  batchWrites(fn: () => void): Result;
  onEvent(listener: Handler<[event: ExecutorEvent]>): () => void;
  addShutdownCallback(callback: Callback): () => void;
  /** Releases every entry and closes the session. */
  shutdown(): Promise<Result>;
  isShutdown(): boolean;
  /** Entries in use and capacity. */
  usage(): { readonly used: number; readonly capacity: number };
  /** Counters since creation. */
  stats(): ExecutorStats;
}

export type { ExecutorEvent, ExecutorStats, Future, SpinReport };
