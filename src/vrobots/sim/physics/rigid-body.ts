/**
 * A 6-DOF rigid body with diagonal inertia, semi-implicit Euler at the physics step, and a
 * flat ground at `groundHeight` (the body's reference point is its lowest point). Used by
 * the rotorcraft and the fixed wing; the 1-D models (msd, cart-pole) and the truck keep
 * their own state.
 */
import type { Kinematics, Pose, Wrench } from '../../generated/swarmbotix-types.js';
import { GRAVITY, type PhysicalParams } from './physics-model.js';
import {
  add,
  copy,
  copyQuat,
  cross,
  identityQuat,
  integrateQuat,
  mulElem,
  type Quat,
  rotate,
  rotateInverse,
  scale,
  sub,
  type Vec3,
  vec3,
} from './vector-math.js';

export interface ContactParams {
  /** Height of the ground plane (world y), m. */
  readonly groundHeight: number;
  /** Horizontal velocity decay on the ground, 1/s (0 = frictionless wheels). */
  readonly friction: number;
}

/** What the body is driven by during one step. */
export interface AppliedLoads {
  /** Force in the body frame (thrust, aerodynamics, commands), N. */
  readonly forceBody: Vec3;
  /** Extra force in the world frame (drag), N. */
  readonly forceWorld: Vec3;
  /** Torque in the body frame, N m. */
  readonly torqueBody: Vec3;
}

export class RigidBody {
  position: Vec3 = vec3();
  orientation: Quat = identityQuat();
  /** World frame, m/s. */
  linearVelocity: Vec3 = vec3();
  /** Body frame, rad/s. */
  angularVelocity: Vec3 = vec3();
  linearAcceleration: Vec3 = vec3();
  angularAcceleration: Vec3 = vec3();
  lastForce: Vec3 = vec3();
  lastTorque: Vec3 = vec3();
  onGround = false;
  mass: number;
  moments: Vec3;

  constructor(
    params: PhysicalParams,
    readonly contact: ContactParams,
  ) {
    this.mass = params.mass;
    this.moments = copy(params.principalMoments);
  }

  placeAt(pose: Pose): void {
    this.position = copy(pose.position);
    this.orientation = copyQuat(pose.orientation);
    this.linearVelocity = vec3();
    this.angularVelocity = vec3();
    this.linearAcceleration = vec3();
    this.angularAcceleration = vec3();
    this.lastForce = vec3();
    this.lastTorque = vec3();
    this.onGround = pose.position.y <= this.contact.groundHeight + 1e-9;
  }

  step(dt: number, loads: AppliedLoads): void {
    const before = this.linearVelocity;
    const forceWorld = add(rotate(this.orientation, loads.forceBody), loads.forceWorld);
    const accel = add(scale(forceWorld, 1 / this.mass), { x: 0, y: -GRAVITY, z: 0 });
    let v = add(before, scale(accel, dt));
    let p = add(this.position, scale(v, dt));

    // Euler's equations, diagonal inertia: I w' = tau - w x (I w)
    const w = this.angularVelocity;
    const gyro = cross(w, mulElem(this.moments, w));
    let wDot = mulElem(sub(loads.torqueBody, gyro), {
      x: 1 / this.moments.x,
      y: 1 / this.moments.y,
      z: 1 / this.moments.z,
    });
    let wNew = add(w, scale(wDot, dt));

    this.onGround = false;
    if (p.y <= this.contact.groundHeight) {
      // Resting contact: no sinking, horizontal friction, no tumbling on the ground.
      this.onGround = true;
      p = { ...p, y: this.contact.groundHeight };
      const keep = Math.max(0, 1 - this.contact.friction * dt);
      v = { x: v.x * keep, y: Math.max(0, v.y), z: v.z * keep };
      wNew = scale(wNew, Math.max(0, 1 - 20 * dt));
      wDot = scale(sub(wNew, w), 1 / dt);
    }

    this.linearAcceleration = scale(sub(v, before), 1 / dt);
    this.linearVelocity = v;
    this.position = p;
    this.angularAcceleration = wDot;
    this.orientation = integrateQuat(this.orientation, scale(add(w, wNew), 0.5), dt);
    this.angularVelocity = wNew;
    this.lastForce = add(loads.forceBody, rotateInverse(this.orientation, loads.forceWorld));
    this.lastTorque = copy(loads.torqueBody);
  }

  /**
   * The body's motion. step() and placeAt() replace these vectors rather than change them, so
   * the same view (no copies) serves every reader of one step: the state, the sensors and the
   * environment read it three times per published state. Readers must not change it.
   */
  kinematics(): Kinematics {
    const v = this.view;
    if (
      v !== undefined &&
      v.position === this.position &&
      v.orientation === this.orientation &&
      v.linearVelocity === this.linearVelocity &&
      v.angularVelocity === this.angularVelocity &&
      v.linearAcceleration === this.linearAcceleration &&
      v.angularAcceleration === this.angularAcceleration
    )
      return v;
    this.view = Object.freeze({
      position: this.position,
      orientation: this.orientation,
      linearVelocity: this.linearVelocity,
      angularVelocity: this.angularVelocity,
      linearAcceleration: this.linearAcceleration,
      angularAcceleration: this.angularAcceleration,
    });
    return this.view;
  }

  private view: Readonly<Kinematics> | undefined;

  wrench(): Wrench {
    return { force: copy(this.lastForce), torque: copy(this.lastTorque) };
  }
}
