/**
 * The command verbs of a robot: each shapes its arguments, passes the one client-side check
 * (`validateCommand`, with the robot's type), then publishes one Command on
 * `vrobots/{id}/z/cmd`. A refusal answers invalid_argument and nothing is sent (the seq is
 * not used up either). Also the estimate publisher and the command-bus reader.
 */
import { describeThrown, ok } from '../../result.js';
import { type CmdArgsInput, CommandId, isCommandId, validateCommand } from '../commands/index.js';
import type { Estimate } from '../generated/swarmbotix-types.js';
import { cmdKey, estimateKey } from '../keys.js';
import type { DeepPartial } from '../messages/proto-codec.js';
import { CmdArgs, Command, EstimateState } from '../messages/topic-messages.js';
import { readCallerValue } from './caller-value.js';
import { buildArgs as build, type Vec3Like } from './command-helpers.js';
import { firstNonFinite } from './payload-checks.js';
import { RobotCore } from './robot-core.js';
import { openSetpointStream, type SetpointStream, type SubscribeCommandOptions } from './setpoint-stream.js';
import { type VrResult, type VrResultOf, vrErr, vrFail } from './vr-error.js';

export abstract class RobotCommands extends RobotCore {
  private readonly streams = new Set<SetpointStream>();

  sendCmd(id: CommandId, input: CmdArgsInput): VrResult {
    if (typeof input !== 'object' || input === null)
      return vrErr('invalid_argument', `command ${String(id)}: args must be a CmdArgs object`);
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    // Checked and encoded from one read of the caller's value.
    const read = readCallerValue(input, `command ${String(id)} args`);
    if (!read.ok) return read;
    const args = read.value;
    const checked = validateCommand(id, args, this.robotType);
    if (!checked.ok) return vrFail(checked.error);
    const key = cmdKey(this.sysId);
    const pub = this.publisher(Command, key);
    if (!pub.ok) return pub;
    let message: Command;
    try {
      message = { header: this.stamp.next(key), id, args: CmdArgs.create(args as DeepPartial<CmdArgs>) };
    } catch {
      return vrErr('invalid_argument', `command ${id}: args do not form a CmdArgs`);
    }
    const sent = pub.value.publish(message);
    if (!sent.ok) return vrFail(sent.error, `command ${id} on ${key}`);
    this.stamp.commit(key);
    return ok();
  }

  /** Shapes the helper's arguments (reading them may throw: a revoked Proxy, a throwing getter) and sends. */
  private sendBuilt(id: CommandId, build: () => VrResultOf<CmdArgsInput>): VrResult {
    let args: VrResultOf<CmdArgsInput>;
    try {
      args = build();
    } catch (e) {
      return vrErr('invalid_argument', `command ${id}: its arguments could not be read: ${describeThrown(e)}`);
    }
    return args.ok ? this.sendCmd(id, args.value) : args;
  }

  setMrPwm(pwm: readonly number[]): VrResult {
    return this.sendBuilt(CommandId.SET_MR_PWM, () => build.mrPwm(pwm));
  }
  setMrThrottle(throttle: readonly number[]): VrResult {
    return this.sendBuilt(CommandId.SET_MR_THROTTLE, () => build.mrThrottle(throttle));
  }
  setCar(steer: number, throttle: number, brake?: number): VrResult {
    return this.sendBuilt(CommandId.SET_CAR, () => build.car(steer, throttle, brake));
  }
  setBodyForce(force: Vec3Like): VrResult {
    return this.sendBuilt(CommandId.SET_BODY_FORCE, () => build.vec3(force, 'force'));
  }
  setBodyTorque(torque: Vec3Like): VrResult {
    return this.sendBuilt(CommandId.SET_BODY_TORQUE, () => build.vec3(torque, 'torque'));
  }
  setBodyFt(force: Vec3Like, torque: Vec3Like): VrResult {
    return this.sendBuilt(CommandId.SET_BODY_FT, () => build.forceTorque(force, torque));
  }
  setAngvel(rates: Vec3Like): VrResult {
    return this.sendBuilt(CommandId.SET_ANGVEL, () => build.vec3(rates, 'body rates'));
  }
  setMsdForce(newtons: number): VrResult {
    return this.sendBuilt(CommandId.SET_MSD, () => build.floatVal(newtons, 'msd force'));
  }
  setCartpoleForce(newtons: number): VrResult {
    return this.sendBuilt(CommandId.SET_INVPEN, () => build.floatVal(newtons, 'cart-pole force'));
  }
  setFwCtrlMode(mode: 0 | 1): VrResult {
    return this.sendBuilt(CommandId.SET_FW_CTRL_MODE, () => build.intVal(mode, 'control mode'));
  }
  setFwSurfaces(radians: readonly number[]): VrResult {
    return this.sendBuilt(CommandId.SET_FW_SURFACES, () => build.floatArr(radians, 'surfaces'));
  }
  setFwThrust(newtons: number): VrResult {
    return this.sendBuilt(CommandId.SET_FW_THRUST, () => build.floatVal(newtons, 'thrust'));
  }
  setFwThrustBias(newtons: number): VrResult {
    return this.sendBuilt(CommandId.SET_FW_THRUST_BIAS, () => build.floatVal(newtons, 'thrust bias'));
  }
  setFwEstSource(source: 0 | 1): VrResult {
    return this.sendBuilt(CommandId.SET_FW_EST_SOURCE, () => build.intVal(source, 'estimate source'));
  }

  publishEstimate(input: DeepPartial<Estimate>, estimator = ''): VrResult {
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    if (typeof input !== 'object' || input === null)
      return vrErr('invalid_argument', 'estimate must be an Estimate object');
    const read = readCallerValue(input, 'estimate');
    if (!read.ok) return read;
    const estimate = read.value;
    const bad = firstNonFinite(estimate, 'estimate');
    if (bad !== undefined) return vrErr('invalid_argument', `${bad} must be finite`);
    if (typeof estimator !== 'string' || estimator.includes('\0'))
      return vrErr('invalid_argument', 'estimator must be a string without NUL');
    const key = estimateKey(this.sysId);
    const pub = this.publisher(EstimateState, key);
    if (!pub.ok) return pub;
    const header = this.stamp.next(key);
    const message = EstimateState.create({
      header,
      estimate: { valid: true, timestampNs: header.timestampNs, ...estimate },
      estimator,
    });
    const sent = pub.value.publish(message);
    if (!sent.ok) return vrFail(sent.error, `estimate on ${key}`);
    this.stamp.commit(key);
    return ok();
  }

  subscribeCommand(id: CommandId, options?: SubscribeCommandOptions): VrResultOf<SetpointStream> {
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    if (!isCommandId(id)) return vrErr('invalid_argument', `command id ${String(id)} is not a known command id`);
    // The stream reads its options on every sample: give it one read of the caller's.
    const read = readCallerValue(options ?? {}, 'subscribeCommand options');
    if (!read.ok) return read;
    const stream = openSetpointStream(this.link.node, this.link.driver, cmdKey(this.sysId), id, read.value);
    if (stream.ok) this.streams.add(stream.value);
    return stream;
  }

  protected override release(): void {
    for (const s of this.streams) s.close();
    this.streams.clear();
    super.release();
  }
}
