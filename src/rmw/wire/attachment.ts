/**
 * The 33-byte rmw_zenoh attachment carried by every publication, request and reply:
 * int64 LE sequence number, int64 LE source timestamp (ns since epoch), the LEB128 length
 * byte 0x10, then the 16-byte GID. rmw_zenoh drops samples and rejects requests without it.
 */
import type { RmwAttachment } from '../rmw.js';

export const ATTACHMENT_SIZE = 33;
export const GID_SIZE = 16;

/**
 * The two int64 fields are written through one scratch view and copied: a DataView over each
 * new 33-byte array would make V8 move that array's bytes off its heap (every publication
 * and request makes one).
 */
const scratch = new DataView(new ArrayBuffer(16));
const scratchBytes = new Uint8Array(scratch.buffer);

export function encodeAttachment(a: RmwAttachment): Uint8Array {
  const out = new Uint8Array(ATTACHMENT_SIZE);
  scratch.setBigInt64(0, a.sequenceNumber, true);
  scratch.setBigInt64(8, a.sourceTimestampNs, true);
  out.set(scratchBytes, 0);
  out[16] = GID_SIZE;
  out.set(a.gid.length === GID_SIZE ? a.gid : a.gid.subarray(0, GID_SIZE), 17);
  return out;
}

/** Undefined when the bytes are not an rmw_zenoh attachment (raw peers send none or other data). */
export function decodeAttachment(bytes: Uint8Array | undefined): RmwAttachment | undefined {
  if (bytes === undefined || bytes.length !== ATTACHMENT_SIZE || bytes[16] !== GID_SIZE) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    sequenceNumber: view.getBigInt64(0, true),
    sourceTimestampNs: view.getBigInt64(8, true),
    gid: bytes.slice(17, 17 + GID_SIZE),
  };
}

let lastNs = 0n;
let stampedMs = -1;
let stampedMsNs = 0n;

/**
 * Wall-clock now in ns since the epoch (ms resolution plus the sub-ms part of the monotonic
 * clock), strictly increasing within the process: the sub-ms part is not in step with the
 * millisecond, so two stamps in one ms could otherwise go backwards, and a subscriber tells a
 * replayed sample from a restarted publisher by the timestamp (zenoh/replay-filter.ts).
 */
export function nowNs(): bigint {
  const ms = Date.now();
  // One BigInt multiplication per millisecond, not per stamp (every publication takes one).
  if (ms !== stampedMs) {
    stampedMs = ms;
    stampedMsNs = BigInt(ms) * 1_000_000n;
  }
  const subMs = typeof performance !== 'undefined' ? Math.floor((performance.now() % 1) * 1e6) : 0;
  const ns = stampedMsNs + BigInt(subMs);
  lastNs = ns > lastNs ? ns : lastNs + 1n;
  return lastNs;
}
