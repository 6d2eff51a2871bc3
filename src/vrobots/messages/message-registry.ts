/**
 * Every swarmbotix message by its protobuf full name, for tools that learn the type at run
 * time (topic echo, the freshness and round-trip tests).
 */
import { err, ok, type ResultOf } from '../../result.js';
import { FIELDS } from '../generated/swarmbotix-types.js';
import { type MessageName, type ProtoMessageType, protoMessageType } from './proto-codec.js';

const cache = new Map<string, ProtoMessageType<unknown>>();

/** Full names of every message in the schema, sorted. */
export function messageNames(): readonly string[] {
  return Object.keys(FIELDS).sort();
}

/** Type support for a message by full name, e.g. `swarmbotix.states.State`. */
export function messageTypeByName(fullName: string): ResultOf<ProtoMessageType<unknown>> {
  const hit = cache.get(fullName);
  if (hit !== undefined) return ok(hit);
  if (FIELDS[fullName] === undefined) {
    return err('InvalidArgument', `fullName: no swarmbotix message named '${fullName}'`);
  }
  const type = protoMessageType(fullName as MessageName) as ProtoMessageType<unknown>;
  cache.set(fullName, type);
  return ok(type);
}
