/**
 * One node's endpoint events: a single guard condition and graph listener for every watched
 * publisher and subscription of the node (one arena entry per node, not per endpoint), and the
 * graph's endpoints indexed by name once per change for all watchers of a session, so a change
 * costs what the watched names hold rather than watchers x endpoints.
 */
import { err, ok, type ResultOf } from '../../result.js';
import type { NamingScheme, RmwEndpointInfo, RmwGraph, RmwSample } from '../../rmw/rmw.js';
import { type EndpointEventCallbacks, EndpointEventState, type WatchedEndpoint } from './endpoint-events.js';
import { MessageLostCounter, type MessageLostStatus } from './message-lost.js';

/** What the hub needs of its node. */
export interface EventHubHost {
  readonly graph: RmwGraph;
  /** A callback run in spin each time `trigger` is called (false once released with the node). */
  guard(callback: () => void): ResultOf<{ trigger(): boolean; destroy(): void; readonly handleId: number }>;
  /** A user callback's throw or rejected promise, reported for the entity it belongs to. */
  observe(entity: string, call: () => unknown, owner: number): void;
}

interface Watch {
  readonly endpoint: WatchedEndpoint;
  readonly state: EndpointEventState;
  readonly callbacks: EndpointEventCallbacks;
  readonly alive: () => boolean;
  readonly also: () => void;
}

interface LostWatch {
  readonly counter: MessageLostCounter;
  readonly report: (status: MessageLostStatus) => void;
  readonly what: string;
}

export class EndpointEventHub {
  private readonly watches = new Set<Watch>();
  private readonly fresh = new Set<Watch>();
  private readonly lostDirty = new Set<LostWatch>();
  private graphDirty = false;
  private guard: { trigger(): boolean; destroy(): void; readonly handleId: number } | undefined;
  private unwatch: (() => void) | undefined;

  constructor(private readonly host: EventHubHost) {}

  /** Delivers matched / incompatible-type callbacks in spin until `alive` answers false. */
  add(
    endpoint: WatchedEndpoint,
    callbacks: EndpointEventCallbacks,
    alive: () => boolean,
    also: () => void,
  ): ResultOf<void> {
    if (!this.host.graph.supported)
      return err(
        'Unsupported',
        `the backend cannot discover the graph, so no events for ${endpoint.kind} '${endpoint.name}'`,
      );
    const started = this.start();
    if (!started.ok) return started;
    const watch: Watch = { endpoint, state: new EndpointEventState(endpoint), callbacks, alive, also };
    this.watches.add(watch);
    // What the graph already shows (this endpoint's peers) is reported as the first change.
    this.fresh.add(watch);
    this.guard?.trigger();
    return ok(undefined);
  }

  /** A subscription's lost-message counting: `observe` runs where samples arrive, `stop` ends it. */
  addLost(
    what: string,
    report: (status: MessageLostStatus) => void,
  ): ResultOf<{ observe(s: RmwSample): void; stop(): void }> {
    const started = this.start();
    if (!started.ok) return started;
    const lost: LostWatch = { counter: new MessageLostCounter(), report, what };
    let stopped = false;
    return ok({
      observe: (sample: RmwSample) => {
        if (stopped || !lost.counter.observe(sample.attachment)) return;
        this.lostDirty.add(lost);
        this.guard?.trigger();
      },
      stop: () => {
        stopped = true;
        this.lostDirty.delete(lost);
      },
    });
  }

  private start(): ResultOf<void> {
    if (this.guard !== undefined) return ok(undefined);
    const guard = this.host.guard(() => this.run());
    if (!guard.ok) return guard;
    this.guard = guard.value;
    this.unwatch = this.host.graph.onChange(() => {
      this.graphDirty = true;
      // Released with its node: nothing more to deliver.
      if (!guard.value.trigger()) this.close();
    });
    return ok(undefined);
  }

  private close(): void {
    this.unwatch?.();
    this.guard?.destroy();
    this.watches.clear();
    this.fresh.clear();
    this.lostDirty.clear();
  }

  private run(): void {
    const owner = this.guard?.handleId ?? 0;
    const all = this.graphDirty;
    this.graphDirty = false;
    const due = all ? [...this.watches] : [...this.fresh];
    this.fresh.clear();
    for (const w of due) {
      if (!w.alive()) {
        this.watches.delete(w);
        w.also();
        continue;
      }
      const events = w.state.update(endpointsNamed(this.host.graph, w.endpoint.naming, w.endpoint.name));
      const what = `${w.endpoint.kind} '${w.endpoint.name}'`;
      const { matched, incompatibleType } = events;
      if (matched !== undefined && w.callbacks.matched !== undefined) {
        const cb = w.callbacks.matched;
        this.host.observe(`${what} matched callback`, () => cb(matched), owner);
      }
      if (incompatibleType !== undefined && w.callbacks.incompatibleType !== undefined) {
        const cb = w.callbacks.incompatibleType;
        this.host.observe(`${what} incompatibleType callback`, () => cb(incompatibleType), owner);
      }
    }
    const lost = [...this.lostDirty];
    this.lostDirty.clear();
    for (const l of lost) {
      const status = l.counter.take();
      if (status !== undefined) this.host.observe(`${l.what} messageLost callback`, () => l.report(status), owner);
    }
  }
}

const indexes = new WeakMap<RmwGraph, { index: Map<string, RmwEndpointInfo[]> | undefined }>();

/** The graph's endpoints of one naming and name, from an index rebuilt once per change. */
function endpointsNamed(graph: RmwGraph, naming: NamingScheme, name: string): readonly RmwEndpointInfo[] {
  let slot = indexes.get(graph);
  if (slot === undefined) {
    const made: { index: Map<string, RmwEndpointInfo[]> | undefined } = { index: undefined };
    graph.onChange(() => {
      made.index = undefined;
    });
    indexes.set(graph, made);
    slot = made;
  }
  if (slot.index === undefined) {
    const index = new Map<string, RmwEndpointInfo[]>();
    for (const e of graph.endpoints()) {
      const key = `${e.naming}\n${e.name}`;
      const list = index.get(key);
      if (list === undefined) index.set(key, [e]);
      else list.push(e);
    }
    slot.index = index;
  }
  return slot.index.get(`${naming}\n${name}`) ?? [];
}
