/**
 * Reads seq and capture stamp from the header of any swarmbotix message without knowing
 * which message it is: every one carries `Header header = 1` (seq = 3, timestamp_ns = 4),
 * so the tools measure latency and drops on state, frames, cmd and estimate alike. It reads
 * with the codec's own wire reader, skipping every other field.
 */
import { WireReader } from '../messages/wire-reader.js';

export interface HeaderStamp {
  readonly seq: bigint;
  readonly stampNs: bigint;
}

const VARINT = 0;
const DELIMITED = 2;

function readStamp(r: WireReader): HeaderStamp {
  let seq = 0n;
  let stampNs = 0n;
  while (r.pos < r.end) {
    const tag = r.tag();
    const field = tag >>> 3;
    const wire = tag & 7;
    if (field === 3 && wire === VARINT) seq = r.long(true);
    else if (field === 4 && wire === VARINT) stampNs = r.long(true);
    else r.skip(wire, field, 0);
  }
  return { seq, stampNs };
}

/** The header's seq and stamp, or undefined when the payload has no decodable header. */
export function readHeader(_key: string, payload: Uint8Array): HeaderStamp | undefined {
  try {
    const r = new WireReader(payload);
    while (r.pos < r.end) {
      const tag = r.tag();
      if (tag >>> 3 === 1 && (tag & 7) === DELIMITED) {
        r.end = r.delimited();
        return readStamp(r);
      }
      r.skip(tag & 7, tag >>> 3, 0);
    }
    return undefined;
  } catch {
    return undefined;
  }
}
