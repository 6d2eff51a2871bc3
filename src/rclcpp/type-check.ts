/**
 * Run-time checks at the public boundary, for plain JavaScript callers and hostile values:
 * every argument object (type support, options) is read once, inside a try, into a plain
 * snapshot, so a throwing getter or a Proxy answers InvalidArgument naming the argument and
 * nothing later reads the caller's object again.
 */
import { describeThrown, describeValue, type Err, err, ok, type Result, type ResultOf } from '../result.js';
import type { RmwAttachment } from '../rmw/rmw.js';
import type { MessageInfo } from './api.js';
import type { MessageType, ServiceType } from './type-support.js';

/**
 * Reads the named fields of an optional options object once. Absent options read as all
 * undefined; a non-object, or a field whose read throws, is InvalidArgument naming it.
 */
export function readOptions<K extends string>(
  argument: string,
  options: unknown,
  keys: readonly K[],
): ResultOf<{ readonly [P in K]: unknown }> {
  const read: Partial<Record<K, unknown>> = {};
  if (options === undefined) return ok(read as Record<K, unknown>);
  if (typeof options !== 'object' || options === null) {
    return err('InvalidArgument', `${argument} must be an object, got ${describeValue(options)}`);
  }
  for (const key of keys) {
    try {
      read[key] = (options as Record<K, unknown>)[key];
    } catch (thrown) {
      return err('InvalidArgument', `${argument}.${key} could not be read: ${describeThrown(thrown)}`);
    }
  }
  return ok(read as Record<K, unknown>);
}

function nonEmptyString(argument: string, value: unknown): ResultOf<string> {
  return typeof value === 'string' && value.length > 0
    ? ok(value)
    : err('InvalidArgument', `${argument} must be a non-empty string, got ${describeValue(value)}`);
}

/** The names every type support has, plus the fields of its kind, read once. */
function readTypeSupport<K extends string>(
  argument: string,
  kind: string,
  type: unknown,
  keys: readonly K[],
): ResultOf<{ readonly typeName: string; readonly typeHash: string; readonly fields: { readonly [P in K]: unknown } }> {
  if (type === undefined) return err('InvalidArgument', `${argument} must be a ${kind}, got undefined`);
  const read = readOptions(argument, type, ['typeName', 'typeHash', ...keys]);
  if (!read.ok) return read;
  const typeName = nonEmptyString(`${argument}.typeName`, read.value.typeName);
  if (!typeName.ok) return typeName;
  const typeHash = nonEmptyString(`${argument}.typeHash`, read.value.typeHash);
  if (!typeHash.ok) return typeHash;
  return ok({ typeName: typeName.value, typeHash: typeHash.value, fields: read.value });
}

/** A frozen snapshot of a message type; encode and decode still run the caller's functions. */
export function checkMessageType<M>(argument: string, type: MessageType<M>): ResultOf<MessageType<M>> {
  const read = readTypeSupport(argument, 'message type', type, ['encode', 'decode']);
  if (!read.ok) return read;
  const { typeName, typeHash, fields } = read.value;
  const { encode, decode } = fields;
  if (typeof encode !== 'function' || typeof decode !== 'function') {
    return err('InvalidArgument', `${argument} (${typeName}) must have encode() and decode()`);
  }
  // Entities of one type share its snapshot while the type's fields stay what they were.
  const known = snapshots.get(type);
  if (
    known !== undefined &&
    known.encode === encode &&
    known.decode === decode &&
    known.snapshot.typeName === typeName &&
    known.snapshot.typeHash === typeHash
  )
    return ok(known.snapshot as unknown as MessageType<M>);
  const snapshot: MessageType<M> = Object.freeze({
    typeName,
    typeHash,
    encode: (message: M): Uint8Array => encode.call(type, message),
    decode: (bytes: Uint8Array, use?: 'lent' | 'given'): M => decode.call(type, bytes, use),
  });
  snapshots.set(type, { encode, decode, snapshot: snapshot as unknown as MessageType<unknown> });
  return ok(snapshot);
}

