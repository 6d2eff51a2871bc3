/**
 * The protobuf codec behind the type-support seam. Plain objects (the generated
 * `swarmbotix-types.ts` shapes) go in and out; the pbjs static code does the wire work. A
 * FlatBuffers codec could replace this file and encode-walk.ts without touching the message
 * wrappers' users.
 */
import protobuf from 'protobufjs/minimal.js';
import type { MessageType, ServiceType } from '../../rclcpp/index.js';
import type { MessageShapes } from '../generated/swarmbotix-types.js';
import { directDecoder } from './decode-direct.js';
import { defaultOf, fromWire } from './decode-walk.js';
import { directEncoder } from './encode-direct.js';
import { fieldsOf, type Plain, toWire } from './encode-walk.js';
import { WireMisfit } from './wire-reader.js';

/** What rclts needs from a pbjs static class. */
export interface GeneratedMessageClass {
  encode(message: never, writer?: protobuf.Writer): { finish(): Uint8Array };
  decode(reader: Uint8Array): object;
}

/** A shared writer whose buffer grew past this is dropped, so one big message is not kept alive. */
const KEEP_WRITER_BYTES = 64 * 1024;
/**
 * One writer for every encode: a fresh one starts at 128 bytes and a State regrew it four
 * times, at 25 Hz per robot. `finish()` copies the bytes out, so the buffer is reused at
 * once; a throw mid-encode leaves the writer dropped (its fork stack may be unbalanced).
 */
let sharedWriter: protobuf.Writer | undefined;

function encodeShared(generated: GeneratedMessageClass, wire: Plain): Uint8Array {
  const writer = sharedWriter ?? protobuf.Writer.create();
  sharedWriter = undefined; // a nested encode takes its own
  const bytes = generated.encode(wire as never, writer).finish();
  writer.reset();
  if ((writer as unknown as { buf: Uint8Array }).buf.length <= KEEP_WRITER_BYTES) sharedWriter = writer;
  return bytes;
}

/** Every property optional, all the way down (arrays keep their length). */
export type DeepPartial<T> = T extends bigint | number | string | boolean | Uint8Array
  ? T
  : T extends (infer E)[]
    ? DeepPartial<E>[]
    : { [K in keyof T]?: DeepPartial<T[K]> };

/** A vrobots message type: rclts type support plus a builder filling protobuf defaults. */
export interface ProtoMessageType<M> extends MessageType<M> {
  /** A complete message: protobuf defaults overlaid with `init`. Never throws on well-typed input. */
  create(init?: DeepPartial<M>): M;
}

export type MessageName = keyof MessageShapes;

/** Defaults overlaid with a partial init (messages merged recursively, arrays replaced). */
export function createOf(typeName: string, init: unknown): Plain {
  const out = defaultOf(typeName);
  if (typeof init !== 'object' || init === null) return out;
  const src = init as Plain;
  for (const f of fieldsOf(typeName)) {
    const v = src[f.name];
    if (v === undefined) continue;
    if (f.kind !== 'message') out[f.name] = f.repeated && Array.isArray(v) ? [...v] : v;
    else if (f.repeated) out[f.name] = Array.isArray(v) ? v.map((e) => createOf(f.type, e)) : v;
    else out[f.name] = createOf(f.type, v);
  }
  return out;
}

/** Wraps a generated message class as rclts type support. */
export function protoMessageType<K extends MessageName>(
  typeName: K,
  generated: GeneratedMessageClass,
): ProtoMessageType<MessageShapes[K]> {
  fieldsOf(typeName); // a typo in the name fails at import, not at first use
  // Built on first use: compiling every type's encoder and decoder at import would slow every start.
  let direct: ((plain: Plain) => Uint8Array) | null | undefined;
  let fromBytes: ((bytes: Uint8Array) => Plain) | null | undefined;
  return Object.freeze({
    typeName,
    typeHash: 'TypeHashNotSupported',
    encode(message: MessageShapes[K]): Uint8Array {
      if (direct === undefined) direct = directEncoder(typeName) ?? null;
      if (direct !== null) return direct(message as unknown as Plain);
      return encodeShared(generated, toWire(typeName, message as unknown as Plain));
    },
    decode(bytes: Uint8Array): MessageShapes[K] {
      if (fromBytes === undefined) fromBytes = directDecoder(typeName) ?? null;
      if (fromBytes !== null) {
        try {
          return fromBytes(bytes) as unknown as MessageShapes[K];
        } catch (thrown) {
          // Bytes the compiled decode leaves to pbjs (decode-direct.ts): pbjs reads them or names
          // the fault. Anything else it throws is a bug of its own, and is not hidden.
          if (!(thrown instanceof WireMisfit)) throw thrown;
        }
      }
      return fromWire(typeName, generated.decode(bytes) as Plain) as unknown as MessageShapes[K];
    },
    create(init?: DeepPartial<MessageShapes[K]>): MessageShapes[K] {
      return createOf(typeName, init) as unknown as MessageShapes[K];
    },
  });
}

/** Pairs two message types as a service type. */
export function protoServiceType<Req, Res>(
  typeName: string,
  request: ProtoMessageType<Req>,
  response: ProtoMessageType<Res>,
): ServiceType<Req, Res> & { readonly Request: ProtoMessageType<Req>; readonly Response: ProtoMessageType<Res> } {
  return Object.freeze({ typeName, typeHash: 'TypeHashNotSupported', Request: request, Response: response });
}
