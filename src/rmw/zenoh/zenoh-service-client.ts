/**
 * Service clients. Each request is one zenoh get (ros: target ALL_COMPLETE, consolidation
 * NONE, the 33-byte attachment; raw: BEST_MATCHING so any queryable answers) and ends in
 * exactly one RmwReply: the first reply; ServiceFailed for an error reply; NotFound when
 * the get ends with no reply at all (nobody serves the key); Timeout after its budget;
 * TransportError when the router is lost or the client closes. Abandoned requests are
 * forgotten and whatever arrives for them later is dropped. At most GETS_IN_FLIGHT_PER_CLIENT
 * gets are on the router at once; later requests wait in the client, their budget running.
 *
 * Readiness is event-driven: a querier on the exact key (for ros the key includes type and
 * hash) with a matching listener, cached so serviceIsReady() answers synchronously. When
 * nothing matches but the graph shows a server of the same name with another type, the
 * client says so (mismatchReason).
 */
import type { MatchingStatus, Reply, Session } from '@eclipse-zenoh/zenoh-ts';
import { checkBudget, timerDelay } from '../../budget.js';
import { describeThrown, err, ok, type ResultOf } from '../../result.js';
import { errorReply, type RmwReply, type RmwServiceClient } from '../rmw.js';
import { encodeAttachment, nowNs } from '../wire/attachment.js';
import { entityGid } from '../wire/gid.js';
import { rmwReplyOf } from './client-reply.js';
import type { ResolvedEndpoint } from './endpoint-spec.js';
import { serviceTypeMismatch } from './service-type-mismatch.js';
import { checkPayload, deliver, type SessionContext } from './session-context.js';
import { ZenohEndpoint } from './zenoh-endpoint.js';
import type { Undeclarable } from './zenoh-entity.js';
import type { GraphWatcher } from './zenoh-graph.js';
import { FramePath, readRepliesWith, sendGet, tapInFrames } from './zenoh-ts/index.js';

/** zenoh's own query timeout runs this much past the budget, so rclts's Timeout comes first. */
const ZENOH_TIMEOUT_SLACK_MS = 1000;
/**
 * Gets of one client on the router at once; the rest wait here, in order. The remote-api
 * plugin keeps at most 1000 unanswered queries per serving session and drops the oldest past
 * that (its caller then sees the get end with no reply), so no client may fill that alone.
 */
export const GETS_IN_FLIGHT_PER_CLIENT = 256;

interface Pending {
  readonly seq: bigint;
  readonly budgetMs: number;
  readonly session: Session;
  timer: ReturnType<typeof setTimeout> | undefined;
  cancellation: { cancel(): void } | undefined;
  /** Whose request it is: one timer callback serves every request of every client. */
  readonly client: ZenohServiceClient;
}

export class ZenohServiceClient extends ZenohEndpoint implements RmwServiceClient, GraphWatcher {
  private entityGid: Uint8Array | undefined;
  private sequence = 0n;
  // The two tables and the listener set below are made when first used: a client that never
  // sends holds none of them (each is ~200 B with its hash table).
  private pendingMap: Map<bigint, Pending> | undefined;
  /** Requests whose get is on the router, until its final (or cancellation). */
  private sendingSet: Set<Pending> | undefined;
  /** Requests waiting for room in the window, oldest first (made with the first one). */
  private waiting: Array<{ p: Pending; payload: Uint8Array }> | undefined;
  private matching = false;
  private readyListenerSet: Set<() => void> | undefined;

  constructor(
    session: SessionContext,
    endpoint: ResolvedEndpoint,
    private readonly onReply: (reply: RmwReply) => void,
  ) {
    super(session, endpoint, 'service client');
    // A server of the same name with another type appearing is a readiness-relevant change too.
    if (endpoint.spec.naming === 'ros') session.graph.watch(this);
    this.start();
  }

  /** The graph changed (ros naming only): readiness may have too. */
  graphChanged(): void {
    this.readyChanged();
  }

  /** The GID of the client's liveliness token, derived when first asked. */
  get gid(): Uint8Array {
    this.entityGid ??= entityGid(this.endpoint.token);
    return this.entityGid;
  }

  private get pending(): Map<bigint, Pending> {
    this.pendingMap ??= new Map();
    return this.pendingMap;
  }

  private get sending(): Set<Pending> {
    this.sendingSet ??= new Set();
    return this.sendingSet;
  }

