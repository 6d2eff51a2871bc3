/**
 * Node: resolves names under its namespace and naming scheme and creates entities, each
 * through the one pipeline of node-entities.ts (every argument checked before anything is
 * declared or registered); graph queries come from NodeGraph.
 */

import type { CallbackGroupState } from '../executor/callback-group-state.js';
import type { Entry } from '../executor/entry.js';
import { queueBound } from '../executor/queued-entry.js';
import { GuardEntry, TimerEntry } from '../executor/timer-entry.js';
import { describeThrown, err, ok, type Result, type ResultOf } from '../result.js';
import type { NamingScheme, RmwNode, RmwSample } from '../rmw/rmw.js';
import { createActionClient } from './action/action-client.js';
import { createActionServer } from './action/action-server.js';
import type {
  ActionClient,
  ActionClientOptions,
  ActionServer,
  ActionServerCallbacks,
  ActionServerOptions,
  ActionType,
} from './action/action-types.js';
import type {
  Callback,
  CallbackGroupOptions,
  ClientHandle,
  ClientOptions,
  GenericClientOptions,
  GenericEntityOptions,
  GenericPublisher,
  GenericSubscriptionOptions,
  GuardCondition,
  Node,
  PollClient,
  PollSubscription,
  Publisher,
  QoSLike,
  ResponseHandler,
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
import { Rosout } from './builtins/rosout.js';
import { startTypeDescriptionService } from './builtins/type-description-service.js';
import {
  type CallbackGroup,
  type CallbackGroupType,
  createCallbackGroup,
  defaultCallbackGroup,
  readCallbackGroup,
} from './callback-group.js';
import { ClientEntry, ClientHandleImpl, readClientOptions } from './client.js';
import type { Duration } from './duration.js';
import {
  checkEndpointOptions,
  type PublisherOptions,
  type SubscriptionEventCallbacks,
} from './events/endpoint-events.js';
import * as generic from './generic/generic-entities.js';
import type { GenericMessage } from './generic/type-registry.js';
import { Handle } from './handle.js';
import { rememberEventType } from './introspection/index.js';
import { Logger, nodeLoggerName } from './logging/logger.js';
import { addRosoutSink } from './logging/rosout-sinks.js';
import { fullyQualifiedNodeName, type NameRemap, resolveName } from './names.js';
import { guardTransport, NodeEntities, type NodeExecutor } from './node-entities.js';
import { NodeGraph } from './node-graph.js';
import type { ParameterDescriptorOptions } from './parameters/descriptor.js';
import type { NodeBuiltinOptions } from './parameters/node-options.js';
import { NodeParameters } from './parameters/node-parameters.js';
import type { OnSetParametersCallback, ParameterUpdate } from './parameters/store.js';
import type { ParameterValue } from './parameters/value.js';
import { PollClientImpl } from './poll-client.js';
import { PollSubscriptionImpl } from './poll-subscription.js';
import { PublisherImpl } from './publisher.js';
import { nameRemapOf } from './ros-args/node-arguments.js';
import { NO_REMAPS, type RemapRules } from './ros-args/remap.js';
import { ServiceEntry, ServiceHandleImpl } from './service.js';
import { SubscriptionEntry } from './subscription.js';
import type { ClockType, Time } from './time.js';
import { Clock } from './time/clock.js';
import { Rate } from './time/rate.js';
import { RosTimerEntry } from './time/ros-timer.js';
import { TimeSource } from './time/time-source.js';
import { GuardConditionHandle, TimerHandle, timerPeriodMs } from './timer.js';
import { checkFunction, checkMessageType, checkServiceType, readOptions } from './type-check.js';
import type { MessageType, ServiceType } from './type-support.js';

/** Nothing built in: what a node made directly (tests, internal nodes) starts with. */
const NO_BUILTINS: NodeBuiltinOptions = {
  overrides: new Map(),
  startServices: false,
  startEventPublisher: false,
  startTypeDescriptionService: false,
  enableRosout: false,
  declareUseSimTime: false,
};

/** A timer period given as a number below this is probably seconds meant as milliseconds: warned once. */
const SHORT_PERIOD_MS = 5;

export class NodeImpl extends NodeGraph implements Node {
  private readonly entities: NodeEntities;
  private readonly clock = new Clock('ros');
  private timeSource: TimeSource | undefined;
  private readonly removeCloser: () => void;
  private readonly params: NodeParameters;
  private readonly builtins: NodeBuiltinOptions;
  private rosout: Rosout | undefined;
  private removeRosoutSink: (() => void) | undefined;
  private readonly logger: Logger;
  /** A period number below SHORT_PERIOD_MS was warned about (once per node). */
  private warnedShortPeriod = false;
  private readonly removeUnheardWatch: () => void;
  /** Entities whose first unheard handler error was logged. */
  private readonly unheardLogged = new WeakSet<Entry>();
  /** The node's `-r` rules, applied to every name it resolves; undefined: none. */
  private readonly remap: NameRemap | undefined;
  /** rclcpp's default callback group, made when first asked for. */
  private defaultGroup: CallbackGroup | undefined;

  constructor(
    readonly executor: NodeExecutor,
    private readonly rmw: RmwNode,
    private readonly name: string,
    private readonly namespace: string,
    readonly naming: NamingScheme,
    builtins: NodeBuiltinOptions = NO_BUILTINS,
    rules: RemapRules = NO_REMAPS,
  ) {
    super();
    this.remap = nameRemapOf(rules, name, namespace);
    this.entities = new NodeEntities(executor, {
      naming,
      namespace,
      name,
      fullyQualifiedName: fullyQualifiedNodeName(namespace, name),
      remap: this.remap,
    });
    this.removeCloser = executor.addCloser(() => this.destroy());
    this.removeUnheardWatch = executor.watchUnheardHandlerErrors((entry, error, entity) =>
      this.logUnheard(entry, error, entity),
    );
    this.builtins = builtins;
    this.logger = new Logger(nodeLoggerName(namespace, name));
    this.params = new NodeParameters(this, builtins.overrides, {
      services: builtins.startServices,
      events: builtins.startEventPublisher,
    });
  }

  /**
   * Starts what rclcpp starts with every node unless its options turn it off: /rosout, the
   * parameter services and /parameter_events, ~/get_type_description.
   */
  start(): Result {
    if (this.builtins.enableRosout) {
      const r = Rosout.start(this);
      if (!r.ok) return r;
      this.rosout = r.value;
      this.removeRosoutSink = addRosoutSink(this.logger.name, (level, logger, msg, file, fn, line) =>
        this.publishRosout(level, logger, msg, file, fn, line),
      );
    }
    const p = this.params.start();
    if (!p.ok) return p;
    if (this.builtins.declareUseSimTime) {
      const t = TimeSource.attach(this, this.clock, (listener) => this.params.addPostSetListener(listener));
      if (!t.ok) return t;
      this.timeSource = t.value;
    }
    if (this.builtins.startTypeDescriptionService) {
      const t = startTypeDescriptionService(this, (hash) => this.entities.typeInUse(hash));
      if (!t.ok) return t;
    }
    return ok();
  }

  /**
   * Publishes one record on the node's /rosout (stamped now); Ok and nothing sent when the
   * node was created with `enableRosout: false`. Internal: the node's logger writes through it.
   */
  publishRosout(level: number, name: string, msg: string, file: string, fn: string, line: number): Result {
    if (this.rosout === undefined) return ok();
    return this.rosout.publish({ level, name, msg, file, function: fn, line });
  }

  /** The first failure of each of its entities that no onEvent listener hears is logged once, as an error. */
  private logUnheard(entry: Entry, error: unknown, entity: string): void {
    if (!this.entities.owns(entry) || this.unheardLogged.has(entry)) return;
    this.unheardLogged.add(entry);
    this.logger.error(
      `${entity}: its handler failed: ${describeThrown(error)} ` +
        '(logged once per entity; executor.onEvent hears every handler_error)',
    );
  }

  // ---- parameters: delegated to NodeParameters ----
  declareParameter(name: string, value?: ParameterValue, descriptor?: ParameterDescriptorOptions) {
    return this.params.declareParameter(name, value, descriptor);
  }
  undeclareParameter(name: string) {
    return this.params.undeclareParameter(name);
  }
  hasParameter(name: string) {
    return this.params.hasParameter(name);
  }
  getParameter(name: string) {
    return this.params.getParameter(name);
  }
  getParameters(names: readonly string[]) {
    return this.params.getParameters(names);
  }
  setParameter(name: string, value: ParameterValue | undefined) {
    return this.params.setParameter(name, value);
  }
  setParameters(updates: readonly ParameterUpdate[]) {
    return this.params.setParameters(updates);
  }
  setParametersAtomically(updates: readonly ParameterUpdate[]) {
    return this.params.setParametersAtomically(updates);
  }
  listParameters(prefixes?: readonly string[], depth?: number) {
    return this.params.listParameters(prefixes, depth);
  }
  describeParameter(name: string) {
    return this.params.describeParameter(name);
  }
  addOnSetParametersCallback(callback: OnSetParametersCallback) {
    return this.params.addOnSetParametersCallback(callback);
  }

  getName(): string {
    return this.name;
  }
  /** The node's logger (`ns.node`), which also publishes on the node's /rosout. */
  getLogger(): Logger {
    return this.logger;
  }
  getNamespace(): string {
    return this.namespace;
  }
  getFullyQualifiedName(): string {
    return fullyQualifiedNodeName(this.namespace, this.name);
  }
  resolveName(name: string): ResultOf<string> {
    // As rcl_node_resolve_name with is_service false, which rcl_action uses for action names.
    return resolveName(this.naming, 'name', name, this.namespace, this.name, this.topicRemap());
  }
  /** For graph queries: expanded, not remapped, as rclcpp's count_publishers expands it. */
  protected resolveTopic(topic: string): ResultOf<string> {
    return resolveName(this.naming, 'topic', topic, this.namespace, this.name);
  }
  private topicRemap(): { rules: NameRemap; kind: 'topic' } | undefined {
    return this.remap === undefined ? undefined : { rules: this.remap, kind: 'topic' };
  }
  /** The ros clock: system time, or /clock's while use_sim_time is true. */
  now(): Time {
    return this.clock.now();
  }
  getClock(): Clock<'ros'> {
    return this.clock;
  }

  // ---- entity creation: validate, then the pipeline of node-entities.ts ----

  createPublisher<M>(
    type: MessageType<M>,
    topic: string,
    qos?: QoSLike,
    options?: PublisherOptions,
  ): ResultOf<Publisher<M>> {
    const t = checkMessageType('type', type);
    if (!t.ok) return t;
    const events = checkEndpointOptions('publisher', topic, options);
    if (!events.ok) return events;
    const ep = this.entities.endpoint('publisher', topic, t.value, 'qos', qos);
    if (!ep.ok) return ep;
    const { spec, what, name } = ep.value;
    const declared = guardTransport(`declaring ${what}`, () => this.rmw.createPublisher(spec));
    if (!declared.ok) return declared;
    const publisher = new PublisherImpl<M>(declared.value, t.value, name, (p) => this.entities.untrackPublisher(p));
    this.entities.trackPublisher(publisher, t.value);
    const watched = this.attachEvents('publisher', name, t.value, events.value, () => publisher.isAlive());
    if (!watched.ok) publisher.destroy();
    return watched.ok ? ok(publisher) : watched;
  }

  createSubscription<M>(
    type: MessageType<M>,
    topic: string,
    handler: SubscriptionHandler<M>,
    qos?: QoSLike,
    options?: SubscriptionOptions,
  ): ResultOf<SubscriptionHandle> {
    const h = checkFunction('handler', handler);
    if (!h.ok) return h;
    const g = this.groupOption(options, 'subscription');
    if (!g.ok) return g;
    const events = checkEndpointOptions('subscription', topic, options);
    if (!events.ok) return events;
    const lost = this.lostMessageWatch(events.value);
    if (!lost.ok) return lost;
    const entry = this.subscriptionEntry(type, topic, handler, qos, g.value, lost.value?.observe);
    if (!entry.ok) lost.value?.stop();
    return entry.ok ? this.subscriptionHandle(entry.value, events.value, lost.value?.stop) : entry;
  }

  /** The handle of a new subscription, with its event callbacks attached. */
  private subscriptionHandle<M>(
    entry: SubscriptionEntry<M>,
    events: SubscriptionEventCallbacks | undefined,
    also?: () => void,
  ): ResultOf<SubscriptionHandle> {
    const handle = new Handle(this.executor, entry.handleId);
    const alive = (): boolean => this.isValid(handle);
    const watched = this.attachEvents('subscription', entry.name, entry.type, events, alive, also);
    if (!watched.ok) handle.reset();
    return watched.ok ? ok(handle) : watched;
  }

  createPollSubscription<M>(type: MessageType<M>, topic: string, qos?: QoSLike): ResultOf<PollSubscription<M>> {
    const entry = this.subscriptionEntry(type, topic, undefined, qos);
    if (!entry.ok) return entry;
    return ok(new PollSubscriptionImpl<M>(new Handle(this.executor, entry.value.handleId), this.executor));
  }

  private subscriptionEntry<M>(
    type: MessageType<M>,
    topic: string,
    handler: SubscriptionHandler<M> | undefined,
    qos: QoSLike | undefined,
    group?: CallbackGroupState,
    observe?: (sample: RmwSample) => void,
  ): ResultOf<SubscriptionEntry<M>> {
    const t = checkMessageType('type', type);
    if (!t.ok) return t;
    const ep = this.entities.endpoint('subscription', topic, t.value, 'qos', qos);
    if (!ep.ok) return ep;
    const { name, qos: policies, spec, what } = ep.value;
    const bound = queueBound(policies, this.executor.keepAllLimit);
    const entry = new SubscriptionEntry<M>(this.executor, name, bound, t.value, handler);
    entry.callbackGroup = group;
    const onSample = observe === undefined ? offerTo(entry) : observedOffer(entry, observe);
    const options = { readsAttachment: entry.takesInfo || observe !== undefined };
    return this.entities.admit(entry, what, () => this.rmw.createSubscriber(spec, onSample, options));
  }

  createService<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    handler: ServiceHandler<Req, Res>,
    qos?: QoSLike,
    options?: ServiceOptions,
  ): ResultOf<ServiceHandle> {
    const t = checkServiceType('type', type);
    if (!t.ok) return t;
    const h = checkFunction('handler', handler);
    if (!h.ok) return h;
    const g = this.groupOption(options, 'service');
    if (!g.ok) return g;
    const ep = this.entities.endpoint('service', name, t.value, 'qos', qos);
    if (!ep.ok) return ep;
    const { name: resolved, qos: policies, spec, what } = ep.value;
    const bound = queueBound(policies, this.executor.keepAllLimit);
    const entry = new ServiceEntry<Req, Res>(this.executor, resolved, bound, t.value, handler);
    entry.callbackGroup = g.value;
    const admitted = this.entities.admit(entry, what, () => this.rmw.createServiceServer(spec, offerTo(entry)));
    if (!admitted.ok) return admitted;
    entry.node = this;
    rememberEventType(t.value, type);
    return ok(new ServiceHandleImpl(this.executor, admitted.value.handleId));
  }

  createClient<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    onResponse: ResponseHandler<Res>,
    options?: ClientOptions,
  ): ResultOf<ClientHandle<Req, Res>> {
    const h = checkFunction('onResponse', onResponse);
    if (!h.ok) return h;
    const entry = this.clientEntry(type, name, onResponse, options);
    return entry.ok ? ok(new ClientHandleImpl<Req, Res>(this.executor, entry.value.handleId)) : entry;
  }

  createPollClient<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    options?: ClientOptions,
  ): ResultOf<PollClient<Req, Res>> {
    let poll: PollClientImpl<Req, Res> | undefined;
    const onResponse = (response: ResultOf<Res>, seq: bigint): void => poll?.onResponse(response, seq);
    const entry = this.clientEntry(type, name, onResponse, options);
    if (!entry.ok) return entry;
    poll = new PollClientImpl<Req, Res>(new Handle(this.executor, entry.value.handleId), this.executor);
    entry.value.onReleased = poll.onReleased;
    return ok(poll);
  }

  // ---- runtime-typed entities (generic/): a type name resolved, then the typed verbs above ----

  createGenericPublisher(
    typeName: string,
    topic: string,
    qos?: QoSLike,
    options?: GenericEntityOptions,
  ): ResultOf<GenericPublisher> {
    return generic.createGenericPublisher(this, typeName, topic, qos, options);
  }

  createGenericSubscription(
    typeName: string,
    topic: string,
    handler: SubscriptionHandler<Uint8Array> | SubscriptionHandler<GenericMessage>,
    qos?: QoSLike,
    options?: GenericSubscriptionOptions,
  ): ResultOf<SubscriptionHandle> {
    return generic.createGenericSubscription(this, typeName, topic, handler, qos, options);
  }

  createGenericClient(
    typeName: string,
    service: string,
    onResponse: ResponseHandler<GenericMessage>,
    options?: GenericClientOptions,
  ): ResultOf<ClientHandle<GenericMessage, GenericMessage>> {
    return generic.createGenericClient(this, typeName, service, onResponse, options);
  }

  private clientEntry<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    onResponse: ResponseHandler<Res>,
    options: ClientOptions | undefined,
  ): ResultOf<ClientEntry<Req, Res>> {
    const t = checkServiceType('type', type);
    if (!t.ok) return t;
    const o = readClientOptions(options);
    if (!o.ok) return o;
    const g = this.groupOption(options, 'client');
    if (!g.ok) return g;
    const ep = this.entities.endpoint('client', name, t.value, 'options.qos', o.value.qos);
    if (!ep.ok) return ep;
    const { name: resolved, spec, what } = ep.value;
    // Default: as many in flight as the reply queue's depth (keep-all: the executor's limit).
    const maxInFlight = o.value.maxRequestsInFlight ?? spec.qos.depth;
    const entry = new ClientEntry<Req, Res>(
      this.executor,
      resolved,
      maxInFlight,
      t.value,
      onResponse,
      o.value.requestBudgetMs,
    );
    entry.callbackGroup = g.value;
    // Bound, not an arrow: the arrow's context would keep this call's scope (spec and all) per client.
    const admitted = this.entities.admit(entry, what, () =>
      this.rmw.createServiceClient(spec, entry.receive.bind(entry)),
    );
    if (admitted.ok) {
      entry.node = this;
      rememberEventType(t.value, type);
    }
    return admitted;
  }

  createActionServer<G, R, F>(
    type: ActionType<G, R, F>,
    name: string,
    callbacks: ActionServerCallbacks<G, R, F>,
    options?: ActionServerOptions,
  ): ResultOf<ActionServer<G, R, F>> {
    return createActionServer(this, type, name, callbacks, options);
  }

  createActionClient<G, R, F>(
    type: ActionType<G, R, F>,
    name: string,
    options?: ActionClientOptions,
  ): ResultOf<ActionClient<G, R, F>> {
    return createActionClient(this, type, name, options);
  }

  createWallTimer(period: number | Duration, callback: Callback, options?: WallTimerOptions): ResultOf<Timer> {
    const g = this.groupOption(options, 'timer');
    return g.ok ? this.makeTimer('period', period, callback, false, undefined, g.value) : g;
  }

  createOneShotTimer(delay: number | Duration, callback: Callback, options?: WallTimerOptions): ResultOf<Timer> {
    const g = this.groupOption(options, 'one-shot timer');
    return g.ok ? this.makeTimer('delay', delay, callback, true, undefined, g.value) : g;
  }

  createTimer(period: number | Duration, callback: Callback, options?: TimerOptions): ResultOf<Timer> {
    let clock: Clock | undefined;
    try {
      const c: unknown = options === undefined ? this.clock : (options.clock ?? this.clock);
      clock = c instanceof Clock ? c : undefined;
    } catch {
      // A Proxy or a throwing getter is not a Clock.
    }
    if (clock === undefined) return err('InvalidArgument', 'options.clock must be a Clock');
    const g = this.groupOption(options, 'timer');
    if (!g.ok) return g;
    return this.makeTimer('period', period, callback, false, clock.clockType === 'ros' ? clock : undefined, g.value);
  }

  createRate<C extends ClockType = 'ros'>(rate: number | Duration, clock?: Clock<C>): ResultOf<Rate<C>> {
    return Rate.create<C>(rate, clock ?? (this.clock as Clock as Clock<C>));
  }

  /** `rosClock` set: a timer of that clock's time (ros-timer.ts); else a wall timer. */
  private makeTimer(
    argument: string,
    period: number | Duration,
    callback: Callback,
    oneShot: boolean,
    rosClock?: Clock,
    group?: CallbackGroupState,
  ): ResultOf<Timer> {
    const ms = timerPeriodMs(argument, period);
    if (!ms.ok) return ms;
    const c = checkFunction('callback', callback);
    if (!c.ok) return c;
    if (!oneShot && typeof period === 'number' && ms.value < SHORT_PERIOD_MS && !this.warnedShortPeriod) {
      // rclcpp's `create_wall_timer(1s, cb)` ported as `createWallTimer(1, cb)` fires every millisecond.
      this.warnedShortPeriod = true;
      this.logger.warn(
        `timer period of ${ms.value} ms: periods are milliseconds (1 s is 1000); pass a Duration for a period this short to say it is meant`,
      );
    }
    const what = `${oneShot ? 'one-shot ' : ''}timer of ${ms.value} ms`;
    const refused = this.entities.refuse(what);
    if (refused !== undefined) return refused;
    const entry =
      rosClock === undefined
        ? new TimerEntry(this.executor, ms.value, oneShot, callback, what)
        : new RosTimerEntry(this.executor, rosClock, ms.value, oneShot, callback, `ros-clock ${what}`);
    entry.callbackGroup = group;
    const admitted = this.entities.admitLocal(entry);
    if (!admitted.ok) return admitted;
    if (admitted.value instanceof RosTimerEntry) admitted.value.start();
    else this.executor.arm(admitted.value);
    return ok(new TimerHandle(this.executor, admitted.value.handleId));
  }

  createGuardCondition(callback: Callback): ResultOf<GuardCondition> {
    const c = checkFunction('callback', callback);
    if (!c.ok) return c;
    const refused = this.entities.refuse('guard condition');
    if (refused !== undefined) return refused;
    const admitted = this.entities.admitLocal(new GuardEntry(callback));
    return admitted.ok ? ok(new GuardConditionHandle(this.executor, admitted.value.handleId)) : admitted;
  }

  createCallbackGroup(type: CallbackGroupType): ResultOf<CallbackGroup> {
    const refused = this.entities.refuseClosed('a callback group');
    return refused ?? createCallbackGroup(this, type);
  }

  getDefaultCallbackGroup(): CallbackGroup {
    this.defaultGroup ??= defaultCallbackGroup(this);
    return this.defaultGroup;
  }

  /** `options.callbackGroup` checked: none, or a group of this node's. */
  private groupOption(
    options: CallbackGroupOptions | undefined,
    what: string,
  ): ResultOf<CallbackGroupState | undefined> {
    const o = readOptions('options', options, ['callbackGroup']);
    return o.ok ? readCallbackGroup('options.callbackGroup', o.value.callbackGroup, this, what) : o;
  }

  /** Internal: false once the node is destroyed or its executor shut down. */
  isAlive(): boolean {
    return this.entities.refuseClosed('anything') === undefined;
  }

  destroy(): Result {
    if (!this.entities.destroy()) {
      return err('NotInitialized', `node '${this.getFullyQualifiedName()}' was already destroyed`);
    }
    this.removeCloser();
    this.removeUnheardWatch();
    this.params.stop();
    this.timeSource?.stop();
    this.removeRosoutSink?.();
    this.removeRosoutSink = undefined;
    this.rosout?.stop();
    this.rosout = undefined;
    this.rmw.close();
    return ok();
  }
}

/**
 * The transport's sample callback for one entry: a bound method, which holds the entry alone
 * (not the endpoint spec and everything else in scope) and is smaller than a closure with its
 * context; it lives as long as the subscription.
 */
/** As offerTo, `observe` seeing each item first where it arrives (lost-message counting). */
function observedOffer<T>(entry: { offer(item: T): void }, observe: (item: T) => void): (item: T) => void {
  return (item) => {
    observe(item);
    entry.offer(item);
  };
}

function offerTo<T>(entry: { offer(item: T): void }): (item: T) => void {
  // A bound method is smaller than a closure and its context (heap per subscription).
  return entry.offer.bind(entry);
}
