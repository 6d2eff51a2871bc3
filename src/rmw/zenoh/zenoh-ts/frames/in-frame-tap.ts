/**
 * Samples, replies and queries read from the frame, before zenoh-ts unpacks them (in-frame.ts
 * says what that saves). A subscriber, a get or a queryable registers the callback it gave
 * zenoh-ts together with a reader; the tap on the session's `onMessageReceived` looks the
 * frame's subscriber, query or queryable id up in zenoh-ts's own tables, and when the callback
 * found there has a reader, hands it the frame's view instead. Everything else, and every frame
 * that does not read cleanly, goes to zenoh-ts as before.
 *
 * The tap is installed only where `inFramesMatch` (in-frame-probe.ts) found that the loaded
 * zenoh-ts reads frames as in-frame.ts does; with any other zenoh-ts every frame goes to it.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { innerOf } from '../session-internals.js';
import type { ZenohTs } from '../zenoh-ts-loader.js';
import {
  IN_QUERY,
  IN_SAMPLE,
  type InQueryView,
  type InReplyView,
  type InSampleView,
  inFrameTarget,
  readQueryFrame,
  readReplyFrame,
  readSampleFrame,
} from './in-frame.js';
import { inFramesMatch, type OnMessage } from './in-frame-probe.js';

/** Takes a subscriber's samples from the frame. */
export interface SampleReader {
  readSample(sample: InSampleView): void;
}
/** Takes a get's replies from the frame. */
export type ReplyReader = (reply: InReplyView) => void;
/** Takes a queryable's queries from the frame. */
export interface QueryReader {
  readQuery(query: InQueryView): void;
}

/**
 * A callback's reader rides on the callback itself. A WeakMap would take an entry per get into
 * a long-lived table whose dead entries only a full collection clears.
 */
const READER = Symbol('rclts.inFrameReader');
type Tagged = { [READER]?: SampleReader | ReplyReader | QueryReader };

/** `callback` (as given to zenoh-ts's declareSubscriber) hands its samples to `reader` where the tap runs. */
export function readSamplesWith(callback: (...args: never[]) => unknown, reader: SampleReader): void {
  (callback as Tagged)[READER] = reader;
}

/** `callback` (as given to zenoh-ts's get) hands its replies to `reader` where the tap runs. */
export function readRepliesWith(callback: (...args: never[]) => unknown, reader: ReplyReader): void {
  (callback as Tagged)[READER] = reader;
}

/** `callback` (as given to zenoh-ts's declareQueryable) hands its queries to `reader` where the tap runs. */
export function readQueriesWith(callback: (...args: never[]) => unknown, reader: QueryReader): void {
  (callback as Tagged)[READER] = reader;
}

interface TapInner {
  onMessageReceived?: unknown;
  subscribers?: unknown;
  gets?: unknown;
  queryables?: unknown;
}

/** zenoh-ts's tables the tap looks ids up in. */
interface Tables {
  readonly subscribers: Map<unknown, unknown>;
  readonly gets: Map<unknown, unknown>;
  readonly queryables: Map<unknown, unknown>;
}
const tapped = new WeakSet<object>();

/** Installs the tap on a fresh session; false when zenoh-ts's internals are not as checked. */
export function tapInFrames(zenoh: ZenohTs, session: Session): boolean {
  const inner = innerOf(session) as TapInner | undefined;
  if (inner === undefined) return false;
  if (tapped.has(inner)) return true;
  const original = inner.onMessageReceived;
  const { subscribers, gets, queryables } = inner;
  if (typeof original !== 'function' || !(subscribers instanceof Map) || !(gets instanceof Map)) return false;
  if (!(queryables instanceof Map)) return false;
  if (!inFramesMatch(zenoh, original as OnMessage)) return false;
  const zenohTsReads = original as OnMessage;
  const tables: Tables = { subscribers, gets, queryables };
  inner.onMessageReceived = function (this: unknown, msg: Uint8Array): void {
    if (!(msg instanceof Uint8Array) || !readByTap(msg, tables)) zenohTsReads.call(this, msg);
  };
  tapped.add(inner);
  return true;
}

/** The reader registered on the callback zenoh-ts holds for `id` in `table`. */
function readerOf(table: Map<unknown, unknown>, id: number): SampleReader | ReplyReader | QueryReader | undefined {
  const callback = (table.get(id) as { callback?: unknown } | undefined)?.callback;
  return typeof callback === 'function' ? (callback as Tagged)[READER] : undefined;
}

/** Whether a reader took the frame. */
function readByTap(msg: Uint8Array, tables: Tables): boolean {
  const target = inFrameTarget(msg);
  if (target === undefined) return false;
  if (msg[0] === IN_SAMPLE) {
    const reader = readerOf(tables.subscribers, target);
    if (typeof reader !== 'object' || !('readSample' in reader)) return false;
    const sample = readSampleFrame(msg);
    if (sample === undefined) return false;
    reader.readSample(sample);
    return true;
  }
  if (msg[0] === IN_QUERY) {
    const reader = readerOf(tables.queryables, target);
    if (typeof reader !== 'object' || !('readQuery' in reader)) return false;
    const query = readQueryFrame(msg);
    if (query === undefined) return false;
    reader.readQuery(query);
    return true;
  }
  const reader = readerOf(tables.gets, target);
  if (typeof reader !== 'function') return false;
  const reply = readReplyFrame(msg);
  if (reply === undefined) return false;
  reader(reply);
  return true;
}
