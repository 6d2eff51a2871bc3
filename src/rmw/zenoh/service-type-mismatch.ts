/**
 * Why a ros service client matches no server although the graph shows one of the same name:
 * it is served with another type, or the same type with another hash (another ROS release of
 * the definition). Told to the user by waitForService instead of a bare Timeout.
 */
import type { RmwEndpointInfo } from '../rmw.js';

interface ExpectedType {
  readonly name: string;
  readonly typeName: string;
  readonly typeHash: string;
}

/** The sentence, or undefined when no visible server of that name differs. */
export function serviceTypeMismatch(servers: readonly RmwEndpointInfo[], spec: ExpectedType): string | undefined {
  const otherType = servers.find((s) => s.typeName !== spec.typeName);
  if (otherType !== undefined) {
    return `service ${spec.name} is served with type ${otherType.typeName}, this client expects ${spec.typeName}`;
  }
  const otherHash = servers.find((s) => s.typeHash !== spec.typeHash);
  if (otherHash !== undefined) {
    return `service ${spec.name} is served with type ${spec.typeName} hash ${otherHash.typeHash}, this client expects hash ${spec.typeHash}`;
  }
  return undefined;
}
