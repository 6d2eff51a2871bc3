/**
 * How an entity of a node comes to exist, written once for every kind:
 *   validate -> resolve -> refuse -> entry -> admit.
 * The caller validates what is specific to its kind (type support, handler, options, each
 * read once); `endpoint` resolves the name under the node and the QoS policies and refuses
 * when the node or the executor is closed or the arena is full; the caller builds the entry;
 * `admit` registers it and declares its rmw entity (a failed declaration leaves nothing
 * behind). What was admitted is kept, so destroying the node releases all of it.
 */
import type { Entry } from '../executor/entry.js';
import type { ExecutorCore } from '../executor/executor-core.js';
import { describeThrown, type Err, err, ok, type Result, type ResultOf } from '../result.js';
import { type RmwQos, shareQos } from '../rmw/qos.js';
import type { NamingScheme, RmwEndpointSpec } from '../rmw/rmw.js';
import type { Executor } from './api.js';
import { type NameRemap, resolveName } from './names.js';
import { checkHonouredQos, QoS, resolveQos } from './qos.js';

/** The executor as a node sees it: the public verbs plus the arena. */
export type NodeExecutor = ExecutorCore & Executor;

/** Where a node resolves names. */
export interface NodeScope {
  readonly naming: NamingScheme;
  readonly namespace: string;
  readonly name: string;
  /** `/ns/name`, for messages */
  readonly fullyQualifiedName: string;
  /** The node's remap rules (`--ros-args -r`); undefined: none. */
  readonly remap?: NameRemap | undefined;
}

export type EndpointKind = 'publisher' | 'subscription' | 'service' | 'client';

/** An endpoint's checked inputs: resolved name, validated policies, the rmw spec. */
export interface Endpoint {
  readonly name: string;
  readonly qos: RmwQos;
  readonly spec: RmwEndpointSpec;
  /** e.g. `subscription '/chatter'`, for refusals and errors */
  readonly what: string;
}

/** Runs a transport call, turning a throw into TransportError. */
export function guardTransport<T>(what: string, call: () => ResultOf<T>): ResultOf<T> {
  try {
    return call();
  } catch (thrown) {
    return err('TransportError', `${what} failed: ${describeThrown(thrown)}`);
  }
}

/** The type support an entity carries, as the node's type cache keeps it (rcl's node_type_cache). */
export interface UsedType {
  readonly typeName: string;
  readonly typeHash: string;
}

/** An entry of a typed kind (subscription, service, client): it carries its type support. */
export type TypedEntry = Entry & { readonly type: UsedType };

export class NodeEntities {
  /**
   * Typed entries apart from timers and guards, so that ~/get_type_description reads each
   * one's type from the entry itself: no per-entity table beside the one that owns it.
   */
  private readonly typed = new Set<TypedEntry>();
  private readonly local = new Set<Entry>();
  /** Caller-owned publishers, each with the type it uses. */
  private readonly publishers = new Map<{ destroy(): Result }, UsedType>();
  private destroyed = false;

  constructor(
    private readonly executor: NodeExecutor,
    private readonly scope: NodeScope,
  ) {}

  /** NotInitialized once the node or the executor is closed. */
  refuseClosed(what: string): Err | undefined {
    if (this.destroyed) {
      return err('NotInitialized', `node '${this.scope.fullyQualifiedName}' was destroyed; cannot create ${what}`);
    }
    if (!this.executor.isOpen()) return err('NotInitialized', `executor is shut down; cannot create ${what}`);
    return undefined;
  }

  /** Closed, or no room in the arena. */
  refuse(what: string): Err | undefined {
    return this.refuseClosed(what) ?? this.executor.checkCanRegister(what);
  }

