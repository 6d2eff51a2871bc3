/**
 * Node: resolves names under its namespace and naming scheme, validates every argument
 * before anything is declared or registered, and creates entities as arena entries (or,
 * for publishers, caller-owned objects).
 */

import { checkBudget } from '../budget.js';
import { checkPeriod } from '../executor/budget.js';
import { Entry } from '../executor/entry.js';
import type { ExecutorCore } from '../executor/executor-core.js';
import { queueBound } from '../executor/queued-entry.js';
import { GuardEntry, TimerEntry } from '../executor/timer-entry.js';
import { describeThrown, type Err, err, ok, type Result, type ResultOf } from '../result.js';
import type { RmwActualQos, RmwQos } from '../rmw/qos.js';
import type {
  NamingScheme,
  RmwEndpointInfo,
  RmwEndpointSpec,
  RmwEntity,
  RmwNode,
  RmwNodeInfo,
  RmwPublisher,
} from '../rmw/rmw.js';
import type {
  ClientHandle,
  ClientOptions,
  EntityHandle,
  Executor,
  GuardCondition,
  Node,
  NodeOptions,
  PollClient,
  PollSubscription,
  Publisher,
  QoSLike,
  ResponseHandler,
  ServiceHandle,
  ServiceHandler,
  SubscriptionHandle,
  SubscriptionHandler,
  Timer,
} from './api.js';
import { ClientEntry, ClientHandleImpl } from './client.js';
import { Duration } from './duration.js';
import { entryOf, Handle } from './handle.js';
import { fullyQualifiedNodeName, normalizeNamespace, resolveName, validateNodeName } from './names.js';
import { countEndpoints, endpoints, namesAndTypes, nodeNames } from './node-graph.js';
import { PollClientImpl } from './poll-client.js';
import { PollSubscriptionImpl } from './poll-subscription.js';
import { PublisherImpl } from './publisher.js';
import { QoS, resolveQos } from './qos.js';
import { ServiceEntry } from './service.js';
import { SubscriptionEntry } from './subscription.js';
import { Clock } from './time.js';
import { GuardConditionHandle, TimerHandle } from './timer.js';
import { checkFunction, checkMessageType, checkServiceType } from './type-check.js';
import type { MessageType, ServiceType } from './type-support.js';

/** The executor as a node sees it: the public verbs plus the arena. */
export type NodeExecutor = ExecutorCore & Executor;

/** Default budget of one request sent with asyncSendRequest. */
export const DEFAULT_REQUEST_BUDGET_MS = 10_000;

interface Declarable<R extends RmwEntity> extends Entry {
  rmw: R | undefined;
}

export class NodeImpl implements Node {
  private readonly entries = new Set<Entry>();
  private readonly publishers = new Set<{ destroy(): Result }>();
  private destroyed = false;
  private readonly clock = new Clock('system');
  private readonly removeCloser: () => void;

  constructor(
    readonly executor: NodeExecutor,
    private readonly rmw: RmwNode,
    private readonly name: string,
    private readonly namespace: string,
    readonly naming: NamingScheme,
  ) {
    this.removeCloser = executor.addCloser(() => this.destroy());
  }

  getName(): string {
    return this.name;
  }
  getNamespace(): string {
    return this.namespace;
  }
  getFullyQualifiedName(): string {
    return fullyQualifiedNodeName(this.namespace, this.name);
  }
  resolveName(name: string): ResultOf<string> {
    return resolveName(this.naming, 'name', name, this.namespace, this.name);
  }
  /** System time in ns since the Unix epoch. */
  now(): bigint {
    return this.clock.now().nanoseconds;
  }
  getClock(): Clock {
    return this.clock;
  }

  // ---- entity creation ----

  private refuseClosed(what: string): Err | undefined {
    if (this.destroyed)
      return err('NotInitialized', `node '${this.getFullyQualifiedName()}' was destroyed; cannot create ${what}`);
    if (!this.executor.isOpen()) return err('NotInitialized', `executor is shut down; cannot create ${what}`);
    return undefined;
  }

