/**
 * A client's get written by rclts as the one WebSocket frame zenoh-ts's `session.get` would send.
 *
 * zenoh-ts's get builds a Selector (the key checked again in wasm), copies payload and
 * attachment into ZBytes, makes a Qos, QuerySettings and Duration, and serializes through a
 * growing buffer, all on the client's critical path (docs/benchmarks.md, the frame-path rows). The
 * frame (zenoh-ts 1.10.1's Get for the remote-api plugin) is
 *   u8 18 · u32 LE get id · LEB128 key length · key · u8 0 (no parameters) · u8 1, LEB128
 *   payload length, payload · u8 0 (no encoding) · u8 0 | u8 1, LEB128 attachment length,
 *   attachment · u8 qos · u8 query settings · u32 LE timeout ms
 * The get id and the entry for its replies still come from zenoh-ts: its own inner `get` runs
 * against a stand-in whose `sendMessage` only takes the message, so the id is drawn from
 * zenoh-ts's counter and the callbacks land in its table as they would.
 *
 * It is only used where `getFramesMatch` found, by running the loaded zenoh-ts's own
 * `session.get` and serializer against stand-ins, that this writes byte for byte what zenoh-ts
 * would send for the same options; the qos and settings bytes are taken from that run.
 */
import type { CancellationToken, GetOptions, Session } from '@eclipse-zenoh/zenoh-ts';
import { FramePath, type FramePaths } from '../frame-paths.js';
import { innerOf } from '../session-internals.js';
import type { ZenohTs } from '../zenoh-ts-loader.js';
import {
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

const GET = 18;

/** The two bytes zenoh-ts writes for rclts's get options (default qos, consolidation none). */
interface GetSettings {
  readonly qos: number;
  readonly query: number;
}

export function encodeGetFrame(
  id: number,
  key: Uint8Array,
  payload: Uint8Array,
  attachment: Uint8Array | undefined,
  settings: GetSettings,
  timeoutMs: number,
): Uint8Array {
  const size = 5 + bytesSize(key) + 1 + 1 + bytesSize(payload) + 1 + optBytesSize(attachment) + 2 + 4;
  const out = frameBuffer(size);
  out[0] = GET;
  writeU32(out, 1, id);
  let at = writeBytes(out, 5, key);
  out[at++] = 0;
  out[at++] = 1;
  at = writeBytes(out, at, payload);
  out[at++] = 0;
  at = writeOptBytes(out, at, attachment);
  out[at++] = settings.qos;
  out[at++] = settings.query;
  writeU32(out, at, timeoutMs);
  return out;
}

/** zenoh-ts's handler form for a get: the reply callback and the drop called at the final. */
export interface GetClosure {
  readonly callback: (reply: never) => void;
  readonly drop: () => void;
}

type InnerGet = (this: unknown, data: unknown, closure: GetClosure) => Promise<unknown>;
type SendMessage = (this: unknown, msg: unknown) => Promise<unknown>;
type SessionGet = (this: unknown, selector: unknown, options: unknown) => Promise<unknown>;

interface GetInner {
  readonly get?: unknown;
  readonly gets?: unknown;
  readonly sendMessage?: unknown;
  readonly cancelQuery?: unknown;
}

/** What zenoh-ts's own `session.get` hands its link for one get, with the get's id. */
function zenohTsFrame(
  zenoh: ZenohTs,
  inner: GetInner,
  key: string,
  payload: Uint8Array,
  attachment: Uint8Array | undefined,
  target: number,
  timeoutMs: number,
): { frame: Uint8Array; id: number } | undefined {
  let frame: unknown;
  let id: unknown;
  const gets = new Map<unknown, unknown>();
  const standIn = {
    gets,
    link: {
      send: (bytes: unknown) => {
        frame = bytes;
        return Promise.resolve();
      },
    },
    sendMessage(msg: unknown) {
      id = (msg as { id?: unknown }).id;
      return (inner.sendMessage as SendMessage).call(this, msg);
    },
    get: inner.get,
  };
  const get = zenoh.Session.prototype.get as unknown as SessionGet;
  const req = { key, payload, attachment, target, timeoutMs };
  get.call({ inner: standIn }, key, getOptions(zenoh, req, { callback: () => {}, drop: () => {} })).catch(() => {});
  return frame instanceof Uint8Array && isU32(id) && gets.has(id) ? { frame, id } : undefined;
}

const encoder = new TextEncoder();
const checked = new WeakMap<object, Map<number, GetSettings | undefined>>();

/**
 * The settings bytes for gets of `target` when `encodeGetFrame` writes what this zenoh-ts
 * writes, else undefined; checked once per zenoh-ts and target, on payloads around every
 * LEB128 length boundary, with and without an attachment, keys of 1 to 203 bytes (one not
 * ASCII) and timeouts up to 2^32 - 1 ms.
 */
export function getFramesMatch(zenoh: ZenohTs, inner: GetInner, target: number): GetSettings | undefined {
  const { get, sendMessage } = inner;
  if (typeof get !== 'function' || typeof sendMessage !== 'function') return undefined;
  let byTarget = checked.get(sendMessage);
  if (byTarget === undefined) checked.set(sendMessage, (byTarget = new Map()));
  if (byTarget.has(target)) return byTarget.get(target);
  let settings: GetSettings | undefined;
  try {
    const attachment = patternBytes(33, -1, 200);
    const keys = ['k', `0/probe/${'x'.repeat(120)}/é/RIHS01_${'a'.repeat(64)}`];
    const timeouts = [1, 10_030, 0xffff_ffff];
    let n = 0;
    for (const size of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000]) {
      const payload = patternBytes(size, 31, 7);
      for (const att of [undefined, attachment]) {
        n += 1;
        const key = keys[n % keys.length]!;
        const timeoutMs = timeouts[n % timeouts.length]!;
        const theirs = zenohTsFrame(zenoh, inner, key, payload, att, target, timeoutMs);
        if (theirs === undefined) throw new Error('zenoh-ts wrote no get');
        const f = theirs.frame;
        settings ??= { qos: f[f.length - 6]!, query: f[f.length - 5]! };
        const ours = encodeGetFrame(theirs.id, encoder.encode(key), payload, att, settings, timeoutMs);
        if (!sameBytes(f, ours)) throw new Error('other bytes');
      }
    }
  } catch {
    settings = undefined;
  }
  byTarget.set(target, settings);
  return settings;
}