  sendRequest(payload: Uint8Array, budgetMs: number): ResultOf<bigint> {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    const checked = checkPayload(payload, this, 'request of ');
    if (!checked.ok) return checked;
    // The name is built only for an error: a request makes no string of its own.
    if (!checkBudget('budgetMs', budgetMs).ok) {
      const refused = checkBudget(`budgetMs for request of ${this.what}`, budgetMs);
      if (!refused.ok) return refused;
    }
    const session = this.session.connection.current();
    if (session === undefined)
      return err('TransportError', this.session.connection.notConnected(`${this.what} cannot send`));

    this.sequence += 1n;
    const seq = this.sequence;
    const p: Pending = { seq, budgetMs, session, timer: undefined, cancellation: undefined, client: this };
    this.pending.set(seq, p);
    if ((this.waiting === undefined || this.waiting.length === 0) && this.sending.size < GETS_IN_FLIGHT_PER_CLIENT) {
      // zenoh-ts copies the payload into its frame before get() returns: no copy of ours.
      this.sending.add(p);
      this.get(session, p, payload);
    } else {
      // Copied: it waits for the window, and the caller may reuse its buffer meanwhile.
      this.waiting ??= [];
      this.waiting.push({ p, payload: new Uint8Array(payload) });
    }
    // Armed once the request is on the socket (no reply can come before this returns).
    p.timer = setTimeout(ZenohServiceClient.timedOut, timerDelay(budgetMs), p);
    return ok(seq);
  }

  /** A request's budget ran out (one function for every request's timer, of every client). */
  private static timedOut(p: Pending): void {
    const c = p.client;
    c.settle(p, errorReply(p.seq, 'Timeout', `${c.what}: no reply to request ${p.seq} within ${p.budgetMs} ms`));
  }

  abandon(sequenceNumber: bigint): void {
    const p = this.pending.get(sequenceNumber);
    if (p === undefined) return;
    this.forget(p);
  }

  serviceIsReady(): ResultOf<boolean> {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    return ok(this.matching && this.session.connection.isConnected());
  }

  onReadyChange(listener: () => void): () => void {
    const l = (): void => listener();
    this.readyListenerSet ??= new Set();
    this.readyListenerSet.add(l);
    return () => {
      this.readyListenerSet?.delete(l);
    };
  }

  /**
   * Why no server matches although one of the same name is visible: another type (or type
   * hash). undefined when ready, or when no server of that name is visible at all.
   */
  mismatchReason(): string | undefined {
    const spec = this.endpoint.spec;
    if (spec.naming !== 'ros' || (this.matching && this.session.connection.isConnected())) return undefined;
    return serviceTypeMismatch(this.session.graph.endpointsNamed('service', spec.name), spec);
  }

  protected declareObjects(session: Session): Array<() => Promise<Undeclarable | undefined>> {
    const { zenoh } = this.session;
    let querier: Awaited<ReturnType<Session['declareQuerier']>> | undefined;
    this.session.frames.take(FramePath.InFrames, () => tapInFrames(zenoh, session));
    return [
      async () => {
        querier = await session.declareQuerier(this.key, {
          target: this.target(),
          consolidation: zenoh.ConsolidationMode.NONE,
        });
        return querier;
      },
      async () => querier?.matchingListener({ handler: this.matchingChanged.bind(this, session) }),
      // Asked after the listener exists, so no change can fall between the two.
      async () => {
        const status = await querier?.matchingStatus();
        if (status !== undefined) this.setMatching(session, status.matching());
        return undefined;
      },
    ];
  }

  protected override detached(reason: 'lost' | 'closed' | 'failed'): void {
    const why =
      reason === 'lost'
        ? this.session.connection.notConnected(`${this.what}: request lost`)
        : reason === 'closed'
          ? `${this.what} was closed before the reply came`
          : `${this.what} could not be declared`;
    for (const p of [...(this.pendingMap?.values() ?? [])])
      this.settle(p, errorReply(p.seq, 'TransportError', `${why} (request ${p.seq}, budget ${p.budgetMs} ms)`));
    // That session's gets are gone with it; none of them holds a place any more.
    this.sendingSet?.clear();
    this.waiting = undefined;
    if (reason !== 'lost') this.session.graph.unwatch(this);
    if (this.matching) {
      this.matching = false;
      this.readyChanged();
    } else if (reason === 'lost') {
      this.readyChanged();
    }
    if (reason !== 'lost') this.readyListenerSet?.clear();
  }

  private target(): number {
    const { zenoh } = this.session;
    return this.endpoint.spec.naming === 'ros' ? zenoh.QueryTarget.ALL_COMPLETE : zenoh.QueryTarget.BEST_MATCHING;
  }

  private matchingChanged(session: Session, status: MatchingStatus): void {
    this.setMatching(session, status.matching());
  }

