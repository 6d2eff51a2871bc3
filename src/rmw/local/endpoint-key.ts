/**
 * From an endpoint spec to what the local backend declares: the checked key and the QoS it
 * grants. Bad input is refused here, before anything is registered on the bus.
 */
import { err, ok, type Result, type ResultOf } from '../../result.js';
import { validateKeyExpr } from '../key-expr.js';
import type { RmwActualQos, RmwQos } from '../qos.js';
import type { EndpointKind, RmwEndpointSpec } from '../rmw.js';
import { dataKey } from '../wire/data-key.js';

/** Builds and validates the data key of an endpoint; errors name the endpoint kind and its name or key. */
export function endpointKey(domainId: number, spec: RmwEndpointSpec, kind: EndpointKind): ResultOf<string> {
  if (typeof spec !== 'object' || spec === null) return err('InvalidArgument', `${kind} spec must be an object`);
  if (spec.naming !== 'ros' && spec.naming !== 'raw') {
    return err('InvalidArgument', `${kind} naming '${String(spec.naming)}' is neither 'ros' nor 'raw'`);
  }
  if (typeof spec.name !== 'string') return err('InvalidArgument', `${kind} name must be a string`);
  const key = dataKey(domainId, spec);
  if (!key.ok) return err('InvalidArgument', `${kind} '${spec.name}': ${key.error.message}`);
  const valid = validateKeyExpr(key.value, `${kind} key`);
  if (!valid.ok) return valid;
  const qos = checkQos(spec.qos, `${kind} on '${key.value}'`);
  if (!qos.ok) return qos;
  return key;
}

function checkQos(qos: RmwQos, what: string): Result {
  if (typeof qos !== 'object' || qos === null) return err('InvalidArgument', `qos of ${what} must be an object`);
  if (!Number.isInteger(qos.depth) || qos.depth < 0) {
    return err('InvalidArgument', `qos depth of ${what} must be a non-negative integer, got ${String(qos.depth)}`);
  }
  return ok();
}

/**
 * In process nothing is lost, so delivery is reliable whatever was asked; history and depth
 * are applied by the executor's queue; transient local is emulated by the bus; the timing
 * policies are not enforced here.
 */
export function localActualQos(qos: RmwQos): RmwActualQos {
  return {
    reliability: 'reliable',
    durability: qos.durability,
    history: qos.history,
    depth: qos.depth,
    deadlineMs: 'unknown',
    lifespanMs: 'unknown',
    liveliness: 'unknown',
    livelinessLeaseMs: 'unknown',
  };
}

/** A payload check shared by publish, sendRequest and respond. */
export function checkPayload(payload: unknown, what: string): Result {
  if (payload instanceof Uint8Array) return ok();
  const got =
    payload === null ? 'null' : typeof payload === 'object' ? (payload.constructor?.name ?? 'object') : typeof payload;
  return err('InvalidArgument', `payload for ${what} must be a Uint8Array, got ${got}`);
}
