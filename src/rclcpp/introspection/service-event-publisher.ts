/**
 * rcl's service event publisher (rcl/src/rcl/service_event_publisher.c): one publisher of the
 * service type's `Event` message on `<service>/_service_event`, created under the entity's node
 * when introspection is first switched on and destroyed when it is switched off. Services and
 * clients call `send` in the same spin round as the request or response it describes.
 */

import { describeValue, err, ok, type Result } from '../../result.js';
import type { Node, Publisher, QoSLike } from '../api.js';
import { Clock } from '../time/clock.js';
import { NS_PER_S } from '../time/msg-fields.js';
import { checkMessageType } from '../type-check.js';
import type { MessageType } from '../type-support.js';
import {
  isIntrospectionState,
  SERVICE_EVENT_SUFFIX,
  ServiceEventType,
  ServiceIntrospectionState,
} from './introspection-state.js';

/** A zero GID, for a request that came without an attachment (a `raw` endpoint carries none). */
const NO_GID = new Uint8Array(16);

/**
 * The node's type check keeps Request and Response only; the Event of the type the user gave is
 * remembered here by that checked snapshot, read when introspection is configured.
 */
const eventTypes = new WeakMap<object, MessageType<unknown>>();

export function rememberEventType(checked: object, given: unknown): void {
  if (eventTypes.has(checked)) return;
  let event: unknown;
  try {
    event = (given as { readonly Event?: unknown }).Event;
  } catch {
    return; // a hostile getter: no Event, configureIntrospection answers Unsupported
  }
  if (event === undefined) return;
  const type = checkMessageType('type.Event', event as MessageType<unknown>);
  if (type.ok) eventTypes.set(checked, type.value);
}

export class ServiceEventPublisher {
  constructor(
    private readonly publisher: Publisher<unknown>,
    private readonly clock: Clock,
    public state: ServiceIntrospectionState,
  ) {}

  /** One event; `body` is the request or response, left out in the metadata state. */
  send(eventType: ServiceEventType, sequenceNumber: bigint, clientGid: Uint8Array | undefined, body: unknown): Result {
    const ns = this.clock.now().nanoseconds;
    // As rcl: seconds cast to int32, nanoseconds the remainder.
    const stamp = { sec: Number(BigInt.asIntN(32, ns / NS_PER_S)), nanosec: Number(ns % NS_PER_S) };
    const info = { event_type: eventType, stamp, client_gid: clientGid ?? NO_GID, sequence_number: sequenceNumber };
    const carried = this.state === ServiceIntrospectionState.Contents ? [body] : [];
    const isRequest = eventType === ServiceEventType.RequestSent || eventType === ServiceEventType.RequestReceived;
    return this.publisher.publish({
      info,
      request: isRequest ? carried : [],
      response: isRequest ? [] : carried,
    });
  }

  destroy(): void {
    this.publisher.destroy();
  }
}

/** What a service or client entry keeps for introspection. */
export interface IntrospectionTarget {
  /** The resolved service name. */
  readonly name: string;
  readonly type: { readonly typeName: string };
  /** The node that created the entity; the event publisher is created under it. */
  node: Node | undefined;
  introspection: ServiceEventPublisher | undefined;
}

/**
 * rclcpp's configure_introspection(clock, qos, state) as rcl_service_configure_service_introspection
 * runs it: Off destroys the publisher; Metadata or Contents creates it (with this clock and QoS)
 * if there is none, else only changes the state, keeping the first clock and QoS.
 */
export function configureIntrospection(
  target: IntrospectionTarget,
  what: string,
  clock: unknown,
  qos: QoSLike | undefined,
  state: unknown,
): Result {
  if (!isIntrospectionState(state)) {
    return err(
      'InvalidArgument',
      `configureIntrospection of ${what}: state must be ServiceIntrospectionState.Off, Metadata or Contents (0, 1, 2), got ${describeValue(state)}`,
    );
  }
  if (!(clock instanceof Clock)) {
    return err(
      'InvalidArgument',
      `configureIntrospection of ${what}: clock must be an rclts Clock (node.getClock()), got ${describeValue(clock)}`,
    );
  }
  if (state === ServiceIntrospectionState.Off) {
    target.introspection?.destroy();
    target.introspection = undefined;
    return ok();
  }
  if (target.introspection !== undefined) {
    target.introspection.state = state;
    return ok();
  }
  const event = eventTypes.get(target.type);
  if (event === undefined) {
    return err(
      'Unsupported',
      `configureIntrospection of ${what}: service type '${target.type.typeName}' has no Event message (generated ROS 2 service types carry one)`,
    );
  }
  const node = target.node;
  if (node === undefined) return err('NotInitialized', `configureIntrospection of ${what}: the entity has no node`);
  const publisher = node.createPublisher(event, `${target.name}${SERVICE_EVENT_SUFFIX}`, qos);
  if (!publisher.ok) return publisher;
  target.introspection = new ServiceEventPublisher(publisher.value, clock, state);
  return ok();
}
