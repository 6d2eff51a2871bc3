/**
 * What the console keeps of one arm status (`vrobots/{id}/z/arm_status`): the session worker
 * decodes ArmStatus and posts these plain objects (no bigint, the mode by name), so the page
 * reads them without the codec. Arms are few and publish at the state rate, so they travel as
 * objects rather than packed like the swarm's states.
 */
import { ArmModeName, type ArmStatus } from '../../src/vrobots/index.js';

/** The session contract in force (what every rti_connect sets afresh). */
export type ArmContractView = Readonly<ArmStatus['contract']>;

export interface ArmView {
  readonly sysId: number;
  /** Arrival in the session, ms since the epoch. */
  readonly arrivalMs: number;
  readonly mode: string;
  /** The client holding control; empty: nobody. */
  readonly owner: string;
  readonly enabled: boolean;
  readonly homed: boolean;
  readonly errorLatched: boolean;
  readonly errorReason: string;
  readonly claimed: boolean;
  readonly stopping: boolean;
  readonly stopReason: string;
  readonly pcIp: string;
  readonly transport: string;
  readonly rateHz: number;
  readonly streamPort: number;
  readonly tick: number;
  /** rad, base to wrist. */
  readonly positions: readonly number[];
  /** rad/s. */
  readonly velocities: readonly number[];
  readonly contract: ArmContractView;
}

const MODES: Readonly<Record<number, string>> = ArmModeName;

export function armViewOf(status: ArmStatus, arrivalMs: number): ArmView {
  const c = status.contract;
  return {
    sysId: status.header.sysId,
    arrivalMs,
    mode: MODES[status.mode] ?? `mode ${status.mode}`,
    owner: status.owner,
    enabled: status.enabled,
    homed: status.homed,
    errorLatched: status.errorLatched,
    errorReason: status.errorReason,
    claimed: status.claimed,
    stopping: status.stopping,
    stopReason: status.stopReason,
    pcIp: status.pcIp,
    transport: status.transport,
    rateHz: status.rateHz,
    streamPort: status.streamPort,
    tick: Number(status.tick),
    positions: [...status.positions],
    velocities: [...status.velocities],
    contract: {
      commandTimeoutS: c.commandTimeoutS,
      servoGenerator: c.servoGenerator,
      minDurationS: c.minDurationS,
      dynamicsFeedforward: c.dynamicsFeedforward,
      paceLimitRad: c.paceLimitRad,
      stateRateHz: c.stateRateHz,
      rateLimiter: c.rateLimiter,
      startPoseCheck: c.startPoseCheck,
      rtGravityComp: c.rtGravityComp,
      toolSpeedCap: c.toolSpeedCap,
      rtFilterHz: c.rtFilterHz,
    },
  };
}
