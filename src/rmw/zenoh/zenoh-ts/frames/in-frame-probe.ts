/**
 * The check that in-frame.ts reads what the loaded zenoh-ts reads: sample, reply and query
 * frames written here, around every LEB128 length boundary, with and without an attachment, a
 * timestamp, a delete kind, a payload, an encoding and parameters, are run through zenoh-ts's
 * own `onMessageReceived` (against a stand-in session holding one callback) and through
 * in-frame.ts, and every field is compared.
 */

import type { ZenohTs } from '../zenoh-ts-loader.js';
import { patternBytes, sameBytes, writeLeb } from './frame-bytes.js';
import {
  IN_QUERY,
  IN_REPLY,
  IN_SAMPLE,
  type InSampleView,
  readQueryFrame,
  readReplyFrame,
  readSampleFrame,
} from './in-frame.js';

export type OnMessage = (this: unknown, msg: Uint8Array) => void;

/** The fields of a probe sample. */
export interface Probe {
  readonly key: string;
  readonly payload: Uint8Array;
  readonly attachment: Uint8Array | undefined;
  readonly isDelete: boolean;
  readonly stamped: boolean;
}

const encoder = new TextEncoder();
const PROBE_ID = 0x0102_0304;
const ENCODING_ID = 42;
const QOS = 0b0010_0101;

/** Appends zenoh-ts's pieces (u8, u16/u32/u64 LE, LEB128-prefixed sequences) to one frame. */
class FrameWriter {
  private readonly parts: Array<number | Uint8Array> = [];

  u8(n: number): this {
    this.parts.push(n & 0xff);
    return this;
  }

  uint(n: number, bytes: number): this {
    for (let i = 0; i < bytes; i++) this.u8(Math.floor(n / 2 ** (8 * i)));
    return this;
  }

  sequence(bytes: Uint8Array): this {
    const len = new Uint8Array(10);
    this.parts.push(len.subarray(0, writeLeb(len, 0, bytes.length)), bytes);
    return this;
  }

  frame(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce<number>((n, p) => n + (typeof p === 'number' ? 1 : p.length), 0));
    let at = 0;
    for (const p of this.parts) {
      if (typeof p === 'number') out[at++] = p;
      else {
        out.set(p, at);
        at += p.length;
      }
    }
    return out;
  }
}

function head(id: number, target: number): FrameWriter {
  return new FrameWriter().u8(id).uint(target, 4);
}

function encoding(w: FrameWriter, schema: string): FrameWriter {
  return w.uint(ENCODING_ID, 2).sequence(encoder.encode(schema));
}

function sample(w: FrameWriter, p: Probe): FrameWriter {
  w.sequence(encoder.encode(p.key))
    .sequence(p.payload)
    .u8(p.isDelete ? 1 : 0);
  encoding(w, 'probe/schema');
  if (p.attachment === undefined) w.u8(0);
  else w.u8(1).sequence(p.attachment);
  if (p.stamped)
    w.u8(1)
      .uint(0x0012_3456_789a_bcde, 8)
      .sequence(patternBytes(16, 1, 0xa0));
  else w.u8(0);
  return w.u8(QOS);
}

/** A sample frame for subscriber `target`, laid out as the remote-api plugin sends it (in-frame.ts). */
export function probeSampleFrame(target: number, p: Probe): Uint8Array {
  return sample(head(IN_SAMPLE, target), p).frame();
}

/** A reply frame carrying a sample, for query `target`. */
function probeReplyFrame(target: number, p: Probe): Uint8Array {
  return sample(head(IN_REPLY, target).u8(1), p).frame();
}

/** An error reply frame for query `target`. */
function probeErrorFrame(target: number, payload: Uint8Array): Uint8Array {
  return encoding(head(IN_REPLY, target).u8(0).sequence(payload), '').frame();
}

/** The fields of a probe query. */
export interface QueryProbe {
  readonly queryId: number;
  readonly key: string;
  readonly parameters: string;
  readonly payload: Uint8Array | undefined;
  readonly encoded: boolean;
  readonly attachment: Uint8Array | undefined;
  readonly replyKeyExpr: number;
}

/** A query frame for queryable `target`. */
export function probeQueryFrame(target: number, q: QueryProbe): Uint8Array {
  const w = head(IN_QUERY, target)
    .uint(q.queryId, 4)
    .sequence(encoder.encode(q.key))
    .sequence(encoder.encode(q.parameters));
  if (q.payload === undefined) w.u8(0);
  else w.u8(1).sequence(q.payload);
  if (q.encoded) encoding(w.u8(1), 'probe/schema');
  else w.u8(0);
  if (q.attachment === undefined) w.u8(0);
  else w.u8(1).sequence(q.attachment);
  return w.u8(q.replyKeyExpr).frame();
}

interface ZenohQueryLike {
  readonly inner?: { readonly queryId?: unknown };
  keyExpr(): { toString(): string };
  payload(): { toBytes(): Uint8Array } | undefined;
  attachment(): { toBytes(): Uint8Array } | undefined;
}

const sameOptBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined): boolean =>
  a === undefined || b === undefined ? a === b : sameBytes(a, b);

