/**
 * Mass-spring-damper along the world x axis from its spawn point:
 * m x'' = F - k (x - rest) - c x', F = SET_MSD (N) + the body force's x. RK4 per step, so the
 * energy decay is the damper's, not the integrator's.
 */

import { CommandId } from '../../commands/command-id.js';
import type { CmdArgsInput } from '../../commands/command-rules.js';
import type { Estimate, Kinematics, Pose, Vec3, Wrench } from '../../generated/swarmbotix-types.js';
import { BodyCommands } from './body-commands.js';
import {
  type ActuatorReadout,
  type ModelConfig,
  mergePhysical,
  type PhysicalParams,
  type PhysicsModel,
} from './physics-model.js';
import { copy, identityQuat, vec3 } from './vector-math.js';

export interface MsdSpec {
  /** N/m. */
  stiffness: number;
  /** N s/m. */
  damping: number;
  /** Rest position along x from the spawn point, m. */
  restPosition: number;
}

export const MSD_SPEC: MsdSpec = { stiffness: 10, damping: 0.5, restPosition: 0 };
const MSD_PHYSICAL: PhysicalParams = { mass: 1, principalMoments: { x: 0.01, y: 0.01, z: 0.01 } };

export class MassSpringDamperModel implements PhysicsModel {
  readonly robotType = 'msd';
  private spec: MsdSpec = { ...MSD_SPEC };
  private params: PhysicalParams = MSD_PHYSICAL;
  private readonly commands = new BodyCommands();
  private spawn: Pose;
  private x = 0;
  private v = 0;
  private a = 0;
  private forceCmd = 0;
  private netForce = 0;
  private hasCommand = false;

  constructor(spawn?: Pose) {
    this.spawn = spawn ?? { position: vec3(), orientation: identityQuat() };
  }

  /** Displacement from the spawn point along x, m. */
  get displacement(): number {
    return this.x;
  }

  applyCommand(id: number, a: CmdArgsInput): boolean {
    if (id === CommandId.SET_MSD) {
      if (a.floatVal === undefined) return false;
      this.forceCmd = a.floatVal;
      this.hasCommand = true;
      return true;
    }
    return this.commands.apply(id, a, (m, i) => this.setPhysical(m, i));
  }

  private accel(x: number, v: number, f: number): number {
    const s = this.spec;
    return (f - s.stiffness * (x - s.restPosition) - s.damping * v) / this.params.mass;
  }

  step(dt: number): void {
    const f = this.forceCmd + this.commands.force().x;
    const { x, v } = this;
    const k1x = v;
    const k1v = this.accel(x, v, f);
    const k2x = v + (k1v * dt) / 2;
    const k2v = this.accel(x + (k1x * dt) / 2, k2x, f);
    const k3x = v + (k2v * dt) / 2;
    const k3v = this.accel(x + (k2x * dt) / 2, k3x, f);
    const k4x = v + k3v * dt;
    const k4v = this.accel(x + k3x * dt, k4x, f);
    this.x = x + ((k1x + 2 * k2x + 2 * k3x + k4x) * dt) / 6;
    this.v = v + ((k1v + 2 * k2v + 2 * k3v + k4v) * dt) / 6;
    this.a = this.accel(this.x, this.v, f);
    this.netForce = f;
  }

  kinematics(): Kinematics {
    const p = this.spawn.position;
    return {
      position: { x: p.x + this.x, y: p.y, z: p.z },
      orientation: { ...this.spawn.orientation },
      linearVelocity: { x: this.v, y: 0, z: 0 },
      angularVelocity: vec3(),
      linearAcceleration: { x: this.a, y: 0, z: 0 },
      angularAcceleration: vec3(),
    };
  }

  wrench(): Wrench {
    return { force: { x: this.netForce, y: 0, z: 0 }, torque: vec3() };
  }

  actuator(): ActuatorReadout {
    return { pwm: [], normalized: [], measured: this.hasCommand ? [this.forceCmd] : [] };
  }

  physical(): PhysicalParams {
    return { mass: this.params.mass, principalMoments: copy(this.params.principalMoments) };
  }

  setPhysical(mass: number | undefined, moments: Vec3 | undefined): void {
    this.params = mergePhysical(this.params, mass, moments);
  }

  configure(config: ModelConfig): void {
    const c = config as Partial<MsdSpec>;
    this.spec = {
      stiffness: c.stiffness !== undefined && c.stiffness >= 0 ? c.stiffness : this.spec.stiffness,
      damping: c.damping !== undefined && c.damping >= 0 ? c.damping : this.spec.damping,
      restPosition: c.restPosition ?? this.spec.restPosition,
    };
  }

  setEstimate(_estimate: Estimate | undefined): void {}

  reset(pose?: Pose): void {
    if (pose !== undefined) this.spawn = pose;
    this.x = 0;
    this.v = 0;
    this.a = 0;
    this.forceCmd = 0;
    this.netForce = 0;
    this.hasCommand = false;
    this.commands.clear();
  }
}
