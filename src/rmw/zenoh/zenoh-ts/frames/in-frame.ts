/**
 * The three frames the remote-api plugin sends most, read by rclts in zenoh-ts's place: a sample
 * for a subscriber, a reply to a get and a query for a queryable (zenoh-ts 1.10.1's InSample,
 * InReply and InQuery).
 *
 * zenoh-ts unpacks each into a Sample: it validates the key expression again in wasm, copies
 * the payload and the attachment (`Uint8Array.from`), and makes a TextDecoder, a DataView per
 * number, an Encoding, a Timestamp and a Qos. rclts reads the same bytes and hands out views of
 * the frame: the frame is a buffer of its own (the WebSocket's message), so a view stays valid
 * as long as it is held. The layouts (LEB128 lengths, little-endian numbers):
 *   sample  u8 5 · u32 subscriber id · key string · payload bytes · u8 kind
 *           · u16 encoding id, schema string · u8 0 | u8 1, attachment bytes
 *           · u8 0 | u8 1, u64 NTP64, zid bytes · u8 qos
 *   reply   u8 7 · u32 query id · u8 1, sample from the key on | u8 0, payload bytes, encoding
 *   query   u8 6 · u32 queryable id · u32 query id · key string · parameters string
 *           · u8 0 | u8 1, payload bytes · u8 0 | u8 1, encoding · u8 0 | u8 1, attachment bytes
 *           · u8 reply key expression (0 any, 1 matching the query)
 * For a query, zenoh-ts also validates the key in wasm and parses the parameters.
 * A frame that does not read cleanly gives undefined, and zenoh-ts reads it as before.
 */

import { sameBytes } from './frame-bytes.js';

export const IN_SAMPLE = 5;
export const IN_QUERY = 6;
export const IN_REPLY = 7;
/** zenoh-ts's delete sample kind; a put is 0. */
const SAMPLE_KIND_DELETE = 1;
/** zenoh-ts's ReplyKeyExpr values: 0 any, 1 matching the query (any other it warns about). */
const REPLY_KEY_EXPR_MATCHING_QUERY = 1;

/** A sample as rclts needs it. */
export interface InSampleView {
  readonly key: string;
  readonly payload: Uint8Array;
  readonly attachment: Uint8Array | undefined;
  readonly isDelete: boolean;
}

/** A reply as rclts needs it: a sample, or an error's payload. */
export type InReplyView =
  | { readonly ok: true; readonly sample: InSampleView }
  | { readonly ok: false; readonly payload: Uint8Array };

/** A query as rclts needs it (its parameters are not read). */
export interface InQueryView {
  readonly queryId: number;
  readonly key: string;
  readonly payload: Uint8Array | undefined;
  readonly attachment: Uint8Array | undefined;
}

/**
 * The id a sample, reply or query frame is for (subscriber, query, queryable), or undefined if
 * it is none of them.
 */
export function inFrameTarget(frame: Uint8Array): number | undefined {
  const id = frame[0];
  if ((id !== IN_SAMPLE && id !== IN_REPLY && id !== IN_QUERY) || frame.length < 5) return undefined;
  return readU32(frame, 1);
}

class Reader {
  at = 5;
  bad = false;
  constructor(readonly frame: Uint8Array) {}

  byte(): number {
    if (this.at >= this.frame.length) {
      this.bad = true;
      return 0;
    }
    return this.frame[this.at++]!;
  }

  flag(): boolean {
    const b = this.byte();
    if (b > 1) this.bad = true;
    return b === 1;
  }

  length(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if ((b & 0x80) === 0 || this.bad) break;
      scale *= 128;
      if (scale > 2 ** 49) {
        this.bad = true;
        break;
      }
    }
    return n;
  }

  bytes(): Uint8Array {
    const n = this.length();
    const end = this.at + n;
    if (this.bad || end > this.frame.length) {
      this.bad = true;
      return EMPTY;
    }
    const view = this.frame.subarray(this.at, end);
    this.at = end;
    return view;
  }

  skip(n: number): void {
    this.at += n;
    if (this.at > this.frame.length) this.bad = true;
  }
}

const EMPTY = new Uint8Array(0);

/** The frame's sample, or undefined if the frame is not a sample read cleanly. */
export function readSampleFrame(frame: Uint8Array): InSampleView | undefined {
  if (frame[0] !== IN_SAMPLE) return undefined;
  const r = new Reader(frame);
  const sample = readSample(r);
  return r.bad ? undefined : sample;
}

/** The frame's reply, or undefined if the frame is not a reply read cleanly. */
export function readReplyFrame(frame: Uint8Array): InReplyView | undefined {
  if (frame[0] !== IN_REPLY) return undefined;
  const r = new Reader(frame);
  let reply: InReplyView;
  if (r.flag()) {
    reply = { ok: true, sample: readSample(r) };
  } else {
    const payload = r.bytes();
    skipEncoding(r);
    reply = { ok: false, payload };
  }
  return r.bad ? undefined : reply;
}

/** The frame's query, or undefined if the frame is not a query read cleanly. */
export function readQueryFrame(frame: Uint8Array): InQueryView | undefined {
  if (frame[0] !== IN_QUERY || frame.length < 9) return undefined;
  const r = new Reader(frame);
  const queryId = readU32(frame, 5);
  r.skip(4);
  const key = keyText(r.bytes());
  r.bytes(); // parameters
  const payload = r.flag() ? r.bytes() : undefined;
  if (r.flag()) skipEncoding(r);
  const attachment = r.flag() ? r.bytes() : undefined;
  if (r.byte() > REPLY_KEY_EXPR_MATCHING_QUERY) r.bad = true;
  return r.bad || r.at !== frame.length ? undefined : { queryId, key, payload, attachment };
}

function readSample(r: Reader): InSampleView {
  const key = keyText(r.bytes());
  const payload = r.bytes();
  const kind = r.byte();
  if (kind > SAMPLE_KIND_DELETE) r.bad = true;
  skipEncoding(r);
  const attachment = r.flag() ? r.bytes() : undefined;
  if (r.flag()) {
    r.skip(8);
    r.bytes();
  }
  r.byte(); // qos
  return { key, payload, attachment, isDelete: kind === SAMPLE_KIND_DELETE };
}

function skipEncoding(r: Reader): void {
  r.skip(2);
  r.bytes();
}

const decoder = new TextDecoder();
/** The last key read, and its text: a subscriber's samples nearly always carry the same key. */
let lastKey: Uint8Array = EMPTY;
let lastText = '';

function keyText(bytes: Uint8Array): string {
  if (sameBytes(bytes, lastKey)) return lastText;
  lastText = decoder.decode(bytes);
  lastKey = bytes.slice();
  return lastText;
}

function readU32(frame: Uint8Array, at: number): number {
  return (frame[at]! | (frame[at + 1]! << 8) | (frame[at + 2]! << 16)) + frame[at + 3]! * 0x100_0000;
}
