/**
 * GlobalHawk (RQ-4B-like) fixed wing: lift, drag and side force from angle of attack and
 * sideslip, static and rate damping moments, six control surfaces and an engine with lag,
 * on the rigid body. An onboard rate loop (SET_FW_CTRL_MODE 0, the default) deflects the
 * surfaces to track SET_ANGVEL body rates; mode 1 takes SET_FW_SURFACES as they are. The
 * loop reads truth (SET_FW_EST_SOURCE 0) or the client's estimate (1) while one is valid.
 *
 * Surfaces [aileron L, aileron R, elevator L, elevator R, rudder L, rudder R], rad: half the
 * aileron difference (L - R) turns the body about +z (forward), the elevators' mean about
 * +x (right), the rudders' mean about +y (up), right-hand rule in the body axes.
 */

import { CommandId, FW_SURFACE_COUNT, FW_THRUST_MAX_N } from '../../commands/command-id.js';
import type { CmdArgsInput } from '../../commands/command-rules.js';
import type { Estimate, Kinematics, Pose, Vec3, Wrench } from '../../generated/swarmbotix-types.js';
import { isa } from './atmosphere.js';
import { BodyCommands } from './body-commands.js';
import {
  type ActuatorReadout,
  type ModelConfig,
  mergePhysical,
  type PhysicalParams,
  type PhysicsModel,
} from './physics-model.js';
import { RigidBody } from './rigid-body.js';
import { add, clamp, copy, identityQuat, norm, rotate, rotateInverse, scale, vec3 } from './vector-math.js';

export const FIXED_WING_AERO = {
  wingArea: 50,
  span: 39.9,
  chord: 1.4,
  cl0: 0.4,
  clAlpha: 5.5,
  clMax: 1.4,
  cd0: 0.02,
  inducedDrag: 0.03,
  cyBeta: 0.6,
  cm0: 0.022,
  cmAlpha: -0.8,
  cmQ: -15,
  clP: -0.5,
  clBeta: -0.05,
  cnBeta: 0.08,
  cnR: -0.1,
  /** Surface effectiveness per rad: roll, pitch, yaw. */
  ailerons: 0.2,
  elevators: 1.2,
  rudders: 0.08,
  maxDeflection: 0.35,
  engineTimeConstant: 0.5,
  /** Speed given at spawn when spawned in the air, m/s. */
  cruiseSpeed: 80,
} as const;

const PHYSICAL: PhysicalParams = { mass: 10_000, principalMoments: { x: 1.2e5, y: 8e5, z: 7e5 } };
/** Rate loop: effort per rad/s of error, integral gain, for body x, y, z. */
const KP = { x: 6, y: 8, z: 4 };
const KI = { x: 4, y: 4, z: 3 };

export class FixedWingModel implements PhysicsModel {
  readonly robotType = 'globalhawk';
  private readonly body = new RigidBody(PHYSICAL, { groundHeight: 0, friction: 0.02 });
  private readonly commands = new BodyCommands();
  private spawn: Pose;
  private ctrlMode = 0;
  private estSource = 0;
  private estimate: Estimate | undefined;
  private rateCmd: Vec3 = vec3();
  private surfacesCmd: number[] = new Array<number>(FW_SURFACE_COUNT).fill(0);
  private surfaces: number[] = new Array<number>(FW_SURFACE_COUNT).fill(0);
  private integral: Vec3 = vec3();
  private thrustCmd = 0;
  private thrustBias = 0;
  private thrust = 0;

  constructor(spawn?: Pose) {
    this.spawn = spawn ?? { position: vec3(), orientation: identityQuat() };
    this.reset();
  }

  applyCommand(id: number, a: CmdArgsInput): boolean {
    switch (id) {
      case CommandId.SET_ANGVEL:
        if (a.vec3 === undefined) return false;
        this.rateCmd = { x: a.vec3.x, y: a.vec3.y, z: a.vec3.z };
        return true;
      case CommandId.SET_FW_SURFACES:
        if (a.floatArr?.length !== FW_SURFACE_COUNT) return false;
        this.surfacesCmd = a.floatArr.map((d) =>
          clamp(d, -FIXED_WING_AERO.maxDeflection, FIXED_WING_AERO.maxDeflection),
        );
        return true;
      case CommandId.SET_FW_THRUST:
        if (a.floatVal === undefined) return false;
        this.thrustCmd = clamp(a.floatVal, 0, FW_THRUST_MAX_N);
        return true;
      case CommandId.SET_FW_THRUST_BIAS:
        if (a.floatVal === undefined) return false;
        this.thrustBias = a.floatVal;
        return true;
      case CommandId.SET_FW_CTRL_MODE:
        if (a.intVal !== 0 && a.intVal !== 1) return false;
        if (a.intVal !== this.ctrlMode) this.integral = vec3();
        this.ctrlMode = a.intVal;
        return true;
      case CommandId.SET_FW_EST_SOURCE:
        if (a.intVal !== 0 && a.intVal !== 1) return false;
        this.estSource = a.intVal;
        return true;
      default:
        return this.commands.apply(id, a, (m, i) => this.setPhysical(m, i));
    }
  }

  /** Body rates the rate loop sees. */
  private measuredRates(): Vec3 {
    const e = this.estimate;
    return this.estSource === 1 && e?.valid ? e.angularVelocity : this.body.angularVelocity;
  }

