/**
 * Truck: a kinematic bicycle model on flat ground driven by SET_CAR [steer, throttle(,
 * brake)] in µs. Steer 1500 is centre (1100 full left, 1900+ full right); throttle 1500 is
 * stop, above drives forward, below reverses; brake 1100 none .. 2000 full. Longitudinal
 * force balance: drive - brake - rolling resistance - aerodynamic drag; yaw rate v/L tan(delta).
 */

import { CommandId, PWM_CENTRE_US, PWM_MAX_US, PWM_MIN_US } from '../../commands/command-id.js';
import type { CmdArgsInput } from '../../commands/command-rules.js';
import type { Estimate, Kinematics, Pose, Vec3, Wrench } from '../../generated/swarmbotix-types.js';
import { BodyCommands } from './body-commands.js';
import {
  type ActuatorReadout,
  GRAVITY,
  type ModelConfig,
  mergePhysical,
  type PhysicalParams,
  type PhysicsModel,
} from './physics-model.js';
import {
  add,
  clamp,
  copy,
  identityQuat,
  quatFromAxisAngle,
  quatMul,
  rotate,
  rotateInverse,
  scale,
  sub,
  vec3,
} from './vector-math.js';

export interface DriveSpec {
  wheelbase: number;
  maxSteerAngle: number;
  maxDriveForce: number;
  maxBrakeForce: number;
  maxSpeed: number;
  rollingResistance: number;
}

export const TRUCK_DRIVE: DriveSpec = {
  wheelbase: 0.35,
  maxSteerAngle: 0.5,
  maxDriveForce: 25,
  maxBrakeForce: 40,
  maxSpeed: 12,
  rollingResistance: 0.02,
};
const TRUCK_PHYSICAL: PhysicalParams = { mass: 5, principalMoments: { x: 0.12, y: 0.15, z: 0.05 } };
/** Aerodynamic drag, N per (m/s)^2. */
const DRAG = 0.05;

export class TruckModel implements PhysicsModel {
  readonly robotType = 'truck';
  private drive: DriveSpec = { ...TRUCK_DRIVE };
  private params: PhysicalParams = TRUCK_PHYSICAL;
  private readonly commands = new BodyCommands();
  private spawn: Pose;
  private position: Vec3 = vec3();
  private heading = 0;
  private baseOrientation = identityQuat();
  private speed = 0;
  private yawRate = 0;
  private accel: Vec3 = vec3();
  private yawAccel = 0;
  private force: Vec3 = vec3();
  private pwmEcho: number[] = [];
  private steer = 0;
  private throttle = 0;
  private brake = 0;

  constructor(spawn?: Pose) {
    this.spawn = spawn ?? { position: vec3(), orientation: identityQuat() };
    this.reset();
  }

  applyCommand(id: number, a: CmdArgsInput): boolean {
    if (id === CommandId.SET_CAR) {
      const arr = a.intArr ?? [];
      if (arr.length !== 2 && arr.length !== 3) return false;
      const [steer = PWM_CENTRE_US, throttle = PWM_CENTRE_US, brake = PWM_MIN_US] = arr;
      this.pwmEcho = [...arr];
      this.steer = clamp((steer - PWM_CENTRE_US) / 400, -1, 1);
      this.throttle = clamp((throttle - PWM_CENTRE_US) / (PWM_MAX_US - PWM_CENTRE_US), -1, 1);
      this.brake = clamp((brake - PWM_MIN_US) / (PWM_MAX_US - PWM_MIN_US), 0, 1);
      return true;
    }
    return this.commands.apply(id, a, (m, i) => this.setPhysical(m, i));
  }

  private forward(): Vec3 {
    return rotate(this.orientation(), { x: 0, y: 0, z: 1 });
  }

  private orientation() {
    return quatMul(quatFromAxisAngle({ x: 0, y: 1, z: 0 }, this.heading), this.baseOrientation);
  }

