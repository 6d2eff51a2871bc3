/**
 * Multirotor (quad X) and half-drone (two rotors, planar): PWM -> normalised command
 * n = (pwm - pwmMin) / (pwmMax - pwmMin) in 0..1 -> first-order spin-up -> thrust
 * maxThrust * n^2 along body +y per rotor; torques from the rotor arms and each rotor's
 * reaction torque; linear and angular drag; gravity; ground contact.
 *
 * Quad X rotor order (PX4): 1 front-right, 2 back-left (spin +), 3 front-left, 4 back-right
 * (spin -). Half-drone: 1 left, 2 right; it moves in the x-y plane and rolls about z only.
 */

import { CommandId } from '../../commands/command-id.js';
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
import { RigidBody } from './rigid-body.js';
import { clamp, copy, identityQuat, vec3 } from './vector-math.js';

export interface RotorSpec {
  /** Thrust of one rotor at n = 1, N. */
  maxThrust: number;
  /** Reaction torque per newton of thrust, m. */
  torqueCoefficient: number;
  /** Spin-up time constant, s. */
  timeConstant: number;
  /** Centre to rotor, m. */
  armLength: number;
  pwmMin: number;
  pwmMax: number;
}

export interface RotorcraftSpec {
  readonly robotType: 'multirotor' | 'halfdrone';
  readonly physical: PhysicalParams;
  readonly rotor: RotorSpec;
  /** Constrain to the x-y plane with roll about z only. */
  readonly planar: boolean;
  /** N per m/s. */
  readonly linearDrag: number;
  /** N m per rad/s. */
  readonly angularDrag: number;
}

export const MULTIROTOR_SPEC: RotorcraftSpec = {
  robotType: 'multirotor',
  physical: { mass: 1.5, principalMoments: { x: 0.029, y: 0.055, z: 0.029 } },
  rotor: { maxThrust: 15, torqueCoefficient: 0.016, timeConstant: 0.03, armLength: 0.25, pwmMin: 1100, pwmMax: 2000 },
  planar: false,
  linearDrag: 0.25,
  angularDrag: 0.02,
};

export const HALFDRONE_SPEC: RotorcraftSpec = {
  robotType: 'halfdrone',
  physical: { mass: 0.8, principalMoments: { x: 0.01, y: 0.01, z: 0.01 } },
  rotor: { maxThrust: 8, torqueCoefficient: 0.016, timeConstant: 0.03, armLength: 0.2, pwmMin: 1100, pwmMax: 2000 },
  planar: true,
  linearDrag: 0.2,
  angularDrag: 0.01,
};

interface RotorMount {
  readonly position: Vec3;
  readonly spin: 1 | -1;
}

function layout(spec: RotorcraftSpec, arm: number): readonly RotorMount[] {
  if (spec.planar) {
    return [
      { position: { x: -arm, y: 0, z: 0 }, spin: 1 },
      { position: { x: arm, y: 0, z: 0 }, spin: -1 },
    ];
  }
  const d = arm / Math.SQRT2;
  return [
    { position: { x: d, y: 0, z: d }, spin: 1 },
    { position: { x: -d, y: 0, z: -d }, spin: 1 },
    { position: { x: -d, y: 0, z: d }, spin: -1 },
    { position: { x: d, y: 0, z: -d }, spin: -1 },
  ];
}

export class RotorcraftModel implements PhysicsModel {
  readonly robotType: 'multirotor' | 'halfdrone';
  private readonly body: RigidBody;
  private readonly commands = new BodyCommands();
  private rotor: RotorSpec;
  private pwmEcho: number[] = [];
  private commanded: number[];
  private spinning: number[];
  private spawn: Pose;

  constructor(
    private readonly spec: RotorcraftSpec,
    spawn?: Pose,
  ) {
    this.robotType = spec.robotType;
    this.rotor = { ...spec.rotor };
    this.body = new RigidBody(spec.physical, { groundHeight: 0, friction: 5 });
    this.spawn = spawn ?? { position: vec3(), orientation: identityQuat() };
    this.commanded = this.zeros();
    this.spinning = this.zeros();
    this.body.placeAt(this.spawn);
  }

  private mounts: readonly RotorMount[] | undefined;
  private mountsArm = Number.NaN;

  /** The rotor layout, made again only when the arm length changed. */
  private mountsNow(): readonly RotorMount[] {
    if (this.mounts === undefined || this.mountsArm !== this.rotor.armLength) {
      this.mounts = layout(this.spec, this.rotor.armLength);
      this.mountsArm = this.rotor.armLength;
    }
    return this.mounts;
  }

  get rotorCount(): number {
    return this.spec.planar ? 2 : 4;
  }

  private zeros(): number[] {
    return new Array<number>(this.rotorCount).fill(0);
  }

  /** The PWM whose thrust balances the weight with all rotors equal. */
  hoverPwm(): number {
    const n = Math.sqrt((this.body.mass * GRAVITY) / (this.rotorCount * this.rotor.maxThrust));
    return this.rotor.pwmMin + n * (this.rotor.pwmMax - this.rotor.pwmMin);
  }

  private normalize(pwm: number): number {
    return clamp((pwm - this.rotor.pwmMin) / (this.rotor.pwmMax - this.rotor.pwmMin), 0, 1);
  }

