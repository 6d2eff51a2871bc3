/**
 * Reads seq and capture stamp from the header of any swarmbotix message without knowing
 * which message it is: every one carries `Header header = 1` (seq = 3, timestamp_ns = 4),
 * so the tools measure latency and drops on state, frames, cmd and estimate alike.
 */
import protobuf from 'protobufjs/minimal.js';

export interface HeaderStamp {
  readonly seq: bigint;
  readonly stampNs: bigint;
}

type Long64 = number | { readonly low: number; readonly high: number };

function toBigInt(value: Long64): bigint {
  if (typeof value === 'number') return BigInt(Math.trunc(value));
  return (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
}

function readStamp(reader: protobuf.Reader, end: number): HeaderStamp {
  let seq = 0n;
  let stampNs = 0n;
  while (reader.pos < end) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    if (field === 3 && (tag & 7) === 0) seq = toBigInt(reader.uint64() as Long64);
    else if (field === 4 && (tag & 7) === 0) stampNs = toBigInt(reader.uint64() as Long64);
    else reader.skipType(tag & 7);
  }
  return { seq, stampNs };
}

/** The header's seq and stamp, or undefined when the payload has no decodable header. */
export function readHeader(_key: string, payload: Uint8Array): HeaderStamp | undefined {
  try {
    const reader = protobuf.Reader.create(payload);
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag >>> 3 === 1 && (tag & 7) === 2) {
        const length = reader.uint32();
        const end = reader.pos + length;
        if (end > reader.len) return undefined;
        return readStamp(reader, end);
      }
      reader.skipType(tag & 7);
    }
    return undefined;
  } catch {
    return undefined;
  }
}
