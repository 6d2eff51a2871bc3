/**
 * Request and reply messages of the vrobots services, as rclts type support. Each name is
 * both the plain TS shape and its type support value.
 */
import { swarmbotix } from '../generated/swarmbotix.js';
import type * as shapes from '../generated/swarmbotix-types.js';
import { protoMessageType } from './proto-codec.js';

const srv = swarmbotix.services;

/** Receipt of every service but create (not a result; see docs/vrobots-protocol.md). */
export type SrvAck = shapes.SrvAck;
export const SrvAck = protoMessageType('swarmbotix.services.SrvAck', srv.SrvAck);

/** Request of argument-less keys (`srv/activate`, `scene/z/srv/frame`). */
export type SrvTrigger = shapes.SrvTrigger;
export const SrvTrigger = protoMessageType('swarmbotix.services.SrvTrigger', srv.SrvTrigger);

export type SrvVRobotCreate = shapes.SrvVRobotCreate;
export const SrvVRobotCreate = protoMessageType('swarmbotix.services.SrvVRobotCreate', srv.SrvVRobotCreate);

export type SrvVRobotCreated = shapes.SrvVRobotCreated;
export const SrvVRobotCreated = protoMessageType('swarmbotix.services.SrvVRobotCreated', srv.SrvVRobotCreated);

export type SrvVRobotDelete = shapes.SrvVRobotDelete;
export const SrvVRobotDelete = protoMessageType('swarmbotix.services.SrvVRobotDelete', srv.SrvVRobotDelete);

export type SrvReset = shapes.SrvReset;
export const SrvReset = protoMessageType('swarmbotix.services.SrvReset', srv.SrvReset);

export type SrvVRobotPhysicalProperty = shapes.SrvVRobotPhysicalProperty;
export const SrvVRobotPhysicalProperty = protoMessageType(
  'swarmbotix.services.SrvVRobotPhysicalProperty',
  srv.SrvVRobotPhysicalProperty,
);

export type SrvVRobotSkin = shapes.SrvVRobotSkin;
export const SrvVRobotSkin = protoMessageType('swarmbotix.services.SrvVRobotSkin', srv.SrvVRobotSkin);

export type SrvSensorConfig = shapes.SrvSensorConfig;
export const SrvSensorConfig = protoMessageType('swarmbotix.services.SrvSensorConfig', srv.SrvSensorConfig);

export type SrvVRobotFrame = shapes.SrvVRobotFrame;
export const SrvVRobotFrame = protoMessageType('swarmbotix.services.SrvVRobotFrame', srv.SrvVRobotFrame);

export type SrvCameraConfig = shapes.SrvCameraConfig;
export const SrvCameraConfig = protoMessageType('swarmbotix.services.SrvCameraConfig', srv.SrvCameraConfig);

export type SrvUgvDriveConfig = shapes.SrvUgvDriveConfig;
export const SrvUgvDriveConfig = protoMessageType('swarmbotix.services.SrvUgvDriveConfig', srv.SrvUgvDriveConfig);

export type SrvMultirotorRotorConfig = shapes.SrvMultirotorRotorConfig;
export const SrvMultirotorRotorConfig = protoMessageType(
  'swarmbotix.services.SrvMultirotorRotorConfig',
  srv.SrvMultirotorRotorConfig,
);

export type SrvMsdConfig = shapes.SrvMsdConfig;
export const SrvMsdConfig = protoMessageType('swarmbotix.services.SrvMsdConfig', srv.SrvMsdConfig);

export type SrvCartPoleConfig = shapes.SrvCartPoleConfig;
export const SrvCartPoleConfig = protoMessageType('swarmbotix.services.SrvCartPoleConfig', srv.SrvCartPoleConfig);
