/**
 * The protobuf codec behind the type-support seam: plain objects (the generated
 * `swarmbotix-types.ts` shapes) in and out, written and read by the generated codec
 * (generated/swarmbotix-codec.js, straight-line code per type made by `npm run generate`,
 * so nothing is compiled at run time). A FlatBuffers codec could replace this file without
 * touching the message wrappers' users.
 */
import type { MessageType, ServiceType } from '../../rclcpp/index.js';
import { bindCodecs, type GeneratedCodec } from '../generated/swarmbotix-codec.js';
import type { MessageShapes } from '../generated/swarmbotix-types.js';
import {
  checkedLong,
  checkScalar,
  fieldsOf,
  MAX_DEPTH,
  notArray,
  notObject,
  type Plain,
  plan,
  tooDeep,
  writeLong,
} from './codec-runtime.js';
import { WireReader } from './wire-reader.js';
import { WireWriter } from './wire-writer.js';

type Codec = GeneratedCodec<WireWriter, WireReader>;

const CODECS = bindCodecs<WireWriter, WireReader>({
  plan,
  checkScalar: checkScalar as (v: unknown, f: never, typeName: string) => unknown,
  checkedLong: checkedLong as (v: unknown, f: never, typeName: string) => bigint,
  writeLong,
  notArray: notArray as (f: never, typeName: string) => never,
  notObject: notObject as (f: never, typeName: string) => never,
  tooDeep,
  MAX_DEPTH,
});

function codecOf(typeName: string): Codec {
  fieldsOf(typeName); // names the unknown type
  return CODECS[typeName] as Codec;
}

/** A shared writer whose buffer grew past this is dropped, so one big message is not kept alive. */
const KEEP_WRITER_BYTES = 64 * 1024;
/** One writer for every encode (`finish()` copies the bytes out); a throw mid-encode drops it. */
let sharedWriter: WireWriter | undefined;

function encodeWith(codec: Codec, plain: Plain): Uint8Array {
  const w = sharedWriter ?? new WireWriter();
  sharedWriter = undefined; // a nested encode takes its own
  w.pos = 0;
  codec.encode(plain, w);
  const bytes = w.finish();
  if (w.buf.length <= KEEP_WRITER_BYTES) sharedWriter = w;
  return bytes;
}

/**
 * The bytes of `plain` as a view into the shared writer's buffer, valid until the next encode:
 * no copy and no allocation, for a caller that hands them straight to a call which copies or
 * writes out what it keeps before it returns (publishRaw, the rmw seam's rule).
 */
function encodeLentWith(codec: Codec, plain: Plain): Uint8Array {
  const w = sharedWriter ?? new WireWriter();
  sharedWriter = undefined;
  w.pos = 0;
  codec.encode(plain, w);
  const bytes = w.buf.subarray(0, w.pos);
  w.pos = 0;
  if (w.buf.length <= KEEP_WRITER_BYTES) sharedWriter = w;
  return bytes;
}

function decodeWith(codec: Codec, typeName: string, bytes: Uint8Array): Plain {
  if (!(bytes instanceof Uint8Array)) throw new TypeError(`${typeName}: expected the bytes as a Uint8Array`);
  try {
    return codec.decode(new WireReader(bytes), 0, undefined);
  } catch (thrown) {
    if (thrown instanceof Error) thrown.message = `${typeName}: ${thrown.message}`;
    throw thrown;
  }
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
  /**
   * `encode` without the copy: the bytes stay in a buffer the next encode of any vrobots message
   * writes over, so hand them at once to a call that copies what it keeps (`publishRaw`).
   */
  readonly encodeLent: (message: M) => Uint8Array;
}

export type MessageName = keyof MessageShapes;

/** Defaults overlaid with a partial init (messages merged recursively, arrays replaced). */
export function createOf(typeName: string, init: unknown): Plain {
  const out = codecOf(typeName).defaults();
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

/** A message type's rclts type support (a typo in the name fails at import). */
export function protoMessageType<K extends MessageName>(typeName: K): ProtoMessageType<MessageShapes[K]> {
  const codec = codecOf(typeName);
  return Object.freeze({
    typeName,
    typeHash: 'TypeHashNotSupported',
    encode(message: MessageShapes[K]): Uint8Array {
      return encodeWith(codec, message as unknown as Plain);
    },
    encodeLent(message: MessageShapes[K]): Uint8Array {
      return encodeLentWith(codec, message as unknown as Plain);
    },
    decode(bytes: Uint8Array): MessageShapes[K] {
      return decodeWith(codec, typeName, bytes) as unknown as MessageShapes[K];
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
