/**
 * Service introspection's vocabulary, as rcl names it (rcl/service_introspection.h and
 * service_msgs/msg/ServiceEventInfo): the three states and the four event kinds.
 */

/** rcl_service_introspection_state_t, with rcl's numbers (rclpy's ServiceIntrospectionState). */
export const ServiceIntrospectionState = {
  /** No events; the event publisher is destroyed. */
  Off: 0,
  /** Events carry `info` only: `request` and `response` stay empty. */
  Metadata: 1,
  /** Events carry the request or the response as well. */
  Contents: 2,
} as const;
export type ServiceIntrospectionState = (typeof ServiceIntrospectionState)[keyof typeof ServiceIntrospectionState];

/** service_msgs/msg/ServiceEventInfo's event_type constants. */
export const ServiceEventType = {
  RequestSent: 0,
  RequestReceived: 1,
  ResponseSent: 2,
  ResponseReceived: 3,
} as const;
export type ServiceEventType = (typeof ServiceEventType)[keyof typeof ServiceEventType];

/** RCL_SERVICE_INTROSPECTION_TOPIC_POSTFIX: events of service `/s` go to `/s/_service_event`. */
export const SERVICE_EVENT_SUFFIX = '/_service_event';

export function isIntrospectionState(x: unknown): x is ServiceIntrospectionState {
  return x === 0 || x === 1 || x === 2;
}
