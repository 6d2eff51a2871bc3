/**
 * A body that stays where it spawned: the fallback when no physics model exists for a type,
 * and a handy test double. It still latches and echoes PWM commands and reports
 * gravity-only sensors, so every State field has a sane value.
 */
import type { CmdArgsInput } from '../commands/command-rules.js';
import type {
  Environment,
  Estimate,
  Kinematics,
  Pose,
  Sensors,
  SrvSensorConfig,
  Wrench,
} from '../generated/swarmbotix-types.js';
import type { ActuatorReadout, ModelConfig, RobotBody } from './robot-body.js';

const G = 9.80665;
const zero = () => ({ x: 0, y: 0, z: 0 });
/** SET_MR_PWM and SET_CAR: the commands whose int_arr the actuator block echoes. */
const PWM_COMMANDS = new Set([300, 304]);

export const SPAWN_IDENTITY: Pose = { position: zero(), orientation: { x: 0, y: 0, z: 0, w: 1 } };

export class StillBody implements RobotBody {
  private pose: Pose;
  private pwm: number[] = [];

  constructor(private readonly spawn: Pose = SPAWN_IDENTITY) {
    this.pose = spawn;
  }

  applyCommand(id: number, args: CmdArgsInput): boolean {
    if (PWM_COMMANDS.has(id)) this.pwm = [...(args.intArr ?? [])];
    return true;
  }

  setEstimate(_estimate: Estimate | undefined): void {}

  step(_dtS: number): void {}

  reset(pose?: Pose): void {
    this.pose = pose ?? this.spawn;
    this.pwm = [];
  }

  kinematics(): Kinematics {
    return {
      position: { ...this.pose.position },
      orientation: { ...this.pose.orientation },
      linearVelocity: zero(),
      angularVelocity: zero(),
      linearAcceleration: zero(),
      angularAcceleration: zero(),
    };
  }

  wrench(): Wrench {
    return { force: zero(), torque: zero() };
  }

  actuator(): ActuatorReadout {
    return {
      pwm: [...this.pwm],
      normalized: this.pwm.map((p) => Math.min(1, Math.max(0, (p - 1100) / 900))),
      measured: [],
    };
  }

  sensors(nowNs: bigint): Sensors {
    return {
      accelerometer: { timestampNs: nowNs, valid: true, specificForce: { x: 0, y: G, z: 0 }, temperature: 20 },
      gyroscope: { timestampNs: nowNs, valid: true, angularVelocity: zero(), temperature: 20 },
      magnetometer: { timestampNs: nowNs, valid: true, field: { x: 0, y: -0.4, z: 0.2 } },
      barometer: {
        timestampNs: nowNs,
        valid: true,
        pressure: 101325,
        altitude: this.pose.position.y,
        qnh: 1013.25,
        temperature: 15,
      },
      gnss: {
        timestampNs: nowNs,
        valid: false,
        lat: 0,
        lon: 0,
        alt: 0,
        velocity: zero(),
        eph: 0,
        epv: 0,
        fixType: 0,
        satellitesVisible: 0,
      },
      opticalFlow: { timestampNs: nowNs, valid: false, flowX: 0, flowY: 0, groundDistance: 0, quality: 0 },
    };
  }

  environment(): Environment {
    return {
      gravity: { x: 0, y: -G, z: 0 },
      airPressure: 101325,
      airDensity: 1.225,
      temperature: 15,
      geo: { lat: 0, lon: 0, alt: 0 },
      agl: this.pose.position.y,
      wind: zero(),
    };
  }

  setPhysical(): void {}
  configureSensors(_config: SrvSensorConfig): void {}
  configure(_config: ModelConfig): void {}
}
