/**
 * Serialized messages by type name (rclcpp's SerializedMessage with rclcpp::Serialization):
 * CDR bytes with their encapsulation header, checked and converted as Results, and the
 * pass-through type a raw generic subscription carries (the real type's name and hash on the
 * wire, the bytes untouched).
 */

import { describeThrown, err, ok, type Result, type ResultOf } from '../../result.js';
import type { MessageType } from '../type-support.js';
import { type GenericMessage, type GenericMessageType, TypeRegistry } from './type-registry.js';

/** XCDR1 little-endian (CDR_LE), the one encapsulation rmw_zenoh sends. */
const CDR_LE = [0x00, 0x01] as const;
const HEADER_BYTES = 4;

/** Ok when `bytes` starts with the CDR_LE encapsulation header (`00 01 00 00`). */
export function checkSerialized(bytes: unknown, typeName: string): Result {
  if (!(bytes instanceof Uint8Array)) return err('InvalidArgument', `serialized ${typeName} must be a Uint8Array`);
  if (bytes.length < HEADER_BYTES || bytes[0] !== CDR_LE[0] || bytes[1] !== CDR_LE[1]) {
    return err(
      'InvalidArgument',
      `serialized ${typeName} must start with the CDR little-endian header 00 01 00 00 (${bytes.length} bytes given)`,
    );
  }
  return ok();
}

/** A plain object to CDR bytes (header included); a field that does not fit answers InvalidArgument naming it. */
export function serialize(
  typeName: string,
  message: GenericMessage,
  registry: TypeRegistry = TypeRegistry.bundled(),
): ResultOf<Uint8Array> {
  const type = registry.message(typeName);
  if (!type.ok) return type;
  try {
    return ok(type.value.encode(message));
  } catch (thrown) {
    return err('InvalidArgument', `message does not serialize as ${typeName}: ${describeThrown(thrown)}`);
  }
}

/** CDR bytes to a plain object; bytes that are not a `typeName` answer InvalidArgument. */
export function deserialize(
  typeName: string,
  bytes: Uint8Array,
  registry: TypeRegistry = TypeRegistry.bundled(),
): ResultOf<GenericMessage> {
  const type = registry.message(typeName);
  if (!type.ok) return type;
  const header = checkSerialized(bytes, typeName);
  if (!header.ok) return header;
  try {
    return ok(type.value.decode(bytes));
  } catch (thrown) {
    return err('InvalidArgument', `bytes do not deserialize as ${typeName}: ${describeThrown(thrown)}`);
  }
}

/** The type of a raw subscription or publisher: `type`'s name and hash, bytes as they are. */
export function serializedType(type: GenericMessageType): MessageType<Uint8Array> {
  const name = type.typeName;
  return {
    typeName: name,
    typeHash: type.typeHash,
    encode: (bytes: Uint8Array): Uint8Array => {
      const checked = checkSerialized(bytes, name);
      if (!checked.ok) throw new TypeError(checked.error.message);
      return bytes;
    },
    // A copy: the transport may reuse its buffer once the handler returns.
    decode: (bytes: Uint8Array): Uint8Array => {
      const checked = checkSerialized(bytes, name);
      if (!checked.ok) throw new TypeError(checked.error.message);
      return bytes.slice();
    },
  };
}
