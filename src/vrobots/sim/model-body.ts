/**
 * The body of a simulated robot: its type's physics model (src/vrobots/sim/physics) for
 * truth, wrench and actuators, and a sensor suite (src/vrobots/sim/sensors) reading that
 * truth with seeded noise, plus the environment block.
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
import type { PhysicsModel } from './physics/physics-model.js';
import type { ActuatorReadout, ModelConfig, RobotBody } from './robot-body.js';
import { SENSOR_DEVICES, type SensorDevice, type SensorSuite } from './sensors/sensor-suite.js';

const isSensorDevice = (d: string): d is SensorDevice => (SENSOR_DEVICES as readonly string[]).includes(d);

export class ModelBody implements RobotBody {
  constructor(
    private readonly model: PhysicsModel,
    private readonly suite: SensorSuite,
  ) {}

  applyCommand(id: number, args: CmdArgsInput): boolean {
    return this.model.applyCommand(id, args);
  }

  setEstimate(estimate: Estimate | undefined): void {
    this.model.setEstimate(estimate);
  }

  step(dtS: number): void {
    this.model.step(dtS);
  }

  kinematics(): Kinematics {
    return this.model.kinematics();
  }

  wrench(): Wrench {
    return this.model.wrench();
  }

  actuator(): ActuatorReadout {
    return this.model.actuator();
  }

  sensors(nowNs: bigint): Sensors {
    return this.suite.read(this.model.kinematics(), nowNs);
  }

  environment(): Environment {
    return this.suite.environment(this.model.kinematics());
  }

  setPhysical(mass: number | undefined, moments: Vec3 | undefined): void {
    this.model.setPhysical(mass, moments);
  }

  configureSensors(config: SrvSensorConfig): void {
    this.suite.configure(config);
  }

  configure(config: ModelConfig): void {
    this.model.configure(config);
  }

  setDeviceFrame(device: string, frameId: string): void {
    if (isSensorDevice(device)) this.suite.setDeviceFrame(device, frameId);
  }

  reset(pose?: Pose): void {
    this.model.reset(pose);
    this.suite.reset();
  }
}
