/**
 * The ROS graph as rmw_zenoh peers announce it: liveliness tokens under `@ros2_lv/<domain>`.
 * On every (re)connect a liveliness subscriber with history replays the tokens alive now
 * and then reports appear (put) / disappear (delete); a liveliness GET seeds the same set
 * as rmw_zenoh does, without resurrecting a token whose delete arrived meanwhile. This
 * context's own tokens are entered at creation, so the graph shows them at once.
 */
import type { Reply, Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown } from '../../result.js';
import type { RmwEndpointInfo, RmwGraph, RmwNodeInfo } from '../rmw.js';
import { livelinessDomainKey, type ParsedToken, parseToken } from '../wire/liveliness-token.js';
import type { RouterConnection } from './router-connection.js';
import { declareSteps, type Undeclarable, undeclareAll } from './zenoh-entity.js';
import type { ZenohTs } from './zenoh-ts/index.js';

/** Budget of the seeding liveliness GET. */
const SEED_TIMEOUT_MS = 3000;

/** Told of every change of the graph (from a microtask, coalesced). */
export interface GraphWatcher {
  graphChanged(): void;
}

export class ZenohGraph implements RmwGraph {
  readonly supported = true;
  private readonly remote = new Map<string, ParsedToken>();
  private readonly local = new Map<string, ParsedToken>();
  private readonly listeners = new Set<GraphWatcher>();
  private handles: Undeclarable[] = [];
  private generation = 0;
  /** Deletes seen while the seeding GET runs: its late answers must not bring them back. */
  private deletedDuringSeed: Set<string> | undefined;
  private nodesCache: readonly RmwNodeInfo[] | undefined;
  private endpointsCache: readonly RmwEndpointInfo[] | undefined;
  private publisherCounts: Map<string, number> | undefined;
  /** The remote part is complete: connected, and the seeding GET is done. */
  private settled = false;

  constructor(
    private readonly zenoh: ZenohTs,
    private readonly connection: RouterConnection,
    private readonly domainId: number,
    private readonly report: (message: string) => void,
  ) {}

  nodes(): readonly RmwNodeInfo[] {
    this.nodesCache ??= this.compute().nodes;
    return this.nodesCache;
  }

  endpoints(): readonly RmwEndpointInfo[] {
    this.endpointsCache ??= this.compute().endpoints;
    return this.endpointsCache;
  }

  onChange(listener: () => void): () => void {
    const w: GraphWatcher = { graphChanged: () => listener() };
    this.listeners.add(w);
    return () => {
      this.listeners.delete(w);
    };
  }

  /**
   * As onChange, for an entity that is its own listener: nothing is allocated for it, which
   * matters for thousands of clients and subscribers on one session. Watching twice is once.
   */
  watch(watcher: GraphWatcher): void {
    this.listeners.add(watcher);
  }

  unwatch(watcher: GraphWatcher): void {
    this.listeners.delete(watcher);
  }

  /** Endpoint tokens of `kind` on the ROS name `name` (any type): what readiness and counts look at. */
  endpointsNamed(kind: RmwEndpointInfo['kind'], name: string): RmwEndpointInfo[] {
    return this.endpoints().filter((e) => e.kind === kind && e.name === name);
  }

  /**
   * How many publishers the graph shows on the ROS name `name` (one table per graph change),
   * or undefined while the graph is not complete (disconnected, or seeding after a connect).
   */
  publisherCount(name: string): number | undefined {
    if (!this.settled) return undefined;
    if (this.publisherCounts === undefined) {
      this.publisherCounts = new Map();
      for (const e of this.endpoints())
        if (e.kind === 'publisher') this.publisherCounts.set(e.name, (this.publisherCounts.get(e.name) ?? 0) + 1);
    }
    return this.publisherCounts.get(name) ?? 0;
  }

  addLocal(token: string): void {
    const parsed = parseToken(token);
    if (parsed === undefined || this.local.has(token)) return;
    this.local.set(token, parsed);
    this.changed();
  }

