/**
 * Service servers: a complete queryable on the service key. Each query becomes one
 * RmwRequest answered exactly once: `respond` replies with the response and an attachment
 * (the request's sequence number, a new timestamp, the CLIENT's GID), `fail` replies with
 * an error; both then finalize the query, without which the caller would wait out its whole
 * timeout. Queries still open when the server closes are failed and finalized.
 * Where the session's frames are tapped (in-frame-tap.ts), a query is read from its frame, not
 * unpacked by zenoh-ts, and answered through a Query made from its id (frame-query.ts).
 */
import type { Query, Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown, describeValue, err, ok, type Result } from '../../result.js';
import { hasWildcard } from '../key-expr.js';
import type { RmwAttachment, RmwRequest, RmwServiceServer } from '../rmw.js';
import { decodeAttachment, encodeAttachment, nowNs } from '../wire/attachment.js';
import type { ResolvedEndpoint } from './endpoint-spec.js';
import { checkPayload, deliver, type SessionContext } from './session-context.js';
import { ZenohEndpoint } from './zenoh-endpoint.js';
import type { Undeclarable } from './zenoh-entity.js';
import {
  FramePath,
  type FrameQueryMaker,
  type FrameReplier,
  finalizeQuietly,
  frameQueryMaker,
  frameReplier,
  type InQueryView,
  readQueriesWith,
  replyByFrames,
  replyKeyBytes,
  sendCorked,
  tapInFrames,
} from './zenoh-ts/index.js';

interface OpenQuery {
  readonly query: Query;
  readonly session: Session;
  /** The key the query was asked on (a wildcard server answers on it). */
  readonly key: string;
}

const NO_PAYLOAD = new Uint8Array(0);

export class ZenohServiceServer extends ZenohEndpoint implements RmwServiceServer {
  private readonly open = new Set<OpenQuery>();
  /** Writes replies as their frames (reply-frame.ts) for the queries of `session`, where that matches zenoh-ts. */
  private frames: { readonly session: Session; readonly route: FrameReplier } | undefined;

  constructor(
    session: SessionContext,
    endpoint: ResolvedEndpoint,
    private readonly onRequest: (request: RmwRequest) => void,
  ) {
    super(session, endpoint, 'service server');
    this.start();
  }

  protected declareObjects(session: Session): Array<() => Promise<Undeclarable | undefined>> {
    const zenoh = this.session.zenoh;
    const frames = this.session.frames;
    const route = frames.take(FramePath.Reply, () => frameReplier(zenoh, session));
    this.frames = route === undefined ? undefined : { session, route };
    const handler = (q: Query) => this.onQuery(session, q);
    const makeQuery = frames.take(FramePath.Query, () => frameQueryMaker(zenoh, session));
    if (makeQuery !== undefined && frames.take(FramePath.InFrames, () => tapInFrames(zenoh, session)))
      readQueriesWith(handler, { readQuery: (view) => this.onQueryFrame(session, makeQuery, view) });
    return [() => session.declareQueryable(this.key, { complete: true, handler })];
  }

  protected override detached(reason: 'lost' | 'closed' | 'failed'): void {
    const open = [...this.open];
    this.open.clear();
    // After a loss the plugin already dropped these queries; otherwise tell each caller now.
    if (reason === 'lost') return;
    for (const q of open) this.answer(q, undefined, `${this.what} closed before answering`, undefined, true);
  }

  private onQuery(session: Session, query: Query): void {
    if (!this.isOpen()) return;
    const entry: OpenQuery = { query, session, key: query.keyExpr().toString() };
    const payload = query.payload()?.toBytes() ?? NO_PAYLOAD;
    this.received(entry, payload, query.attachment()?.toBytes());
  }

  /** A query read from its frame: its payload and attachment are views of the frame, kept as long as held. */
  private onQueryFrame(session: Session, makeQuery: FrameQueryMaker, view: InQueryView): void {
    if (!this.isOpen()) return;
    const entry: OpenQuery = { query: makeQuery(view), session, key: view.key };
    this.received(entry, view.payload ?? NO_PAYLOAD, view.attachment);
  }

  private received(entry: OpenQuery, payload: Uint8Array, attachment: Uint8Array | undefined): void {
    this.open.add(entry);
    const request = new ZenohRequest(this.answerer, entry, payload, decodeAttachment(attachment));
    deliver(this.session, this.key, this, this.onRequest, request);
  }

  /** What a request needs of its server; one per server, so a request allocates no closures. */
  private readonly answerer: Answerer = {
    key: this.key,
    what: this.what,
    release: (entry) => this.open.delete(entry),
    answer: (entry, payload, failure, req) => this.answer(entry, payload, failure, req),
  };

