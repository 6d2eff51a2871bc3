/**
 * What a node answers without creating anything: graph queries, from what the rmw has
 * discovered so far (`Unsupported` where the backend cannot know), and the name, QoS and
 * validity of a handle (kept out of the two-word handle). The node class extends this.
 */
import { Entry } from '../executor/entry.js';
import type { ExecutorCore } from '../executor/executor-core.js';
import { describeThrown, err, ok, type Result, type ResultOf } from '../result.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { EndpointKind, NamingScheme, RmwEndpointInfo, RmwNodeInfo, RmwSample } from '../rmw/rmw.js';
import type { Callback, EntityHandle, GuardCondition } from './api.js';
import type { EndpointEventCallbacks, SubscriptionEventCallbacks, WatchedEndpoint } from './events/endpoint-events.js';
import { EndpointEventHub } from './events/event-hub.js';
import { waitForGraphChange } from './events/graph-change.js';
import { type TopicEndpointInfo, topicEndpointInfo } from './events/topic-endpoint-info.js';
import { entryOf } from './handle.js';

export abstract class NodeGraph {
  abstract readonly executor: ExecutorCore;
  abstract readonly naming: NamingScheme;
  /** A topic name resolved as the node resolves it. */
  protected abstract resolveTopic(topic: string): ResultOf<string>;
  abstract createGuardCondition(callback: Callback): ResultOf<GuardCondition>;

  getNodeNames(): ResultOf<readonly RmwNodeInfo[]> {
    return this.read(() => this.executor.session.graph.nodes());
  }

  getEndpoints(): ResultOf<readonly RmwEndpointInfo[]> {
    return this.read(() => this.executor.session.graph.endpoints());
  }

  getTopicNamesAndTypes(): ResultOf<ReadonlyMap<string, readonly string[]>> {
    return this.namesAndTypes(['publisher', 'subscription']);
  }

  getServiceNamesAndTypes(): ResultOf<ReadonlyMap<string, readonly string[]>> {
    return this.namesAndTypes(['service', 'client']);
  }

  countPublishers(topic: string): ResultOf<number> {
    return this.count('publisher', topic);
  }

  countSubscribers(topic: string): ResultOf<number> {
    return this.count('subscription', topic);
  }

  /** rclcpp's count_services: servers of the service name, as resolved by this node. */
  countServices(service: string): ResultOf<number> {
    return this.count('service', service);
  }

  countClients(service: string): ResultOf<number> {
    return this.count('client', service);
  }

  /** rclcpp's get_publishers_info_by_topic: node, type, GID and QoS of each publisher. */
  getPublishersInfoByTopic(topic: string): ResultOf<readonly TopicEndpointInfo[]> {
    return this.infoByTopic('publisher', topic);
  }

  getSubscriptionsInfoByTopic(topic: string): ResultOf<readonly TopicEndpointInfo[]> {
    return this.infoByTopic('subscription', topic);
  }

  /** rclcpp's wait_for_graph_change: Ok at the next change, Timeout after the budget. */
  waitForGraphChange(budgetMs: number): Promise<Result> {
    return waitForGraphChange(this.executor.session.graph, budgetMs, 'waitForGraphChange');
  }

  /**
   * `callback` runs in spin after each change of the graph (changes between two rounds make
   * one call). Answers the function that stops it; Unsupported without a graph.
   */
  onGraphChange(callback: Callback): ResultOf<() => void> {
    const graph = this.executor.session.graph;
    if (!graph.supported) return err('Unsupported', `the ${this.executor.backend} backend cannot discover the graph`);
    const guard = this.createGuardCondition(callback);
    if (!guard.ok) return guard;
    const unwatch = graph.onChange(() => {
      // Released with its node: nothing more to deliver.
      if (!guard.value.trigger().ok) unwatch();
    });
    return ok(() => {
      unwatch();
      guard.value.reset();
    });
  }