function sameQuery(zenoh: ZenohTs, theirs: unknown, frame: Uint8Array, q: QueryProbe): boolean {
  const ours = readQueryFrame(frame);
  if (!(theirs instanceof zenoh.Query) || ours === undefined) return false;
  const t = theirs as unknown as ZenohQueryLike;
  return (
    t.inner?.queryId === q.queryId &&
    ours.queryId === q.queryId &&
    t.keyExpr().toString() === q.key &&
    ours.key === q.key &&
    sameOptBytes(t.payload()?.toBytes(), ours.payload) &&
    sameOptBytes(ours.payload, q.payload) &&
    sameOptBytes(t.attachment()?.toBytes(), ours.attachment) &&
    sameOptBytes(ours.attachment, q.attachment)
  );
}

/** Query frames around every boundary, each compared as zenoh-ts and in-frame.ts read it. */
function queriesMatch(zenoh: ZenohTs, read: OnMessage, attachment: Uint8Array): boolean {
  const ids = [0, 1, 127, 128, 0x0102_0304, 0xffff_ffff];
  const keys = ['k', `rq/${'s'.repeat(120)}Request`, 'rq/ké/ü/Request'];
  let n = 0;
  for (const size of [undefined, 0, 1, 127, 128, 300, 16_383, 16_384, 70_000]) {
    const payload = size === undefined ? undefined : patternBytes(size, 13, 5);
    for (const att of [undefined, attachment]) {
      for (const encoded of [false, true]) {
        const q: QueryProbe = {
          queryId: ids[n % ids.length] ?? 0,
          key: keys[n % keys.length] ?? 'k',
          parameters: n % 2 === 0 ? '' : 'a=1;b=2',
          payload,
          encoded,
          attachment: att,
          replyKeyExpr: n % 2,
        };
        n += 1;
        const frame = probeQueryFrame(PROBE_ID, q);
        if (!sameQuery(zenoh, zenohTsReading(read, frame), frame, q)) return false;
      }
    }
  }
  return true;
}

interface ZenohSampleLike {
  keyexpr(): { toString(): string };
  payload(): { toBytes(): Uint8Array };
  attachment(): { toBytes(): Uint8Array } | undefined;
  kind(): unknown;
}

function sameSample(zenoh: ZenohTs, theirs: unknown, ours: InSampleView | undefined, p: Probe): boolean {
  if (!(theirs instanceof zenoh.Sample) || ours === undefined) return false;
  const s = theirs as unknown as ZenohSampleLike;
  const theirAttachment = s.attachment()?.toBytes();
  return (
    s.keyexpr().toString() === p.key &&
    ours.key === p.key &&
    sameBytes(s.payload().toBytes(), ours.payload) &&
    sameBytes(ours.payload, p.payload) &&
    (theirAttachment === undefined) === (ours.attachment === undefined) &&
    (theirAttachment === undefined || sameBytes(theirAttachment, ours.attachment!)) &&
    (s.kind() === zenoh.SampleKind.DELETE) === ours.isDelete &&
    ours.isDelete === p.isDelete
  );
}

/** What zenoh-ts's `onMessageReceived` hands the callback registered for PROBE_ID. */
function zenohTsReading(read: OnMessage, frame: Uint8Array): unknown {
  let got: unknown;
  const closure = { callback: (x: unknown) => (got = x), drop: () => {} };
  const standIn = {
    subscribers: new Map([[PROBE_ID, closure]]),
    gets: new Map([[PROBE_ID, closure]]),
    queryables: new Map([[PROBE_ID, closure]]),
  };
  read.call(standIn, frame);
  return got;
}

const checked = new WeakMap<object, boolean>();

/** Whether in-frame.ts reads what this zenoh-ts reads, checked once per `onMessageReceived`. */
export function inFramesMatch(zenoh: ZenohTs, read: OnMessage): boolean {
  const known = checked.get(read);
  if (known !== undefined) return known;
  let match = true;
  try {
    const attachment = patternBytes(33, -1, 200);
    for (const size of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000]) {
      const payload = patternBytes(size, 31, 7);
      for (const att of [undefined, attachment]) {
        for (const [isDelete, stamped] of [
          [false, false],
          [false, true],
          [true, true],
        ] as const) {
          const p: Probe = { key: `probe/k${size}/in-frame`, payload, attachment: att, isDelete, stamped };
          const frame = probeSampleFrame(PROBE_ID, p);
          if (!sameSample(zenoh, zenohTsReading(read, frame), readSampleFrame(frame), p)) match = false;
          const reply = probeReplyFrame(PROBE_ID, p);
          const theirs = (zenohTsReading(read, reply) as { result?: () => unknown } | undefined)?.result?.();
          const ours = readReplyFrame(reply);
          if (ours?.ok !== true || !sameSample(zenoh, theirs, ours.sample, p)) match = false;
        }
      }
      const failed = probeErrorFrame(PROBE_ID, payload);
      const theirs = (zenohTsReading(read, failed) as { result?: () => unknown } | undefined)?.result?.() as
        | { payload?: () => { toBytes(): Uint8Array } }
        | undefined;
      const ours = readReplyFrame(failed);
      const theirPayload = theirs?.payload?.().toBytes();
      if (ours?.ok !== false || theirPayload === undefined || !sameBytes(theirPayload, ours.payload)) match = false;
    }
    if (!queriesMatch(zenoh, read, attachment)) match = false;
  } catch {
    match = false;
  }
  checked.set(read, match);
  return match;
}