/** Where a client's gets go as frames: the socket zenoh-ts's link writes to, as it does. */
export interface FrameGetter {
  /** Sends the get and returns its id; undefined, having sent nothing, where zenoh-ts must send it. */
  get(
    key: Uint8Array,
    payload: Uint8Array,
    attachment: Uint8Array | undefined,
    timeoutMs: number,
    closure: GetClosure,
  ): number | undefined;
  /** Drops a get's callbacks, as zenoh-ts's cancellation does (the router ends the query on its timeout). */
  cancel(id: number): void;
}

const routes = new WeakMap<object, Map<number, FrameGetter | undefined>>();

/**
 * The frame route for gets of `target` on `session` (one per session and target, shared by
 * its clients), or undefined when zenoh-ts's internals are not as checked.
 */
function frameGetter(zenoh: ZenohTs, session: Session, target: number): FrameGetter | undefined {
  const inner = innerOf(session) as GetInner | undefined;
  if (inner === undefined) return undefined;
  let byTarget = routes.get(inner);
  if (byTarget === undefined) routes.set(inner, (byTarget = new Map()));
  if (!byTarget.has(target)) byTarget.set(target, makeGetter(zenoh, inner, target));
  return byTarget.get(target);
}

function makeGetter(zenoh: ZenohTs, inner: GetInner, target: number): FrameGetter | undefined {
  const socket = frameSocketOf(inner);
  if (socket === undefined) return undefined;
  if (!(inner.gets instanceof Map) || typeof inner.cancelQuery !== 'function') return undefined;
  const settings = getFramesMatch(zenoh, inner, target);
  if (settings === undefined) return undefined;
  const innerGet = inner.get as InnerGet;
  const gets = inner.gets;
  const cancelQuery = inner.cancelQuery as (id: number) => void;
  let taken: unknown;
  const takeId = {
    gets,
    sendMessage(msg: unknown) {
      taken = (msg as { id?: unknown }).id;
      return Promise.resolve();
    },
  };
  return {
    get(key, payload, attachment, timeoutMs, closure) {
      if (!socket.takesAtOnce()) return undefined;
      taken = undefined;
      innerGet.call(takeId, undefined, closure).catch(() => {});
      const id = taken;
      if (!isU32(id)) {
        if (id !== undefined) gets.delete(id);
        return undefined;
      }
      try {
        socket.send(encodeGetFrame(id, key, payload, attachment, settings, timeoutMs));
      } catch (thrown) {
        gets.delete(id);
        throw thrown;
      }
      return id;
    },
    cancel(id) {
      cancelQuery.call(inner, id);
    },
  };
}

