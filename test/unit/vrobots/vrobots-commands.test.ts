// Every command id: a well-formed case passes, each malformed case is refused naming the argument.
import { describe, expect, it } from 'vitest';
import {
  type CmdArgsInput,
  CommandId,
  commandRejection,
  describeCommand,
  isCommandAcceptable,
  validateCommand,
} from '../../../src/vrobots/commands/index.js';
import type { RobotType } from '../../../src/vrobots/robot-type.js';

const v3 = { x: 1, y: 2, z: 3 };
const q = { x: 0, y: 0, z: 0, w: 1 };

interface Case {
  readonly id: CommandId;
  readonly type?: RobotType;
  readonly good: CmdArgsInput;
  /** [args, expected fragment of the message] */
  readonly bad: readonly (readonly [CmdArgsInput, string])[];
}

const vec3Case = (id: CommandId): Case => ({
  id,
  good: { vec3: v3 },
  bad: [
    [{}, 'args.vec3 is required'],
    [{ vec3: { x: Number.NaN, y: 0, z: 0 } }, 'args.vec3 has a non-finite'],
  ],
});

const CASES: readonly Case[] = [
  vec3Case(CommandId.SET_ACC),
  vec3Case(CommandId.SET_VEL),
  vec3Case(CommandId.SET_POS),
  vec3Case(CommandId.SET_ANGACC),
  vec3Case(CommandId.SET_ANGVEL),
  vec3Case(CommandId.SET_EULER),
  vec3Case(CommandId.SET_EULER_DOT),
  {
    id: CommandId.SET_QUAT,
    good: { vec4: q },
    bad: [
      [{}, 'args.vec4 is required'],
      [{ vec4: { x: 0, y: 0, z: 0, w: 0 } }, 'non-zero quaternion'],
      [{ vec4: { x: 0, y: 0, z: 0, w: Number.POSITIVE_INFINITY } }, 'args.vec4 has a non-finite'],
    ],
  },
  {
    id: CommandId.SET_MASS,
    good: { floatVal: 1.5 },
    bad: [
      [{}, 'args.floatVal is required'],
      [{ floatVal: 0 }, 'must be > 0'],
      [{ floatVal: Number.NaN }, 'not finite'],
    ],
  },
  {
    id: CommandId.SET_MOI_3X1,
    good: { vec3: { x: 0.01, y: 0.02, z: 0.01 } },
    bad: [
      [{}, 'args.vec3 is required'],
      [{ vec3: { x: 0.01, y: -1, z: 0.01 } }, 'must be > 0'],
    ],
  },
  {
    id: CommandId.SET_MOI_3X3,
    good: { floatArr: [0.01, 0, 0, 0, 0.02, 0, 0, 0, 0.01] },
    bad: [
      [{ floatArr: [1, 0, 0] }, 'must hold 9 values'],
      [{ floatArr: [0, 0, 0, 0, 1, 0, 0, 0, 1] }, 'diagonal'],
    ],
  },
  vec3Case(CommandId.SET_BODY_FORCE),
  vec3Case(CommandId.SET_BODY_TORQUE),
  {
    id: CommandId.SET_BODY_FT,
    good: { vec3: v3, vec3Arr: [v3] },
    bad: [
      [{ vec3: v3 }, 'args.vec3Arr[0] (the torque) is required'],
      [{ vec3: v3, vec3Arr: [{ x: 0, y: Number.NaN, z: 0 }] }, 'args.vec3Arr[0] has a non-finite'],
    ],
  },
  vec3Case(CommandId.ADD_BODY_FORCE),
  vec3Case(CommandId.ADD_BODY_TORQUE),
  {
    id: CommandId.ADD_BODY_FT,
    good: { vec3: v3, vec3Arr: [v3] },
    bad: [[{ vec3Arr: [v3] }, 'args.vec3 is required']],
  },
  {
    id: CommandId.SET_MR_PWM,
    type: 'multirotor',
    good: { intArr: [1100, 1500, 1800, 2000] },
    bad: [
      [{ intArr: [1500, 1500] }, 'must hold 4 rotor values (got 2)'],
      [{ intArr: [1500, 1500, 2001, 1500] }, 'args.intArr[2] = 2001 is outside 1100..2000'],
      [{ intArr: [1099, 1500, 1500, 1500] }, 'args.intArr[0] = 1099'],
      [{ intArr: [1500.5, 1500, 1500, 1500] }, 'not an int32'],
    ],
  },
  {
    id: CommandId.SET_MR_PWM,
    type: 'halfdrone',
    good: { intArr: [1500, 1600] },
    bad: [[{ intArr: [1500, 1500, 1500, 1500] }, 'must hold 2 rotor values (got 4)']],
  },
  {
    id: CommandId.SET_MR_PWM,
    type: 'truck',
    good: {},
    bad: [[{ intArr: [1500, 1500, 1500, 1500] }, 'a truck has no rotor']],
  },
  {
    id: CommandId.SET_MR_THROTTLE,
    type: 'multirotor',
    good: { floatArr: [0, 0.5, 0.5, 1] },
    bad: [
      [{ floatArr: [0.5] }, 'must hold 4 rotor values'],
      [{ floatArr: [0.5, 0.5, 1.2, 0.5] }, 'args.floatArr[2] = 1.2 is outside 0..1'],
    ],
  },
  vec3Case(CommandId.SET_OMROVER),
  {
    id: CommandId.SET_HELI,
    good: { floatArr: [0.5, -1, 0, 1] },
    bad: [
      [{ floatArr: [0.5, 0, 0] }, 'must hold 4'],
      [{ floatArr: [-0.1, 0, 0, 0] }, 'collective'],
      [{ floatArr: [0.5, 0, 1.5, 0] }, 'args.floatArr[2] = 1.5 is outside -1..1'],
    ],
  },
  {
    id: CommandId.SET_CAR,
    type: 'truck',
    good: { intArr: [1500, 1600] },
    bad: [
      [{ intArr: [1500] }, 'must hold 2 or 3'],
      [{ intArr: [1500, 1500, 1500, 1500] }, 'must hold 2 or 3'],
      [{ intArr: [1500, 2100] }, 'args.intArr[1] = 2100 is outside 1100..2000'],
    ],
  },
  {
    id: CommandId.SET_MSD,
    type: 'msd',
    good: { floatVal: -12.5 },
    bad: [
      [{}, 'args.floatVal is required'],
      [{ floatVal: Number.NEGATIVE_INFINITY }, 'not finite'],
    ],
  },
  {
    id: CommandId.SET_INVPEN,
    type: 'cartpole',
    good: { floatVal: 3 },
    bad: [[{ floatVal: Number.NaN }, 'not finite']],
  },
  {
    id: CommandId.SET_FW_SURFACES,
    type: 'globalhawk',
    good: { floatArr: [0.1, -0.1, 0, 0, 0.05, -0.05] },
    bad: [
      [{ floatArr: [0, 0, 0, 0, 0] }, 'must hold 6 control surface values (got 5)'],
      [{ floatArr: [0, 0, 0, 0, 0, Number.NaN] }, 'args.floatArr[5]'],
    ],
  },
  {
    id: CommandId.SET_FW_THRUST,
    type: 'globalhawk',
    good: { floatVal: 20000 },
    bad: [
      [{ floatVal: 20001 }, 'outside 0..20000 N'],
      [{ floatVal: -1 }, 'outside 0..20000 N'],
      [{}, 'args.floatVal is required'],
    ],
  },
  {
    id: CommandId.SET_FW_THRUST_BIAS,
    type: 'globalhawk',
    good: { floatVal: -500 },
    bad: [[{}, 'args.floatVal is required']],
  },
  {
    id: CommandId.SET_FW_CTRL_MODE,
    type: 'globalhawk',
    good: { intVal: 1 },
    bad: [
      [{ intVal: 2 }, 'must be 0 (onboard rate loop) or 1'],
      [{}, 'args.intVal is required'],
    ],
  },
  {
    id: CommandId.SET_FW_EST_SOURCE,
    type: 'globalhawk',
    good: { intVal: 0 },
    bad: [[{ intVal: -1 }, 'must be 0 (truth) or 1 (observer)']],
  },
];

