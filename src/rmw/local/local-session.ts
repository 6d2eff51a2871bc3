/** A local rmw session: nodes on a LocalBus, the bus's graph seen from one ROS domain. */

import { checkBudget } from '../../budget.js';
import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { RmwEvent, RmwGraph, RmwNode, RmwNodeInfo, RmwSession } from '../rmw.js';
import { newSessionId } from '../wire/gid.js';
import { type BusSessionLink, defaultLocalBus, type LocalBus } from './local-bus.js';
import { LocalNode } from './local-node.js';

export interface LocalSessionOptions {
  /** ROS domain id: part of every `ros` key and the graph's scope. Default 0. */
  readonly domainId?: number;
  /** The bus to join; default: the process-wide bus every other local session shares. */
  readonly bus?: LocalBus;
}

class LocalSession implements RmwSession, BusSessionLink {
  readonly backend = 'local' as const;
  readonly sessionId = newSessionId();
  readonly graph: RmwGraph;
  private readonly nodes = new Set<LocalNode>();
  private readonly listeners = new Set<(event: RmwEvent) => void>();
  private readonly graphUnsubscribes = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly bus: LocalBus,
    readonly domainId: number,
  ) {
    this.graph = {
      supported: true,
      nodes: () => bus.nodes(domainId),
      endpoints: () => bus.endpoints(domainId),
      onChange: (listener) => {
        if (this.closed) return () => {};
        const unsubscribe = bus.onGraphChange(domainId, this, listener);
        const tracked = (): void => {
          unsubscribe();
          this.graphUnsubscribes.delete(tracked);
        };
        this.graphUnsubscribes.add(tracked);
        return tracked;
      },
    };
  }

  createNode(info: RmwNodeInfo): ResultOf<RmwNode> {
    if (this.closed)
      return err(
        'NotInitialized',
        `local session ${this.sessionId} is closed; cannot create node '${describeValue(info?.name)}'`,
      );
    if (typeof info !== 'object' || info === null) return err('InvalidArgument', 'node info must be an object');
    if (typeof info.name !== 'string' || info.name.length === 0)
      return err('InvalidArgument', `node name '${describeValue(info.name)}' must be a non-empty string`);
    if (typeof info.namespace !== 'string')
      return err('InvalidArgument', `namespace of node '${info.name}' must be a string`);
    if (typeof info.enclave !== 'string')
      return err('InvalidArgument', `enclave of node '${info.name}' must be a string`);
    const copy: RmwNodeInfo = { name: info.name, namespace: info.namespace, enclave: info.enclave };
    const node = new LocalNode(this.bus, this, copy, () => this.nodes.delete(node));
    this.nodes.add(node);
    return ok(node);
  }

  async ping(budgetMs: number): Promise<Result> {
    const checked = checkBudget(`budgetMs for ping of local session ${this.sessionId}`, budgetMs);
    if (!checked.ok) return checked;
    if (this.closed) return err('NotInitialized', `local session ${this.sessionId} is closed`);
    return ok();
  }

  /** Local deliveries already wait for a microtask: there is nothing to hold together. */
  batchWrites(fn: () => void): void {
    fn();
  }

  isConnected(): boolean {
    return !this.closed;
  }

  onEvent(listener: (event: RmwEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: RmwEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // An event listener that throws must not stop the others.
      }
    }
  }

  async close(): Promise<Result> {
    if (this.closed) return ok();
    this.closed = true;
    for (const node of [...this.nodes]) node.close();
    for (const unsubscribe of [...this.graphUnsubscribes]) unsubscribe();
    return ok();
  }
}

/**
 * Opens an in-process session (synchronous: nothing to connect to). Sessions on the same
 * bus — by default every local session of the process — exchange samples and requests and
 * see one graph per domain.
 */
export function openLocalSession(opts: LocalSessionOptions = {}): ResultOf<RmwSession> {
  const domainId = opts.domainId ?? 0;
  if (!Number.isInteger(domainId) || domainId < 0) {
    return err('InvalidArgument', `domainId must be a non-negative integer, got ${describeValue(domainId)}`);
  }
  return ok(new LocalSession(opts.bus ?? defaultLocalBus(), domainId));
}
