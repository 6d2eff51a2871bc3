/**
 * The in-process "network": what every local session on one bus has declared. Sessions
 * sharing a bus see each other's data, services and graph, exactly as zenoh sessions
 * sharing a router would; by default every session in the process shares one bus.
 */
import { intersects } from '../key-expr.js';
import type { RmwAttachment, RmwEndpointInfo, RmwEvent, RmwNodeInfo, RmwReply } from '../rmw.js';
import { DeliveryQueue, type Receiver } from './delivery-queue.js';
import type { LocalSample } from './local-sample.js';

/** What the bus needs of a session: where to report a callback that threw. */
export interface BusSessionLink {
  readonly sessionId: string;
  readonly domainId: number;
  emit(event: RmwEvent): void;
}

/** A subscriber receives its samples from the delivery queue only. */
export interface BusSubscriber extends Receiver<LocalSample> {
  readonly key: string;
  readonly transientLocal: boolean;
  /** false: its taker never reads attachments, so its samples need no source time. */
  readonly readsAttachment: boolean;
  readonly session: BusSessionLink;
  isOpen(): boolean;
}

export interface BusPublisher {
  readonly key: string;
  /** Queues what a transient-local publisher kept for a late joiner on a matching key (nothing otherwise). */
  replayTo(sub: BusSubscriber): void;
}

/** The client's side of one request, as a server sees it. */
export interface ServiceCall {
  readonly key: string;
  readonly sequenceNumber: bigint;
  readonly budgetMs: number;
  /** `waiting` until the first answer; `timed_out` once the budget ran out; `dropped` after abandon or close. */
  readonly state: 'waiting' | 'answered' | 'timed_out' | 'dropped';
  answer(reply: RmwReply): void;
  /** One server that received the request closed without answering it. */
  serverGone(): void;
}

export interface BusServer {
  readonly key: string;
  readonly session: BusSessionLink;
  /** Takes one request (its own copy of the payload); onRequest runs later from the queue. */
  receive(payload: Uint8Array, attachment: RmwAttachment | undefined, call: ServiceCall): void;
}

export interface BusNode {
  readonly domainId: number;
  readonly info: RmwNodeInfo;
}

export interface BusEndpoint {
  readonly domainId: number;
  readonly info: RmwEndpointInfo;
  /** The endpoint as a subscriber, when it is one. */
  readonly subscriber: BusSubscriber | undefined;
}

interface GraphListener {
  readonly domainId: number;
  readonly session: BusSessionLink;
  readonly fire: () => void;
  /** A change is already queued for this listener (changes coalesce). */
  queued: boolean;
}

export class LocalBus {
  readonly queue = new DeliveryQueue();
  private readonly publishers = new Set<BusPublisher>();
  private readonly servers = new Map<string, Set<BusServer>>();
  private readonly readyListeners = new Map<string, Set<() => void>>();
  private readonly readySessions = new Map<() => void, BusSessionLink>();
  private readonly nodeSet = new Set<BusNode>();
  private readonly endpointSet = new Set<BusEndpoint>();
  private readonly graphListeners = new Set<GraphListener>();
  // Publish-time matching is the hot path: keyed by publisher key, dropped when subscribers change.
  private matchCache = new Map<string, readonly BusSubscriber[]>();
  /** Bumps whenever the subscriber set changes: a publisher keeps its match list while it holds. */
  subscribersVersion = 0;

  // ---- publish / subscribe ----

  /** A subscriber endpoint joined or left: publishers look their matches up again. */
  private subscribersChanged(): void {
    if (this.matchCache.size > 0) this.matchCache = new Map();
    this.subscribersVersion++;
  }

  addPublisher(pub: BusPublisher): void {
    this.publishers.add(pub);
  }

  removePublisher(pub: BusPublisher): void {
    this.publishers.delete(pub);
  }

  matchingSubscribers(key: string): readonly BusSubscriber[] {
    const cached = this.matchCache.get(key);
    if (cached !== undefined) return cached;
    const subs: BusSubscriber[] = [];
    for (const endpoint of this.endpointSet) {
      const sub = endpoint.subscriber;
      if (sub?.isOpen() && intersects(key, sub.key)) subs.push(sub);
    }
    this.matchCache.set(key, subs);
    return subs;
  }

