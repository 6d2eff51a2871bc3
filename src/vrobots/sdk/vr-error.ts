/**
 * VrError: the vendor SDK's error kinds with their stable codes, carried inside the one
 * rclts Result shape. A VrError IS an RclError (nros `code`/`name`, `message`), so a
 * `VrResultOf<T>` is assignable to `ResultOf<T>`; on top it carries the vrobots `kind`,
 * its stable `vrCode` and the bare `detail`. `message` is printed the vendor's way:
 * `<kind>: <detail>`.
 */
import { clipMessage, ErrorCode, type ErrorName, type Ok, type RclError } from '../../result.js';

/** Stable vrobots codes (docs/vrobots-protocol.md); `unsupported` (10) is an rclts addition (cameras). */
export const VrErrorCode = {
  session: 1,
  invalid_argument: 2,
  timeout: 3,
  decode: 4,
  publish: 5,
  service: 6,
  no_responder: 7,
  deleted: 8,
  config: 9,
  unsupported: 10,
} as const;
export type VrErrorKind = keyof typeof VrErrorCode;
export type VrErrorCode = (typeof VrErrorCode)[VrErrorKind];

/** The nros code each kind travels under, so generic Result code paths stay meaningful. */
const NROS_NAME: { readonly [K in VrErrorKind]: Exclude<ErrorName, 'Ok'> } = {
  session: 'TransportError',
  invalid_argument: 'InvalidArgument',
  timeout: 'Timeout',
  decode: 'Error',
  publish: 'PublishFailed',
  service: 'ServiceFailed',
  no_responder: 'NotFound',
  deleted: 'NotInitialized',
  config: 'InvalidArgument',
  unsupported: 'Unsupported',
};

export interface VrError extends RclError {
  readonly kind: VrErrorKind;
  readonly vrCode: VrErrorCode;
  /** The sentence without the kind prefix; names the key, id, argument and budget. */
  readonly detail: string;
}

export interface VrErr {
  readonly ok: false;
  readonly error: VrError;
}
/** Can fail without a value (vrobots errors). */
export type VrResult = Ok<undefined> | VrErr;
/** Can fail with a value (vrobots errors). */
export type VrResultOf<T> = Ok<T> | VrErr;

export function vrError(kind: VrErrorKind, detail: string): VrError {
  const name = NROS_NAME[kind];
  return Object.freeze({
    code: ErrorCode[name] as Exclude<ErrorCode, 0>,
    name,
    message: clipMessage(`${kind}: ${detail}`),
    kind,
    vrCode: VrErrorCode[kind],
    detail: clipMessage(detail),
  });
}

export function vrErr(kind: VrErrorKind, detail: string): VrErr {
  return { ok: false, error: vrError(kind, detail) };
}

/** An rclcpp-layer error as a VrErr, keeping its sentence (see fromRclError). */
export function vrFail(e: RclError, context?: string): VrErr {
  return { ok: false, error: fromRclError(e, context) };
}

const KINDS = new Set<string>(Object.keys(VrErrorCode));

/** Shape guard (not instanceof: errors cross module copies and JSON). */
export function isVrError(x: unknown): x is VrError {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return (
    typeof e.kind === 'string' &&
    KINDS.has(e.kind) &&
    e.vrCode === VrErrorCode[e.kind as VrErrorKind] &&
    typeof e.detail === 'string' &&
    typeof e.message === 'string' &&
    typeof e.code === 'number'
  );
}

/** `<kind>: <detail>` — same as `error.message`, kept for symmetry with describeError. */
export function formatVrError(e: VrError): string {
  return `${e.kind}: ${e.detail}`;
}

/** Lifts an rclcpp-layer error into a VrError, keeping its sentence. */
export function fromRclError(e: RclError, context?: string): VrError {
  if (isVrError(e)) return e;
  const detail = context === undefined ? e.message : `${context}: ${e.message}`;
  switch (e.name) {
    case 'InvalidArgument':
      return vrError('invalid_argument', detail);
    case 'Timeout':
      return vrError('timeout', detail);
    case 'PublishFailed':
      return vrError('publish', detail);
    case 'ServiceFailed':
      return vrError('service', detail);
    case 'NotFound':
      return vrError('no_responder', detail);
    case 'Unsupported':
      return vrError('unsupported', detail);
    case 'Error':
      // The rclcpp layer reports an undecodable payload as Error "cannot decode ...".
      return vrError(e.message.startsWith('cannot decode') ? 'decode' : 'session', detail);
    default:
      return vrError('session', detail);
  }
}
