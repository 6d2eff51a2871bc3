/**
 * What a node answers without creating anything: graph queries, from what the rmw has
 * discovered so far (`Unsupported` where the backend cannot know), and the name, QoS and
 * validity of a handle (kept out of the two-word handle). The node class extends this.
 */
import { Entry } from '../executor/entry.js';
import type { ExecutorCore } from '../executor/executor-core.js';
import { describeThrown, err, ok, type ResultOf } from '../result.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { EndpointKind, NamingScheme, RmwEndpointInfo, RmwNodeInfo } from '../rmw/rmw.js';
import type { EntityHandle } from './api.js';
import { entryOf } from './handle.js';

export abstract class NodeGraph {
  abstract readonly executor: ExecutorCore;
  abstract readonly naming: NamingScheme;
  /** A topic name resolved as the node resolves it. */
  protected abstract resolveTopic(topic: string): ResultOf<string>;

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

  private count(kind: 'publisher' | 'subscription', topic: string): ResultOf<number> {
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
