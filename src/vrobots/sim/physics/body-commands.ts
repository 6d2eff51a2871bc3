/**
 * The commands every body understands: external body force and torque (SET_BODY_* replace
 * their latched value, ADD_BODY_* latch an extra term on top), mass and inertia, and the
 * kinematic setpoints (SET_POS/VEL/ACC, SET_QUAT/EULER/ANGVEL/EULER_DOT/ANGACC) that
 * override the dynamics of a rigid body until reset.
 */

import { CommandId } from '../../commands/command-id.js';
import type { CmdArgsInput } from '../../commands/command-rules.js';
import type { RigidBody } from './rigid-body.js';
import {
  add,
  copy,
  copyQuat,
  integrateQuat,
  type Quat,
  quatFromEuler,
  quatNormalize,
  scale,
  type Vec3,
  vec3,
} from './vector-math.js';

/** Position beats velocity beats acceleration; orientation beats rate beats angular acceleration. */
export interface KinematicSetpoints {
  position?: Vec3 | undefined;
  velocity?: Vec3 | undefined;
  acceleration?: Vec3 | undefined;
  orientation?: Quat | undefined;
  angularVelocity?: Vec3 | undefined;
  angularAcceleration?: Vec3 | undefined;
}

export type PhysicalSetter = (mass: number | undefined, moments: Vec3 | undefined) => void;

/** The pose, velocity and body rate of a rigid body before a step, as enforce() needs them. */
export interface MotionBefore {
  readonly position: Vec3;
  readonly velocity: Vec3;
  readonly rate: Vec3;
  readonly orientation: Quat;
}

const v = (a: { x: number; y: number; z: number } | undefined): Vec3 | undefined =>
  a === undefined ? undefined : { x: a.x, y: a.y, z: a.z };

export class BodyCommands {
  setForce: Vec3 = vec3();
  setTorque: Vec3 = vec3();
  addForce: Vec3 = vec3();
  addTorque: Vec3 = vec3();
  kinematic: KinematicSetpoints = {};

  /** Latches a common command; false when `id` is not one of them. */
  apply(id: number, a: CmdArgsInput, setPhysical: PhysicalSetter): boolean {
    const torque = v(a.vec3Arr?.[0]);
    switch (id) {
      case CommandId.SET_BODY_FORCE:
        this.setForce = v(a.vec3) ?? this.setForce;
        return true;
      case CommandId.SET_BODY_TORQUE:
        this.setTorque = v(a.vec3) ?? this.setTorque;
        return true;
      case CommandId.SET_BODY_FT:
        this.setForce = v(a.vec3) ?? this.setForce;
        this.setTorque = torque ?? this.setTorque;
        return true;
      case CommandId.ADD_BODY_FORCE:
        this.addForce = v(a.vec3) ?? this.addForce;
        return true;
      case CommandId.ADD_BODY_TORQUE:
        this.addTorque = v(a.vec3) ?? this.addTorque;
        return true;
      case CommandId.ADD_BODY_FT:
        this.addForce = v(a.vec3) ?? this.addForce;
        this.addTorque = torque ?? this.addTorque;
        return true;
      case CommandId.SET_MASS:
        setPhysical(a.floatVal, undefined);
        return true;
      case CommandId.SET_MOI_3X1:
        setPhysical(undefined, v(a.vec3));
        return true;
      case CommandId.SET_MOI_3X3: {
        const m = a.floatArr ?? [];
        // Principal moments only: the off-diagonal terms are dropped (diagonal inertia model).
        if (m.length === 9) setPhysical(undefined, { x: m[0] ?? 0, y: m[4] ?? 0, z: m[8] ?? 0 });
        return true;
      }
      default:
        return this.applyKinematic(id, a);
    }
  }

