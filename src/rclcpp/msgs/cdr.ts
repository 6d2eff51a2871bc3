/**
 * Hand-written CDR type support over @foxglove/cdr, for a type written without the generator:
 * XCDR1 little endian with the encapsulation header `00 01 00 00`. Encoders throw on a message
 * that does not fit the type; the rclcpp layer turns that into InvalidArgument before sending.
 */

import { CdrReader, CdrWriter, EncapsulationKind } from '@foxglove/cdr';
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