describe('command validation', () => {
  it('covers every command id', () => {
    const covered = new Set(CASES.map((c) => c.id));
    for (const id of Object.values(CommandId)) expect(covered.has(id), describeCommand(id)).toBe(true);
  });

  it.each(CASES.map((c) => [describeCommand(c.id), c.type ?? 'any type', c] as const))('%s (%s)', (_name, _type, c) => {
    if (c.id !== CommandId.SET_MR_PWM || c.type !== 'truck') {
      expect(validateCommand(c.id, c.good, c.type)).toEqual({ ok: true, value: undefined });
    }
    for (const [args, fragment] of c.bad) {
      const r = validateCommand(c.id, args, c.type);
      expect(r.ok, JSON.stringify(args)).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidArgument');
        expect(r.error.message).toContain(describeCommand(c.id));
        expect(r.error.message).toContain(fragment);
      }
    }
  });

  it('refuses an unknown id', () => {
    const r = validateCommand(999, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('id: 999 is not a vrobots command id');
  });

  it('accepts 2 or 4 PWM values when no robot type is given', () => {
    expect(validateCommand(CommandId.SET_MR_PWM, { intArr: [1500, 1500] }).ok).toBe(true);
    expect(validateCommand(CommandId.SET_MR_PWM, { intArr: [1500, 1500, 1500] }).ok).toBe(false);
  });

  it('refuses a non-finite value in a field the id does not read', () => {
    expect(validateCommand(CommandId.SET_MSD, { floatVal: 1, floatArr: [Number.NaN] }).ok).toBe(false);
  });
});

describe('simulator-side acceptability', () => {
  it('ignores wrong lengths and non-finite values but clamps out-of-range codes', () => {
    expect(isCommandAcceptable(CommandId.SET_MR_PWM, { intArr: [2500, 900, 1500, 1500] }, 'multirotor')).toBe(true);
    expect(isCommandAcceptable(CommandId.SET_MR_PWM, { intArr: [1500, 1500] }, 'multirotor')).toBe(false);
    expect(isCommandAcceptable(CommandId.SET_MR_PWM, { intArr: [1500, 1500] }, 'halfdrone')).toBe(true);
    expect(isCommandAcceptable(CommandId.SET_MR_PWM, { intArr: [1500, 1500, 1500, 1500] }, 'truck')).toBe(false);
    expect(isCommandAcceptable(CommandId.SET_FW_THRUST, { floatVal: 50000 }, 'globalhawk')).toBe(true);
    expect(isCommandAcceptable(CommandId.SET_MSD, { floatVal: Number.NaN }, 'msd')).toBe(false);
    expect(isCommandAcceptable(CommandId.SET_BODY_FT, { vec3: v3 }, 'msd')).toBe(false);
    expect(isCommandAcceptable(12345, {}, 'msd')).toBe(false);
    expect(commandRejection(CommandId.SET_CAR, { intArr: [1500] }, 'truck')).toMatch(/^SET_CAR \(304\): /);
    expect(commandRejection(CommandId.SET_CAR, { intArr: [1500, 1500] }, 'truck')).toBeUndefined();
  });
});