/** The UTF-8 bytes of service keys, shared by every client of a key (a client keeps none of its own). */
const keyBytes = new Map<string, Uint8Array>();
const KEY_BYTES_KEPT = 1024;

function keyBytesOf(key: string): Uint8Array {
  let bytes = keyBytes.get(key);
  if (bytes === undefined) {
    if (keyBytes.size >= KEY_BYTES_KEPT) keyBytes.clear();
    bytes = encoder.encode(key);
    keyBytes.set(key, bytes);
  }
  return bytes;
}

/** One get of a client, as sendGet takes it. */
export interface GetRequest {
  readonly key: string;
  readonly payload: Uint8Array;
  readonly attachment: Uint8Array | undefined;
  readonly target: number;
  readonly timeoutMs: number;
}

/**
 * Sends one get: as a frame where the session's route takes it, else through zenoh-ts's
 * `session.get`. Returns what cancels it. `failed` hears, after this returns, a get that could
 * not be sent.
 */
export function sendGet(
  paths: FramePaths,
  zenoh: ZenohTs,
  session: Session,
  req: GetRequest,
  closure: GetClosure,
  failed: (thrown: unknown) => void,
): { cancel(): void } {
  const route = paths.take(FramePath.Get, () => frameGetter(zenoh, session, req.target));
  if (route !== undefined) {
    try {
      const id = route.get(keyBytesOf(req.key), req.payload, req.attachment, req.timeoutMs, closure);
      if (id !== undefined) return { cancel: () => route.cancel(id) };
    } catch (thrown) {
      Promise.reject(thrown).catch(failed);
      return { cancel: () => {} };
    }
  }
  const cancellation = new zenoh.CancellationToken();
  session.get(req.key, getOptions(zenoh, req, closure, cancellation)).catch(failed);
  return cancellation;
}

/**
 * zenoh-ts's options for one of rclts's gets: the fallback sends with them, and the frame check
 * runs zenoh-ts's own get with them, so the frame is checked against what would be sent.
 */
function getOptions(
  zenoh: ZenohTs,
  req: GetRequest,
  closure: GetClosure,
  cancellationToken?: CancellationToken,
): GetOptions {
  return {
    payload: req.payload,
    ...(req.attachment === undefined ? {} : { attachment: req.attachment }),
    target: req.target,
    consolidation: zenoh.ConsolidationMode.NONE,
    timeout: zenoh.Duration.milliseconds.of(req.timeoutMs),
    ...(cancellationToken === undefined ? {} : { cancellationToken }),
    handler: [closure.callback, closure.drop],
  };
}
