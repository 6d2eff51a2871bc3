/**
 * Message and service types carrying raw bytes (encode and decode are the identity), so that
 * a benchmark measures the client library and transport rather than a serializer.
 */
import type { MessageType, ServiceType } from '../src/index.js';

export const BytesType: MessageType<Uint8Array> = {
  typeName: 'rclts_bench/msg/Bytes',
  typeHash: 'TypeHashNotSupported',
  encode: (message) => message,
  decode: (bytes) => bytes,
};

export const BytesServiceType: ServiceType<Uint8Array, Uint8Array> = {
  typeName: 'rclts_bench/srv/Bytes',
  typeHash: 'TypeHashNotSupported',
  Request: BytesType,
  Response: BytesType,
};

/** A payload of `size` bytes with a recognisable pattern (not all zeros). */
export function payloadOf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
}
