/**
 * The raw zenoh-ts service shape the baselines share (bench/service-round-trip.ts and
 * bench/child/raw-zenoh-peer.ts): a queryable's answer, corked into one write with its final
 * as rclts's server does or plain, and one get that waits for its first reply.
 */
import type { Query, Reply, Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import { finalizeQuietly, sendCorked } from '../../src/rmw/zenoh/zenoh-ts/query-replies.js';
import type { ZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';

/** Replies `body` and finalizes: in one TCP write when `corked` and the link allows it. */
export function answerRaw(q: Query, body: Uint8Array, corked: boolean): void {
  if (
    corked &&
    sendCorked(q, () => {
      q.reply(q.keyExpr(), body).catch(() => undefined);
      finalizeQuietly(q);
    })
  )
    return;
  q.reply(q.keyExpr(), body).then(
    () => finalizeQuietly(q),
    () => undefined,
  );
}

/**
 * One get of `key`: its first reply's sample. Rejects when the query ends (its timeout of
 * `budgetMs` included) with no reply, on an error reply, on a get zenoh-ts refused, and on a
 * sample `check` answers a complaint for. All is decided inside the handlers, so a baseline's
 * round trip has no promise hop more than a hand-written get.
 */
export function rawGet(
  z: ZenohTs,
  session: Session,
  key: string,
  payload: Uint8Array,
  budgetMs: number,
  check: (sample: Sample) => string | undefined = () => undefined,
): Promise<Sample> {
  return new Promise<Sample>((resolve, reject) => {
    let answered = false;
    session
      .get(key, {
        payload,
        consolidation: z.ConsolidationMode.NONE,
        timeout: z.Duration.milliseconds.of(budgetMs),
        handler: [
          (reply: Reply) => {
            if (answered) return;
            answered = true;
            const r = reply.result();
            if (!(r instanceof z.Sample)) return reject(new Error(`raw get ${key}: error reply`));
            const complaint = check(r);
            if (complaint === undefined) resolve(r);
            else reject(new Error(`raw get ${key}: ${complaint}`));
          },
          () => {
            if (!answered) reject(new Error(`raw get ${key}: no reply within ${budgetMs} ms`));
          },
        ],
      })
      .catch((e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
  });
}
