/**
 * The vrobots services as rclts `ServiceType`s, one per key segment. Every service but
 * create answers SrvAck (a receipt, not a result). Which segments a robot type serves is in
 * robot-type.ts; the keys are in keys.ts.
 */

import { protoServiceType } from './proto-codec.js';
import {
  SrvAck,
  SrvCameraConfig,
  SrvCartPoleConfig,
  SrvMsdConfig,
  SrvMultirotorRotorConfig,
  SrvReset,
  SrvSensorConfig,
  SrvTrigger,
  SrvUgvDriveConfig,
  SrvVRobotCreate,
  SrvVRobotCreated,
  SrvVRobotDelete,
  SrvVRobotFrame,
  SrvVRobotPhysicalProperty,
  SrvVRobotSkin,
} from './service-messages.js';

/** `vrobots/manager/z/srv/create`: the only non-idempotent service; send exactly once. */
export const CreateService = protoServiceType('swarmbotix.services.Create', SrvVRobotCreate, SrvVRobotCreated);
/** `vrobots/manager/z/srv/delete`: ok=false for an unknown id; never retried. */
export const DeleteService = protoServiceType('swarmbotix.services.Delete', SrvVRobotDelete, SrvAck);
/** `vrobots/scene/z/srv/frame`: payload-less; the SrvAck message is the scene frame id. */
export const SceneFrameService = protoServiceType('swarmbotix.services.SceneFrame', SrvTrigger, SrvAck);

export const ActivateService = protoServiceType('swarmbotix.services.Activate', SrvTrigger, SrvAck);
/** A payload-less GET resets too: never probe this key. */
export const ResetService = protoServiceType('swarmbotix.services.Reset', SrvReset, SrvAck);
export const ParamsService = protoServiceType('swarmbotix.services.Params', SrvVRobotPhysicalProperty, SrvAck);
/** May answer ok=false with a reason; a request without `skin` reads the current skin back. */
export const SkinService = protoServiceType('swarmbotix.services.Skin', SrvVRobotSkin, SrvAck);
export const SensorsService = protoServiceType('swarmbotix.services.Sensors', SrvSensorConfig, SrvAck);
export const FramesService = protoServiceType('swarmbotix.services.Frames', SrvVRobotFrame, SrvAck);
export const CamerasService = protoServiceType('swarmbotix.services.Cameras', SrvCameraConfig, SrvAck);
/** Truck only. */
export const DriveService = protoServiceType('swarmbotix.services.Drive', SrvUgvDriveConfig, SrvAck);
/** Multirotor only. */
export const RotorsService = protoServiceType('swarmbotix.services.Rotors', SrvMultirotorRotorConfig, SrvAck);
/** Msd only. */
export const MsdService = protoServiceType('swarmbotix.services.Msd', SrvMsdConfig, SrvAck);
/** CartPole only. */
export const CartPoleService = protoServiceType('swarmbotix.services.CartPole', SrvCartPoleConfig, SrvAck);

/** Service type of each per-robot segment (`vrobots/{id}/z/srv/{segment}`). */
export const ROBOT_SERVICE_TYPES = {
  activate: ActivateService,
  reset: ResetService,
  params: ParamsService,
  skin: SkinService,
  sensors: SensorsService,
  frames: FramesService,
  cameras: CamerasService,
  drive: DriveService,
  rotors: RotorsService,
  msd: MsdService,
  cartpole: CartPoleService,
} as const;
export type RobotServiceSegment = keyof typeof ROBOT_SERVICE_TYPES;
