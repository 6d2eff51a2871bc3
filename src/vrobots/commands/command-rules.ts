/**
 * What each command id reads from CmdArgs, and the two checks built on it:
 * - `validateCommand` (client side): refuses non-finite values, missing or wrong-length
 *   arguments and out-of-range codes with InvalidArgument naming the argument; the caller
 *   then sends nothing.
 * - `isCommandAcceptable` (simulator side): the simulator ignores (and counts) a command
 *   with a wrong shape or a non-finite value, and clamps codes instead of refusing them.
 */
import { err, ok, type Result } from '../../result.js';
import type { RobotType } from '../robot-type.js';
import {
  CommandId,
  describeCommand,
  FW_SURFACE_COUNT,
  FW_THRUST_MAX_N,
  isCommandId,
  PWM_MAX_US,
  PWM_MIN_US,
} from './command-id.js';

interface XYZ {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}
interface XYZW extends XYZ {
  readonly w: number;
}

/** CmdArgs as callers write them: every field optional, arrays read-only. */
export interface CmdArgsInput {
  readonly intVal?: number | undefined;
  readonly floatVal?: number | undefined;
  readonly intArr?: readonly number[] | undefined;
  readonly floatArr?: readonly number[] | undefined;
  readonly vec3?: XYZ | undefined;
  readonly vec4?: XYZW | undefined;
  readonly vec3Arr?: readonly XYZ[] | undefined;
  readonly vec4Arr?: readonly XYZW[] | undefined;
}

/** Problem sentence, or undefined when fine. `ranges` false: the simulator's lenient reading. */
type Rule = (a: CmdArgsInput, type: RobotType | undefined, ranges: boolean) => string | undefined;

const INT32_MIN = -0x8000_0000;
const INT32_MAX = 0x7fff_ffff;

function rotorCount(type: RobotType | undefined): readonly number[] {
  if (type === undefined) return [4, 2];
  if (type === 'multirotor') return [4];
  if (type === 'halfdrone') return [2];
  return [];
}

const vec3: Rule = (a) => (a.vec3 === undefined ? 'args.vec3 is required' : undefined);
const vec4: Rule = (a) => (a.vec4 === undefined ? 'args.vec4 is required' : undefined);
const floatVal: Rule = (a) => (a.floatVal === undefined ? 'args.floatVal is required' : undefined);

