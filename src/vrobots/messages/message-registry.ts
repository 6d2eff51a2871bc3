/**
 * Every swarmbotix message by its protobuf full name, for tools that learn the type at run
 * time (topic echo, the freshness and round-trip tests).
 */
import { err, ok, type ResultOf } from '../../result.js';
import { swarmbotix } from '../generated/swarmbotix.js';
import { FIELDS } from '../generated/swarmbotix-types.js';
import {
  type GeneratedMessageClass,
  type MessageName,
  type ProtoMessageType,
  protoMessageType,
} from './proto-codec.js';

const cache = new Map<string, ProtoMessageType<unknown>>();

function generatedClass(fullName: string): GeneratedMessageClass | undefined {
  let node: unknown = { swarmbotix };
  for (const part of fullName.split('.')) {
    if (typeof node !== 'object' && typeof node !== 'function') return undefined;
    node = (node as Record<string, unknown> | null)?.[part];
  }
  return typeof node === 'function' ? (node as unknown as GeneratedMessageClass) : undefined;
}

/** Full names of every message in the schema, sorted. */
export function messageNames(): readonly string[] {
  return Object.keys(FIELDS).sort();
}

/** Type support for a message by full name, e.g. `swarmbotix.states.State`. */
export function messageTypeByName(fullName: string): ResultOf<ProtoMessageType<unknown>> {
  const hit = cache.get(fullName);
  if (hit !== undefined) return ok(hit);
  const cls = FIELDS[fullName] === undefined ? undefined : generatedClass(fullName);
  if (cls === undefined) {
    return err('InvalidArgument', `fullName: no swarmbotix message named '${fullName}'`);
  }
  const type = protoMessageType(fullName as MessageName, cls) as ProtoMessageType<unknown>;
  cache.set(fullName, type);
  return ok(type);
}
