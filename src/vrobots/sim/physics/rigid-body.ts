/**
 * A 6-DOF rigid body with diagonal inertia, semi-implicit Euler at the physics step, and a
 * flat ground at `groundHeight` (the body's reference point is its lowest point). Used by
 * the rotorcraft and the fixed wing; the 1-D models (msd, cart-pole) and the truck keep
 * their own state.
 */
import type { Kinematics, Pose, Wrench } from '../../generated/swarmbotix-types.js';
import { GRAVITY, type PhysicalParams } from './physics-model.js';
import {
  copy,
  copyQuat,
  identityQuat,
  integrateRateInPlace,
  type Quat,
  rotateTo,
  set,
  type Vec3,
  vec3,
} from './vector-math.js';

/** Where a step's rotations land before they are used (one step at a time: no re-entry). */
const scratch = vec3();

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
    const { forceBody: fb, forceWorld: fw, torqueBody: tb } = loads;
    this.stepWith(dt, fb.x, fb.y, fb.z, fw.x, fw.y, fw.z, tb.x, tb.y, tb.z);
  }

  /**
   * step() with the loads as scalars: body force, world force, body torque. The same
   * floating-point operations in the same order as the vector helpers (vector-math.ts) would
   * do, written out and stored into the body's own vectors: it runs 50 times a second for
   * every robot, and a vector made per result was most of what a swarm's simulator allocated
   * (each object with three boxed numbers, and young enough to be copied by every scavenge).
   */
  stepWith(
    dt: number,
    fbx: number,
    fby: number,
    fbz: number,
    fwx: number,
    fwy: number,
    fwz: number,
    tbx: number,
    tby: number,
    tbz: number,
  ): void {
    const before = this.linearVelocity;
    const q = this.orientation;
    const r = rotateTo(scratch, q.x, q.y, q.z, q.w, fbx, fby, fbz);
    const worldX = r.x + fwx;
    const worldY = r.y + fwy;
    const worldZ = r.z + fwz;
    const invMass = 1 / this.mass;
    const ax = worldX * invMass + 0;
    const ay = worldY * invMass + -GRAVITY;
    const az = worldZ * invMass + 0;
    let vx = before.x + ax * dt;
    let vy = before.y + ay * dt;
    let vz = before.z + az * dt;
    const px = this.position.x + vx * dt;
    let py = this.position.y + vy * dt;
    const pz = this.position.z + vz * dt;

    // Euler's equations, diagonal inertia: I w' = tau - w x (I w)
    const w = this.angularVelocity;
    const m = this.moments;
    const iwx = m.x * w.x;
    const iwy = m.y * w.y;
    const iwz = m.z * w.z;
    const gx = w.y * iwz - w.z * iwy;
    const gy = w.z * iwx - w.x * iwz;
    const gz = w.x * iwy - w.y * iwx;
    let wdx = (tbx - gx) * (1 / m.x);
    let wdy = (tby - gy) * (1 / m.y);
    let wdz = (tbz - gz) * (1 / m.z);
    let wnx = w.x + wdx * dt;
    let wny = w.y + wdy * dt;
    let wnz = w.z + wdz * dt;

    this.onGround = false;
    if (py <= this.contact.groundHeight) {
      // Resting contact: no sinking, horizontal friction, no tumbling on the ground.
      this.onGround = true;
      py = this.contact.groundHeight;
      const keep = Math.max(0, 1 - this.contact.friction * dt);
      vx = vx * keep;
      vy = Math.max(0, vy);
      vz = vz * keep;
      const spin = Math.max(0, 1 - 20 * dt);
      wnx = wnx * spin;
      wny = wny * spin;
      wnz = wnz * spin;
      const invDt = 1 / dt;
      wdx = (wnx - w.x) * invDt;
      wdy = (wny - w.y) * invDt;
      wdz = (wnz - w.z) * invDt;
    }

    const invDt = 1 / dt;
    // Every value above is read before the first store below (the old velocity and rate included).
    set(this.linearAcceleration, (vx - before.x) * invDt, (vy - before.y) * invDt, (vz - before.z) * invDt);
    integrateRateInPlace(q, (w.x + wnx) * 0.5, (w.y + wny) * 0.5, (w.z + wnz) * 0.5, dt);
    set(before, vx, vy, vz);
    set(this.position, px, py, pz);
    set(this.angularAcceleration, wdx, wdy, wdz);
    set(w, wnx, wny, wnz);
    // lastForce = forceBody + rotateInverse(orientation, forceWorld): rotated by the conjugate
    const back = rotateTo(scratch, -q.x, -q.y, -q.z, q.w, fwx, fwy, fwz);
    set(this.lastForce, fbx + back.x, fby + back.y, fbz + back.z);
    set(this.lastTorque, tbx, tby, tbz);
  }

  /**
   * The body's motion: a live view of its own vectors, the same object for every reader until
   * placeAt() or a kinematic setpoint puts new vectors in. A step changes the vectors in place,
   * so a reader that keeps values past the next step copies them (the State, the sensors and the
   * environment read it synchronously, three times per published state). Readers must not
   * change it.
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

  /** The last step's loads: a live view as kinematics() is (the State reads it once per publish). */
  wrench(): Wrench {
    const v = this.loads;
    if (v !== undefined && v.force === this.lastForce && v.torque === this.lastTorque) return v;
    this.loads = Object.freeze({ force: this.lastForce, torque: this.lastTorque });
    return this.loads;
  }

  private loads: Readonly<Wrench> | undefined;
}
