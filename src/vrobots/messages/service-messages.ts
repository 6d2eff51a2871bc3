/**
 * Request and reply messages of the vrobots services, as rclts type support. Each name is
 * both the plain TS shape and its type support value.
 */
import type * as shapes from '../generated/swarmbotix-types.js';
import { protoMessageType } from './proto-codec.js';

/** Receipt of every service but create (not a result; see docs/vrobots-protocol.md). */
export type SrvAck = shapes.SrvAck;
export const SrvAck = protoMessageType('swarmbotix.services.SrvAck');

/** Request of argument-less keys (`srv/activate`, `scene/z/srv/frame`). */
export type SrvTrigger = shapes.SrvTrigger;
export const SrvTrigger = protoMessageType('swarmbotix.services.SrvTrigger');

export type SrvVRobotCreate = shapes.SrvVRobotCreate;
export const SrvVRobotCreate = protoMessageType('swarmbotix.services.SrvVRobotCreate');

export type SrvVRobotCreated = shapes.SrvVRobotCreated;
export const SrvVRobotCreated = protoMessageType('swarmbotix.services.SrvVRobotCreated');

export type SrvVRobotDelete = shapes.SrvVRobotDelete;
export const SrvVRobotDelete = protoMessageType('swarmbotix.services.SrvVRobotDelete');

export type SrvReset = shapes.SrvReset;
export const SrvReset = protoMessageType('swarmbotix.services.SrvReset');

export type SrvVRobotPhysicalProperty = shapes.SrvVRobotPhysicalProperty;
export const SrvVRobotPhysicalProperty = protoMessageType('swarmbotix.services.SrvVRobotPhysicalProperty');

export type SrvVRobotSkin = shapes.SrvVRobotSkin;
export const SrvVRobotSkin = protoMessageType('swarmbotix.services.SrvVRobotSkin');

export type SrvSensorConfig = shapes.SrvSensorConfig;
export const SrvSensorConfig = protoMessageType('swarmbotix.services.SrvSensorConfig');

export type SrvVRobotFrame = shapes.SrvVRobotFrame;
export const SrvVRobotFrame = protoMessageType('swarmbotix.services.SrvVRobotFrame');

export type SrvCameraConfig = shapes.SrvCameraConfig;
export const SrvCameraConfig = protoMessageType('swarmbotix.services.SrvCameraConfig');

export type SrvUgvDriveConfig = shapes.SrvUgvDriveConfig;
export const SrvUgvDriveConfig = protoMessageType('swarmbotix.services.SrvUgvDriveConfig');

export type SrvMultirotorRotorConfig = shapes.SrvMultirotorRotorConfig;
export const SrvMultirotorRotorConfig = protoMessageType('swarmbotix.services.SrvMultirotorRotorConfig');

export type SrvMsdConfig = shapes.SrvMsdConfig;
export const SrvMsdConfig = protoMessageType('swarmbotix.services.SrvMsdConfig');

export type SrvCartPoleConfig = shapes.SrvCartPoleConfig;
export const SrvCartPoleConfig = protoMessageType('swarmbotix.services.SrvCartPoleConfig');
