/**
 * INTERIM: keys, robot types and command ids the SDK needs, until src/vrobots/keys.ts,
 * robot-type.ts and commands/ land (then this file re-exports or disappears).
 */
export const CREATE_KEY = 'vrobots/manager/z/srv/create';
export const DELETE_KEY = 'vrobots/manager/z/srv/delete';
export const SCENE_FRAME_KEY = 'vrobots/scene/z/srv/frame';
export const stateKey = (id: number): string => `vrobots/${id}/z/state`;
export const cmdKey = (id: number): string => `vrobots/${id}/z/cmd`;
export const framesKey = (id: number): string => `vrobots/${id}/z/frames`;
export const estimateKey = (id: number): string => `vrobots/${id}/z/estimate`;
export const serviceKey = (id: number, segment: string): string => `vrobots/${id}/z/srv/${segment}`;

export const RobotType = {
  Multirotor: 'multirotor',
  Truck: 'truck',
  Msd: 'msd',
  CartPole: 'cartpole',
  HalfDrone: 'halfdrone',
  GlobalHawk: 'globalhawk',
} as const;
export type RobotType = (typeof RobotType)[keyof typeof RobotType];

const ALIASES: Record<string, RobotType> = { car: 'truck', rq4b: 'globalhawk' };

export function parseRobotType(name: string): RobotType | undefined {
  const k = name.trim().toLowerCase();
  if ((Object.values(RobotType) as string[]).includes(k)) return k as RobotType;
  return ALIASES[k];
}

export const CommandId = {
  SET_ACC: 1,
  SET_VEL: 2,
  SET_POS: 3,
  SET_ANGACC: 50,
  SET_ANGVEL: 51,
  SET_EULER: 52,
  SET_EULER_DOT: 53,
  SET_QUAT: 54,
  SET_MASS: 100,
  SET_MOI_3X1: 101,
  SET_MOI_3X3: 102,
  SET_BODY_FORCE: 200,
  SET_BODY_TORQUE: 201,
  SET_BODY_FT: 202,
  ADD_BODY_FORCE: 203,
  ADD_BODY_TORQUE: 204,
  ADD_BODY_FT: 205,
  SET_MR_PWM: 300,
  SET_MR_THROTTLE: 301,
  SET_OMROVER: 302,
  SET_HELI: 303,
  SET_CAR: 304,
  SET_MSD: 305,
  SET_INVPEN: 306,
  SET_FW_SURFACES: 307,
  SET_FW_THRUST: 308,
  SET_FW_THRUST_BIAS: 309,
  SET_FW_CTRL_MODE: 310,
  SET_FW_EST_SOURCE: 311,
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];
