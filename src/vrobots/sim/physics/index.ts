/**
 * Physics models of the vrobots types, pure and deterministic, stepped at 50 Hz. The
 * simulator builds one per robot with `createPhysicsModel`.
 */
import type { Pose } from '../../generated/swarmbotix-types.js';
import type { RobotType } from '../../robot-type.js';
import { CartPoleModel } from './cart-pole.js';
import { FixedWingModel } from './fixed-wing.js';
import { MassSpringDamperModel } from './mass-spring-damper.js';
import type { PhysicsModel } from './physics-model.js';
import { HALFDRONE_SPEC, MULTIROTOR_SPEC, RotorcraftModel } from './rotorcraft.js';
import { TruckModel } from './truck.js';

/** The types that move by physics; the arm's base is bolted down (its joints are src/vrobots/sim/arm). */
export type PhysicsRobotType = Exclude<RobotType, 'arm'>;

export function createPhysicsModel(type: PhysicsRobotType, spawn?: Pose): PhysicsModel {
  switch (type) {
    case 'multirotor':
      return new RotorcraftModel(MULTIROTOR_SPEC, spawn);
    case 'halfdrone':
      return new RotorcraftModel(HALFDRONE_SPEC, spawn);
    case 'truck':
      return new TruckModel(spawn);
    case 'msd':
      return new MassSpringDamperModel(spawn);
    case 'cartpole':
      return new CartPoleModel(spawn);
    case 'globalhawk':
      return new FixedWingModel(spawn);
  }
}

export { type AirState, isa, pressureAltitude, SEA_LEVEL_PRESSURE_PA } from './atmosphere.js';
export { CARTPOLE_SPEC, CartPoleModel, type CartPoleSpec } from './cart-pole.js';
export { FIXED_WING_AERO, FixedWingModel } from './fixed-wing.js';
export { MassSpringDamperModel, MSD_SPEC, type MsdSpec } from './mass-spring-damper.js';
export {
  type ActuatorReadout,
  GRAVITY,
  type ModelConfig,
  PHYSICS_DT_S,
  type PhysicalParams,
  type PhysicsModel,
} from './physics-model.js';
export { HALFDRONE_SPEC, MULTIROTOR_SPEC, RotorcraftModel, type RotorcraftSpec, type RotorSpec } from './rotorcraft.js';
export { type DriveSpec, TRUCK_DRIVE, TruckModel } from './truck.js';
