/**
 * The zenoh rmw session: one zenoh-ts session to a router (re-opened after a loss), the
 * liveliness graph of the domain, the nodes of this context, and the event stream.
 */
import { checkBudget } from '../../budget.js';
import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { RmwEvent, RmwGraph, RmwNode, RmwNodeInfo, RmwSession } from '../rmw.js';
import { checkRouterTls, parseRouterLocators, type RouterTls } from '../router-locator.js';
import { EntityIdCounter, newSessionId } from '../wire/gid.js';
import { HybridClock } from './hybrid-clock.js';
import { RouterConnection } from './router-connection.js';
import { type OpenedOn, openFirstReachable } from './router-failover.js';
import type { SessionContext } from './session-context.js';
import { ZenohGraph } from './zenoh-graph.js';
import { checkNodeInfo, ZenohNode } from './zenoh-node.js';
import {
  type FramePath,
  FramePaths,
  framePathsOf,
  loadZenohTs,
  socketOf,
  socketOptionsOf,
  WriteBatch,
  type ZenohTs,
} from './zenoh-ts/index.js';

export interface ZenohRmwSessionOptions {
  /** ROS domain id (default 0). */
  readonly domainId?: number;
  /** Budget of opening the session, and of every re-open attempt after a loss. */
  readonly connectBudgetMs: number;
  /**
   * When the opening's budget started counting (a `Date.now()`; default: this call), for a
   * caller that spent some of it first (loading this backend).
   */
  readonly startedAtMs?: number | undefined;
  /** Certificate checking of wss/ routers (Node: the CA file). */
  readonly tls?: RouterTls | undefined;
  /**
   * false: none of the adapter's frame paths is taken, zenoh-ts's public API is used throughout
   * (for diagnosis; slower). Default: as RCLTS_ZENOH_FRAMES says (`off`, or `-put,-get` for
   * some), else all on.
   */
  readonly frames?: boolean | undefined;
}

/**
 * How many times each of the zenoh adapter's frame paths and session guards fell back to
 * zenoh-ts's public API on `session` (empty: none did); undefined for another backend's session.
 */
export function frameFallbacksOf(session: RmwSession): ReadonlyMap<string, number> | undefined {
  return session instanceof ZenohRmwSession ? session.frameFallbacks() : undefined;
}

/** Highest ROS domain id (rmw's limit). */
export const MAX_DOMAIN_ID = 232;

class ZenohRmwSession implements RmwSession {
  readonly backend = 'zenoh' as const;
  readonly sessionId = newSessionId();
  readonly graph: RmwGraph;
  private readonly zgraph: ZenohGraph;
  private readonly connection: RouterConnection;
  private readonly listeners = new Set<(event: RmwEvent) => void>();
  private readonly nodes = new Set<ZenohNode>();
  private readonly ctx: SessionContext;
  private closing: Promise<Result> | undefined;
  private readonly frames: FramePaths;

  constructor(
    zenoh: ZenohTs,
    readonly domainId: number,
    locators: readonly string[],
    connectBudgetMs: number,
    opened: OpenedOn,
    socketOptions: object | undefined,
    framesOn: ReadonlySet<FramePath>,
  ) {
    const emit = (event: RmwEvent): void => this.emit(event);
    this.frames = new FramePaths(framesOn, (key, message) => emit({ type: 'frame_fallback', key, message }));
    this.connection = new RouterConnection(locators, connectBudgetMs, opened, emit, socketOptions, this.frames);
    this.zgraph = new ZenohGraph(zenoh, this.connection, domainId, (message) =>
      emit({ type: 'transport_error', key: '@ros2_lv', message }),
    );
    this.graph = this.zgraph;
    this.ctx = {
      zenoh,
      connection: this.connection,
      graph: this.zgraph,
      domainId,
      sessionId: this.sessionId,
      ids: new EntityIdCounter(),
      clock: new HybridClock(zenoh, this.sessionId),
      writes: new WriteBatch(() => {
        const session = this.connection.current();
        return session === undefined ? undefined : socketOf(session);
      }, this.frames),
      frames: this.frames,
      emit,
    };
    this.connection.register(this.zgraph);
  }

