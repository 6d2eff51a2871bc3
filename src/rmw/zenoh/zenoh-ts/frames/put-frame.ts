/**
 * A publisher's put written by rclts as the one WebSocket frame zenoh-ts would send for it.
 *
 * zenoh-ts's `Publisher.put` copies the payload and the attachment (`Uint8Array.from`), builds
 * a serializer with a fresh 256-byte buffer, concatenates about a dozen pieces into a third
 * buffer and goes through four async functions: several times the CPU and most of the garbage
 * of writing the same bytes once (docs/benchmarks.md, the frame-path rows). The frame (zenoh-ts 1.10.1's PublisherPut for the remote-api plugin) is
 *   u8 16 · u32 LE publisher id · LEB128 payload length · payload · u8 0 (no encoding)
 *   · u8 0 | u8 1, LEB128 attachment length, attachment · u8 1, u64 LE NTP64, LEB128 16, zid
 *
 * It is only used where `putFramesMatch` found, by running the loaded zenoh-ts's own put and
 * serializer against stand-ins for its session and link, that this writes byte for byte what
 * zenoh-ts would send; with any other zenoh-ts, publishers call `put()` as before.
 */
import type { Publisher, Session, Timestamp } from '@eclipse-zenoh/zenoh-ts';
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

const PUBLISHER_PUT = 16;
const ZID_SIZE = 16;

/** The NTP64 time goes through one scratch view rather than a DataView per frame. */
const scratch = new DataView(new ArrayBuffer(8));
const scratchBytes = new Uint8Array(scratch.buffer);

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
  const size = 5 + bytesSize(payload) + 1 + optBytesSize(attachment) + 1 + 8 + 1 + ZID_SIZE;
  const out = frameBuffer(size);
  out[0] = PUBLISHER_PUT;
  writeU32(out, 1, publisherId);
  let at = writeBytes(out, 5, payload);
  out[at++] = 0;
  at = writeOptBytes(out, at, attachment);
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
    const zid = patternBytes(ZID_SIZE, 1, 0xa0);
    const timestamp = new zenoh.Timestamp(new zenoh.ZenohId(zid), 0x0123_4567_89ab_cdefn);
    const attachment = patternBytes(33, -1, 200);
    for (const size of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000]) {
      const payload = patternBytes(size, 31, 7);
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
  /** False once rclts marked the link dead (session-internals.ts): zenoh-ts's put then fails, and so must ours. */
  usable(): boolean;
  send(frame: Uint8Array): void;
  /** Sends the put frame of one sample (`zid`: the timestamp's zenoh id, little-endian bytes). */
  put(payload: Uint8Array, attachment: Uint8Array | undefined, ntp64: bigint, zid: Uint8Array): void;
  /** The put frame of one sample, to `send` later (it holds its own copy of the payload). */
  frame(payload: Uint8Array, attachment: Uint8Array | undefined, ntp64: bigint, zid: Uint8Array): Uint8Array;
}

/** The frame route for `publisher` of `session`, or undefined when zenoh-ts's internals are not as checked. */
export function framePutter(zenoh: ZenohTs, session: Session, publisher: Publisher): FramePutter | undefined {
  const inner = innerOf(session) as { sendMessage?: unknown } | undefined;
  const socket = frameSocketOf(inner);
  const publisherId = (publisher as unknown as { publisherId?: unknown }).publisherId;
  if (socket === undefined || !isU32(publisherId)) return undefined;
  if (!putFramesMatch(zenoh, inner?.sendMessage)) return undefined;
  const send = socket.send;
  return {
    publisherId,
    usable: socket.usable,
    send,
    put: (payload, attachment, ntp64, zid) => send(encodePutFrame(publisherId, payload, attachment, ntp64, zid)),
    frame: (payload, attachment, ntp64, zid) => encodePutFrame(publisherId, payload, attachment, ntp64, zid),
  };
}
