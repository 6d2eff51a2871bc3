/**
 * The swarm bench's floor: a robot body with no physics and no sensors. It is the simulator's
 * own body for the type, stepped for a second of simulated time once, whose kinematics, wrench,
 * actuators, sensor readings and environment are then handed out unchanged: the simulator
 * still builds, encodes and publishes a State of the same shape and size on every tick through
 * the same publish path, but steps and reads nothing.
 */
import type { CmdArgsInput } from '../../src/vrobots/commands/command-rules.js';
import type {
  Environment,
  Estimate,
  Kinematics,
  Pose,
  Sensors,
  SrvSensorConfig,
  Vec3,
  Wrench,
} from '../../src/vrobots/generated/swarmbotix-types.js';
import { defaultBodyFactory } from '../../src/vrobots/sim/body-factory.js';
import type { ActuatorReadout, BodySpec, RobotBody } from '../../src/vrobots/sim/index.js';
import type { ModelConfig } from '../../src/vrobots/sim/robot-body.js';

const WARM_STEPS = 50;
const WARM_DT_S = 0.02;

export class FrozenBody implements RobotBody {
  private readonly kin: Kinematics;
  private readonly wr: Wrench;
  private readonly act: ActuatorReadout;
  private readonly sens: Sensors;
  private readonly env: Environment;

  constructor(spec: BodySpec) {
    const body = defaultBodyFactory(spec);
    for (let i = 0; i < WARM_STEPS; i++) body.step(WARM_DT_S);
    // structuredClone: the body may reuse what it hands out; the floor's values never change.
    this.kin = structuredClone(body.kinematics());
    this.wr = structuredClone(body.wrench());
    this.act = structuredClone(body.actuator());
    this.sens = structuredClone(body.sensors(BigInt(Date.now()) * 1_000_000n));
    this.env = structuredClone(body.environment());
  }

  applyCommand(_id: number, _args: CmdArgsInput): boolean {
    return true;
  }
  setEstimate(_estimate: Estimate | undefined): void {}
  step(_dtS: number): void {}
  kinematics(): Kinematics {
    return this.kin;
  }
  wrench(): Wrench {
    return this.wr;
  }
  actuator(): ActuatorReadout {
    return this.act;
  }
  sensors(_nowNs: bigint): Sensors {
    return this.sens;
  }
  environment(): Environment {
    return this.env;
  }
  setPhysical(_mass: number | undefined, _moments: Vec3 | undefined): void {}
  configureSensors(_config: SrvSensorConfig): void {}
  configure(_config: ModelConfig): void {}
  reset(_pose?: Pose): void {}
}

export const frozenBodyFactory = (spec: BodySpec): RobotBody => new FrozenBody(spec);
