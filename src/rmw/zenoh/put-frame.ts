/**
 * A publisher's put written by rclts as the one WebSocket frame zenoh-ts would send for it.
 *
 * zenoh-ts's `Publisher.put` copies the payload and the attachment (`Uint8Array.from`), builds
 * a serializer with a fresh 256-byte buffer, concatenates about a dozen pieces into a third
 * buffer and goes through four async functions: measured through the router, ~4 µs of CPU per
 * 300-byte sample and most of a publication's garbage, against ~1 µs for writing the same
 * bytes once. The frame (zenoh-ts 1.10.1's PublisherPut for the remote-api plugin) is
 *   u8 16 · u32 LE publisher id · LEB128 payload length · payload · u8 0 (no encoding)
 *   · u8 0 | u8 1, LEB128 attachment length, attachment · u8 1, u64 LE NTP64, LEB128 16, zid
 *
 * It is only used where `putFramesMatch` found, by running the loaded zenoh-ts's own put and
 * serializer against stand-ins for its session and link, that this writes byte for byte what
 * zenoh-ts would send; with any other zenoh-ts, publishers call `put()` as before.
 */
import type { Publisher, Session, Timestamp } from '@eclipse-zenoh/zenoh-ts';
import { innerOf } from './session-link.js';
import type { ZenohTs } from './zenoh-ts-loader.js';

const PUBLISHER_PUT = 16;
const ZID_SIZE = 16;

/** Node's pooled allocator where there is one (a small frame then costs no backing store of its own). */
const allocate: (size: number) => Uint8Array = (() => {
  const B = (globalThis as { Buffer?: { allocUnsafe?: unknown } }).Buffer;
  const allocUnsafe = B?.allocUnsafe;
  return typeof allocUnsafe === 'function'
    ? (size: number) => (allocUnsafe as (n: number) => Uint8Array).call(B, size)
    : (size: number) => new Uint8Array(size);
})();

/** The NTP64 time goes through one scratch view rather than a DataView per frame. */
const scratch = new DataView(new ArrayBuffer(8));
const scratchBytes = new Uint8Array(scratch.buffer);

function lebSize(n: number): number {
  let size = 1;
  while (n > 127) {
    n = Math.floor(n / 128);
    size += 1;
  }
  return size;
}

function writeLeb(out: Uint8Array, at: number, n: number): number {
  while (n > 127) {
    out[at++] = (n % 128) | 128;
    n = Math.floor(n / 128);
  }
  out[at++] = n;
  return at;
}

/**
 * The frame of one put, in a buffer of its own (the socket may hold it until it is written).
 * `zid`: the 16 bytes of the timestamp's clock id, as ZenohId.toLeBytes() gives them.
 */
export function encodePutFrame(
  publisherId: number,
  payload: Uint8Array,
  attachment: Uint8Array | undefined,
  ntp64: bigint,
  zid: Uint8Array,
): Uint8Array {
  const attachmentSize = attachment === undefined ? 1 : 1 + lebSize(attachment.length) + attachment.length;
  const size = 5 + lebSize(payload.length) + payload.length + 1 + attachmentSize + 1 + 8 + 1 + ZID_SIZE;
  const out = allocate(size);
  out[0] = PUBLISHER_PUT;
  out[1] = publisherId & 0xff;
  out[2] = (publisherId >>> 8) & 0xff;
  out[3] = (publisherId >>> 16) & 0xff;
  out[4] = publisherId >>> 24;
  let at = writeLeb(out, 5, payload.length);
  out.set(payload, at);
  at += payload.length;
  out[at++] = 0;
  if (attachment === undefined) out[at++] = 0;
  else {
    out[at++] = 1;
    at = writeLeb(out, at, attachment.length);
    out.set(attachment, at);
    at += attachment.length;
  }
  out[at++] = 1;
  scratch.setBigUint64(0, ntp64, true);
  out.set(scratchBytes, at);
  at += 8;
  out[at++] = ZID_SIZE;
  out.set(zid, at);
  return out;
}