  private applyKinematic(id: number, a: CmdArgsInput): boolean {
    const k = this.kinematic;
    const target = v(a.vec3);
    switch (id) {
      case CommandId.SET_POS:
        if (target) this.kinematic = { ...k, position: target, velocity: vec3(), acceleration: undefined };
        return true;
      case CommandId.SET_VEL:
        if (target) this.kinematic = { ...k, position: undefined, velocity: target, acceleration: undefined };
        return true;
      case CommandId.SET_ACC:
        if (target) this.kinematic = { ...k, position: undefined, velocity: undefined, acceleration: target };
        return true;
      case CommandId.SET_QUAT:
        if (a.vec4) this.kinematic = { ...k, orientation: quatNormalize({ ...a.vec4 }), angularVelocity: vec3() };
        return true;
      case CommandId.SET_EULER:
        if (target) this.kinematic = { ...k, orientation: quatFromEuler(target), angularVelocity: vec3() };
        return true;
      case CommandId.SET_ANGVEL:
      case CommandId.SET_EULER_DOT: // small-angle reading: Euler rates taken as body rates
        if (target)
          this.kinematic = { ...k, orientation: undefined, angularVelocity: target, angularAcceleration: undefined };
        return true;
      case CommandId.SET_ANGACC:
        if (target)
          this.kinematic = { ...k, orientation: undefined, angularVelocity: undefined, angularAcceleration: target };
        return true;
      default:
        return false;
    }
  }

  force(): Vec3 {
    return add(this.setForce, this.addForce);
  }

  torque(): Vec3 {
    return add(this.setTorque, this.addTorque);
  }

  /**
   * What enforce() will need of `body` after the step, copied before it (a step changes the
   * body's vectors in place); undefined while no kinematic setpoint is latched, the usual case,
   * so that a step copies nothing.
   */
  motionBefore(body: RigidBody): MotionBefore | undefined {
    const k = this.kinematic;
    if (
      k.position === undefined &&
      k.velocity === undefined &&
      k.acceleration === undefined &&
      k.orientation === undefined &&
      k.angularVelocity === undefined &&
      k.angularAcceleration === undefined
    )
      return undefined;
    return {
      position: copy(body.position),
      velocity: copy(body.linearVelocity),
      rate: copy(body.angularVelocity),
      orientation: copyQuat(body.orientation),
    };
  }

  /**
   * After a dynamics step: impose the latched kinematic setpoints on `body`, given the
   * pose, velocity and body rate it had before the step (motionBefore(); nothing to do without it).
   */
  enforce(body: RigidBody, before: MotionBefore | undefined, dt: number): void {
    if (before === undefined) return;
    const k = this.kinematic;
    if (k.position) {
      body.position = copy(k.position);
      body.linearVelocity = vec3();
      body.linearAcceleration = scale(before.velocity, -1 / dt);
    } else if (k.velocity) {
      body.linearVelocity = copy(k.velocity);
      body.position = add(before.position, scale(k.velocity, dt));
      body.linearAcceleration = scale(add(k.velocity, scale(before.velocity, -1)), 1 / dt);
    } else if (k.acceleration) {
      body.linearAcceleration = copy(k.acceleration);
      body.linearVelocity = add(before.velocity, scale(k.acceleration, dt));
      body.position = add(before.position, scale(body.linearVelocity, dt));
    }
    if (k.orientation) {
      body.orientation = { ...k.orientation };
      body.angularVelocity = vec3();
    } else if (k.angularVelocity) {
      body.angularAcceleration = scale(add(k.angularVelocity, scale(before.rate, -1)), 1 / dt);
      body.angularVelocity = copy(k.angularVelocity);
      body.orientation = integrateQuat(before.orientation, k.angularVelocity, dt);
    } else if (k.angularAcceleration) {
      body.angularAcceleration = copy(k.angularAcceleration);
      body.angularVelocity = add(before.rate, scale(k.angularAcceleration, dt));
      body.orientation = integrateQuat(before.orientation, body.angularVelocity, dt);
    }
  }

  clear(): void {
    this.setForce = vec3();
    this.setTorque = vec3();
    this.addForce = vec3();
    this.addTorque = vec3();
    this.kinematic = {};
  }
}
