/**
 * Subscribers: a zenoh subscriber whose callback handler hands every sample straight to
 * `onSample` (the executor's bounded queue applies KEEP_LAST/KEEP_ALL; zenoh-ts's channels
 * would not bound correctly). Transient-local subscribers fetch the publishers' history
 * first (see transient-local.ts).
 */
import type { Reply, Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import type { RmwAttachment, RmwSample, RmwSubscriber } from '../rmw.js';
import { decodeAttachment } from '../wire/attachment.js';
import { gidToHex } from '../wire/gid.js';
import type { ResolvedEndpoint } from './endpoint-spec.js';
import { REPLAY_TRIM_SLACK, ReplayFilter } from './replay-filter.js';
import { deliver, type SessionContext } from './session-context.js';
import { HISTORY_QUERY_TIMEOUT_MS, historyQueryKey } from './transient-local.js';
import { ZenohEndpoint } from './zenoh-endpoint.js';
import type { Undeclarable } from './zenoh-entity.js';

export class ZenohSubscriber extends ZenohEndpoint implements RmwSubscriber {
  /** Live samples held back while the history query runs (transient local only). */
  private heldBack: RmwSample[] | undefined;
  /** Drops replayed samples (ros naming), see replay-filter.ts. */
  private readonly replays = new ReplayFilter();
  private readonly stopWatchingGraph: (() => void) | undefined;
  private historyGeneration = 0;

  constructor(
    session: SessionContext,
    endpoint: ResolvedEndpoint,
    private readonly onSample: (sample: RmwSample) => void,
  ) {
    super(session, endpoint, `subscription on '${endpoint.key}'`);
    if (endpoint.spec.naming === 'ros') {
      // Publishers that left the graph are forgotten: the table keeps few more GIDs than live publishers.
      this.stopWatchingGraph = session.graph.onChange(() => {
        if (this.replays.size <= REPLAY_TRIM_SLACK) return;
        const live = session.graph.publisherCount(endpoint.spec.name);
        if (live !== undefined) this.replays.trimTo(live + REPLAY_TRIM_SLACK);
      });
    }
    this.start();
  }

  /** How many publishers the replay filter remembers (tests check it stays bounded). */
  trackedPublishers(): number {
    return this.replays.size;
  }

  private get transientLocal(): boolean {
    return this.endpoint.spec.qos.durability === 'transient_local';
  }

  protected declareObjects(session: Session): Array<() => Promise<Undeclarable | undefined>> {
    // History must not be missed between the declaration and the query: hold live samples from the start.
    if (this.transientLocal) this.heldBack = [];
    return [() => session.declareSubscriber(this.key, { handler: (s: Sample) => this.onZenohSample(s) })];
  }

  protected override onDeclared(session: Session): void {
    if (this.transientLocal) this.fetchHistory(session);
  }

  protected override detached(reason: 'lost' | 'closed' | 'failed'): void {
    this.historyGeneration++;
    this.heldBack = undefined;
    if (reason !== 'lost') {
      this.stopWatchingGraph?.();
      this.replays.clear();
    }
  }

  private onZenohSample(s: Sample): void {
    if (!this.isOpen() || s.kind() === this.session.zenoh.SampleKind.DELETE) return;
    const sample = this.toRmwSample(s.keyexpr().toString(), s.payload().toBytes(), s.attachment()?.toBytes());
    if (this.heldBack !== undefined) this.heldBack.push(sample);
    else this.pass(sample);
  }

  private toRmwSample(key: string, payload: Uint8Array, attachmentBytes: Uint8Array | undefined): RmwSample {
    return { key, payload, attachment: decodeAttachment(attachmentBytes), receivedAtMs: Date.now() };
  }

  private pass(sample: RmwSample): void {
    if (this.endpoint.spec.naming === 'ros' && sample.attachment !== undefined && this.isReplay(sample.attachment))
      return;
    deliver(this.session, this.key, this.what, this.onSample, sample);
  }

  private isReplay(a: RmwAttachment): boolean {
    return this.replays.isReplay(gidToHex(a.gid), a.sequenceNumber, a.sourceTimestampNs);
  }

  private fetchHistory(session: Session): void {
    const gen = ++this.historyGeneration;
    const history: RmwSample[] = [];
    const onReply = (reply: Reply): void => {
      if (gen !== this.historyGeneration) return;
      const r = reply.result();
      if (!(r instanceof this.session.zenoh.Sample)) return;
      // Replies come on the cache key; subscribers see the data key.
      history.push(
        this.toRmwSample(this.dataKeyOf(r.keyexpr().toString()), r.payload().toBytes(), r.attachment()?.toBytes()),
      );
    };
    const onDone = (): void => {
      if (gen !== this.historyGeneration) return;
      const live = this.heldBack ?? [];
      this.heldBack = undefined;
      // Per publisher in sequence order, so the replay filter keeps all of a publisher's history.
      history.sort((a, b) =>
        a.attachment && b.attachment ? Number(a.attachment.sequenceNumber - b.attachment.sequenceNumber) : 0,
      );
      for (const s of history) if (this.isOpen()) this.pass(s);
      for (const s of live) if (this.isOpen()) this.pass(s);
    };
    const { zenoh } = this.session;
    session
      .get(historyQueryKey(this.key), {
        target: zenoh.QueryTarget.ALL,
        consolidation: zenoh.ConsolidationMode.NONE,
        timeout: zenoh.Duration.milliseconds.of(HISTORY_QUERY_TIMEOUT_MS),
        handler: [onReply, onDone],
      })
      .catch(() => onDone());
  }

  private dataKeyOf(cacheKey: string): string {
    const at = cacheKey.indexOf('/@adv/pub/');
    return at < 0 ? cacheKey : cacheKey.slice(0, at);
  }
}