  /**
   * One reply (or error reply), then finalize; skipped when that session is gone. Both are
   * handed to the socket in one corked step when it takes them at once, so they leave in one
   * segment (the router's Nagle would hold a lone final ~40 ms); otherwise one after the other,
   * in order. A reply is written as its frames where reply-frame.ts checked them against
   * zenoh-ts, else by zenoh-ts; either way serialized before this returns, so `payload` is not kept.
   */
  private answer(
    q: OpenQuery,
    payload: Uint8Array | undefined,
    failure: string | undefined,
    req?: RmwAttachment,
    quiet = false,
  ): void {
    if (this.session.connection.current() !== q.session) return;
    const failed = quiet ? ignoreFailure : this.onReplyFailed;
    let send: () => Promise<void>;
    if (payload !== undefined) {
      const attachment =
        req === undefined
          ? undefined
          : encodeAttachment({ sequenceNumber: req.sequenceNumber, sourceTimestampNs: nowNs(), gid: req.gid });
      // A wildcard server answers on the concrete key it was asked about.
      const replyKey = this.wildcard ? q.key : this.key;
      const frames = this.frames;
      if (frames?.session === q.session) {
        const key = this.wildcard ? replyKeyBytes(replyKey) : this.keyBytes;
        if (replyByFrames(frames.route, q.query, key, payload, attachment, failed)) return;
      }
      send = () => q.query.reply(replyKey, payload, attachment === undefined ? undefined : { attachment });
    } else {
      send = () => q.query.replyErr(failure ?? 'service failed');
    }
    const corked = sendCorked(q.query, () => {
      try {
        send().catch(failed);
      } catch (thrown) {
        failed(thrown);
      } finally {
        finalizeQuietly(q.query);
      }
    });
    if (corked) return;
    // zenoh-ts queues a send while its socket is backed up: the final must wait for the reply.
    let sent: Promise<void>;
    try {
      sent = send();
    } catch (thrown) {
      sent = Promise.reject(thrown);
    }
    sent.then(
      () => finalizeQuietly(q.query),
      (thrown: unknown) => {
        finalizeQuietly(q.query);
        failed(thrown);
      },
    );
  }

  private readonly wildcard = hasWildcard(this.key);
  private readonly keyBytes = replyKeyBytes(this.key);
  private readonly onReplyFailed = (thrown: unknown): void => this.replyFailed(thrown);

  private replyFailed(thrown: unknown): void {
    this.session.emit({
      type: 'transport_error',
      key: this.key,
      message: `${this.what}: reply failed: ${describeThrown(thrown)}`,
    });
    this.session.connection.suspect();
  }
}

function ignoreFailure(): void {}

interface Answerer {
  readonly key: string;
  readonly what: string;
  /** Takes the query out of the open set; false when it was no longer open (closed, lost). */
  release(entry: OpenQuery): boolean;
  answer(entry: OpenQuery, payload: Uint8Array | undefined, failure: string | undefined, req?: RmwAttachment): void;
}

/** One query as an RmwRequest, answered exactly once. */
class ZenohRequest implements RmwRequest {
  readonly key: string;
  readonly payload: Uint8Array;
  readonly attachment: RmwAttachment | undefined;
  readonly receivedAtMs = Date.now();
  private answered = false;

  constructor(
    private readonly server: Answerer,
    private readonly entry: OpenQuery,
    payload: Uint8Array,
    attachment: RmwAttachment | undefined,
  ) {
    this.key = entry.key;
    this.payload = payload;
    this.attachment = attachment;
  }

  respond(payload: Uint8Array): Result {
    const checked = checkPayload(payload, this.server, 'reply of ');
    if (!checked.ok) return checked;
    const refused = this.claim('respond');
    if (refused !== undefined) return refused;
    // zenoh-ts copies the payload into its frame within answer(): no copy of ours.
    this.server.answer(this.entry, payload, undefined, this.attachment);
    return ok();
  }

  fail(message: string): Result {
    const refused = this.claim('fail');
    if (refused !== undefined) return refused;
    this.server.answer(this.entry, undefined, describeValue(message));
    return ok();
  }

  private claim(what: string): Result | undefined {
    if (this.answered)
      return err('BadSequence', `a request on '${this.server.key}' was already answered; ${what} refused`);
    this.answered = true;
    if (!this.server.release(this.entry)) {
      return err(
        'TransportError',
        `${this.server.what}: the request can no longer be answered (server closed or router lost)`,
      );
    }
    return undefined;
  }
}
