/**
 * From an rmw endpoint spec to what the zenoh backend declares: the checked data key and,
 * for `ros` naming, the liveliness token. Bad input is refused here, before anything is
 * registered or sent.
 */
import { err, ok, type ResultOf } from '../../result.js';
import { checkEndpointSpec } from '../endpoint-check.js';
import { hasWildcard, validateKeyExpr } from '../key-expr.js';
import type { EndpointKind, RmwEndpointSpec } from '../rmw.js';
import { ddsTypeName } from '../wire/data-key.js';
import { endpointToken, type TokenOwner } from '../wire/liveliness-token.js';

export interface ResolvedEndpoint {
  readonly spec: RmwEndpointSpec;
  readonly kind: EndpointKind;
  readonly key: string;
  readonly entityId: string;
  /** Liveliness token, `ros` naming only. */
  readonly token: string | undefined;
}

export function resolveEndpoint(
  owner: TokenOwner,
  entityId: string,
  spec: RmwEndpointSpec,
  kind: EndpointKind,
): ResultOf<ResolvedEndpoint> {
  const key = checkEndpointSpec(owner.domainId, spec, kind);
  if (!key.ok) return key;
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
