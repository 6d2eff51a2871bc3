/**
 * A service's reply and the query's final written by rclts as the WebSocket frames zenoh-ts
 * would send for `query.reply(key, payload, { attachment })` and `query.finalize()`.
 *
 * zenoh-ts copies the payload and the attachment (`Uint8Array.from`), checks the key in its
 * wasm, builds a serializer and a concatenated buffer and goes through several async
 * functions per reply: for a 64 KiB reply three extra 64 KiB copies and their garbage, for a
 * 16 B reply most of the server's CPU per request. The frames (zenoh-ts 1.10.1, remote-api) are
 *   ReplyOk: u8 21 · u32 LE query id · LEB128 key length · key (UTF-8) · LEB128 payload
 *     length · payload · u16 LE 0, u8 0 (default encoding, no schema) · u8 0 | u8 1, LEB128
 *     attachment length, attachment · u8 0 (no timestamp) · u8 qos (zenoh-ts's reply defaults)
 *   QueryResponseFinal: u8 24 · u32 LE query id
 * one WebSocket frame each, as zenoh-ts's link sends one message per frame.
 *
 * They are only used where `replyFramesMatch` found, by running the loaded zenoh-ts's own
 * reply, finalize and session methods against a stand-in link, that these are byte for byte
 * what zenoh-ts would send; otherwise the server calls zenoh-ts as before. The key is not
 * checked again: it is the server's declared key or the key of the query the router delivered.
 */
import type { Query, Session } from '@eclipse-zenoh/zenoh-ts';
import { finalizeQuietly, sendCorked } from '../query-replies.js';
import { innerOf } from '../session-internals.js';
import type { ZenohTs } from '../zenoh-ts-loader.js';
import {
  allocate,
  bytesSize,
  isU32,
  optBytesSize,
  patternBytes,
  sameBytes,
  writeBytes,
  writeOptBytes,
  writeU32,
} from './frame-bytes.js';
import { frameBuffer } from './frame-pool.js';
import { frameSocketOf } from './frame-socket.js';

const REPLY_OK = 21;
const QUERY_RESPONSE_FINAL = 24;
/** Priority DEFAULT (5) | CongestionControl DEFAULT_RESPONSE (1) << 3 | Reliability DEFAULT (1) << 5 | Locality DEFAULT (2) << 6. */
const REPLY_QOS = 0xad;

const utf8 = new TextEncoder();

/** A reply key as its frame carries it. */
export function replyKeyBytes(key: string): Uint8Array {
  return utf8.encode(key);
}

/** The ReplyOk frame of one reply, in a buffer of its own until the socket has written it (frame-pool.ts). */
export function encodeReplyFrame(
  queryId: number,
  key: Uint8Array,
  payload: Uint8Array,
  attachment: Uint8Array | undefined,
): Uint8Array {
  const out = frameBuffer(5 + bytesSize(key) + bytesSize(payload) + 3 + optBytesSize(attachment) + 2);
  out[0] = REPLY_OK;
  let at = writeU32(out, 1, queryId);
  at = writeBytes(out, at, key);
  at = writeBytes(out, at, payload);
  // The default encoding: u16 id 0, then an empty schema.
  out[at++] = 0;
  out[at++] = 0;
  out[at++] = 0;
  at = writeOptBytes(out, at, attachment);
  // No timestamp: rclts's attachment carries the source time.
  out[at++] = 0;
  out[at] = REPLY_QOS;
  return out;
}