  private refuse(what: string): Err | undefined {
    return this.refuseClosed(what) ?? this.executor.checkCanRegister(what);
  }

  private spec(name: string, typeName: string, typeHash: string, qos: RmwQos): RmwEndpointSpec {
    const depth = qos.history === 'keep_all' ? this.executor.keepAllLimit : qos.depth;
    return { naming: this.naming, name, typeName, typeHash, qos: { ...qos, depth } };
  }

  /** Registers the entry, then declares its rmw entity; a failed declaration leaves nothing behind. */
  private admit<R extends RmwEntity, E extends Declarable<R>>(
    entry: E,
    declare: () => ResultOf<R>,
    what: string,
  ): ResultOf<E> {
    const registered = this.executor.register(entry);
    if (!registered.ok) return registered;
    let declared: ResultOf<R>;
    try {
      declared = declare();
    } catch (thrown) {
      declared = err('TransportError', `declaring ${what} failed: ${describeThrown(thrown)}`);
    }
    if (!declared.ok) {
      this.executor.release(entry.handleId);
      return declared;
    }
    entry.rmw = declared.value;
    this.track(entry);
    return ok(entry);
  }

  private track(entry: Entry): void {
    // Drop released entries now and then so a long-lived node does not accumulate them.
    if (this.entries.size >= 64 && (this.entries.size & (this.entries.size - 1)) === 0) {
      for (const e of this.entries) if (!e.alive) this.entries.delete(e);
    }
    this.entries.add(entry);
  }

  createPublisher<M>(type: MessageType<M>, topic: string, qos?: QoSLike): ResultOf<Publisher<M>> {
    const refused = this.refuseClosed('a publisher');
    if (refused !== undefined) return refused;
    const t = checkMessageType('type', type);
    if (!t.ok) return t;
    const name = resolveName(this.naming, 'topic', topic, this.namespace, this.name);
    if (!name.ok) return name;
    const q = resolveQos('qos', qos);
    if (!q.ok) return q;
    let declared: ResultOf<RmwPublisher>;
    try {
      declared = this.rmw.createPublisher(this.spec(name.value, type.typeName, type.typeHash, q.value));
    } catch (thrown) {
      declared = err('TransportError', `declaring publisher on '${name.value}' failed: ${describeThrown(thrown)}`);
    }
    if (!declared.ok) return declared;
    const publisher: PublisherImpl<M> = new PublisherImpl<M>(declared.value, type, name.value, () =>
      this.publishers.delete(publisher),
    );
    this.publishers.add(publisher);
    return ok(publisher);
  }

  createSubscription<M>(
    type: MessageType<M>,
    topic: string,
    handler: SubscriptionHandler<M>,
    qos?: QoSLike,
  ): ResultOf<SubscriptionHandle> {
    const h = checkFunction('handler', handler);
    if (!h.ok) return h;
    const entry = this.subscriptionEntry(type, topic, handler, qos);
    return entry.ok ? ok(new Handle(this.executor, entry.value.handleId)) : entry;
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
  ): ResultOf<SubscriptionEntry<M>> {
    const t = checkMessageType('type', type);
    if (!t.ok) return t;
    const name = resolveName(this.naming, 'topic', topic, this.namespace, this.name);
    if (!name.ok) return name;
    const q = resolveQos('qos', qos);
    if (!q.ok) return q;
    const what = `subscription '${name.value}'`;
    const refused = this.refuse(what);
    if (refused !== undefined) return refused;
    const entry = new SubscriptionEntry<M>(
      this.executor,
      name.value,
      queueBound(q.value, this.executor.keepAllLimit),
      type,
      handler,
    );
    const spec = this.spec(name.value, type.typeName, type.typeHash, q.value);
    return this.admit(entry, () => this.rmw.createSubscriber(spec, (sample) => entry.offer(sample)), what);
  }