  /**
   * resolve -> refuse for an endpoint of already checked type support: the caller's name
   * resolved under the node, its QoS argument (`qosArgument` names it in messages) validated,
   * defaulting to `QoS.services()` for services and clients and `QoS.default()` for topics.
   * Publishers are caller-owned: only a closed node refuses them.
   */
  endpoint(
    kind: EndpointKind,
    rawName: unknown,
    type: { readonly typeName: string; readonly typeHash: string },
    qosArgument: string,
    rawQos: unknown,
  ): ResultOf<Endpoint> {
    const { naming, namespace, name: nodeName, remap } = this.scope;
    const topicLike = kind === 'publisher' || kind === 'subscription';
    const rules = remap === undefined ? undefined : ({ rules: remap, kind: topicLike ? 'topic' : 'service' } as const);
    const name = resolveName(naming, topicLike ? 'topic' : 'service name', rawName, namespace, nodeName, rules);
    if (!name.ok) return name;
    const qos = resolveQos(qosArgument, rawQos, topicLike ? QoS.default : QoS.services);
    if (!qos.ok) return qos;
    const what = kind === 'client' ? `client of '${name.value}'` : `${kind} '${name.value}'`;
    const honoured = checkHonouredQos(what, kind, name.value, qos.value);
    if (!honoured.ok) return honoured;
    const refused = kind === 'publisher' ? this.refuseClosed(what) : this.refuse(what);
    if (refused !== undefined) return refused;
    const depth = qos.value.history === 'keep_all' ? this.executor.keepAllLimit : qos.value.depth;
    const { typeName, typeHash } = type;
    const shared = shareQos(qos.value);
    const specQos = depth === shared.depth ? shared : shareQos({ ...shared, depth });
    const spec = { naming, name: name.value, typeName, typeHash, qos: specQos };
    return ok({ name: name.value, qos: shared, spec, what });
  }

  /** admit: registers the entry, then declares its rmw entity; a failed declaration leaves nothing behind. */
  admit<R, E extends TypedEntry & { rmw: R | undefined }>(
    entry: E,
    what: string,
    declare: () => ResultOf<R>,
  ): ResultOf<E> {
    const registered = this.executor.register(entry);
    if (!registered.ok) return registered;
    const declared = guardTransport(`declaring ${what}`, declare);
    if (!declared.ok) {
      this.executor.release(entry.handleId);
      return declared;
    }
    entry.rmw = declared.value;
    this.track(this.typed, entry);
    return ok(entry);
  }

  /** admit for entries without a transport side (timers, guard conditions). */
  admitLocal<E extends Entry>(entry: E): ResultOf<E> {
    const registered = this.executor.register(entry);
    if (registered.ok) this.track(this.local, entry);
    return registered;
  }

  /** Keeps a caller-owned publisher, and the type it uses, until it is destroyed, or the node is. */
  trackPublisher(publisher: { destroy(): Result }, type: UsedType): void {
    this.publishers.set(publisher, type);
  }

  untrackPublisher(publisher: { destroy(): Result }): void {
    this.publishers.delete(publisher);
  }

  /** A type some live endpoint of the node uses, by its hash (rcl's type cache lookup). */
  typeInUse(typeHash: string): UsedType | undefined {
    for (const type of this.publishers.values()) if (type.typeHash === typeHash) return type;
    for (const entry of this.typed) if (entry.alive && entry.type.typeHash === typeHash) return entry.type;
    return undefined;
  }

  /** Releases every entry and publisher; false when already destroyed. */
  destroy(): boolean {
    if (this.destroyed) return false;
    this.destroyed = true;
    for (const entries of [this.typed, this.local]) {
      for (const entry of entries) if (entry.alive) this.executor.release(entry.handleId);
      entries.clear();
    }
    for (const publisher of [...this.publishers.keys()]) publisher.destroy();
    return true;
  }

  /** Whether `entry` is one of this node's (alive or not yet swept). */
  owns(entry: Entry): boolean {
    return this.typed.has(entry as TypedEntry) || this.local.has(entry);
  }

  private track<E extends Entry>(entries: Set<E>, entry: E): void {
    // Drop released entries now and then so a long-lived node does not accumulate them.
    if (entries.size >= 64 && (entries.size & (entries.size - 1)) === 0) {
      for (const e of entries) if (!e.alive) entries.delete(e);
    }
    entries.add(entry);
  }
}
