/**
 * The command helpers of a robot: each shapes its arguments, passes the one client-side
 * check (`validateCommand`, with the robot's type), then publishes one Command on `vrobots/{id}/z/cmd`. A refusal
 * answers invalid_argument and nothing is sent (the seq is not used up either).
 */

import { type CmdArgsInput, CommandId, isCommandId, validateCommand } from '../commands/index.js';
import type { Estimate } from '../generated/swarmbotix-types.js';
import { cmdKey, estimateKey } from '../keys.js';
import type { DeepPartial } from '../messages/proto-codec.js';
import { CmdArgs, Command, EstimateState } from '../messages/topic-messages.js';
import { buildArgs as build, type Vec3Like } from './command-helpers.js';
import type { RobotCore } from './robot-handle.js';
import { openSetpointStream, type SetpointStream, type SubscribeCommandOptions } from './setpoint-stream.js';
import { fromRclError, type VrResult, type VrResultOf, vrErr } from './vr-error.js';

const OK: VrResult = { ok: true, value: undefined };

export class RobotCommands {
  readonly #robot: RobotCore;
  readonly #streams = new Set<SetpointStream>();

  constructor(robot: RobotCore) {
    this.#robot = robot;
  }

  send(id: CommandId, args: CmdArgsInput): VrResult {
    if (typeof args !== 'object' || args === null)
      return vrErr('invalid_argument', `command ${String(id)}: args must be a CmdArgs object`);
    const refused = this.#robot.unusable();
    if (refused !== undefined) return refused;
    const checked = validateCommand(id, args, this.#robot.robotType);
    if (!checked.ok) return { ok: false, error: fromRclError(checked.error) };
    const key = cmdKey(this.#robot.sysId);
    const pub = this.#robot.publisher(Command, key);
    if (!pub.ok) return pub;
    let message: Command;
    try {
      message = { header: this.#robot.stamp.next(key), id, args: CmdArgs.create(args as DeepPartial<CmdArgs>) };
    } catch {
      return vrErr('invalid_argument', `command ${id}: args do not form a CmdArgs`);
    }
    const sent = pub.value.publish(message);
    if (!sent.ok) return { ok: false, error: fromRclError(sent.error, `command ${id} on ${key}`) };
    this.#robot.stamp.commit(key);
    return OK;
  }

  #built(id: CommandId, args: VrResultOf<CmdArgsInput>): VrResult {
    return args.ok ? this.send(id, args.value) : args;
  }

  setMrPwm(pwm: readonly number[]): VrResult {
    return this.#built(CommandId.SET_MR_PWM, build.mrPwm(pwm));
  }
  setMrThrottle(throttle: readonly number[]): VrResult {
    return this.#built(CommandId.SET_MR_THROTTLE, build.mrThrottle(throttle));
  }
  setCar(steer: number, throttle: number, brake?: number): VrResult {
    return this.#built(CommandId.SET_CAR, build.car(steer, throttle, brake));
  }
  setBodyForce(force: Vec3Like): VrResult {
    return this.#built(CommandId.SET_BODY_FORCE, build.vec3(force, 'force'));
  }
  setBodyTorque(torque: Vec3Like): VrResult {
    return this.#built(CommandId.SET_BODY_TORQUE, build.vec3(torque, 'torque'));
  }
  setBodyFt(force: Vec3Like, torque: Vec3Like): VrResult {
    return this.#built(CommandId.SET_BODY_FT, build.forceTorque(force, torque));
  }
  setAngvel(rates: Vec3Like): VrResult {
    return this.#built(CommandId.SET_ANGVEL, build.vec3(rates, 'body rates'));
  }
  setMsdForce(newtons: number): VrResult {
    return this.#built(CommandId.SET_MSD, build.floatVal(newtons, 'msd force'));
  }
  setCartpoleForce(newtons: number): VrResult {
    return this.#built(CommandId.SET_INVPEN, build.floatVal(newtons, 'cart-pole force'));
  }
  setFwCtrlMode(mode: 0 | 1): VrResult {
    return this.#built(CommandId.SET_FW_CTRL_MODE, build.intVal(mode, 'control mode'));
  }
  setFwSurfaces(radians: readonly number[]): VrResult {
    return this.#built(CommandId.SET_FW_SURFACES, build.floatArr(radians, 'surfaces'));
  }
  setFwThrust(newtons: number): VrResult {
    return this.#built(CommandId.SET_FW_THRUST, build.floatVal(newtons, 'thrust'));
  }
  setFwThrustBias(newtons: number): VrResult {
    return this.#built(CommandId.SET_FW_THRUST_BIAS, build.floatVal(newtons, 'thrust bias'));
  }
  setFwEstSource(source: 0 | 1): VrResult {
    return this.#built(CommandId.SET_FW_EST_SOURCE, build.intVal(source, 'estimate source'));
  }

  publishEstimate(estimate: DeepPartial<Estimate>, estimator = ''): VrResult {
    const refused = this.#robot.unusable();
    if (refused !== undefined) return refused;
    if (typeof estimate !== 'object' || estimate === null)
      return vrErr('invalid_argument', 'estimate must be an Estimate object');
    const bad = firstNonFinite(estimate, 'estimate');
    if (bad !== undefined) return vrErr('invalid_argument', `${bad} must be finite`);
    if (typeof estimator !== 'string' || estimator.includes('\0'))
      return vrErr('invalid_argument', 'estimator must be a string without NUL');
    const key = estimateKey(this.#robot.sysId);
    const pub = this.#robot.publisher(EstimateState, key);
    if (!pub.ok) return pub;
    const header = this.#robot.stamp.next(key);
    const message = EstimateState.create({
      header,
      estimate: { valid: true, timestampNs: header.timestampNs, ...estimate },
      estimator,
    });
    const sent = pub.value.publish(message);
    if (!sent.ok) return { ok: false, error: fromRclError(sent.error, `estimate on ${key}`) };
    this.#robot.stamp.commit(key);
    return OK;
  }

  subscribe(id: CommandId, options: SubscribeCommandOptions): VrResultOf<SetpointStream> {
    const refused = this.#robot.unusable();
    if (refused !== undefined) return refused;
    if (!isCommandId(id)) return vrErr('invalid_argument', `command id ${String(id)} is not a known command id`);
    const link = this.#robot.link;
    const stream = openSetpointStream(link.node, link.driver, cmdKey(this.#robot.sysId), id, options);
    if (stream.ok) this.#streams.add(stream.value);
    return stream;
  }

  close(): void {
    for (const s of this.#streams) s.close();
    this.#streams.clear();
  }
}

/** Path of the first number that is not finite, walking plain objects and arrays. */
export function firstNonFinite(value: unknown, path: string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = firstNonFinite(value[i], `${path}[${i}]`);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const bad = firstNonFinite(v, `${path}.${k}`);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}
