/**
 * A zenoh-ts Query for a query rclts read from its frame (in-frame.ts), made with only its id:
 * that is all Query's `reply`, `replyErr` and `finalize` read of it, checked once per zenoh-ts by
 * running each against a stand-in session, which must be handed a message carrying that id.
 * rclts answers such a query with reply-frame.ts, and through these methods where it falls
 * back to zenoh-ts (a socket backed up, a link gone, an error reply); with a zenoh-ts whose
 * methods read more, no query is read from its frame.
 */
import type { Query, Session } from '@eclipse-zenoh/zenoh-ts';
import { innerOf } from '../session-internals.js';
import type { ZenohTs } from '../zenoh-ts-loader.js';

/** The Query of a query id on one session. */
export type FrameQueryMaker = (frame: { readonly queryId: number }) => Query;

type QueryCtor = new (session: unknown, inner: { readonly queryId: number }) => Query;

const PROBE_QUERY_ID = 0x0a0b_0c0d;
const checked = new WeakMap<object, boolean>();

/** Whether Query's answering methods read nothing of a query but its id (once per Query class). */
function answersById(ctor: QueryCtor): boolean {
  const known = checked.get(ctor);
  if (known !== undefined) return known;
  const ids: unknown[] = [];
  const idOf = (m: unknown) => ids.push((m as { queryId?: unknown } | null)?.queryId);
  const standIn = {
    replyOk: (m: unknown) => idOf(m),
    replyErr: (m: unknown) => idOf(m),
    sendResponseFinal: (id: unknown) => ids.push(id),
  };
  let match: boolean;
  try {
    const q = new ctor(standIn, { queryId: PROBE_QUERY_ID });
    void Promise.resolve(q.reply('probe/k', Uint8Array.of(1, 2), { attachment: Uint8Array.of(3) })).catch(() => {});
    void Promise.resolve(q.replyErr('probe failure')).catch(() => {});
    void Promise.resolve(q.finalize()).catch(() => {});
    match = ids.length === 3 && ids.every((id) => id === PROBE_QUERY_ID);
  } catch {
    match = false;
  }
  checked.set(ctor, match);
  return match;
}

/** Makes the Queries of `session`, or undefined where zenoh-ts's Query is not as checked. */
export function frameQueryMaker(zenoh: ZenohTs, session: Session): FrameQueryMaker | undefined {
  const ctor = zenoh.Query as unknown as QueryCtor | undefined;
  const inner = innerOf(session);
  if (typeof ctor !== 'function' || inner === undefined || !answersById(ctor)) return undefined;
  return (frame) => new ctor(inner, { queryId: frame.queryId });
}