/** The last snapshot taken of each message type object, and the functions it was taken from. */
const snapshots = new WeakMap<
  object,
  { readonly encode: unknown; readonly decode: unknown; readonly snapshot: MessageType<unknown> }
>();

/** A frozen snapshot of a service type and its two message types. */
export function checkServiceType<Req, Res>(
  argument: string,
  type: ServiceType<Req, Res>,
): ResultOf<ServiceType<Req, Res>> {
  const read = readTypeSupport(argument, 'service type', type, ['Request', 'Response']);
  if (!read.ok) return read;
  const { typeName, typeHash, fields } = read.value;
  const request = checkMessageType(`${argument}.Request`, fields.Request as MessageType<Req>);
  if (!request.ok) return request;
  const response = checkMessageType(`${argument}.Response`, fields.Response as MessageType<Res>);
  if (!response.ok) return response;
  // As for message types: clients and services of one type share its snapshot while it stays what it was.
  const known = serviceSnapshots.get(type) as ServiceType<Req, Res> | undefined;
  if (
    known !== undefined &&
    known.typeName === typeName &&
    known.typeHash === typeHash &&
    known.Request === request.value &&
    known.Response === response.value
  )
    return ok(known);
  const snapshot = Object.freeze({ typeName, typeHash, Request: request.value, Response: response.value });
  serviceSnapshots.set(type, snapshot as ServiceType<unknown, unknown>);
  return ok(snapshot);
}

const serviceSnapshots = new WeakMap<object, ServiceType<unknown, unknown>>();

export function checkFunction(argument: string, fn: unknown): Result {
  return typeof fn === 'function' ? ok() : err('InvalidArgument', `${argument} must be a function, got ${typeof fn}`);
}

/** Encodes, turning a throw into InvalidArgument naming the type and the destination. */
export function encodeMessage<M>(type: MessageType<M>, message: M, where: string): ResultOf<Uint8Array> {
  const bytes = encodeBytes(type, message, { where: () => where });
  return bytes instanceof Uint8Array ? ok(bytes) : bytes;
}

/**
 * encodeMessage for the publish hot path: the bytes themselves (no Result per message), and the
 * destination's name built only for an error.
 */
export function encodeBytes<M>(type: MessageType<M>, message: M, dest: { where(): string }): Uint8Array | Err {
  try {
    const bytes = type.encode(message);
    if (!(bytes instanceof Uint8Array))
      return err('InvalidArgument', `${type.typeName}.encode did not return bytes (${dest.where()})`);
    return bytes;
  } catch (thrown) {
    return err(
      'InvalidArgument',
      `message does not encode as ${type.typeName} (${dest.where()}): ${describeThrown(thrown)}`,
    );
  }
}

/** `use` as MessageType.decode takes it: `'given'` only for bytes nothing reads or writes after. */
export function decodeMessage<M>(
  type: MessageType<M>,
  bytes: Uint8Array,
  where: string,
  use: 'lent' | 'given' = 'lent',
): ResultOf<M> {
  try {
    return ok(type.decode(bytes, use));
  } catch (thrown) {
    return err('Error', decodeFailure(type, where, thrown));
  }
}

/** What decodeMessage's error says, for a caller that decodes inline (no Result per message). */
export function decodeFailure(type: { readonly typeName: string }, where: string, thrown: unknown): string {
  return `cannot decode ${type.typeName} (${where}): ${describeThrown(thrown)}`;
}

export function messageInfo(item: {
  readonly key: string;
  readonly receivedAtMs: number;
  readonly attachment: RmwAttachment | undefined;
}): MessageInfo {
  const a = item.attachment;
  return {
    key: item.key,
    receivedAtMs: item.receivedAtMs,
    sequenceNumber: a?.sequenceNumber,
    sourceTimestampNs: a?.sourceTimestampNs,
    publisherGid: a?.gid,
  };
}
