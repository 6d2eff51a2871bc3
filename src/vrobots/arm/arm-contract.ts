/**
 * The session contract: what every rti_connect sets afresh (command timeout, servo
 * generator, minimum duration, dynamics feedforward, and in RTI the pace limit and state
 * rate; the rate limiter, start-pose check and real-time gravity compensation on; the tool
 * speed cap back to its start value). A session never inherits these; other real-time
 * settings (here the filter cut-off) keep their values.
 */
import type { ArmContract } from '../generated/swarmbotix-types.js';
import { ARM_TICK_HZ, RTI_COMMAND_TIMEOUT_S, softRtiTimeoutS } from './arm-codes.js';

export type { ArmContract };

export const START_TOOL_SPEED_CAP = 0.25;
export const DEFAULT_RT_FILTER_HZ = 100;
/** RTI pace limit: the largest joint step per 4 ms tick. */
export const RTI_PACE_LIMIT_RAD = 0.02;

/** The contract at power-up (IDLE; nothing is paired). */
export function startContract(): ArmContract {
  return {
    commandTimeoutS: RTI_COMMAND_TIMEOUT_S,
    servoGenerator: 'linear',
    minDurationS: 0,
    dynamicsFeedforward: false,
    paceLimitRad: RTI_PACE_LIMIT_RAD,
    stateRateHz: ARM_TICK_HZ,
    rateLimiter: true,
    startPoseCheck: true,
    rtGravityComp: true,
    toolSpeedCap: START_TOOL_SPEED_CAP,
    rtFilterHz: DEFAULT_RT_FILTER_HZ,
  };
}

/** The contract a connect sets: afresh, except the settings a session leaves alone. */
export function sessionContract(previous: ArmContract, rateHz: number | undefined): ArmContract {
  const fresh = startContract();
  const rti = rateHz === undefined;
  return {
    ...fresh,
    commandTimeoutS: rti ? RTI_COMMAND_TIMEOUT_S : softRtiTimeoutS(rateHz),
    minDurationS: rti ? 0 : 1 / rateHz,
    // SOFT_RTI has no pace limit or state rate of its own: they keep what they were.
    paceLimitRad: rti ? fresh.paceLimitRad : previous.paceLimitRad,
    stateRateHz: rti ? fresh.stateRateHz : previous.stateRateHz,
    rtFilterHz: previous.rtFilterHz,
  };
}
