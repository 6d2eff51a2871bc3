/**
 * A message type that carries the payload as it came: the tools count bytes and decode
 * headers themselves (a malformed payload must be counted, not lost in the rclcpp layer's
 * decode path), and the simulator uses it for the same reason.
 */

import { type MessageType, QoS, type QoSLike, type ServiceType } from '../../rclcpp/index.js';

export const RawBytes: MessageType<Uint8Array> = {
  typeName: 'rclts.raw.Bytes',
  typeHash: 'TypeHashNotSupported',
  encode: (bytes) => bytes,
  decode: (bytes) => bytes,
};

/** Request and reply as bytes: the server sees an empty payload as an empty array. */
export const RawBytesService: ServiceType<Uint8Array, Uint8Array> = {
  typeName: 'rclts.raw.BytesService',
  typeHash: 'TypeHashNotSupported',
  Request: RawBytes,
  Response: RawBytes,
};

/** Reliable, volatile, a deep keep-last queue: observers must not drop what they measure. */
export function observerQos(depth = 1000): QoSLike {
  return QoS.default().keepLast(depth);
}
