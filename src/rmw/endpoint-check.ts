/**
 * The checks every backend applies to what a node hands it, so that both refuse the same
 * input with the same sentence: an endpoint spec (naming, name, data key, QoS) and a payload.
 */
import { describeValue, err, ok, type ResultOf } from '../result.js';
import { validateKeyExpr } from './key-expr.js';
import { isQosValue, type RmwQos } from './qos.js';
import type { EndpointKind, RmwEndpointSpec } from './rmw.js';
import { dataKey } from './wire/data-key.js';

function qosProblem(qos: RmwQos | undefined, what: string): string | undefined {
  if (typeof qos !== 'object' || qos === null) return `qos of ${what} must be an object`;
  for (const policy of ['reliability', 'durability', 'history', 'liveliness'] as const) {
    if (!isQosValue(policy, qos[policy])) return `qos ${policy} of ${what} is '${describeValue(qos[policy])}'`;
  }
  if (!Number.isInteger(qos.depth) || qos.depth < 0)
    return `qos depth of ${what} must be a non-negative integer, got ${describeValue(qos.depth)}`;
  for (const f of ['deadlineMs', 'lifespanMs', 'livelinessLeaseMs'] as const) {
    const v = qos[f];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      return `qos ${f} of ${what} must be a finite number >= 0, got ${describeValue(v)}`;
  }
  return undefined;
}

/** The checked data key of an endpoint; errors name the endpoint kind and its name or key. */
export function checkEndpointSpec(domainId: number, spec: RmwEndpointSpec, kind: EndpointKind): ResultOf<string> {
  if (typeof spec !== 'object' || spec === null) return err('InvalidArgument', `${kind} spec must be an object`);
  if (spec.naming !== 'ros' && spec.naming !== 'raw') {
    return err('InvalidArgument', `${kind} naming '${describeValue(spec.naming)}' is neither 'ros' nor 'raw'`);
  }
  if (typeof spec.name !== 'string') return err('InvalidArgument', `${kind} name must be a string`);
  const key = dataKey(domainId, spec);
  if (!key.ok) return err('InvalidArgument', `${kind} '${spec.name}': ${key.error.message}`);
  const valid = validateKeyExpr(key.value, `${kind} key`);
  if (!valid.ok) return valid;
  const problem = qosProblem(spec.qos, `${kind} on '${key.value}'`);
  if (problem !== undefined) return err('InvalidArgument', problem);
  return key;
}

/** What names an entity in an error, asked only when there is one (a name is built, not kept). */
export interface Named {
  readonly what: string;
}

/**
 * What a payload must be on every backend: bytes. Names what was passed instead, without
 * calling its code; the error names `of` + the entity (`request of service client on ...`).
 */
export function checkPayloadType(payload: unknown, what: string | Named, of = ''): ResultOf<Uint8Array> {
  let got: string = payload === null ? 'null' : typeof payload;
  if (typeof payload === 'object' && payload !== null) {
    try {
      if (payload instanceof Uint8Array) return ok(payload);
      const name = (payload as { constructor?: { name?: unknown } }).constructor?.name;
      if (typeof name === 'string') got = name;
    } catch {
      // a revoked Proxy or a throwing getter: 'object' says enough
    }
  }
  const name = typeof what === 'string' ? what : what.what;
  return err('InvalidArgument', `payload for ${of}${name} must be a Uint8Array, got ${got}`);
}