  // ---- services ----

  addServer(server: BusServer): void {
    let set = this.servers.get(server.key);
    if (set === undefined) {
      set = new Set();
      this.servers.set(server.key, set);
    }
    set.add(server);
    this.readinessChanged(server.key);
  }

  removeServer(server: BusServer): void {
    const set = this.servers.get(server.key);
    if (set === undefined || !set.delete(server)) return;
    if (set.size === 0) this.servers.delete(server.key);
    this.readinessChanged(server.key);
  }

  /** Servers declared on exactly this key now, in declaration order. */
  serversOn(key: string): readonly BusServer[] {
    const set = this.servers.get(key);
    return set === undefined ? [] : [...set];
  }

  hasServer(key: string): boolean {
    return this.servers.has(key);
  }

  onReadyChange(key: string, listener: () => void, session: BusSessionLink): () => void {
    const wrapped = (): void => listener();
    let set = this.readyListeners.get(key);
    if (set === undefined) {
      set = new Set();
      this.readyListeners.set(key, set);
    }
    set.add(wrapped);
    this.readySessions.set(wrapped, session);
    return () => {
      const current = this.readyListeners.get(key);
      if (current?.delete(wrapped) === true && current.size === 0) this.readyListeners.delete(key);
      this.readySessions.delete(wrapped);
    };
  }

  private readinessChanged(key: string): void {
    const set = this.readyListeners.get(key);
    if (set === undefined) return;
    for (const listener of set) {
      this.queue.post(
        () => {
          if (this.readyListeners.get(key)?.has(listener) === true) listener();
        },
        (message) =>
          this.readySessions.get(listener)?.emit({
            type: 'transport_error',
            key,
            message: `service readiness listener on '${key}' threw: ${message}`,
          }),
      );
    }
  }

  // ---- graph ----

  addNode(node: BusNode): void {
    this.nodeSet.add(node);
    this.graphChanged(node.domainId);
  }

  removeNode(node: BusNode): void {
    if (this.nodeSet.delete(node)) this.graphChanged(node.domainId);
  }

  /** An endpoint joins the graph; a subscriber also starts receiving (the endpoint set is the subscriber list). */
  addEndpoint(endpoint: BusEndpoint): void {
    this.endpointSet.add(endpoint);
    const sub = endpoint.subscriber;
    if (sub !== undefined) {
      this.subscribersChanged();
      // A late joiner asking for transient local gets what matching transient-local publishers kept.
      if (sub.transientLocal) for (const pub of this.publishers) pub.replayTo(sub);
    }
    this.graphChanged(endpoint.domainId);
  }

  removeEndpoint(endpoint: BusEndpoint): void {
    if (!this.endpointSet.delete(endpoint)) return;
    if (endpoint.subscriber !== undefined) this.subscribersChanged();
    this.graphChanged(endpoint.domainId);
  }

  nodes(domainId: number): readonly RmwNodeInfo[] {
    return [...this.nodeSet].filter((n) => n.domainId === domainId).map((n) => n.info);
  }

  endpoints(domainId: number): readonly RmwEndpointInfo[] {
    return [...this.endpointSet].filter((e) => e.domainId === domainId).map((e) => e.info);
  }

  onGraphChange(domainId: number, session: BusSessionLink, fire: () => void): () => void {
    const entry: GraphListener = { domainId, session, fire, queued: false };
    this.graphListeners.add(entry);
    return () => {
      this.graphListeners.delete(entry);
    };
  }

  private graphChanged(domainId: number): void {
    for (const entry of this.graphListeners) {
      if (entry.domainId !== domainId || entry.queued) continue;
      entry.queued = true;
      this.queue.post(
        () => {
          entry.queued = false;
          if (this.graphListeners.has(entry)) entry.fire();
        },
        (message) =>
          entry.session.emit({
            type: 'transport_error',
            key: `@graph/${domainId}`,
            message: `graph listener threw: ${message}`,
          }),
      );
    }
  }
}

let defaultBus: LocalBus | undefined;

/** The bus every local session in this process shares unless given its own. */
export function defaultLocalBus(): LocalBus {
  defaultBus ??= new LocalBus();
  return defaultBus;
}
