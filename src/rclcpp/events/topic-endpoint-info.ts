/**
 * rclcpp's TopicEndpointInfo (what `get_publishers_info_by_topic` answers), camelCase: the
 * node, the type and its hash, the endpoint's GID and the QoS it announced.
 */
import type { RmwActualQos } from '../../rmw/qos.js';
import type { RmwEndpointInfo } from '../../rmw/rmw.js';
import { gidToHex } from '../../rmw/wire/gid.js';

export const EndpointType = { Publisher: 'publisher', Subscription: 'subscription' } as const;
export type EndpointType = (typeof EndpointType)[keyof typeof EndpointType];

export interface TopicEndpointInfo {
  readonly nodeName: string;
  readonly nodeNamespace: string;
  readonly topicType: string;
  /** `RIHS01_<hex>` or `TypeHashNotSupported`. */
  readonly topicTypeHash: string;
  readonly endpointType: EndpointType;
  /** 16 bytes; on zenoh the same bytes rclpy's `endpoint_gid` shows for this endpoint. */
  readonly endpointGid: Uint8Array;
  readonly qosProfile: RmwActualQos;
}

export function topicEndpointInfo(e: RmwEndpointInfo & { readonly kind: EndpointType }): TopicEndpointInfo {
  return {
    nodeName: e.node.name,
    nodeNamespace: e.node.namespace,
    topicType: e.typeName,
    topicTypeHash: e.typeHash,
    endpointType: e.kind,
    endpointGid: new Uint8Array(e.gid),
    qosProfile: e.qos,
  };
}

/** A GID as 32 lowercase hex digits (how a GID is compared and printed). */
export function gidHex(gid: Uint8Array): string {
  return gidToHex(gid);
}