type SendMessage = (this: unknown, msg: unknown) => Promise<unknown>;
type Put = (this: unknown, payload: unknown, options: unknown) => Promise<void>;

/** What zenoh-ts's own put and serializer hand to the link for one put, or undefined if they could not run. */
function zenohTsFrame(
  put: Put,
  sendMessage: SendMessage,
  publisherId: number,
  payload: Uint8Array,
  attachment: Uint8Array | undefined,
  timestamp: Timestamp,
): Uint8Array | undefined {
  let frame: unknown;
  const link = {
    send: (bytes: unknown) => {
      frame = bytes;
      return Promise.resolve();
    },
  };
  const session = { publisherPut: (msg: unknown) => sendMessage.call({ link }, msg) };
  try {
    const options = attachment === undefined ? { timestamp } : { attachment, timestamp };
    put.call({ publisherId, session }, payload, options).catch(() => {});
  } catch {
    return undefined;
  }
  return frame instanceof Uint8Array ? frame : undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const checked = new WeakMap<object, boolean>();

/**
 * Whether `encodePutFrame` writes what this zenoh-ts writes, checked once per zenoh-ts (its
 * put and the session's `sendMessage`) on payloads around every LEB128 length boundary, with
 * and without an attachment. `sendMessage`: the session's inner `sendMessage` method.
 */
export function putFramesMatch(zenoh: ZenohTs, sendMessage: unknown): boolean {
  const put = (zenoh.Publisher?.prototype as { put?: unknown } | undefined)?.put;
  if (typeof put !== 'function' || typeof sendMessage !== 'function') return false;
  const known = checked.get(sendMessage);
  if (known !== undefined) return known;
  let match = true;
  try {
    const zid = new Uint8Array(ZID_SIZE).map((_, i) => 0xa0 + i);
    const timestamp = new zenoh.Timestamp(new zenoh.ZenohId(zid), 0x0123_4567_89ab_cdefn);
    const attachment = new Uint8Array(33).map((_, i) => 200 - i);
    for (const size of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000]) {
      const payload = new Uint8Array(size).map((_, i) => (i * 31 + 7) & 0xff);
      for (const att of [undefined, attachment]) {
        const theirs = zenohTsFrame(put as Put, sendMessage as SendMessage, 0x0102_0304, payload, att, timestamp);
        const ours = encodePutFrame(0x0102_0304, payload, att, timestamp.getNtp64(), timestamp.getId().toLeBytes());
        if (theirs === undefined || !sameBytes(theirs, ours)) match = false;
      }
    }
  } catch {
    match = false;
  }
  checked.set(sendMessage, match);
  return match;
}

/** Where a declared publisher's frames go: the socket zenoh-ts's link writes to, as it does. */
export interface FramePutter {
  readonly publisherId: number;
  /** False once rclts marked the link dead (session-link.ts): zenoh-ts's put then fails, and so must ours. */
  usable(): boolean;
  send(frame: Uint8Array): void;
}

interface FrameLink {
  readonly ws?: { send?: unknown };
  readonly isOk?: unknown;
}

/** The frame route for `publisher` of `session`, or undefined when zenoh-ts's internals are not as checked. */
export function framePutter(zenoh: ZenohTs, session: Session, publisher: Publisher): FramePutter | undefined {
  const inner = innerOf(session) as { link?: FrameLink; sendMessage?: unknown } | undefined;
  const link = inner?.link;
  const ws = link?.ws;
  const publisherId = (publisher as unknown as { publisherId?: unknown }).publisherId;
  if (link === undefined || typeof ws?.send !== 'function') return undefined;
  if (typeof publisherId !== 'number' || !Number.isInteger(publisherId) || publisherId < 0 || publisherId > 0xffff_ffff)
    return undefined;
  if (!putFramesMatch(zenoh, inner?.sendMessage)) return undefined;
  const socket = ws as { send(frame: Uint8Array): void };
  return {
    publisherId,
    usable: () => link.isOk !== false,
    send: (frame) => socket.send(frame),
  };
}
