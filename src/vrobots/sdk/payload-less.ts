/**
 * Payload-less GETs through the rclcpp layer. The vendor sends some requests with no
 * payload at all (the create probe, activate, reset, skin read-back, the scene frame); a
 * request type whose encoding is zero bytes carries exactly that: the simulator sees an
 * empty payload, whatever the codec does with defaults. (A request stamped with the
 * client's header, as every other request is, would not be empty.)
 */
import type { MessageType, ServiceType } from '../../rclcpp/index.js';
import { SrvAck, SrvVRobotCreated } from '../messages/service-messages.js';

const EMPTY = new Uint8Array(0);

export const NoPayload: MessageType<undefined> = Object.freeze({
  typeName: 'rclts.vrobots.NoPayload',
  typeHash: 'TypeHashNotSupported',
  encode: () => EMPTY,
  decode: () => undefined,
});

/** A service type whose request is payload-less and whose reply is `response`. */
export function payloadLessService<Res>(response: MessageType<Res>): ServiceType<undefined, Res> {
  return Object.freeze({
    typeName: `rclts.vrobots.PayloadLess_${response.typeName}`,
    typeHash: 'TypeHashNotSupported',
    Request: NoPayload,
    Response: response,
  });
}

/** Payload-less GET answered by SrvAck: activate, skin read-back, scene frame. */
export const PayloadLessAck = payloadLessService(SrvAck);
/** The create probe: payload-less GET on manager create, answered ok=false (reserves nothing). */
export const CreateProbe = payloadLessService(SrvVRobotCreated);
