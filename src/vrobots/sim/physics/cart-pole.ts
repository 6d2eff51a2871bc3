/**
 * Cart-pole (inverted pendulum on a cart, Barto-Sutton-Anderson equations) along world x:
 * SET_INVPEN pushes the cart (N). theta is the pole angle from upright, positive leaning
 * toward +x; the State reports the cart position and the pole's attitude (a rotation
 * about z), so an upright pole reads the identity orientation. RK4 per step.
 */

import { CommandId } from '../../commands/command-id.js';
import type { CmdArgsInput } from '../../commands/command-rules.js';
import type { Estimate, Kinematics, Pose, Vec3, Wrench } from '../../generated/swarmbotix-types.js';
import { BodyCommands } from './body-commands.js';
import {
  type ActuatorReadout,
  GRAVITY,
  type ModelConfig,
  type PhysicalParams,
  type PhysicsModel,
} from './physics-model.js';
import { copy, identityQuat, quatFromAxisAngle, quatMul, vec3 } from './vector-math.js';

export interface CartPoleSpec {
  cartMass: number;
  poleMass: number;
  /** Pivot to the pole's centre of mass, m. */
  poleLength: number;
  cartDamping: number;
  poleDamping: number;
  trackLimit: number;
  initialAngle: number;
}

export const CARTPOLE_SPEC: CartPoleSpec = {
  cartMass: 1,
  poleMass: 0.1,
  poleLength: 0.5,
  cartDamping: 0.1,
  poleDamping: 0.002,
  trackLimit: 2.4,
  initialAngle: 0.05,
};

type S = readonly [x: number, xDot: number, theta: number, thetaDot: number];

export class CartPoleModel implements PhysicsModel {
  readonly robotType = 'cartpole';
  private spec: CartPoleSpec = { ...CARTPOLE_SPEC };
  private moments: Vec3 = { x: 0.01, y: 0.01, z: 0.01 };
  private readonly commands = new BodyCommands();
  private spawn: Pose;
  private s: S = [0, 0, CARTPOLE_SPEC.initialAngle, 0];
  private acc: readonly [number, number] = [0, 0];
  private forceCmd = 0;
  private applied = 0;
  private hasCommand = false;

  constructor(spawn?: Pose) {
    this.spawn = spawn ?? { position: vec3(), orientation: identityQuat() };
    this.reset();
  }

  /** Pole angle from upright, rad. */
  get theta(): number {
    return this.s[2];
  }

  get cartPosition(): number {
    return this.s[0];
  }

  applyCommand(id: number, a: CmdArgsInput): boolean {
    if (id === CommandId.SET_INVPEN) {
      if (a.floatVal === undefined) return false;
      this.forceCmd = a.floatVal;
      this.hasCommand = true;
      return true;
    }
    return this.commands.apply(id, a, (m, i) => this.setPhysical(m, i));
  }

  /** [x'', theta''] for a state and cart force. */
  private accelerations(s: S, force: number): readonly [number, number] {
    const { cartMass, poleMass, poleLength: l, cartDamping, poleDamping } = this.spec;
    const [, xDot, th, thDot] = s;
    const total = cartMass + poleMass;
    const sin = Math.sin(th);
    const cos = Math.cos(th);
    const temp = (force - cartDamping * xDot + poleMass * l * thDot * thDot * sin) / total;
    const thAcc =
      (GRAVITY * sin - cos * temp - (poleDamping * thDot) / (poleMass * l)) /
      (l * (4 / 3 - (poleMass * cos * cos) / total));
    const xAcc = temp - (poleMass * l * thAcc * cos) / total;
    return [xAcc, thAcc];
  }

  private derivative(s: S, force: number): S {
    const [xAcc, thAcc] = this.accelerations(s, force);
    return [s[1], xAcc, s[3], thAcc];
  }

  step(dt: number): void {
    const f = this.forceCmd + this.commands.force().x;
    const s = this.s;
    const plus = (a: S, b: S, k: number): S => [a[0] + b[0] * k, a[1] + b[1] * k, a[2] + b[2] * k, a[3] + b[3] * k];
    const k1 = this.derivative(s, f);
    const k2 = this.derivative(plus(s, k1, dt / 2), f);
    const k3 = this.derivative(plus(s, k2, dt / 2), f);
    const k4 = this.derivative(plus(s, k3, dt), f);
    const rk = (i: 0 | 1 | 2 | 3) => s[i] + (dt / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    let next: S = [rk(0), rk(1), rk(2), rk(3)];
    const limit = this.spec.trackLimit;
    if (Math.abs(next[0]) > limit) next = [Math.sign(next[0]) * limit, 0, next[2], next[3]];
    this.acc = this.accelerations(next, f);
    this.s = next;
    this.applied = f;
  }

  kinematics(): Kinematics {
    const [x, xDot, th, thDot] = this.s;
    const p = this.spawn.position;
    const tilt = quatFromAxisAngle({ x: 0, y: 0, z: 1 }, -th);
    return {
      position: { x: p.x + x, y: p.y, z: p.z },
      orientation: quatMul(this.spawn.orientation, tilt),
      linearVelocity: { x: xDot, y: 0, z: 0 },
      angularVelocity: { x: 0, y: 0, z: -thDot },
      linearAcceleration: { x: this.acc[0], y: 0, z: 0 },
      angularAcceleration: { x: 0, y: 0, z: -this.acc[1] },
    };
  }

  wrench(): Wrench {
    return { force: { x: this.applied, y: 0, z: 0 }, torque: vec3() };
  }

  actuator(): ActuatorReadout {
    return { pwm: [], normalized: [], measured: this.hasCommand ? [this.forceCmd] : [] };
  }

  physical(): PhysicalParams {
    return { mass: this.spec.cartMass + this.spec.poleMass, principalMoments: copy(this.moments) };
  }

  /** Mass is the total: the cart takes what the pole does not. */
  setPhysical(mass: number | undefined, moments: Vec3 | undefined): void {
    if (mass !== undefined && mass > this.spec.poleMass)
      this.spec = { ...this.spec, cartMass: mass - this.spec.poleMass };
    if (moments !== undefined && moments.x > 0 && moments.y > 0 && moments.z > 0) this.moments = copy(moments);
  }

  configure(config: ModelConfig): void {
    const c = config as Partial<CartPoleSpec>;
    const o = this.spec;
    const pos = (x: number | undefined, keep: number) => (x !== undefined && x > 0 ? x : keep);
    const nonNeg = (x: number | undefined, keep: number) => (x !== undefined && x >= 0 ? x : keep);
    this.spec = {
      cartMass: pos(c.cartMass, o.cartMass),
      poleMass: pos(c.poleMass, o.poleMass),
      poleLength: pos(c.poleLength, o.poleLength),
      cartDamping: nonNeg(c.cartDamping, o.cartDamping),
      poleDamping: nonNeg(c.poleDamping, o.poleDamping),
      trackLimit: pos(c.trackLimit, o.trackLimit),
      initialAngle: c.initialAngle ?? o.initialAngle,
    };
  }

  setEstimate(_estimate: Estimate | undefined): void {}

  reset(pose?: Pose): void {
    if (pose !== undefined) this.spawn = pose;
    this.s = [0, 0, this.spec.initialAngle, 0];
    this.acc = [0, 0];
    this.forceCmd = 0;
    this.applied = 0;
    this.hasCommand = false;
    this.commands.clear();
  }
}
