/**
 * The seam between a simulated robot and its models: the physics model of its type
 * (src/vrobots/sim/physics, which latches commands itself) plus the sensor and environment
 * models (src/vrobots/sim/sensors). The robot shell (topics, services, echo) needs only this.
 */
import type { CmdArgsInput } from '../commands/command-rules.js';
import type {
  Environment,
  Estimate,
  Kinematics,
  Pose,
  Sensors,
  SrvSensorConfig,
  Vec3,
  Wrench,
} from '../generated/swarmbotix-types.js';
import type { ActuatorReadout, ModelConfig } from './physics/physics-model.js';

export type { ActuatorReadout, ModelConfig };

export interface RobotBody {
  /** Latches a command (last value wins, acting on every step); false when the model does not use the id. */
  applyCommand(id: number, args: CmdArgsInput): boolean;
  /** The client's estimate while fresh, undefined when stale or absent. */
  setEstimate(estimate: Estimate | undefined): void;
  /** One physics step of `dtS` seconds. */
  step(dtS: number): void;
  kinematics(): Kinematics;
  wrench(): Wrench;
  actuator(): ActuatorReadout;
  /** Sensors read from truth at `nowNs` (capture time), with the configured noise. */
  sensors(nowNs: bigint): Sensors;
  environment(): Environment;
  /** `srv/params`: absent values keep theirs. */
  setPhysical(mass: number | undefined, moments: Vec3 | undefined): void;
  configureSensors(config: SrvSensorConfig): void;
  /** `srv/drive`, `rotors`, `msd`, `cartpole`. */
  configure(config: ModelConfig): void;
  /** Back to `pose` (or the spawn pose): zero velocities, commands cleared, actuators idle. */
  reset(pose?: Pose): void;
  /** `srv/frames`: the frame id a device's readings carry (devices the body has no sensor for are ignored). */
  setDeviceFrame?(device: string, frameId: string): void;
}
