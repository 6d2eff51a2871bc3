/**
 * Payload-less GETs through the rclcpp layer. The vendor sends some requests with no
 * payload at all (the create probe, activate, reset, skin read-back, the scene frame); a
 * request type whose encoding is zero bytes carries exactly that: the simulator sees an
 * empty payload, whatever the codec does with defaults. (A request stamped with the
 * client's header, as every other request is, would not be empty.)
 */
import type { MessageType, ServiceType } from '../../rclcpp/index.js';
import { SrvAck, SrvVRobotCreate, SrvVRobotCreated } from '../messages/service-messages.js';

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
/**
 * The manager's create key, probe and create on one client: `undefined` is the payload-less
 * probe (answered ok=false, reserves nothing), a SrvVRobotCreate the real create. One client,
 * so the create goes out on a client whose declarations the probe already paid for.
 */
export const ManagerCreate: ServiceType<SrvVRobotCreate | undefined, SrvVRobotCreated> = Object.freeze({
  typeName: 'rclts.vrobots.ManagerCreate',
  typeHash: 'TypeHashNotSupported',
  Request: Object.freeze({
    typeName: 'rclts.vrobots.ProbeOrCreate',
    typeHash: 'TypeHashNotSupported',
    encode: (request: SrvVRobotCreate | undefined) => (request === undefined ? EMPTY : SrvVRobotCreate.encode(request)),
    decode: (bytes: Uint8Array) => (bytes.byteLength === 0 ? undefined : SrvVRobotCreate.decode(bytes)),
  }),
  Response: SrvVRobotCreated,
});
