/**
 * TRANSIENT_LOCAL, publisher side, as zenoh-ext's AdvancedPublisher does it for rmw_zenoh
 * (cache of the last `depth` samples, publisher detection). zenoh-ts has no zenoh-ext, so
 * rclts follows its wire contract itself:
 * - the cache queryable and the detection liveliness token sit on
 *   `<key>/@adv/pub/<zid>/uhlc/_` (zid: the context's session id). `uhlc` is zenoh-ext's
 *   form for a publisher whose samples are ordered by timestamp: zenoh-ts cannot send the
 *   source info (publisher id, sequence number) of its `<eid>` form, so sample-miss
 *   detection and recovery are not offered;
 * - a query is answered on the DATA key (the asker sets `_anyke`), with each sample's
 *   payload, attachment and zenoh timestamp; `_max=<n>` gives the newest n, oldest first;
 *   a `_sn` range selects nothing (the samples carry no sequence number for it).
 */
import type { Query, Session, Timestamp } from '@eclipse-zenoh/zenoh-ts';
import type { RmwQos } from '../qos.js';
import type { Undeclarable } from './zenoh-entity.js';
import { finalizeQuietly, type ZenohTs } from './zenoh-ts/index.js';

/** A keep-all transient-local publisher keeps at most this many samples (rmw_zenoh: 42). */
export const MAX_TRANSIENT_LOCAL_HISTORY = 1000;

/** The advanced-publisher chunk zenoh-ext puts between a data key and the publisher's id. */
const ADV_PUB = '@adv/pub';

/** Cache queryable and detection token of a timestamp-ordered advanced publisher. */
export function advancedPublisherKey(dataKey: string, sessionId: string): string {
  return `${dataKey}/${ADV_PUB}/${sessionId}/uhlc/_`;
}

/** Every advanced publisher's detection token on `dataKey` (what a subscriber watches). */
export function publisherDetectionKey(dataKey: string): string {
  return `${dataKey}/${ADV_PUB}/**`;
}

/** The history a subscriber asks for when it starts: every cache on its key, at most `max` each. */
export function historySelector(dataKey: string, max: number): string {
  return `${dataKey}/@adv/**?_max=${max}`;
}

/** The history asked of one publisher, found by its detection token. */
export function publisherHistorySelector(token: string, max: number): string {
  return `${token}?_max=${max}`;
}

/** The `_max` a subscriber sends: its depth, bounded by what any rclts cache keeps. */
export function historyDepth(qos: RmwQos): number {
  return qos.history === 'keep_all' ? MAX_TRANSIENT_LOCAL_HISTORY : Math.min(qos.depth, MAX_TRANSIENT_LOCAL_HISTORY);
}

/** How many cached samples a query wants: undefined for all, 0 for none. */
export function repliesWanted(params: { get(key: string): string | undefined }): number | undefined {
  if (params.get('_sn') !== undefined) return 0;
  const max = params.get('_max');
  if (max === undefined || !/^\d{1,10}$/.test(max)) return undefined;
  return Number(max);
}

interface Cached {
  readonly bytes: Uint8Array;
  readonly attachment: Uint8Array | undefined;
  readonly timestamp: Timestamp;
}

/** The publisher side: the last samples, served to subscribers that ask. */
export class TransientLocalCache {
  private readonly samples: Cached[] = [];
  private readonly capacity: number;
  private readonly openQueries = new Set<Query>();

  constructor(
    private readonly zenoh: ZenohTs,
    readonly dataKey: string,
    readonly key: string,
    qos: RmwQos,
  ) {
    this.capacity = Math.max(1, historyDepth(qos));
  }

  remember(bytes: Uint8Array, attachment: Uint8Array | undefined, timestamp: Timestamp): void {
    this.samples.push({ bytes, attachment, timestamp });
    if (this.samples.length > this.capacity) this.samples.shift();
  }

  /** The queryable, then the token, so a subscriber that detects the publisher finds its cache. */
  declareSteps(session: Session): Array<() => Promise<Undeclarable>> {
    return [
      () => session.declareQueryable(this.key, { complete: false, handler: (q: Query) => this.serve(q) }),
      () => session.liveliness().declareToken(this.key),
    ];
  }

  close(): void {
    this.samples.length = 0;
    for (const q of this.openQueries) finalizeQuietly(q);
    this.openQueries.clear();
  }

  private serve(query: Query): void {
    // Without `_anyke` zenoh refuses replies on the data key, as it does for zenoh-ext.
    const anyKey = query.acceptsReplies() === this.zenoh.ReplyKeyExpr.ANY;
    const wanted = anyKey ? repliesWanted(query.parameters()) : 0;
    const snapshot = wanted === undefined ? [...this.samples] : wanted === 0 ? [] : this.samples.slice(-wanted);
    this.openQueries.add(query);
    void (async () => {
      try {
        for (const s of snapshot) {
          await query.reply(this.dataKey, s.bytes, {
            timestamp: s.timestamp,
            ...(s.attachment === undefined ? {} : { attachment: s.attachment }),
          });
        }
      } catch {
        // The asker went away or the router did; finalize below still frees the query.
      } finally {
        this.openQueries.delete(query);
        finalizeQuietly(query);
      }
    })();
  }
}
