/**
 * The command helpers' argument builders: friendly arguments in, `{ id, args }` out, or
 * invalid_argument naming the argument (then nothing is sent). The per-id shape and range
 * rules live in one place (`checkCommand`); these builders only shape the arguments.
 */
import type { CmdArgs, Vec3 } from '../generated/swarmbotix-types.js';
import { CommandId, type RobotType } from './interim-facts.js';
import { type VrResultOf, vrErr } from './vr-error.js';

/** A vector as `{x, y, z}` or `[x, y, z]`. */
export type Vec3Like = Readonly<Vec3> | readonly [number, number, number];

/** CmdArgs as a caller writes them: every field optional. */
export type CmdArgsInit = Partial<CmdArgs>;

export interface CommandRequest {
  readonly id: CommandId;
  readonly args: CmdArgsInit;
}

export const PWM_MIN_US = 1100;
export const PWM_MAX_US = 2000;
export const PWM_CENTRE_US = 1500;
export const FW_THRUST_MAX_N = 20000;
export const FW_SURFACE_COUNT = 6;

const KNOWN_IDS = new Set<number>(Object.values(CommandId));

export function toVec3(v: Vec3Like, what: string): VrResultOf<Vec3> {
  const xyz = Array.isArray(v) ? v : [(v as Vec3).x, (v as Vec3).y, (v as Vec3).z];
  if (xyz.length !== 3 || !xyz.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return vrErr('invalid_argument', `${what} must be 3 finite numbers (got ${JSON.stringify(v)})`);
  }
  return { ok: true, value: { x: xyz[0] as number, y: xyz[1] as number, z: xyz[2] as number } };
}

function finite(n: unknown, what: string): VrResultOf<number> {
  if (typeof n !== 'number' || !Number.isFinite(n))
    return vrErr('invalid_argument', `${what} must be a finite number (got ${String(n)})`);
  return { ok: true, value: n };
}

/** Rotor count a robot type's SET_MR_PWM / SET_MR_THROTTLE must carry, or undefined (no rotors). */
export function rotorCount(type: RobotType): number | undefined {
  if (type === 'multirotor') return 4;
  if (type === 'halfdrone') return 2;
  return undefined;
}