  applyCommand(id: number, a: CmdArgsInput): boolean {
    if (id === CommandId.SET_MR_PWM) {
      const pwm = a.intArr ?? [];
      if (pwm.length !== this.rotorCount) return false;
      this.pwmEcho = [...pwm];
      this.commanded = pwm.map((p) => this.normalize(p));
      return true;
    }
    if (id === CommandId.SET_MR_THROTTLE) {
      const n = a.floatArr ?? [];
      if (n.length !== this.rotorCount) return false;
      this.commanded = n.map((x) => clamp(x, 0, 1));
      this.pwmEcho = this.commanded.map((x) =>
        Math.round(this.rotor.pwmMin + x * (this.rotor.pwmMax - this.rotor.pwmMin)),
      );
      return true;
    }
    return this.commands.apply(id, a, (m, i) => this.setPhysical(m, i));
  }

  step(dt: number): void {
    const alpha = 1 - Math.exp(-dt / Math.max(this.rotor.timeConstant, 1e-4));
    // In place: actuator() hands out copies, so no reader holds this array.
    const spinning = this.spinning;
    for (let i = 0; i < spinning.length; i++) {
      const n = spinning[i] as number;
      spinning[i] = n + ((this.commanded[i] ?? 0) - n) * alpha;
    }
    const mounts = this.mountsNow();
    // Each rotor's thrust (0, T, 0) at its mount p: force += (0, T, 0), torque += p x (0, T, 0)
    // = (-p.z T, 0, p.x T), plus its drag torque about y. In scalars, as the rest of the step:
    // this runs 50 times a second for every robot, and the vector helpers allocate an object
    // per operation (the same floating-point operations in the same order as they would).
    let fy = 0;
    let tx = 0;
    let ty = 0;
    let tz = 0;
    for (let i = 0; i < mounts.length; i++) {
      const m = mounts[i] as RotorMount;
      const n = spinning[i] ?? 0;
      const thrust = this.rotor.maxThrust * n * n;
      fy += thrust;
      tx += -(m.position.z * thrust);
      tz += m.position.x * thrust;
      ty += m.spin * this.rotor.torqueCoefficient * thrust;
    }
    const c = this.commands;
    const w = this.body.angularVelocity;
    const k = -this.spec.angularDrag;
    const v = this.body.linearVelocity;
    const drag = -this.spec.linearDrag * (1 + 0.1 * Math.hypot(v.x, v.y, v.z));
    const before = this.commands.motionBefore(this.body);
    this.body.stepWith(
      dt,
      0 + (c.setForce.x + c.addForce.x),
      fy + (c.setForce.y + c.addForce.y),
      0 + (c.setForce.z + c.addForce.z),
      v.x * drag,
      v.y * drag,
      v.z * drag,
      tx + (c.setTorque.x + c.addTorque.x) + w.x * k,
      ty + (c.setTorque.y + c.addTorque.y) + w.y * k,
      tz + (c.setTorque.z + c.addTorque.z) + w.z * k,
    );
    if (this.spec.planar) this.flatten();
    this.commands.enforce(this.body, before, dt);
  }

  /** Half-drone: stay in the x-y plane, rotate about z only (in place, as the step). */
  private flatten(): void {
    const b = this.body;
    b.position.z = this.spawn.position.z;
    b.linearVelocity.z = 0;
    b.linearAcceleration.z = 0;
    b.angularVelocity.x = 0;
    b.angularVelocity.y = 0;
    b.angularAcceleration.x = 0;
    b.angularAcceleration.y = 0;
    const q = b.orientation;
    const n = Math.hypot(q.z, q.w) || 1;
    q.x = 0;
    q.y = 0;
    q.z = q.z / n;
    q.w = q.w / n;
  }

  kinematics(): Kinematics {
    return this.body.kinematics();
  }

  wrench(): Wrench {
    return this.body.wrench();
  }

  actuator(): ActuatorReadout {
    // Copies made with plain loops: asked for every published State.
    const spinning = this.spinning;
    const measured = new Array<number>(spinning.length);
    for (let i = 0; i < spinning.length; i++) {
      const n = spinning[i] as number;
      measured[i] = this.rotor.maxThrust * n * n;
    }
    return { pwm: this.pwmEcho.slice(), normalized: this.commanded.slice(), measured };
  }

  physical(): PhysicalParams {
    return { mass: this.body.mass, principalMoments: copy(this.body.moments) };
  }

  setPhysical(mass: number | undefined, moments: Vec3 | undefined): void {
    const p = mergePhysical(this.physical(), mass, moments);
    this.body.mass = p.mass;
    this.body.moments = p.principalMoments;
  }

  configure(config: ModelConfig): void {
    const c = config as Partial<RotorSpec>;
    const r = this.rotor;
    const positive = (x: number | undefined, keep: number) => (x !== undefined && x > 0 ? x : keep);
    this.rotor = {
      maxThrust: positive(c.maxThrust, r.maxThrust),
      torqueCoefficient: c.torqueCoefficient ?? r.torqueCoefficient,
      timeConstant: positive(c.timeConstant, r.timeConstant),
      armLength: positive(c.armLength, r.armLength),
      pwmMin: c.pwmMin ?? r.pwmMin,
      pwmMax: c.pwmMax !== undefined && c.pwmMax > (c.pwmMin ?? r.pwmMin) ? c.pwmMax : r.pwmMax,
    };
  }

  setEstimate(_estimate: Estimate | undefined): void {}

  reset(pose?: Pose): void {
    if (pose !== undefined) this.spawn = pose;
    this.body.placeAt(this.spawn);
    this.commands.clear();
    this.pwmEcho = [];
    this.commanded = this.zeros();
    this.spinning = this.zeros();
  }
}