  removeLocal(token: string): void {
    if (this.local.delete(token)) this.changed();
  }

  declareOn(session: Session): void {
    const gen = ++this.generation;
    this.settled = false;
    const key = livelinessDomainKey(this.domainId);
    const subscribe = async (): Promise<Undeclarable> =>
      session.liveliness().declareSubscriber(key, { history: true, handler: (s: Sample) => this.onSample(gen, s) });
    declareSteps(session, [subscribe]).then(
      (handles) => {
        if (gen !== this.generation || this.connection.current() !== session) {
          if (this.connection.current() === session) undeclareAll(session, handles);
          return;
        }
        this.handles = handles;
        this.seed(session, gen);
      },
      (thrown: unknown) => {
        if (gen === this.generation && this.connection.current() === session) {
          this.report(`graph discovery on '${key}' could not start: ${describeThrown(thrown)}`);
        }
      },
    );
  }

  sessionLost(): void {
    this.generation++;
    this.settled = false;
    this.handles = [];
    this.deletedDuringSeed = undefined;
    // Nothing remote is known while disconnected; the history subscriber replays it on reconnect.
    if (this.remote.size > 0) {
      this.remote.clear();
      this.changed();
    }
  }

  close(): void {
    this.generation++;
    const session = this.connection.current();
    if (session !== undefined) undeclareAll(session, this.handles);
    this.handles = [];
    this.listeners.clear();
  }

  private seed(session: Session, gen: number): void {
    this.deletedDuringSeed = new Set();
    const onReply = (reply: Reply): void => {
      if (gen !== this.generation) return;
      const r = reply.result();
      if (!(r instanceof this.zenoh.Sample)) return;
      const key = r.keyexpr().toString();
      if (this.deletedDuringSeed?.has(key) !== true) this.put(key);
    };
    const onDone = (): void => {
      if (gen !== this.generation) return;
      this.deletedDuringSeed = undefined;
      this.settled = true;
      this.changed();
    };
    session
      .liveliness()
      .get(livelinessDomainKey(this.domainId), {
        timeout: this.zenoh.Duration.milliseconds.of(SEED_TIMEOUT_MS),
        handler: [onReply, onDone],
      })
      .catch(() => onDone());
  }

  private onSample(gen: number, sample: Sample): void {
    if (gen !== this.generation) return;
    const key = sample.keyexpr().toString();
    if (sample.kind() === this.zenoh.SampleKind.DELETE) {
      this.deletedDuringSeed?.add(key);
      if (this.remote.delete(key)) this.changed();
    } else {
      this.put(key);
    }
  }

  private put(key: string): void {
    if (this.remote.has(key)) return;
    const parsed = parseToken(key);
    if (parsed === undefined || parsed.domainId !== this.domainId) return;
    this.remote.set(key, parsed);
    this.changed();
  }

  /** Caches drop at once; listeners hear about it from a microtask (coalesced), never inside a user's call. */
  private changed(): void {
    this.nodesCache = undefined;
    this.endpointsCache = undefined;
    this.publisherCounts = undefined;
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    queueMicrotask(() => this.notify());
  }

  private notifyScheduled = false;

  private notify(): void {
    this.notifyScheduled = false;
    for (const l of [...this.listeners]) {
      try {
        l.graphChanged();
      } catch (thrown) {
        this.report(`graph listener threw: ${describeThrown(thrown)}`);
      }
    }
  }

  /** Tokens known from both sources, own ones echoed back counted once. */
  private compute(): { nodes: RmwNodeInfo[]; endpoints: RmwEndpointInfo[] } {
    const all = new Map<string, ParsedToken>([...this.remote, ...this.local]);
    const nodes = new Map<string, RmwNodeInfo>();
    const endpoints: RmwEndpointInfo[] = [];
    for (const t of all.values()) {
      if (t.endpoint === undefined) nodes.set(`${t.sessionId}/${t.nodeId}`, t.node);
      else endpoints.push(t.endpoint);
    }
    return { nodes: [...nodes.values()], endpoints };
  }
}