  private rateLoop(dt: number): void {
    const w = this.measuredRates();
    const err = { x: this.rateCmd.x - w.x, y: this.rateCmd.y - w.y, z: this.rateCmd.z - w.z };
    // Integrate only while airborne, bounded, so the loop neither winds up on the runway nor saturates forever.
    if (!this.body.onGround) {
      const i = this.integral;
      this.integral = {
        x: clamp(i.x + err.x * dt, -0.5, 0.5),
        y: clamp(i.y + err.y * dt, -0.5, 0.5),
        z: clamp(i.z + err.z * dt, -0.5, 0.5),
      };
    }
    const u = {
      x: clamp(KP.x * err.x + KI.x * this.integral.x, -1, 1),
      y: clamp(KP.y * err.y + KI.y * this.integral.y, -1, 1),
      z: clamp(KP.z * err.z + KI.z * this.integral.z, -1, 1),
    };
    const d = FIXED_WING_AERO.maxDeflection;
    this.surfaces = [u.z * d, -u.z * d, u.x * d, u.x * d, u.y * d, u.y * d];
  }

  step(dt: number): void {
    const A = FIXED_WING_AERO;
    if (this.ctrlMode === 0) this.rateLoop(dt);
    else this.surfaces = [...this.surfacesCmd];
    const target = clamp(this.thrustCmd + this.thrustBias, 0, FW_THRUST_MAX_N);
    this.thrust += (target - this.thrust) * (1 - Math.exp(-dt / A.engineTimeConstant));

    const b = this.body;
    const vb = rotateInverse(b.orientation, b.linearVelocity);
    const speed = norm(vb);
    const rho = isa(b.position.y).density;
    const qbar = 0.5 * rho * speed * speed;
    let force: Vec3 = { x: 0, y: 0, z: this.thrust };
    let torque = vec3();
    if (speed > 1) {
      const alpha = Math.atan2(-vb.y, vb.z);
      const beta = Math.asin(clamp(vb.x / speed, -1, 1));
      const cl = clamp(A.cl0 + A.clAlpha * alpha, -A.clMax, A.clMax);
      const cd = A.cd0 + A.inducedDrag * cl * cl;
      const qs = qbar * A.wingArea;
      const lift = scale({ x: 0, y: Math.cos(alpha), z: Math.sin(alpha) }, qs * cl);
      const drag = scale(vb, (-qs * cd) / speed);
      const side = { x: -qs * A.cyBeta * beta, y: 0, z: 0 };
      force = add(add(add(force, lift), drag), side);
      // Aero rates: p roll right = -w.z, q nose up = -w.x, r yaw right = +w.y.
      const w = b.angularVelocity;
      const p = -w.z;
      const q = -w.x;
      const r = w.y;
      const cm = A.cm0 + A.cmAlpha * alpha + (A.cmQ * q * A.chord) / (2 * speed);
      const cRoll = A.clP * ((p * A.span) / (2 * speed)) + A.clBeta * beta;
      const cn = A.cnBeta * beta + A.cnR * ((r * A.span) / (2 * speed));
      const s = this.surfaces;
      const aileron = ((s[0] ?? 0) - (s[1] ?? 0)) / 2;
      const elevator = ((s[2] ?? 0) + (s[3] ?? 0)) / 2;
      const rudder = ((s[4] ?? 0) + (s[5] ?? 0)) / 2;
      torque = {
        x: -qs * A.chord * cm + qs * A.chord * A.elevators * elevator,
        y: qs * A.span * cn + qs * A.span * A.rudders * rudder,
        z: -qs * A.span * cRoll + qs * A.span * A.ailerons * aileron,
      };
    }
    force = add(force, this.commands.force());
    torque = add(torque, this.commands.torque());
    const before = this.commands.motionBefore(b);
    b.step(dt, { forceBody: force, forceWorld: vec3(), torqueBody: torque });
    this.commands.enforce(b, before, dt);
  }

  kinematics(): Kinematics {
    return this.body.kinematics();
  }

  wrench(): Wrench {
    return this.body.wrench();
  }

  actuator(): ActuatorReadout {
    const d = FIXED_WING_AERO.maxDeflection;
    return {
      pwm: [],
      normalized: [...this.surfaces.map((s) => s / d), this.thrust / FW_THRUST_MAX_N],
      measured: [...this.surfaces, this.thrust],
    };
  }

  physical(): PhysicalParams {
    return { mass: this.body.mass, principalMoments: copy(this.body.moments) };
  }

  setPhysical(mass: number | undefined, moments: Vec3 | undefined): void {
    const p = mergePhysical(this.physical(), mass, moments);
    this.body.mass = p.mass;
    this.body.moments = p.principalMoments;
  }

  configure(_config: ModelConfig): void {}

  setEstimate(estimate: Estimate | undefined): void {
    this.estimate = estimate;
  }

  reset(pose?: Pose): void {
    if (pose !== undefined) this.spawn = pose;
    this.body.placeAt(this.spawn);
    // Spawned in the air: give it flying speed along its nose, or it would stall at once.
    if (this.spawn.position.y > 1) {
      this.body.linearVelocity = scale(
        rotate(this.spawn.orientation, { x: 0, y: 0, z: 1 }),
        FIXED_WING_AERO.cruiseSpeed,
      );
    }
    this.commands.clear();
    this.ctrlMode = 0;
    this.estSource = 0;
    this.rateCmd = vec3();
    this.surfacesCmd = new Array<number>(FW_SURFACE_COUNT).fill(0);
    this.surfaces = new Array<number>(FW_SURFACE_COUNT).fill(0);
    this.integral = vec3();
    this.thrustCmd = 0;
    this.thrustBias = 0;
    this.thrust = 0;
  }
}
