/** Graph queries answered from what the rmw has discovered so far. */
import { err, ok, type ResultOf } from '../result.js';
import type { EndpointKind, NamingScheme, RmwEndpointInfo, RmwGraph, RmwNodeInfo } from '../rmw/rmw.js';

function unsupported(backend: string): ResultOf<never> {
  return err('Unsupported', `the ${backend} backend cannot discover the graph`);
}

function read<T>(graph: RmwGraph, backend: string, query: () => T): ResultOf<T> {
  if (!graph.supported) return unsupported(backend);
  try {
    return ok(query());
  } catch (thrown) {
    return err('TransportError', `graph query failed: ${String(thrown)}`);
  }
}

export function nodeNames(graph: RmwGraph, backend: string): ResultOf<readonly RmwNodeInfo[]> {
  return read(graph, backend, () => graph.nodes());
}

export function endpoints(graph: RmwGraph, backend: string): ResultOf<readonly RmwEndpointInfo[]> {
  return read(graph, backend, () => graph.endpoints());
}

/** name -> sorted distinct type names, over endpoints of the given kinds. */
export function namesAndTypes(
  graph: RmwGraph,
  backend: string,
  kinds: readonly EndpointKind[],
): ResultOf<ReadonlyMap<string, readonly string[]>> {
  return read(graph, backend, () => {
    const types = new Map<string, Set<string>>();
    for (const e of graph.endpoints()) {
      if (!kinds.includes(e.kind)) continue;
      let set = types.get(e.name);
      if (set === undefined) types.set(e.name, (set = new Set()));
      set.add(e.typeName);
    }
    const sorted = [...types.keys()].sort();
    return new Map(sorted.map((name) => [name, [...(types.get(name) as Set<string>)].sort()]));
  });
}

export function countEndpoints(
  graph: RmwGraph,
  backend: string,
  kind: EndpointKind,
  naming: NamingScheme,
  name: string,
): ResultOf<number> {
  return read(
    graph,
    backend,
    () => graph.endpoints().filter((e) => e.kind === kind && e.naming === naming && e.name === name).length,
  );
}
