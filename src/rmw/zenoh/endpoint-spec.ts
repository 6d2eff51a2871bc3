/**
 * From an rmw endpoint spec to what the zenoh backend declares: the checked data key and,
 * for `ros` naming, the liveliness token. Bad input is refused here, before anything is
 * registered or sent.
 */
import { err, ok, type ResultOf } from '../../result.js';
import { hasWildcard, validateKeyExpr } from '../key-expr.js';
import { isQosValue, type RmwQos } from '../qos.js';
import type { EndpointKind, RmwEndpointSpec } from '../rmw.js';
import { dataKey, ddsTypeName } from '../wire/data-key.js';
import { endpointToken, type TokenOwner } from '../wire/liveliness-token.js';

export interface ResolvedEndpoint {
  readonly spec: RmwEndpointSpec;
  readonly kind: EndpointKind;
  readonly key: string;
  readonly entityId: string;
  /** Liveliness token, `ros` naming only. */
  readonly token: string | undefined;
}

function checkQos(qos: RmwQos | undefined, what: string): string | undefined {
  if (typeof qos !== 'object' || qos === null) return `qos of ${what} must be an object`;
  for (const policy of ['reliability', 'durability', 'history', 'liveliness'] as const) {
    if (!isQosValue(policy, qos[policy])) return `qos ${policy} of ${what} is '${String(qos[policy])}'`;
  }
  if (!Number.isInteger(qos.depth) || qos.depth < 0)
    return `qos depth of ${what} must be a non-negative integer, got ${String(qos.depth)}`;
  for (const f of ['deadlineMs', 'lifespanMs', 'livelinessLeaseMs'] as const) {
    const v = qos[f];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      return `qos ${f} of ${what} must be a finite number >= 0, got ${String(v)}`;
  }
  return undefined;
}

export function resolveEndpoint(
  owner: TokenOwner,
  entityId: string,
  spec: RmwEndpointSpec,
  kind: EndpointKind,
): ResultOf<ResolvedEndpoint> {
  if (typeof spec !== 'object' || spec === null) return err('InvalidArgument', `${kind} spec must be an object`);
  if (spec.naming !== 'ros' && spec.naming !== 'raw') {
    return err('InvalidArgument', `${kind} naming '${String(spec.naming)}' is neither 'ros' nor 'raw'`);
  }
  if (typeof spec.name !== 'string') return err('InvalidArgument', `${kind} name must be a string`);
  const key = dataKey(owner.domainId, spec);
  if (!key.ok) return err('InvalidArgument', `${kind} '${spec.name}': ${key.error.message}`);
  const valid = validateKeyExpr(key.value, `${kind} key`);
  if (!valid.ok) return valid;
  const qosProblem = checkQos(spec.qos, `${kind} on '${key.value}'`);
  if (qosProblem !== undefined) return err('InvalidArgument', qosProblem);
  if (kind === 'publisher' && hasWildcard(key.value)) {
    return err('InvalidArgument', `publisher key '${key.value}' has a wildcard; a publisher needs one concrete key`);
  }
  if (spec.naming === 'raw') return ok({ spec, kind, key: key.value, entityId, token: undefined });

  if (hasWildcard(key.value))
    return err('InvalidArgument', `${kind} name '${spec.name}' must not hold wildcards with ros naming`);
  if (!spec.name.startsWith('/'))
    return err('InvalidArgument', `${kind} name '${spec.name}' must be fully qualified (start with '/')`);
  if (typeof spec.typeHash !== 'string' || spec.typeHash.length === 0) {
    return err('InvalidArgument', `${kind} '${spec.name}': type hash is empty (use 'TypeHashNotSupported')`);
  }
  const dds = ddsTypeName(spec.typeName);
  if (!dds.ok) return dds;
  const token = endpointToken(owner, {
    kind,
    entityId,
    name: spec.name,
    ddsTypeName: dds.value,
    typeHash: spec.typeHash,
    qos: spec.qos,
  });
  const tokenValid = validateKeyExpr(token, `${kind} liveliness token`);
  if (!tokenValid.ok) return tokenValid;
  return ok({ spec, kind, key: key.value, entityId, token });
}
