/**
 * The seam between a simulated robot and its physics and sensor models: what the robot
 * shell (services, topics, latch) needs from "the body". The adapter over
 * src/vrobots/sim/physics and src/vrobots/sim/sensors implements it.
 */

import type {
  Environment,
  Estimate,
  Kinematics,
  Pose,
  Sensors,
  SrvSensorConfig,
  Wrench,
} from '../generated/swarmbotix-types.js';
import type { Command } from '../messages/topic-messages.js';

export interface ActuatorReadout {
  readonly pwm: readonly number[];
  readonly normalized: readonly number[];
  readonly measured: readonly number[];
}

/** Type-only configuration a service delivered (`drive`, `rotors`, `msd`, `cartpole`). */
export type TypeConfig = Readonly<Record<string, unknown>>;

export interface RobotBody {
  /** Back to `pose` (or the spawn pose): zero velocities, actuators idle. */
  reset(pose: Pose | undefined): void;
  /** One physics step: the latched commands (oldest first) act for `dtS` seconds. */
  step(dtS: number, commands: readonly Command[], estimate: Estimate | undefined): void;
  kinematics(): Kinematics;
  wrench(): Wrench;
  actuator(): ActuatorReadout;
  /** Sensors read from truth at `nowNs`, with the configured noise. */
  sensors(nowNs: bigint): Sensors;
  environment(): Environment;
  /** `srv/params`: absent values keep theirs. */
  setPhysical(mass: number | undefined, moments: { x: number; y: number; z: number } | undefined): void;
  configureSensors(config: SrvSensorConfig): void;
  configureType(config: TypeConfig): void;
}