/** Checks a command for a robot type: known id, finite values, lengths and ranges. */
export function checkCommand(type: RobotType, id: number, args: CmdArgsInit): VrResultOf<CommandRequest> {
  if (typeof id !== 'number' || !KNOWN_IDS.has(id))
    return vrErr('invalid_argument', `command id ${String(id)} is not a known command id`);
  const floats = [args.floatVal, ...(args.floatArr ?? [])];
  const vecs = [args.vec3, args.vec4, ...(args.vec3Arr ?? []), ...(args.vec4Arr ?? [])];
  for (const f of floats)
    if (f !== undefined && !Number.isFinite(f))
      return vrErr('invalid_argument', `command ${id} carries a non-finite value (${f})`);
  for (const v of vecs) {
    if (v === undefined) continue;
    if (![v.x, v.y, v.z, 'w' in v ? v.w : 0].every(Number.isFinite))
      return vrErr('invalid_argument', `command ${id} carries a non-finite vector ${JSON.stringify(v)}`);
  }
  const ints = [args.intVal, ...(args.intArr ?? [])];
  for (const i of ints)
    if (i !== undefined && !Number.isInteger(i))
      return vrErr('invalid_argument', `command ${id} carries a non-integer int value (${i})`);
  const n = rotorCount(type);
  switch (id) {
    case CommandId.SET_MR_PWM:
    case CommandId.SET_MR_THROTTLE: {
      const arr = id === CommandId.SET_MR_PWM ? (args.intArr ?? []) : (args.floatArr ?? []);
      if (n === undefined) return vrErr('invalid_argument', `a ${type} has no rotors: command ${id} is refused`);
      if (arr.length !== n)
        return vrErr('invalid_argument', `a ${type} takes exactly ${n} rotor values (got ${arr.length})`);
      if (id === CommandId.SET_MR_PWM) {
        const bad = arr.findIndex((p) => p < PWM_MIN_US || p > PWM_MAX_US);
        if (bad >= 0)
          return vrErr('invalid_argument', `pwm[${bad}] = ${arr[bad]} is outside ${PWM_MIN_US}..${PWM_MAX_US} us`);
      } else {
        const bad = arr.findIndex((t) => t < 0 || t > 1);
        if (bad >= 0) return vrErr('invalid_argument', `throttle[${bad}] = ${arr[bad]} is outside 0..1`);
      }
      break;
    }
    case CommandId.SET_CAR: {
      const arr = args.intArr ?? [];
      if (arr.length < 2 || arr.length > 3)
        return vrErr('invalid_argument', `SET_CAR takes [steer, throttle(, brake)] (got ${arr.length} values)`);
      const names = ['steer', 'throttle', 'brake'];
      const bad = arr.findIndex((p) => p < PWM_MIN_US || p > PWM_MAX_US);
      if (bad >= 0)
        return vrErr('invalid_argument', `${names[bad]} = ${arr[bad]} is outside ${PWM_MIN_US}..${PWM_MAX_US} us`);
      break;
    }
    case CommandId.SET_FW_SURFACES:
      if ((args.floatArr ?? []).length !== FW_SURFACE_COUNT)
        return vrErr(
          'invalid_argument',
          `SET_FW_SURFACES takes ${FW_SURFACE_COUNT} panel angles (got ${(args.floatArr ?? []).length})`,
        );
      break;
    case CommandId.SET_FW_THRUST: {
      const t = args.floatVal;
      if (t === undefined || t < 0 || t > FW_THRUST_MAX_N)
        return vrErr('invalid_argument', `thrust ${String(t)} N is outside 0..${FW_THRUST_MAX_N}`);
      break;
    }
    case CommandId.SET_FW_CTRL_MODE:
    case CommandId.SET_FW_EST_SOURCE:
      if (args.intVal !== 0 && args.intVal !== 1)
        return vrErr('invalid_argument', `command ${id} takes 0 or 1 (got ${String(args.intVal)})`);
      break;
    default:
      break;
  }
  return { ok: true, value: { id: id as CommandId, args } };
}

export const build = {
  mrPwm(pwm: readonly number[]): VrResultOf<CommandRequest['args']> {
    if (!Array.isArray(pwm)) return vrErr('invalid_argument', 'pwm must be an array of microsecond values');
    return { ok: true, value: { intArr: [...pwm] } };
  },
  mrThrottle(throttle: readonly number[]): VrResultOf<CmdArgsInit> {
    if (!Array.isArray(throttle)) return vrErr('invalid_argument', 'throttle must be an array of values in 0..1');
    return { ok: true, value: { floatArr: [...throttle] } };
  },
  car(steer: number, throttle: number, brake?: number): VrResultOf<CmdArgsInit> {
    const vals = brake === undefined ? [steer, throttle] : [steer, throttle, brake];
    return { ok: true, value: { intArr: vals } };
  },
  vec3(v: Vec3Like, what: string): VrResultOf<CmdArgsInit> {
    const r = toVec3(v, what);
    return r.ok ? { ok: true, value: { vec3: r.value } } : r;
  },
  forceTorque(force: Vec3Like, torque: Vec3Like): VrResultOf<CmdArgsInit> {
    const f = toVec3(force, 'force');
    if (!f.ok) return f;
    const t = toVec3(torque, 'torque');
    if (!t.ok) return t;
    return { ok: true, value: { vec3: f.value, vec3Arr: [t.value] } };
  },
  scalar(n: number, what: string): VrResultOf<CmdArgsInit> {
    const r = finite(n, what);
    return r.ok ? { ok: true, value: { floatVal: r.value } } : r;
  },
  floats(values: readonly number[], what: string): VrResultOf<CmdArgsInit> {
    if (!Array.isArray(values)) return vrErr('invalid_argument', `${what} must be an array of numbers`);
    return { ok: true, value: { floatArr: [...values] } };
  },
  code(n: number, what: string): VrResultOf<CmdArgsInit> {
    if (!Number.isInteger(n)) return vrErr('invalid_argument', `${what} must be an integer code (got ${String(n)})`);
    return { ok: true, value: { intVal: n } };
  },
};
