/**
 * TRANSIENT_LOCAL, subscriber side, as zenoh-ext's AdvancedSubscriber does it for rmw_zenoh
 * (history with late-publisher detection):
 * - once declared it asks `<key>/@adv/**?_max=<depth>` with `_anyke` (replies come on the
 *   data key), and it watches `<key>/@adv/pub/**` tokens: a publisher that appears later is
 *   asked `<token>?_max=<depth>` for its history;
 * - a reply whose key does not intersect the subscription's key is dropped, as zenoh-ext drops it;
 * - while any history query is open, live samples are held back; then history and held
 *   samples go out together, each source in its own order (stamp-order.ts). A sample that
 *   came twice (from the first query and a detection query, or live and in history) carries
 *   the same zenoh timestamp and is delivered once, as zenoh-ext de-duplicates by it; a
 *   sample without an attachment older than one already delivered from its clock is dropped,
 *   as zenoh-ext drops it; with ros naming the subscriber's replay filter drops what arrived
 *   both ways.
 * Every query has a budget: an unanswered one releases the held samples when it runs out.
 */
import type { Reply, Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import { intersects } from '../key-expr.js';
import type { RmwSample } from '../rmw.js';
import { orderBySource, type Stamp, type Stamped, StampOrder, toStamp } from './stamp-order.js';
import { historyDepth, historySelector, publisherDetectionKey, publisherHistorySelector } from './transient-local.js';
import type { Undeclarable } from './zenoh-entity.js';
import type { ZenohTs } from './zenoh-ts/index.js';

/** How long a history query may take before live samples are delivered without it. */
export const HISTORY_QUERY_TIMEOUT_MS = 5000;

export interface HistoryHost {
  readonly zenoh: ZenohTs;
  readonly key: string;
  readonly depthQos: Parameters<typeof historyDepth>[0];
  isOpen(): boolean;
  toRmwSample(key: string, payload: Uint8Array, attachment: Uint8Array | undefined): RmwSample;
  pass(sample: RmwSample): void;
}

export class TransientHistory {
  /** Live samples held back while history queries are open; undefined when none is. */
  private heldBack: Stamped[] | undefined;
  private history: Stamped[] = [];
  /** Per clock, the newest sample delivered (samples without an attachment). */
  private readonly order = new StampOrder();
  private openQueries = 0;
  private generation = 0;

  constructor(private readonly host: HistoryHost) {}

  /** Called before the subscriber is declared: nothing live may slip past the first query. */
  holdFromNow(): void {
    this.generation++;
    this.openQueries = 0;
    this.history = [];
    this.heldBack = [];
  }

  /** A live sample: held back while history is being fetched. */
  live(sample: RmwSample, stamp: Stamp | undefined): void {
    if (this.heldBack !== undefined) this.heldBack.push({ sample, stamp });
    else if (this.order.admit({ sample, stamp })) this.host.pass(sample);
  }

  /** The publisher-detection subscriber, declared with the data subscriber. */
  detectionStep(session: Session): () => Promise<Undeclarable> {
    return () =>
      session.liveliness().declareSubscriber(publisherDetectionKey(this.host.key), {
        history: true,
        handler: (s: Sample) => this.onDetection(session, s),
      });
  }

  /** The subscriber is declared: ask every cache on its key. */
  start(session: Session): void {
    this.query(session, historySelector(this.host.key, historyDepth(this.host.depthQos)));
  }

  /** The session went away or the subscriber closed: drop what was pending. */
  stop(): void {
    this.generation++;
    this.openQueries = 0;
    this.history = [];
    this.heldBack = undefined;
  }

  private onDetection(session: Session, s: Sample): void {
    if (!this.host.isOpen() || s.kind() !== this.host.zenoh.SampleKind.PUT) return;
    const token = s.keyexpr().toString();
    // zenoh-ext's token shape: <key>/@adv/<kind>/<zid>/<eid>/<meta...>
    const suffix = token.slice(this.host.key.length);
    if (!token.startsWith(this.host.key) || suffix.split('/').length < 6) return;
    this.heldBack ??= [];
    this.query(session, publisherHistorySelector(token, historyDepth(this.host.depthQos)));
  }

  private query(session: Session, selector: string): void {
    const gen = this.generation;
    const { zenoh } = this.host;
    this.openQueries++;
    let finished = false;
    const onReply = (reply: Reply): void => {
      if (gen !== this.generation) return;
      const r = reply.result();
      if (!(r instanceof zenoh.Sample) || r.kind() !== zenoh.SampleKind.PUT) return;
      const key = r.keyexpr().toString();
      if (!intersects(this.host.key, key)) return;
      const sample = this.host.toRmwSample(key, r.payload().toBytes(), r.attachment()?.toBytes());
      this.history.push({ sample, stamp: toStamp(r.timestamp()) });
    };
    const onDone = (): void => {
      if (finished || gen !== this.generation) return;
      finished = true;
      this.openQueries--;
      if (this.openQueries === 0) this.release();
    };
    session
      .get(selector, {
        target: zenoh.QueryTarget.ALL,
        consolidation: zenoh.ConsolidationMode.NONE,
        acceptReplies: zenoh.ReplyKeyExpr.ANY,
        timeout: zenoh.Duration.milliseconds.of(HISTORY_QUERY_TIMEOUT_MS),
        handler: [onReply, onDone],
      })
      .catch(() => onDone());
  }

  private release(): void {
    const batch = orderBySource([...this.history, ...(this.heldBack ?? [])]);
    this.history = [];
    this.heldBack = undefined;
    const seen = new Set<string>();
    for (const h of batch) {
      if (h.stamp !== undefined) {
        const key = `${h.stamp.clock}:${h.stamp.time}`;
        if (seen.has(key)) continue;
        seen.add(key);
      }
      if (this.order.admit(h) && this.host.isOpen()) this.host.pass(h.sample);
    }
  }
}
