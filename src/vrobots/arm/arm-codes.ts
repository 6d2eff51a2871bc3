/**
 * The arm's real-time interface in numbers: its modes, the refusal codes of the immediate
 * commands, the tick, the joint limits and the session timeouts (the vendor's contract for
 * `rti_connect`, mapped onto vrobots).
 */

/** The arm's modes (values as `swarmbotix.arm.ArmMode`). */
export const ArmModeName = { 0: 'IDLE', 1: 'RTI', 2: 'SOFT_RTI' } as const;
export type ArmModeName = (typeof ArmModeName)[keyof typeof ArmModeName];

/** The vendor's refusal codes; BAD_ARGS and INTERNAL travel as code 0 plus their name. */
export const RtiCode = {
  COMMAND_NOT_ALLOWED: 6010,
  CONTROL_HELD: 6101,
  INVALID_ARGUMENTS: 6003,
  RTI_NOT_ANSWERING: 6025,
  MODE_CHANGE_REFUSED: 6014,
  REFUSED_BY_RTI: 6026,
  BAD_ARGS: 0,
  INTERNAL: 0,
} as const;
export type RtiCodeName = keyof typeof RtiCode;

/** The name a numeric code travels with (BAD_ARGS and INTERNAL share 0 and need their name). */
export function rtiCodeName(code: number): RtiCodeName | undefined {
  for (const [name, value] of Object.entries(RtiCode)) if (value === code && value !== 0) return name as RtiCodeName;
  return undefined;
}

export const ARM_JOINTS = 6;
/** The arm's control period: 4 ms, 250 Hz. */
export const ARM_TICK_MS = 4;
export const ARM_TICK_HZ = 1000 / ARM_TICK_MS;
/** RTI stops when no command arrives for this long. */
export const RTI_COMMAND_TIMEOUT_S = 0.04;
/** SOFT_RTI stops after three of the PC's intervals without a target, at most this long. */
export const SOFT_RTI_MAX_TIMEOUT_S = 1;
export const SOFT_RTI_TIMEOUT_INTERVALS = 3;
/** The real-time controller must answer an immediate command within this. */
export const RT_ANSWER_BUDGET_MS = 1000;
/** rti_connect waits this long for a stopping session before refusing with 6010. */
export const STOPPING_WAIT_MS = 2000;
/** Ticks a stop takes to ramp the joints down (a release or a watchdog). */
export const DEFAULT_STOP_TICKS = 10;
/** The vendor's stream port (tcp); the simulator takes any free one unless told. */
export const VENDOR_STREAM_PORT = 30003;

/** Revolute joint limits (rad) and speed limits (rad/s), base to wrist. */
export const JOINT_LIMITS: readonly { readonly min: number; readonly max: number; readonly maxSpeed: number }[] = [
  { min: -2.9, max: 2.9, maxSpeed: 2.2 },
  { min: -1.8, max: 1.8, maxSpeed: 2.2 },
  { min: -2.5, max: 2.5, maxSpeed: 2.6 },
  { min: -3.0, max: 3.0, maxSpeed: 3.2 },
  { min: -2.0, max: 2.0, maxSpeed: 3.2 },
  { min: -3.1, max: 3.1, maxSpeed: 3.8 },
];

/** Interpolation between SOFT_RTI targets. */
export const SERVO_GENERATORS = ['linear', 'cubic'] as const;
export type ServoGenerator = (typeof SERVO_GENERATORS)[number];

export const RTI_TRANSPORTS = ['udp', 'tcp'] as const;
export type RtiTransport = (typeof RTI_TRANSPORTS)[number];

/** Dotted-quad IPv4, each part 0..255, no leading zeros. */
export function isIpv4(x: unknown): x is string {
  if (typeof x !== 'string') return false;
  const parts = x.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** The SOFT_RTI command timeout of a rate: three intervals, at most 1 s. */
export function softRtiTimeoutS(rateHz: number): number {
  return Math.min(SOFT_RTI_MAX_TIMEOUT_S, SOFT_RTI_TIMEOUT_INTERVALS / rateHz);
}

/** Whole ticks a timeout spans (at least one). */
export function timeoutTicks(seconds: number): number {
  return Math.max(1, Math.round((seconds * 1000) / ARM_TICK_MS));
}
