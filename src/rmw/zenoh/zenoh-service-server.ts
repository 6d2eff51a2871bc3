/**
 * Service servers: a complete queryable on the service key. Each query becomes one
 * RmwRequest answered exactly once: `respond` replies with the response and an attachment
 * (the request's sequence number, a new timestamp, the CLIENT's GID), `fail` replies with
 * an error; both then finalize the query, without which the caller would wait out its whole
 * timeout. Queries still open when the server closes are failed and finalized.
 */
import type { Query, Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown, describeValue, err, ok, type Result } from '../../result.js';
import { hasWildcard } from '../key-expr.js';
import type { RmwAttachment, RmwRequest, RmwServiceServer } from '../rmw.js';
import { decodeAttachment, encodeAttachment, nowNs } from '../wire/attachment.js';
import type { ResolvedEndpoint } from './endpoint-spec.js';
import { finalizeQuietly, sendCorked } from './query-replies.js';
import { checkPayload, deliver, type SessionContext } from './session-context.js';
import { ZenohEndpoint } from './zenoh-endpoint.js';
import type { Undeclarable } from './zenoh-entity.js';

interface OpenQuery {
  readonly query: Query;
  readonly session: Session;
}

export class ZenohServiceServer extends ZenohEndpoint implements RmwServiceServer {
  private readonly open = new Set<OpenQuery>();

  constructor(
    session: SessionContext,
    endpoint: ResolvedEndpoint,
    private readonly onRequest: (request: RmwRequest) => void,
  ) {
    super(session, endpoint, `service server on '${endpoint.key}'`);
    this.start();
  }

  protected declareObjects(session: Session): Array<() => Promise<Undeclarable | undefined>> {
    return [
      () => session.declareQueryable(this.key, { complete: true, handler: (q: Query) => this.onQuery(session, q) }),
    ];
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
    const entry: OpenQuery = { query, session };
    this.open.add(entry);
    const attachment = decodeAttachment(query.attachment()?.toBytes());
    let answered = false;
    const once = (what: string): Result | undefined => {
      if (answered) return err('BadSequence', `a request on '${this.key}' was already answered; ${what} refused`);
      if (!this.open.has(entry)) {
        answered = true;
        return err(
          'TransportError',
          `${this.what}: the request can no longer be answered (server closed or router lost)`,
        );
      }
      answered = true;
      this.open.delete(entry);
      return undefined;
    };
    const request: RmwRequest = {
      key: query.keyExpr().toString(),
      payload: query.payload()?.toBytes() ?? new Uint8Array(0),
      attachment,
      receivedAtMs: Date.now(),
      respond: (payload: Uint8Array): Result => {
        const checked = checkPayload(payload, `reply of ${this.what}`);
        if (!checked.ok) return checked;
        const refused = once('respond');
        if (refused !== undefined) return refused;
        // zenoh-ts copies the payload into its frame within answer(): no copy of ours.
        this.answer(entry, payload, undefined, attachment);
        return ok();
      },
      fail: (message: string): Result => {
        const refused = once('fail');
        if (refused !== undefined) return refused;
        this.answer(entry, undefined, describeValue(message));
        return ok();
      },
    };
    deliver(this.session, this.key, this.what, this.onRequest, request);
  }

  /**
   * One reply (or error reply), then finalize; skipped when that session is gone. Both are
   * handed to the socket in one corked step when it takes them at once, so they leave in one
   * segment (the router's Nagle would hold a lone final ~40 ms); otherwise one after the other,
   * in order. zenoh-ts serializes both before this returns, so `payload` is not kept.
   */
  private answer(
    q: OpenQuery,
    payload: Uint8Array | undefined,
    failure: string | undefined,
    req?: RmwAttachment,
    quiet = false,
  ): void {
    if (this.session.connection.current() !== q.session) return;
    let send: () => Promise<void>;
    if (payload !== undefined) {
      const attachment =
        req === undefined
          ? undefined
          : encodeAttachment({ sequenceNumber: req.sequenceNumber, sourceTimestampNs: nowNs(), gid: req.gid });
      // A wildcard server answers on the concrete key it was asked about.
      const replyKey = this.wildcard ? q.query.keyExpr().toString() : this.key;
      send = () => q.query.reply(replyKey, payload, attachment === undefined ? undefined : { attachment });
    } else {
      send = () => q.query.replyErr(failure ?? 'service failed');
    }
    const failed = quiet ? ignoreFailure : this.onReplyFailed;
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