  /**
   * Internal (node.ts): delivers an endpoint's event callbacks in spin until `alive` answers
   * false. Nothing to do without callbacks; Unsupported without a graph.
   */
  protected attachEvents(
    kind: 'publisher' | 'subscription',
    name: string,
    type: { readonly typeName: string; readonly typeHash: string },
    callbacks: EndpointEventCallbacks | undefined,
    alive: () => boolean,
    also?: () => void,
  ): Result {
    if (callbacks === undefined) return ok();
    const endpoint: WatchedEndpoint = {
      kind,
      naming: this.naming,
      name,
      typeName: type.typeName,
      typeHash: type.typeHash,
    };
    const watched = this.eventHub().add(endpoint, callbacks, alive, also ?? (() => {}));
    return watched.ok ? ok() : watched;
  }

  /**
   * Internal (node.ts): when a subscription asks for messageLost, what sees each sample where it
   * arrives (transport context: it only counts and triggers) and its stop.
   */
  protected lostMessageWatch(
    callbacks: SubscriptionEventCallbacks | undefined,
  ): ResultOf<{ readonly observe: (sample: RmwSample) => void; readonly stop: () => void } | undefined> {
    const report = callbacks?.messageLost;
    if (report === undefined) return ok(undefined);
    return this.eventHub().addLost('subscription', report);
  }

  private hub: EndpointEventHub | undefined;

  /** The node's one hub of endpoint events (one guard condition for all of them). */
  private eventHub(): EndpointEventHub {
    this.hub ??= new EndpointEventHub({
      graph: this.executor.session.graph,
      guard: (callback) => {
        const g = this.createGuardCondition(callback);
        if (!g.ok) return g;
        const guard = g.value;
        return ok({ trigger: () => guard.trigger().ok, destroy: () => void guard.reset(), handleId: guard.handleId });
      },
      observe: (entity, call, owner) => {
        let returned: unknown;
        try {
          returned = call();
        } catch (thrown) {
          this.executor.reportEntityError(entity, thrown, owner);
          return;
        }
        this.executor.observeCallback(entity, returned, owner);
      },
    });
    return this.hub;
  }

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

  private read<T>(query: () => T): ResultOf<T> {
    if (!this.executor.session.graph.supported) {
      return err('Unsupported', `the ${this.executor.backend} backend cannot discover the graph`);
    }
    try {
      return ok(query());
    } catch (thrown) {
      return err('TransportError', `graph query failed: ${describeThrown(thrown)}`);
    }
  }

  /** name -> sorted distinct type names, over endpoints of the given kinds. */
  private namesAndTypes(kinds: readonly EndpointKind[]): ResultOf<ReadonlyMap<string, readonly string[]>> {
    return this.read(() => {
      const types = new Map<string, Set<string>>();
      for (const e of this.executor.session.graph.endpoints()) {
        if (!kinds.includes(e.kind)) continue;
        let set = types.get(e.name);
        if (set === undefined) types.set(e.name, (set = new Set()));
        set.add(e.typeName);
      }
      const sorted = [...types.keys()].sort();
      return new Map(sorted.map((name) => [name, [...(types.get(name) as Set<string>)].sort()]));
    });
  }

  private infoByTopic(kind: 'publisher' | 'subscription', topic: string): ResultOf<readonly TopicEndpointInfo[]> {
    const name = this.resolveTopic(topic);
    if (!name.ok) return name;
    return this.read(() =>
      this.executor.session.graph
        .endpoints()
        .filter((e) => e.kind === kind && e.naming === this.naming && e.name === name.value)
        .map((e) => topicEndpointInfo({ ...e, kind })),
    );
  }

  private count(kind: EndpointKind, topic: string): ResultOf<number> {
    const name = this.resolveTopic(topic);
    if (!name.ok) return name;
    return this.read(
      () =>
        this.executor.session.graph
          .endpoints()
          .filter((e) => e.kind === kind && e.naming === this.naming && e.name === name.value).length,
    );
  }
}