  private setMatching(session: Session, matching: boolean): void {
    if (session !== this.session.connection.current() || !this.isOpen() || matching === this.matching) return;
    this.matching = matching;
    this.readyChanged();
  }

  private readyNotifyScheduled = false;

  /** Listeners hear from a microtask (coalesced), never inside a user's call. */
  private readyChanged(): void {
    if (this.readyNotifyScheduled) return;
    this.readyNotifyScheduled = true;
    queueMicrotask(() => {
      this.readyNotifyScheduled = false;
      for (const l of [...(this.readyListenerSet ?? [])])
        deliver(this.session, this.key, { what: `${this.what} readiness` }, () => l(), undefined);
    });
  }

  /** Sends waiting requests while the window has room; settled ones are skipped. */
  private pump(): void {
    while (this.sending.size < GETS_IN_FLIGHT_PER_CLIENT) {
      const next = this.waiting?.shift();
      if (next === undefined) return;
      if (this.pending.get(next.p.seq) !== next.p) continue;
      this.sending.add(next.p);
      this.get(next.p.session, next.p, next.payload);
    }
  }

  private release(p: Pending): void {
    if (this.sending.delete(p)) this.pump();
  }

  private get(session: Session, p: Pending, payload: Uint8Array): void {
    const { zenoh } = this.session;
    let answered = false;
    const answer = (ok: boolean, payload: Uint8Array, attachment: Uint8Array | undefined): void => {
      if (answered || this.pending.get(p.seq) !== p) return;
      answered = true;
      this.settle(p, rmwReplyOf(this, p.seq, ok, payload, attachment), false, true);
    };
    const onReply = (reply: Reply): void => {
      const r = reply.result();
      const ok = r instanceof zenoh.Sample;
      answer(ok, r.payload().toBytes(), ok ? r.attachment()?.toBytes() : undefined);
    };
    // Where the session's tap runs (in-frame-tap.ts), the reply is read from its frame instead.
    readRepliesWith(onReply, (v) =>
      v.ok ? answer(true, v.sample.payload, v.sample.attachment) : answer(false, v.payload, undefined),
    );
    const onDone = (): void => {
      // The final (or the cancellation): the serving session no longer holds this query.
      this.release(p);
      if (answered || this.pending.get(p.seq) !== p) return;
      if (this.session.connection.current() !== session) return; // the loss handler answers
      this.settle(
        p,
        errorReply(
          p.seq,
          'NotFound',
          `${this.what}: request ${p.seq} ended without a reply (no service server on the key, or it left before answering)`,
        ),
        false,
        true,
      );
    };
    const ros = this.endpoint.spec.naming === 'ros';
    const attachment = ros
      ? encodeAttachment({ sequenceNumber: p.seq, sourceTimestampNs: nowNs(), gid: this.gid })
      : undefined;
    const req = {
      key: this.key,
      payload,
      attachment,
      target: this.target(),
      timeoutMs: timerDelay(p.budgetMs + ZENOH_TIMEOUT_SLACK_MS),
    };
    p.cancellation = sendGet(
      this.session.frames,
      zenoh,
      session,
      req,
      { callback: onReply, drop: onDone },
      (thrown: unknown) => {
        this.release(p);
        if (this.pending.get(p.seq) !== p) return;
        this.settle(
          p,
          errorReply(
            p.seq,
            'TransportError',
            `${this.what}: request ${p.seq} could not be sent: ${describeThrown(thrown)}`,
          ),
        );
        this.session.connection.suspect();
      },
    );
  }

  /**
   * Delivers the one reply of `p` (if it is still pending) and forgets it: at once from the
   * transport's reply callback, else from a microtask (close() settles too, and callbacks
   * never run inside a user's call).
   */
  private settle(p: Pending, reply: RmwReply, cancelGet = true, inTransportCallback = false): void {
    if (this.pending.get(p.seq) !== p) return;
    this.forget(p, cancelGet);
    if (inTransportCallback) deliver(this.session, this.key, this, this.onReply, reply);
    else queueMicrotask(() => deliver(this.session, this.key, this, this.onReply, reply));
  }

  /**
   * Forgets `p`. When it still waits on the router (timeout, abandon, close), its zenoh get is
   * cancelled so zenoh-ts drops the closure; after a reply, zenoh's own final message ends it.
   */
  private forget(p: Pending, cancelGet = true): void {
    this.pending.delete(p.seq);
    if (p.timer !== undefined) clearTimeout(p.timer);
    p.timer = undefined;
    const cancellation = p.cancellation;
    p.cancellation = undefined;
    if (cancelGet && this.session.connection.current() === p.session) {
      try {
        cancellation?.cancel();
      } catch {
        // nothing to cancel
      }
    }
  }
}
