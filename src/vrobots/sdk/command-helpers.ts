/**
 * The command helpers' argument builders: friendly arguments in, CmdArgs out. They only
 * shape; the per-id rules (lengths, ranges, finiteness, rotor counts per robot type) are
 * the commands module's `validateCommand`, applied to every command before it is sent.
 */
import { ok } from '../../result.js';
import type { CmdArgsInput } from '../commands/index.js';
import type { Vec3 } from '../generated/swarmbotix-types.js';
import { type VrResultOf, vrErr } from './vr-error.js';

/** A vector as `{x, y, z}` or `[x, y, z]`. */
export type Vec3Like = Readonly<Vec3> | readonly [number, number, number];

export function toVec3(v: Vec3Like, what: string): VrResultOf<Vec3> {
  const xyz: readonly unknown[] = Array.isArray(v)
    ? v
    : typeof v === 'object' && v !== null
      ? [(v as Vec3).x, (v as Vec3).y, (v as Vec3).z]
      : [];
  if (xyz.length !== 3 || !xyz.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return vrErr('invalid_argument', `${what} must be 3 finite numbers (got ${JSON.stringify(v)})`);
  }
  return ok({ x: xyz[0] as number, y: xyz[1] as number, z: xyz[2] as number });
}

function numbers(values: unknown, what: string): VrResultOf<number[]> {
  if (!Array.isArray(values))
    return vrErr('invalid_argument', `${what} must be an array of numbers (got ${typeof values})`);
  if (!values.every((n) => typeof n === 'number')) return vrErr('invalid_argument', `${what} must hold only numbers`);
  return ok([...values]);
}

function scalar(n: unknown, what: string): VrResultOf<number> {
  if (typeof n !== 'number') return vrErr('invalid_argument', `${what} must be a number (got ${typeof n})`);
  return ok(n);
}

type Built = VrResultOf<CmdArgsInput>;

export const buildArgs = {
  mrPwm(pwm: readonly number[]): Built {
    const v = numbers(pwm, 'pwm');
    return v.ok ? ok({ intArr: v.value }) : v;
  },
  mrThrottle(throttle: readonly number[]): Built {
    const v = numbers(throttle, 'throttle');
    return v.ok ? ok({ floatArr: v.value }) : v;
  },
  car(steer: number, throttle: number, brake?: number): Built {
    const v = numbers(brake === undefined ? [steer, throttle] : [steer, throttle, brake], '[steer, throttle, brake]');
    return v.ok ? ok({ intArr: v.value }) : v;
  },
  vec3(v: Vec3Like, what: string): Built {
    const r = toVec3(v, what);
    return r.ok ? ok({ vec3: r.value }) : r;
  },
  forceTorque(force: Vec3Like, torque: Vec3Like): Built {
    const f = toVec3(force, 'force');
    if (!f.ok) return f;
    const t = toVec3(torque, 'torque');
    if (!t.ok) return t;
    return ok({ vec3: f.value, vec3Arr: [t.value] });
  },
  floatVal(n: number, what: string): Built {
    const r = scalar(n, what);
    return r.ok ? ok({ floatVal: r.value }) : r;
  },
  floatArr(values: readonly number[], what: string): Built {
    const v = numbers(values, what);
    return v.ok ? ok({ floatArr: v.value }) : v;
  },
  intVal(n: number, what: string): Built {
    const r = scalar(n, what);
    return r.ok ? ok({ intVal: r.value }) : r;
  },
};
