/**
 * vrobots command ids (`Command.id` on `vrobots/{id}/z/cmd`). One id plus CmdArgs; no reply;
 * the simulator latches the last value and applies it at 50 Hz physics.
 */
export const CommandId = {
  SET_ACC: 1,
  SET_VEL: 2,
  SET_POS: 3,
  SET_ANGACC: 50,
  /** vec3: body rates, rad/s (GlobalHawk: tracked by the onboard rate loop). */
  SET_ANGVEL: 51,
  SET_EULER: 52,
  SET_EULER_DOT: 53,
  SET_QUAT: 54,
  SET_MASS: 100,
  SET_MOI_3X1: 101,
  SET_MOI_3X3: 102,
  SET_BODY_FORCE: 200,
  SET_BODY_TORQUE: 201,
  /** vec3 force + vec3_arr[0] torque. */
  SET_BODY_FT: 202,
  ADD_BODY_FORCE: 203,
  ADD_BODY_TORQUE: 204,
  ADD_BODY_FT: 205,
  /** int_arr, µs 1100..2000: 4 values (Multirotor) or exactly 2 (HalfDrone). */
  SET_MR_PWM: 300,
  SET_MR_THROTTLE: 301,
  SET_OMROVER: 302,
  SET_HELI: 303,
  /** int_arr µs 1100..2000: [steer (1500 centre), throttle (1500 stop)(, brake)]. */
  SET_CAR: 304,
  /** float_val: force on the mass, N. */
  SET_MSD: 305,
  /** float_val: force on the cart, N. */
  SET_INVPEN: 306,
  /** float_arr: 6 control surface deflections, rad. */
  SET_FW_SURFACES: 307,
  /** float_val: N, 0..20000. */
  SET_FW_THRUST: 308,
  SET_FW_THRUST_BIAS: 309,
  /** int_val: 0 onboard rate loop, 1 direct surfaces. */
  SET_FW_CTRL_MODE: 310,
  /** int_val: 0 truth, 1 observer (the estimate topic). */
  SET_FW_EST_SOURCE: 311,
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];
export type CommandName = keyof typeof CommandId;

const NAMES = new Map<number, CommandName>(
  (Object.entries(CommandId) as [CommandName, CommandId][]).map(([name, id]) => [id, name]),
);

export function isCommandId(id: unknown): id is CommandId {
  return typeof id === 'number' && NAMES.has(id);
}

/** `SET_MR_PWM`, or undefined for an id the protocol does not know. */
export function commandName(id: number): CommandName | undefined {
  return NAMES.get(id);
}

/** `SET_MR_PWM (300)` for messages; `command 999` for an unknown id. */
export function describeCommand(id: number): string {
  const name = NAMES.get(id);
  return name === undefined ? `command ${id}` : `${name} (${id})`;
}

/** Actuator-code limits the client enforces. */
export const PWM_MIN_US = 1100;
export const PWM_MAX_US = 2000;
export const PWM_CENTRE_US = 1500;
export const FW_THRUST_MAX_N = 20000;
export const FW_SURFACE_COUNT = 6;