  createNode(info: RmwNodeInfo): ResultOf<RmwNode> {
    if (this.closing !== undefined) return err('NotInitialized', 'the zenoh rmw session is closed');
    const nodeId = this.ctx.ids.next();
    const token = checkNodeInfo({ domainId: this.domainId, sessionId: this.sessionId, nodeId, node: info });
    if (!token.ok) return token;
    for (const n of this.nodes) if (!n.isOpen()) this.nodes.delete(n);
    const node = new ZenohNode(
      this.ctx,
      { name: info.name, namespace: info.namespace, enclave: info.enclave },
      nodeId,
      token.value,
    );
    this.nodes.add(node);
    return ok(node);
  }

  /** How many times each frame path or session guard fell back to zenoh-ts's public API. */
  frameFallbacks(): ReadonlyMap<string, number> {
    return this.frames.fallbacks();
  }

  ping(budgetMs: number): Promise<Result> {
    if (this.closing !== undefined) return Promise.resolve(err('NotInitialized', 'the zenoh rmw session is closed'));
    return this.connection.ping(budgetMs);
  }

  batchWrites(fn: () => void): void {
    this.ctx.writes.run(fn);
  }

  isConnected(): boolean {
    return this.closing === undefined && this.connection.isConnected();
  }

  onEvent(listener: (event: RmwEvent) => void): () => void {
    const l = (event: RmwEvent): void => listener(event);
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }

  close(): Promise<Result> {
    this.closing ??= (async () => {
      const session = this.connection.detach();
      for (const n of [...this.nodes]) n.close();
      this.nodes.clear();
      this.zgraph.close();
      const closed = await this.connection.close(session);
      this.listeners.clear();
      return closed;
    })();
    return this.closing;
  }

  private emit(event: RmwEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch {
        // A throwing event listener must not break the transport callback that reported.
      }
    }
  }
}

/**
 * Opens an rmw session over zenoh through the router at `locator` (`ws/HOST:PORT`), or the
 * first that answers of a failover list (`ws/a:1,ws/b:2`; see parseRouterLocators), which the
 * session moves along after a router loss. Malformed locator -> InvalidArgument; no router
 * reachable within connectBudgetMs -> Timeout naming the locators and the budget.
 */
export async function openZenohRmwSession(
  locator: string,
  opts: ZenohRmwSessionOptions,
): Promise<ResultOf<RmwSession>> {
  const locatorOk = parseRouterLocators(locator);
  if (!locatorOk.ok) return locatorOk;
  if (typeof opts !== 'object' || opts === null)
    return err('InvalidArgument', 'options must be an object with connectBudgetMs');
  const domainId = opts.domainId ?? 0;
  if (!Number.isInteger(domainId) || domainId < 0 || domainId > MAX_DOMAIN_ID) {
    return err(
      'InvalidArgument',
      `domainId must be an integer from 0 to ${MAX_DOMAIN_ID}, got ${describeValue(domainId)}`,
    );
  }
  const startedAtMs = opts.startedAtMs ?? Date.now();
  const budget = opts.connectBudgetMs;
  const budgetOk = checkBudget('connectBudgetMs', budget);
  if (!budgetOk.ok) return budgetOk;
  if (!Number.isFinite(startedAtMs)) {
    return err('InvalidArgument', `startedAtMs must be a finite Date.now() value, got ${describeValue(startedAtMs)}`);
  }
  const tls = checkRouterTls(opts.tls);
  if (!tls.ok) return tls;
  const frames = framePathsOf(opts.frames);
  if (!frames.ok) return frames;
  const socketOptions = await socketOptionsOf(tls.value);
  if (!socketOptions.ok) return socketOptions;
  // Opening first, so the connect budget covers loading zenoh-ts; after it the load is cached.
  const locators = locatorOk.value.locators.map((l) => l.locator);
  const opened = await openFirstReachable(locators, budget, socketOptions.value, startedAtMs);
  if (!opened.ok) return opened;
  const zenoh = await loadZenohTs();
  if (!zenoh.ok) return zenoh;
  return ok(
    new ZenohRmwSession(zenoh.value, domainId, locators, budget, opened.value, socketOptions.value, frames.value),
  );
}
