/**
 * What every physics model offers the simulator: a deterministic body stepped at 50 Hz
 * (dt 0.02 s) from latched commands. Models compute in the Unity world axes (x right/east,
 * y up, z forward/north; gravity -y) with right-hand-rule vector math; body axes are
 * x right, y up, z forward. Commands that carry vectors read them in the body frame.
 *
 * Applying the same command again is idempotent: every command sets a latched value that
 * acts on each step until replaced, so a simulator may re-apply its latch every step.
 */

import type { CmdArgsInput } from '../../commands/command-rules.js';
import type {
  Estimate,
  Kinematics,
  Pose,
  SrvCartPoleConfig,
  SrvMsdConfig,
  SrvMultirotorRotorConfig,
  SrvUgvDriveConfig,
  Vec3,
  Wrench,
} from '../../generated/swarmbotix-types.js';
import type { RobotType } from '../../robot-type.js';

/** Physics step of the simulator: 50 Hz. */
export const PHYSICS_DT_S = 0.02;
/** Standard gravity, m/s^2. */
export const GRAVITY = 9.80665;

export interface PhysicalParams {
  /** kg. */
  readonly mass: number;
  /** Principal moments Ixx, Iyy, Izz about the body axes, kg m^2. */
  readonly principalMoments: Vec3;
}

/** `params` with the valid parts of a `srv/params` / SET_MASS / SET_MOI_* update: positive values only. */
export function mergePhysical(
  params: PhysicalParams,
  mass: number | undefined,
  moments: Vec3 | undefined,
): PhysicalParams {
  const validMoments = moments !== undefined && moments.x > 0 && moments.y > 0 && moments.z > 0;
  return {
    mass: mass !== undefined && mass > 0 ? mass : params.mass,
    principalMoments: validMoments ? { x: moments.x, y: moments.y, z: moments.z } : params.principalMoments,
  };
}

/** The actuator block of a State. */
export interface ActuatorReadout {
  readonly pwm: number[];
  readonly normalized: number[];
  readonly measured: number[];
}

type Fields<T> = Omit<T, 'header'>;
/** Type-only configuration (`srv/drive`, `rotors`, `msd`, `cartpole`); a model reads the fields it knows. */
export type ModelConfig =
  | Fields<SrvUgvDriveConfig>
  | Fields<SrvMultirotorRotorConfig>
  | Fields<SrvMsdConfig>
  | Fields<SrvCartPoleConfig>;

export interface PhysicsModel {
  readonly robotType: RobotType;
  /** Latches a command; false when this model does not use the id (the simulator ignores it). */
  applyCommand(id: number, args: CmdArgsInput): boolean;
  /** Advances the body by dt seconds. */
  step(dt: number): void;
  /** Truth, fresh objects (world position, body-to-world orientation, world velocity, body rates). */
  kinematics(): Kinematics;
  /** Net force and torque applied in the last step, body frame, gravity and contact excluded. */
  wrench(): Wrench;
  actuator(): ActuatorReadout;
  physical(): PhysicalParams;
  /** `srv/params` and SET_MASS / SET_MOI_*: absent values keep theirs; non-positive ones are ignored. */
  setPhysical(mass: number | undefined, moments: Vec3 | undefined): void;
  configure(config: ModelConfig): void;
  /** A client's estimate (`z/estimate`); only models with an observer input use it. */
  setEstimate(estimate: Estimate | undefined): void;
  /** Back to `pose` (or the spawn pose): zero velocities, commands cleared, actuators idle. */
  reset(pose?: Pose): void;
}