  step(dt: number): void {
    const d = this.drive;
    const m = this.params.mass;
    const v = this.speed;
    const extra = this.commands.force(); // body frame; only the forward part moves a car
    const drive = this.throttle * d.maxDriveForce + extra.z;
    const resist = d.rollingResistance * m * GRAVITY + this.brake * d.maxBrakeForce;
    let f = drive - DRAG * v * Math.abs(v);
    // Resistance opposes motion; at standstill it holds the car unless the drive exceeds it.
    if (Math.abs(v) > 1e-3) f -= Math.sign(v) * resist;
    else f = Math.abs(f) <= resist ? 0 : f - Math.sign(f) * resist;
    let vNew = v + (f / m) * dt;
    if (Math.abs(v) > 1e-3 && Math.sign(vNew) !== Math.sign(v) && Math.abs(drive) < resist) vNew = 0; // brakes stop, never reverse
    vNew = clamp(vNew, -d.maxSpeed, d.maxSpeed);
    const delta = this.steer * d.maxSteerAngle;
    // Body torque does not turn a car on its wheels; only steering does.
    const yawRate = (vNew / d.wheelbase) * Math.tan(delta);
    const oldVelocity = scale(this.forward(), v);
    this.heading += yawRate * dt;
    const velocity = scale(this.forward(), vNew);
    this.position = add(this.position, scale(velocity, dt));
    this.accel = scale(sub(velocity, oldVelocity), 1 / dt);
    this.yawAccel = (yawRate - this.yawRate) / dt;
    this.yawRate = yawRate;
    this.speed = vNew;
    this.force = { x: 0, y: 0, z: f };
  }

  kinematics(): Kinematics {
    const q = this.orientation();
    return {
      position: copy(this.position),
      orientation: q,
      linearVelocity: scale(this.forward(), this.speed),
      angularVelocity: rotateInverse(q, { x: 0, y: this.yawRate, z: 0 }),
      linearAcceleration: copy(this.accel),
      angularAcceleration: rotateInverse(q, { x: 0, y: this.yawAccel, z: 0 }),
    };
  }

  wrench(): Wrench {
    return { force: copy(this.force), torque: vec3() };
  }

  actuator(): ActuatorReadout {
    return {
      pwm: [...this.pwmEcho],
      normalized: [this.steer, this.throttle, this.brake],
      measured: [this.steer * this.drive.maxSteerAngle, this.speed, this.brake * this.drive.maxBrakeForce],
    };
  }

  physical(): PhysicalParams {
    return { mass: this.params.mass, principalMoments: copy(this.params.principalMoments) };
  }

  setPhysical(mass: number | undefined, moments: Vec3 | undefined): void {
    this.params = mergePhysical(this.params, mass, moments);
  }

  configure(config: ModelConfig): void {
    const c = config as Partial<DriveSpec>;
    const keep = (x: number | undefined, old: number) => (x !== undefined && x >= 0 ? x : old);
    const d = this.drive;
    this.drive = {
      wheelbase: c.wheelbase !== undefined && c.wheelbase > 0 ? c.wheelbase : d.wheelbase,
      maxSteerAngle: keep(c.maxSteerAngle, d.maxSteerAngle),
      maxDriveForce: keep(c.maxDriveForce, d.maxDriveForce),
      maxBrakeForce: keep(c.maxBrakeForce, d.maxBrakeForce),
      maxSpeed: keep(c.maxSpeed, d.maxSpeed),
      rollingResistance: keep(c.rollingResistance, d.rollingResistance),
    };
  }

  setEstimate(_estimate: Estimate | undefined): void {}

  reset(pose?: Pose): void {
    if (pose !== undefined) this.spawn = pose;
    this.position = copy(this.spawn.position);
    this.baseOrientation = { ...this.spawn.orientation };
    this.heading = 0;
    this.speed = 0;
    this.yawRate = 0;
    this.yawAccel = 0;
    this.accel = vec3();
    this.force = vec3();
    this.pwmEcho = [];
    this.steer = 0;
    this.throttle = 0;
    this.brake = 0;
    this.commands.clear();
  }
}
