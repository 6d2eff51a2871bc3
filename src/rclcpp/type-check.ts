/** Run-time checks of what the type system already demands, for plain JavaScript callers. */
import { describeThrown, err, ok, type Result, type ResultOf } from '../result.js';
import type { RmwAttachment } from '../rmw/rmw.js';
import type { MessageInfo } from './api.js';
import type { MessageType, ServiceType } from './type-support.js';

export function checkMessageType(argument: string, type: unknown): Result {
  const t = type as Partial<MessageType<unknown>> | null;
  if (typeof t !== 'object' || t === null)
    return err('InvalidArgument', `${argument} must be a message type, got ${String(type)}`);
  if (typeof t.typeName !== 'string' || t.typeName.length === 0)
    return err('InvalidArgument', `${argument}.typeName must be a non-empty string`);
  if (typeof t.typeHash !== 'string' || t.typeHash.length === 0)
    return err('InvalidArgument', `${argument}.typeHash must be a non-empty string`);
  if (typeof t.encode !== 'function' || typeof t.decode !== 'function') {
    return err('InvalidArgument', `${argument} (${t.typeName}) must have encode() and decode()`);
  }
  return ok();
}

export function checkServiceType(argument: string, type: unknown): Result {
  const t = type as Partial<ServiceType<unknown, unknown>> | null;
  if (typeof t !== 'object' || t === null)
    return err('InvalidArgument', `${argument} must be a service type, got ${String(type)}`);
  if (typeof t.typeName !== 'string' || t.typeName.length === 0)
    return err('InvalidArgument', `${argument}.typeName must be a non-empty string`);
  if (typeof t.typeHash !== 'string' || t.typeHash.length === 0)
    return err('InvalidArgument', `${argument}.typeHash must be a non-empty string`);
  const req = checkMessageType(`${argument}.Request`, t.Request);
  if (!req.ok) return req;
  return checkMessageType(`${argument}.Response`, t.Response);
}

export function checkFunction(argument: string, fn: unknown): Result {
  return typeof fn === 'function' ? ok() : err('InvalidArgument', `${argument} must be a function, got ${typeof fn}`);
}

/** Encodes, turning a throw into InvalidArgument naming the type and the destination. */
export function encodeMessage<M>(type: MessageType<M>, message: M, where: string): ResultOf<Uint8Array> {
  try {
    const bytes = type.encode(message);
    if (!(bytes instanceof Uint8Array))
      return err('InvalidArgument', `${type.typeName}.encode did not return bytes (${where})`);
    return ok(bytes);
  } catch (thrown) {
    return err('InvalidArgument', `message does not encode as ${type.typeName} (${where}): ${describeThrown(thrown)}`);
  }
}

export function decodeMessage<M>(type: MessageType<M>, bytes: Uint8Array, where: string): ResultOf<M> {
  try {
    return ok(type.decode(bytes));
  } catch (thrown) {
    return err('Error', `cannot decode ${type.typeName} (${where}): ${describeThrown(thrown)}`);
  }
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
