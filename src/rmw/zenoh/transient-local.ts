/**
 * TRANSIENT_LOCAL emulation. zenoh-ts has no advanced publisher/subscriber (zenoh-ext), so
 * rclts keeps the publisher's last `depth` samples itself and serves them from a complete
 * queryable on `<key>/@adv/pub/<session>/<entity>/_` (the key layout of zenoh-ext's advanced
 * publisher cache). A transient-local subscriber, once declared (and again after every
 * reconnect), asks `<key>/@adv/pub/**` for that history, holding live samples back until
 * the history is in so it is delivered first; with ros naming, samples are de-duplicated by
 * (GID, sequence number) from the attachment. Tested rclts <-> rclts; whether rmw_zenoh's
 * advanced subscriber accepts these replies is not verified (docs/zenoh-backend.md).
 */
import type { Query, Session } from '@eclipse-zenoh/zenoh-ts';
import type { RmwQos } from '../qos.js';
import { finalizeQuietly } from './query-replies.js';
import type { Undeclarable } from './zenoh-entity.js';

/** A keep-all transient-local publisher keeps at most this many samples. */
export const MAX_TRANSIENT_LOCAL_HISTORY = 1000;
/** How long a subscriber waits for history before delivering live samples anyway. */
export const HISTORY_QUERY_TIMEOUT_MS = 2000;

export function cacheKey(dataKey: string, sessionId: string, entityId: string): string {
  return `${dataKey}/@adv/pub/${sessionId}/${entityId}/_`;
}

export function historyQueryKey(dataKey: string): string {
  return `${dataKey}/@adv/pub/**`;
}

interface Cached {
  readonly bytes: Uint8Array;
  readonly attachment: Uint8Array | undefined;
}

/** The publisher side: the last samples, served to late-joining subscribers. */
export class TransientLocalCache {
  private readonly samples: Cached[] = [];
  private readonly capacity: number;
  private readonly openQueries = new Set<Query>();

  constructor(
    readonly key: string,
    qos: RmwQos,
  ) {
    const depth = qos.history === 'keep_all' ? MAX_TRANSIENT_LOCAL_HISTORY : qos.depth;
    this.capacity = Math.max(1, Math.min(depth, MAX_TRANSIENT_LOCAL_HISTORY));
  }

  remember(bytes: Uint8Array, attachment: Uint8Array | undefined): void {
    this.samples.push({ bytes, attachment });
    if (this.samples.length > this.capacity) this.samples.shift();
  }

  declareSteps(session: Session): Array<() => Promise<Undeclarable>> {
    return [() => session.declareQueryable(this.key, { complete: true, handler: (q: Query) => this.serve(q) })];
  }

  close(): void {
    this.samples.length = 0;
    for (const q of this.openQueries) finalizeQuietly(q);
    this.openQueries.clear();
  }

  private serve(query: Query): void {
    this.openQueries.add(query);
    const snapshot = [...this.samples];
    void (async () => {
      try {
        for (const s of snapshot)
          await query.reply(this.key, s.bytes, s.attachment === undefined ? undefined : { attachment: s.attachment });
      } catch {
        // The asker went away or the router did; finalize below still frees the query.
      } finally {
        this.openQueries.delete(query);
        finalizeQuietly(query);
      }
    })();
  }
}
