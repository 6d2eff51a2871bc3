/**
 * Data keys. `ros`: rmw_zenoh's `<domain>/<fq name without outer slashes>/<dds type>/<hash>`;
 * `raw`: the name is the key as is (vrobots).
 */
import { err, ok, type ResultOf } from '../../result.js';
import type { RmwEndpointSpec } from '../rmw.js';

/** `std_msgs/msg/String` -> `std_msgs::msg::dds_::String_` (services: `pkg::srv::dds_::Name_`). */
export function ddsTypeName(rosTypeName: string): ResultOf<string> {
  const parts = rosTypeName.split('/');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) {
    return err('InvalidArgument', `type name '${rosTypeName}' is not of the form <package>/<msg|srv|action>/<Name>`);
  }
  const [pkg, kind, name] = parts as [string, string, string];
  return ok(`${pkg}::${kind}::dds_::${name}_`);
}

/** Strips the leading and trailing '/' of a fully qualified ROS name. */
export function stripOuterSlashes(name: string): string {
  return name.replace(/^\/+/, '').replace(/\/+$/, '');
}

export function dataKey(
  domainId: number,
  spec: Pick<RmwEndpointSpec, 'naming' | 'name' | 'typeName' | 'typeHash'>,
): ResultOf<string> {
  if (spec.naming === 'raw') {
    return spec.name.length > 0 ? ok(spec.name) : err('InvalidArgument', 'raw key is empty');
  }
  const dds = ddsTypeName(spec.typeName);
  if (!dds.ok) return dds;
  const name = stripOuterSlashes(spec.name);
  if (name.length === 0) return err('InvalidArgument', `name '${spec.name}' is empty`);
  return ok(`${domainId}/${name}/${dds.value}/${spec.typeHash}`);
}

/** `std_msgs::msg::dds_::String_` -> `std_msgs/msg/String`; other strings come back unchanged. */
export function rosTypeName(ddsName: string): string {
  const m = /^([^:]+)::([^:]+)::dds_::(.+)_$/.exec(ddsName);
  return m === null ? ddsName : `${m[1]}/${m[2]}/${m[3]}`;
}
