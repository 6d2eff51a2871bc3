/**
 * The arm client's errors as values: the vendor's exception names (CommandRejected,
 * RobotTimeout, RobotConnectionError, ValueError, TypeError, and the CONNECTION_LOST /
 * DISCONNECTED rejections) mapped onto rclts error kinds, with the arm's numeric code kept.
 * An RtiError is a VrError (and so an RclError): generic Result paths stay meaningful.
 */
import { ErrorCode, type ErrorName } from '../../result.js';
import { type VrError, type VrErrorKind, vrError } from './vr-error.js';

export const RtiVendorError = {
  CommandRejected: 'CommandRejected',
  RobotTimeout: 'RobotTimeout',
  RobotConnectionError: 'RobotConnectionError',
  ValueError: 'ValueError',
  TypeError: 'TypeError',
  CONNECTION_LOST: 'CONNECTION_LOST',
  DISCONNECTED: 'DISCONNECTED',
} as const;
export type RtiVendorError = (typeof RtiVendorError)[keyof typeof RtiVendorError];

/** The vrobots kind and the nros name each vendor error travels under. */
const MAP: { readonly [V in RtiVendorError]: readonly [VrErrorKind, Exclude<ErrorName, 'Ok'>] } = {
  CommandRejected: ['service', 'Rejected'],
  RobotTimeout: ['timeout', 'Timeout'],
  RobotConnectionError: ['session', 'TransportError'],
  ValueError: ['invalid_argument', 'InvalidArgument'],
  TypeError: ['invalid_argument', 'InvalidArgument'],
  CONNECTION_LOST: ['session', 'TransportError'],
  DISCONNECTED: ['session', 'NotInitialized'],
};

export interface RtiError extends VrError {
  /** The vendor's name for this failure. */
  readonly vendor: RtiVendorError;
  /** CommandRejected: the arm's code (6010, 6101, 6003, 6025, 6014, 6026; 0 for BAD_ARGS and INTERNAL). */
  readonly rtiCode?: number;
  /** CommandRejected: the code's name (`COMMAND_NOT_ALLOWED`, ..., `BAD_ARGS`, `INTERNAL`). */
  readonly rtiCodeName?: string;
}

export interface RtiErr {
  readonly ok: false;
  readonly error: RtiError;
}

export function rtiError(vendor: RtiVendorError, detail: string, code?: { code: number; name: string }): RtiError {
  const [kind, name] = MAP[vendor];
  return Object.freeze({
    ...vrError(kind, detail),
    // The nros name says more than the kind's default (a refusal is Rejected, not ServiceFailed).
    code: ErrorCode[name] as Exclude<ErrorCode, 0>,
    name,
    vendor,
    ...(code !== undefined ? { rtiCode: code.code, rtiCodeName: code.name } : {}),
  });
}

export function rtiErr(vendor: RtiVendorError, detail: string, code?: { code: number; name: string }): RtiErr {
  return { ok: false, error: rtiError(vendor, detail, code) };
}

/** Shape guard: a VrError carrying a vendor name. */
export function isRtiError(x: unknown): x is RtiError {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as { vendor?: unknown }).vendor === 'string' &&
    (Object.values(RtiVendorError) as string[]).includes((x as { vendor: string }).vendor)
  );
}
