/**
 * CDR type support: XCDR1 little endian with the encapsulation header `00 01 00 00`
 * (what rmw_zenoh and every DDS rmw put on the wire). Encoders throw on a message that does
 * not fit the type; the rclcpp layer turns that into InvalidArgument before sending.
 */

import { CdrReader, CdrWriter, EncapsulationKind } from '@foxglove/cdr';
import { describeValue } from '../../result.js';
import type { MessageType, ServiceType } from '../type-support.js';

export function cdrMessageType<M>(
  typeName: string,
  typeHash: string,
  write: (writer: CdrWriter, message: M) => void,
  read: (reader: CdrReader) => M,
): MessageType<M> {
  return Object.freeze({
    typeName,
    typeHash,
    encode(message: M): Uint8Array {
      if (typeof message !== 'object' || message === null) throw new TypeError(`${typeName} must be an object`);
      const writer = new CdrWriter({ kind: EncapsulationKind.CDR_LE });
      write(writer, message);
      return writer.data;
    },
    decode(bytes: Uint8Array): M {
      if (!(bytes instanceof Uint8Array) || bytes.byteLength < 4)
        throw new RangeError(`${typeName}: payload shorter than the CDR header`);
      const reader = new CdrReader(bytes);
      if (reader.kind !== EncapsulationKind.CDR_LE && reader.kind !== EncapsulationKind.CDR_BE) {
        throw new RangeError(`${typeName}: encapsulation ${reader.kind} is not plain CDR`);
      }
      return read(reader);
    },
  });
}

export function cdrServiceType<Req, Res>(
  typeName: string,
  typeHash: string,
  request: MessageType<Req>,
  response: MessageType<Res>,
): ServiceType<Req, Res> {
  return Object.freeze({ typeName, typeHash, Request: request, Response: response });
}

const utf8 = new TextEncoder();

/**
 * A CDR string: uint32 byte length including the NUL, the UTF-8 bytes, NUL. Written here
 * because @foxglove/cdr 3.5.0's `string()` sizes by UTF-16 units and truncates non-ASCII text.
 */
export function writeString(writer: CdrWriter, value: string): void {
  const bytes = utf8.encode(value);
  writer.uint32(bytes.length + 1);
  writer.uint8Array(bytes, false);
  writer.uint8(0);
}

// Field checks shared by the generated-by-hand types below.

export function stringField(typeName: string, field: string, value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`${typeName}.${field} must be a string, got ${typeof value}`);
  return value;
}

export function int32Field(typeName: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -(2 ** 31) || value > 2 ** 31 - 1) {
    throw new TypeError(`${typeName}.${field} must be an int32, got ${describeValue(value)}`);
  }
  return value;
}

export function int64Field(typeName: string, field: string, value: unknown): bigint {
  if (typeof value !== 'bigint' || value < -(2n ** 63n) || value > 2n ** 63n - 1n) {
    throw new TypeError(`${typeName}.${field} must be an int64 bigint, got ${describeValue(value)}`);
  }
  return value;
}