/** The QueryResponseFinal frame of a query. */
export function encodeFinalFrame(queryId: number): Uint8Array {
  const out = allocate(5);
  out[0] = QUERY_RESPONSE_FINAL;
  writeU32(out, 1, queryId);
  return out;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** What of zenoh-ts a reply and a final go through: Query's methods and the session's. */
interface ReplyCode {
  readonly reply: Method;
  readonly finalize: Method;
  readonly sendMessage: Method;
  readonly replyOk: Method;
  readonly sendResponseFinal: Method;
}

function replyCodeOf(zenoh: ZenohTs, inner: unknown): ReplyCode | undefined {
  const query = zenoh.Query?.prototype as { reply?: unknown; finalize?: unknown } | undefined;
  const session = inner as { sendMessage?: unknown; replyOk?: unknown; sendResponseFinal?: unknown } | undefined;
  const code = {
    reply: query?.reply,
    finalize: query?.finalize,
    sendMessage: session?.sendMessage,
    replyOk: session?.replyOk,
    sendResponseFinal: session?.sendResponseFinal,
  };
  return Object.values(code).every((f) => typeof f === 'function') ? (code as ReplyCode) : undefined;
}

/** What zenoh-ts's own code hands to the link for one reply and its final, or undefined if it could not run. */
function zenohTsFrames(
  code: ReplyCode,
  queryId: number,
  key: string,
  payload: Uint8Array,
  attachment: Uint8Array | undefined,
): unknown[] | undefined {
  const frames: unknown[] = [];
  const link = {
    send: (bytes: unknown) => {
      frames.push(bytes);
      return Promise.resolve();
    },
  };
  const { sendMessage, replyOk, sendResponseFinal } = code;
  const query = { session: { link, sendMessage, replyOk, sendResponseFinal }, inner: { queryId } };
  try {
    const options = attachment === undefined ? undefined : { attachment };
    Promise.resolve(code.reply.call(query, key, payload, options)).catch(() => {});
    Promise.resolve(code.finalize.call(query)).catch(() => {});
  } catch {
    return undefined;
  }
  return frames;
}

function framesEqual(theirs: unknown[] | undefined, ours: Uint8Array[]): boolean {
  if (theirs === undefined || theirs.length !== ours.length) return false;
  return ours.every((frame, i) => {
    const t = theirs[i];
    return t instanceof Uint8Array && sameBytes(t, frame);
  });
}

const checked = new WeakMap<object, { readonly code: ReplyCode; readonly match: boolean }>();

/**
 * Whether `encodeReplyFrame` and `encodeFinalFrame` write what this zenoh-ts writes, checked
 * once per zenoh-ts code (`inner`: the session's inner object, whose methods are run) on
 * payloads around every LEB128 length boundary, with and without an attachment, on several
 * key lengths (one not ASCII) and query ids.
 */
export function replyFramesMatch(zenoh: ZenohTs, inner: unknown): boolean {
  const code = replyCodeOf(zenoh, inner);
  if (code === undefined) return false;
  const known = checked.get(code.sendMessage);
  if (known !== undefined && Object.entries(code).every(([k, f]) => known.code[k as keyof ReplyCode] === f))
    return known.match;
  let match = true;
  try {
    const keys = ['k', `rq/${'s'.repeat(120)}Request`, `rq/${'n'.repeat(200)}`, 'rq/ké/ü/Request'];
    const ids = [0, 1, 127, 128, 0x0102_0304, 0xffff_ffff];
    const attachment = patternBytes(33, -1, 200);
    let n = 0;
    for (const size of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000]) {
      const payload = patternBytes(size, 31, 7);
      for (const att of [undefined, attachment]) {
        for (const key of size <= 300 ? keys : [keys[n % keys.length] ?? 'k']) {
          const id = ids[n++ % ids.length] ?? 0;
          const theirs = zenohTsFrames(code, id, key, payload, att);
          const ours = [encodeReplyFrame(id, replyKeyBytes(key), payload, att), encodeFinalFrame(id)];
          if (!framesEqual(theirs, ours)) match = false;
        }
      }
    }
  } catch {
    match = false;
  }
  checked.set(code.sendMessage, { code, match });
  return match;
}

/** Where a session's reply frames go: the socket zenoh-ts's link writes to, as it does. */
export interface FrameReplier {
  /** The query's id when the query belongs to this route's session (else zenoh-ts answers it). */
  queryIdOf(query: Query): number | undefined;
  /** The link is not marked dead (session-internals.ts), its socket is open and takes a frame at once. */
  takesAtOnce(): boolean;
  send(frame: Uint8Array): void;
}

/** The frame route for the queries of `session`, or undefined when zenoh-ts's internals are not as checked. */
export function frameReplier(zenoh: ZenohTs, session: Session): FrameReplier | undefined {
  const inner = innerOf(session);
  const socket = frameSocketOf(inner);
  if (socket === undefined || !replyFramesMatch(zenoh, inner)) return undefined;
  return {
    queryIdOf: (query) => {
      const q = query as unknown as { session?: unknown; inner?: { queryId?: unknown } };
      const id = q.inner?.queryId;
      return q.session === inner && isU32(id) ? id : undefined;
    },
    takesAtOnce: socket.takesAtOnce,
    send: socket.send,
  };
}

/**
 * Sends a reply and the query's final as frames, in one corked step (query-replies.ts).
 * Returns false, having sent nothing, where zenoh-ts must answer instead: a query of another
 * session, or a socket that `sendCorked` would not cork (link dead, closed, backed up), where
 * zenoh-ts's ordered path keeps its failure and its back-pressure as they were.
 * `failed` hears a reply the socket refused, after this returns, as a rejected reply() is heard.
 */
export function replyByFrames(
  route: FrameReplier,
  query: Query,
  key: Uint8Array,
  payload: Uint8Array,
  attachment: Uint8Array | undefined,
  failed: (thrown: unknown) => void,
): boolean {
  const queryId = route.queryIdOf(query);
  if (queryId === undefined) return false;
  return sendCorked(query, () => {
    try {
      route.send(encodeReplyFrame(queryId, key, payload, attachment));
    } catch (thrown) {
      Promise.reject(thrown).catch(failed);
    }
    // Past 2 MB buffered zenoh-ts would defer the final on its timer: leave that to it.
    if (!route.takesAtOnce()) {
      finalizeQuietly(query);
      return;
    }
    try {
      route.send(encodeFinalFrame(queryId));
    } catch {
      // as finalizeQuietly: a final the socket refuses is the socket's close, reported elsewhere
    }
  });
}