function all(...rules: Rule[]): Rule {
  return (a, t, r) => {
    for (const rule of rules) {
      const problem = rule(a, t, r);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

function arrLength(
  field: 'intArr' | 'floatArr',
  lengths: (t: RobotType | undefined) => readonly number[],
  what: string,
): Rule {
  return (a, t) => {
    const n = a[field]?.length ?? 0;
    const allowed = lengths(t);
    if (allowed.length === 0) return `a ${t} has no ${what}`;
    return allowed.includes(n)
      ? undefined
      : `args.${field} must hold ${allowed.join(' or ')} ${what} values (got ${n})`;
  };
}

function inRange(field: 'intArr' | 'floatArr', min: number, max: number, unit: string): Rule {
  return (a, _t, ranges) => {
    if (!ranges) return undefined;
    const arr = a[field] ?? [];
    const bad = arr.findIndex((v) => v < min || v > max);
    return bad < 0 ? undefined : `args.${field}[${bad}] = ${arr[bad]} is outside ${min}..${max}${unit}`;
  };
}

function floatValRange(min: number, max: number, unit: string): Rule {
  return (a, _t, ranges) =>
    ranges && a.floatVal !== undefined && (a.floatVal < min || a.floatVal > max)
      ? `args.floatVal = ${a.floatVal} is outside ${min}..${max}${unit}`
      : undefined;
}

function intValOneOf(values: readonly number[], meaning: string): Rule {
  return (a) => {
    if (a.intVal === undefined) return `args.intVal is required (${meaning})`;
    return values.includes(a.intVal) ? undefined : `args.intVal = ${a.intVal} must be ${meaning}`;
  };
}

const positiveFloatVal: Rule = (a, _t, ranges) =>
  ranges && a.floatVal !== undefined && !(a.floatVal > 0) ? `args.floatVal = ${a.floatVal} must be > 0` : undefined;
const positiveVec3: Rule = (a, _t, ranges) =>
  ranges && a.vec3 !== undefined && !(a.vec3.x > 0 && a.vec3.y > 0 && a.vec3.z > 0)
    ? `args.vec3 = (${a.vec3.x}, ${a.vec3.y}, ${a.vec3.z}) must be > 0 on every axis`
    : undefined;
const nonZeroQuat: Rule = (a) =>
  a.vec4 !== undefined && Math.hypot(a.vec4.x, a.vec4.y, a.vec4.z, a.vec4.w) < 1e-6
    ? 'args.vec4 must be a non-zero quaternion (x, y, z, w)'
    : undefined;
const torqueInVec3Arr: Rule = (a) =>
  (a.vec3Arr?.length ?? 0) < 1 ? 'args.vec3Arr[0] (the torque) is required' : undefined;
const moi3x3: Rule = (a, _t, ranges) => {
  const m = a.floatArr ?? [];
  if (m.length !== 9) return `args.floatArr must hold 9 values (3x3 inertia, row-major; got ${m.length})`;
  if (ranges && !((m[0] ?? 0) > 0 && (m[4] ?? 0) > 0 && (m[8] ?? 0) > 0)) return 'args.floatArr diagonal must be > 0';
  return undefined;
};

/** [collective 0..1, roll, pitch, yaw -1..1]. */
const heliRanges: Rule = (a, _t, ranges) => {
  const arr = a.floatArr ?? [];
  const bad = arr.findIndex((v, i) => (i === 0 ? v < 0 || v > 1 : v < -1 || v > 1));
  if (!ranges || bad < 0) return undefined;
  return `args.floatArr[${bad}] = ${arr[bad]} is outside ${bad === 0 ? '0..1 (collective)' : '-1..1'}`;
};

const RULES: Readonly<Record<CommandId, Rule>> = {
  [CommandId.SET_ACC]: vec3,
  [CommandId.SET_VEL]: vec3,
  [CommandId.SET_POS]: vec3,
  [CommandId.SET_ANGACC]: vec3,
  [CommandId.SET_ANGVEL]: vec3,
  [CommandId.SET_EULER]: vec3,
  [CommandId.SET_EULER_DOT]: vec3,
  [CommandId.SET_QUAT]: all(vec4, nonZeroQuat),
  [CommandId.SET_MASS]: all(floatVal, positiveFloatVal),
  [CommandId.SET_MOI_3X1]: all(vec3, positiveVec3),
  [CommandId.SET_MOI_3X3]: moi3x3,
  [CommandId.SET_BODY_FORCE]: vec3,
  [CommandId.SET_BODY_TORQUE]: vec3,
  [CommandId.SET_BODY_FT]: all(vec3, torqueInVec3Arr),
  [CommandId.ADD_BODY_FORCE]: vec3,
  [CommandId.ADD_BODY_TORQUE]: vec3,
  [CommandId.ADD_BODY_FT]: all(vec3, torqueInVec3Arr),
  [CommandId.SET_MR_PWM]: all(
    arrLength('intArr', rotorCount, 'rotor'),
    inRange('intArr', PWM_MIN_US, PWM_MAX_US, ' µs'),
  ),
  [CommandId.SET_MR_THROTTLE]: all(arrLength('floatArr', rotorCount, 'rotor'), inRange('floatArr', 0, 1, '')),
  // Omni rover: vec3 = (lateral velocity, yaw rate, forward velocity) in the body frame.
  [CommandId.SET_OMROVER]: vec3,
  // Helicopter: [collective 0..1, roll, pitch, yaw -1..1].
  [CommandId.SET_HELI]: all(
    arrLength('floatArr', () => [4], 'helicopter'),
    heliRanges,
  ),
  [CommandId.SET_CAR]: all(
    arrLength('intArr', () => [2, 3], '[steer, throttle(, brake)]'),
    inRange('intArr', PWM_MIN_US, PWM_MAX_US, ' µs'),
  ),
  [CommandId.SET_MSD]: floatVal,
  [CommandId.SET_INVPEN]: floatVal,
  [CommandId.SET_FW_SURFACES]: arrLength('floatArr', () => [FW_SURFACE_COUNT], 'control surface'),
  [CommandId.SET_FW_THRUST]: all(floatVal, floatValRange(0, FW_THRUST_MAX_N, ' N')),
  [CommandId.SET_FW_THRUST_BIAS]: floatVal,
  [CommandId.SET_FW_CTRL_MODE]: intValOneOf([0, 1], '0 (onboard rate loop) or 1 (direct surfaces)'),
  [CommandId.SET_FW_EST_SOURCE]: intValOneOf([0, 1], '0 (truth) or 1 (observer)'),
};

function finiteXyz(v: XYZ | XYZW): boolean {
  return Number.isFinite(v.x) && Number.isFinite(v.y) && Number.isFinite(v.z) && (!('w' in v) || Number.isFinite(v.w));
}

/** Type of every present value: finite floats, int32 integers. */
function valueProblem(a: CmdArgsInput): string | undefined {
  const isInt = (v: number) => Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX;
  if (a.intVal !== undefined && !isInt(a.intVal)) return `args.intVal = ${a.intVal} is not an int32`;
  const badInt = (a.intArr ?? []).findIndex((v) => !isInt(v));
  if (badInt >= 0) return `args.intArr[${badInt}] = ${a.intArr?.[badInt]} is not an int32`;
  if (a.floatVal !== undefined && !Number.isFinite(a.floatVal)) return `args.floatVal = ${a.floatVal} is not finite`;
  const badFloat = (a.floatArr ?? []).findIndex((v) => !Number.isFinite(v));
  if (badFloat >= 0) return `args.floatArr[${badFloat}] = ${a.floatArr?.[badFloat]} is not finite`;
  if (a.vec3 !== undefined && !finiteXyz(a.vec3)) return 'args.vec3 has a non-finite component';
  if (a.vec4 !== undefined && !finiteXyz(a.vec4)) return 'args.vec4 has a non-finite component';
  const bad3 = (a.vec3Arr ?? []).findIndex((v) => !finiteXyz(v));
  if (bad3 >= 0) return `args.vec3Arr[${bad3}] has a non-finite component`;
  const bad4 = (a.vec4Arr ?? []).findIndex((v) => !finiteXyz(v));
  if (bad4 >= 0) return `args.vec4Arr[${bad4}] has a non-finite component`;
  return undefined;
}

function problemOf(id: number, args: CmdArgsInput, type: RobotType | undefined, ranges: boolean): string | undefined {
  if (!isCommandId(id)) return `id: ${String(id)} is not a vrobots command id`;
  return valueProblem(args) ?? RULES[id](args, type, ranges);
}

/**
 * Client-side check before sending. `robotType` decides rotor counts (SET_MR_PWM: 4 for a
 * multirotor, exactly 2 for a halfdrone; without a type either is accepted).
 */
export function validateCommand(id: number, args: CmdArgsInput, robotType?: RobotType): Result {
  const problem = problemOf(id, args, robotType, true);
  return problem === undefined ? ok() : err('InvalidArgument', `${describeCommand(id)}: ${problem}`);
}

/**
 * Simulator-side reading: false for an unknown id, a missing or wrong-length argument or a
 * non-finite value (the simulator ignores such a command and counts it). Out-of-range codes
 * are acceptable here; the physics clamps them.
 */
export function isCommandAcceptable(id: number, args: CmdArgsInput, robotType: RobotType): boolean {
  return problemOf(id, args, robotType, false) === undefined;
}

/** Why the simulator would ignore a command (undefined when acceptable), for its log. */
export function commandRejection(id: number, args: CmdArgsInput, robotType: RobotType): string | undefined {
  const problem = problemOf(id, args, robotType, false);
  return problem === undefined ? undefined : `${describeCommand(id)}: ${problem}`;
}