  createService<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    handler: ServiceHandler<Req, Res>,
    qos?: QoSLike,
  ): ResultOf<ServiceHandle> {
    const t = checkServiceType('type', type);
    if (!t.ok) return t;
    const resolved = resolveName(this.naming, 'service name', name, this.namespace, this.name);
    if (!resolved.ok) return resolved;
    const h = checkFunction('handler', handler);
    if (!h.ok) return h;
    const q = resolveQos('qos', qos, QoS.services);
    if (!q.ok) return q;
    const what = `service '${resolved.value}'`;
    const refused = this.refuse(what);
    if (refused !== undefined) return refused;
    const entry = new ServiceEntry<Req, Res>(
      this.executor,
      resolved.value,
      queueBound(q.value, this.executor.keepAllLimit),
      type,
      handler,
    );
    const spec = this.spec(resolved.value, type.typeName, type.typeHash, q.value);
    const admitted = this.admit(
      entry,
      () => this.rmw.createServiceServer(spec, (request) => entry.offer(request)),
      what,
    );
    return admitted.ok ? ok(new Handle(this.executor, admitted.value.handleId)) : admitted;
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
    const entry = this.clientEntry(
      type,
      name,
      (response: ResultOf<Res>, seq: bigint) => poll?.onResponse(response, seq),
      options,
    );
    if (!entry.ok) return entry;
    poll = new PollClientImpl<Req, Res>(new Handle(this.executor, entry.value.handleId), this.executor);
    entry.value.onReleased = poll.onReleased;
    return ok(poll);
  }

  private clientEntry<Req, Res>(
    type: ServiceType<Req, Res>,
    name: string,
    onResponse: ResponseHandler<Res>,
    options: ClientOptions | undefined,
  ): ResultOf<ClientEntry<Req, Res>> {
    const t = checkServiceType('type', type);
    if (!t.ok) return t;
    const resolved = resolveName(this.naming, 'service name', name, this.namespace, this.name);
    if (!resolved.ok) return resolved;
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      return err('InvalidArgument', `options must be an object, got ${String(options)}`);
    }
    const budget = options?.requestBudgetMs ?? DEFAULT_REQUEST_BUDGET_MS;
    const b = checkBudget('options.requestBudgetMs', budget);
    if (!b.ok) return b;
    const q = resolveQos('options.qos', options?.qos, QoS.services);
    if (!q.ok) return q;
    const what = `client of '${resolved.value}'`;
    const refused = this.refuse(what);
    if (refused !== undefined) return refused;
    const entry = new ClientEntry<Req, Res>(
      this.executor,
      resolved.value,
      queueBound(q.value, this.executor.keepAllLimit),
      type,
      onResponse,
      budget,
    );
    const spec = this.spec(resolved.value, type.typeName, type.typeHash, q.value);
    return this.admit(entry, () => this.rmw.createServiceClient(spec, (reply) => entry.receive(reply)), what);
  }

  createWallTimer(period: number | Duration, callback: () => void): ResultOf<Timer> {
    return this.createTimer('period', period, callback, false);
  }

  createOneShotTimer(delay: number | Duration, callback: () => void): ResultOf<Timer> {
    return this.createTimer('delay', delay, callback, true);
  }

  private createTimer(
    argument: string,
    period: number | Duration,
    callback: () => void,
    oneShot: boolean,
  ): ResultOf<Timer> {
    const ms = period instanceof Duration ? period.toMs() : period;
    const p = checkPeriod(argument, ms);
    if (!p.ok) return p;
    const c = checkFunction('callback', callback);
    if (!c.ok) return c;
    const what = `${oneShot ? 'one-shot ' : ''}timer of ${ms} ms`;
    const refused = this.refuse(what);
    if (refused !== undefined) return refused;
    const entry = new TimerEntry(this.executor, ms, oneShot, callback, what);
    const registered = this.executor.register(entry);
    if (!registered.ok) return registered;
    this.executor.arm(entry);
    this.track(entry);
    return ok(new TimerHandle(this.executor, entry.handleId));
  }

  createGuardCondition(callback: () => void): ResultOf<GuardCondition> {
    const c = checkFunction('callback', callback);
    if (!c.ok) return c;
    const refused = this.refuse('guard condition');
    if (refused !== undefined) return refused;
    const entry = new GuardEntry(callback);
    const registered = this.executor.register(entry);
    if (!registered.ok) return registered;
    this.track(entry);
    return ok(new GuardConditionHandle(this.executor, entry.handleId));
  }

  // ---- per-handle queries ----

  getEntityName(handle: EntityHandle): ResultOf<string> {
    const found = entryOf(handle, Entry, 'entity');
    return found.ok ? ok(found.value.name) : found;
  }

  getEntityQos(handle: EntityHandle): ResultOf<RmwActualQos> {
    const found = entryOf(handle, Entry, 'entity');
    if (!found.ok) return found;
    const qos = found.value.actualQos();
    return qos === undefined ? err('InvalidArgument', `${found.value.describe()} has no QoS`) : ok(qos);
  }

  isValid(handle: EntityHandle): boolean {
    return entryOf(handle, Entry, 'entity').ok;
  }

  // ---- graph ----

  getNodeNames(): ResultOf<readonly RmwNodeInfo[]> {
    return nodeNames(this.executor.session.graph, this.executor.backend);
  }
  getTopicNamesAndTypes(): ResultOf<ReadonlyMap<string, readonly string[]>> {
    return namesAndTypes(this.executor.session.graph, this.executor.backend, ['publisher', 'subscription']);
  }
  getServiceNamesAndTypes(): ResultOf<ReadonlyMap<string, readonly string[]>> {
    return namesAndTypes(this.executor.session.graph, this.executor.backend, ['service', 'client']);
  }
  countPublishers(topic: string): ResultOf<number> {
    return this.count('publisher', topic);
  }
  countSubscribers(topic: string): ResultOf<number> {
    return this.count('subscription', topic);
  }
  private count(kind: 'publisher' | 'subscription', topic: string): ResultOf<number> {
    const name = resolveName(this.naming, 'topic', topic, this.namespace, this.name);
    if (!name.ok) return name;
    return countEndpoints(this.executor.session.graph, this.executor.backend, kind, this.naming, name.value);
  }
  getEndpoints(): ResultOf<readonly RmwEndpointInfo[]> {
    return endpoints(this.executor.session.graph, this.executor.backend);
  }

  destroy(): Result {
    if (this.destroyed) return err('NotInitialized', `node '${this.getFullyQualifiedName()}' was already destroyed`);
    this.destroyed = true;
    this.removeCloser();
    for (const entry of this.entries) if (entry.alive) this.executor.release(entry.handleId);
    this.entries.clear();
    for (const publisher of [...this.publishers]) publisher.destroy();
    this.rmw.close();
    return ok();
  }
}

export function createNode(executor: NodeExecutor, name: string, options?: NodeOptions): ResultOf<Node> {
  if (!executor.isOpen()) return err('NotInitialized', `executor is shut down; cannot create node '${String(name)}'`);
  const valid = validateNodeName(name);
  if (!valid.ok) return valid;
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    return err('InvalidArgument', `options of node '${name}' must be an object`);
  }
  const namespace = normalizeNamespace(options?.namespace);
  if (!namespace.ok) return namespace;
  const naming = options?.naming ?? 'ros';
  if (naming !== 'ros' && naming !== 'raw') {
    return err('InvalidArgument', `naming of node '${name}' must be 'ros' or 'raw', got '${String(naming)}'`);
  }
  let rmw: ResultOf<RmwNode>;
  try {
    rmw = executor.session.createNode({ name, namespace: namespace.value, enclave: '/' });
  } catch (thrown) {
    rmw = err('TransportError', `creating node '${name}' failed: ${describeThrown(thrown)}`);
  }
  if (!rmw.ok) return rmw;
  return ok(new NodeImpl(executor, rmw.value, name, namespace.value, naming));
}
