/**
 * The drive slider of each robot type: what it sets, its range and unit, and the SDK verb it
 * calls (a setpoint command on `z/cmd`; the robot latches the last one).
 */
import type { VirtualRobot, VrResult } from '../../src/vrobots/index.js';

export interface DriveSpec {
  readonly label: string;
  readonly unit: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** The value that means "stop". */
  readonly rest: number;
  /** Truck only: steering, microseconds (1500 centre). */
  readonly steer?: boolean;
  send(robot: VirtualRobot, value: number, steer: number): VrResult;
}

const PWM = { min: 1100, max: 2000, step: 10, unit: 'µs' } as const;

export const DRIVES: Readonly<Record<string, DriveSpec>> = {
  msd: { label: 'force', unit: 'N', min: -50, max: 50, step: 1, rest: 0, send: (r, v) => r.setMsdForce(v) },
  cartpole: {
    label: 'cart force',
    unit: 'N',
    min: -20,
    max: 20,
    step: 0.5,
    rest: 0,
    send: (r, v) => r.setCartpoleForce(v),
  },
  truck: {
    label: 'throttle',
    ...PWM,
    rest: 1500,
    steer: true,
    send: (r, v, steer) => r.setCar(steer, v),
  },
  multirotor: { label: 'rotor PWM (all 4)', ...PWM, rest: 1100, send: (r, v) => r.setMrPwm([v, v, v, v]) },
  halfdrone: { label: 'rotor PWM (both)', ...PWM, rest: 1100, send: (r, v) => r.setMrPwm([v, v]) },
  globalhawk: { label: 'thrust', unit: 'N', min: 0, max: 20000, step: 100, rest: 0, send: (r, v) => r.setFwThrust(v) },
};
