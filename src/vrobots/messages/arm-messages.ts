/**
 * The arm's messages as rclts type support: the request and answer of every immediate
 * command (`vrobots/{id}/z/srv/rti_*`, `latest_status`, the `arm_*` knobs) and the status it
 * publishes on `vrobots/{id}/z/arm_status`.
 */
import type { ArmVerb } from '../arm/arm-verbs.js';
import type * as shapes from '../generated/swarmbotix-types.js';
import { protoMessageType, protoServiceType } from './proto-codec.js';

export type ArmRequest = shapes.ArmRequest;
export const ArmRequest = protoMessageType('swarmbotix.arm.ArmRequest');

export type ArmReply = shapes.ArmReply;
export const ArmReply = protoMessageType('swarmbotix.arm.ArmReply');

export type ArmStatus = shapes.ArmStatus;
export const ArmStatus = protoMessageType('swarmbotix.arm.ArmStatus');

/** The service type of one verb: ArmRequest in, ArmReply out. */
export const armService = (verb: ArmVerb) => protoServiceType(`swarmbotix.arm.${verb}`, ArmRequest, ArmReply);
