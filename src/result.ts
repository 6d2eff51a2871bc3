/**
 * Errors as values. One code table shared with nros (C, C++ and Rust use the same numbers).
 * `Result` can fail without a value; `ResultOf<T>` carries a value or an error.
 * A thrown error anywhere in rclts is a bug.
 */
export const ErrorCode = {
  Ok: 0,
  Error: -1,
  Timeout: -2,
  InvalidArgument: -3,
  NotFound: -4,
  AlreadyExists: -5,
  Full: -6,
  NotInitialized: -7,
  BadSequence: -8,
  ServiceFailed: -9,
  PublishFailed: -10,
  SubscriptionFailed: -11,
  NotAllowed: -12,
  Rejected: -13,
  TryAgain: -14,
  Reentrant: -15,
  Unsupported: -16,
  TransportError: -100,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export type ErrorName = keyof typeof ErrorCode;

/** An error value: the nros code, its name, and a sentence naming the thing and the budget. */
export interface RclError {
  readonly code: Exclude<ErrorCode, 0>;
  readonly name: Exclude<ErrorName, 'Ok'>;
  readonly message: string;
}

export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}
export interface Err {
  readonly ok: false;
  readonly error: RclError;
}

/** Can fail without a value. */
export type Result = Ok<undefined> | Err;
/** Can fail with a value. */
export type ResultOf<T> = Ok<T> | Err;

const nameOf = new Map<number, ErrorName>(
  (Object.entries(ErrorCode) as [ErrorName, ErrorCode][]).map(([n, c]) => [c, n]),
);

const OK_VOID: Ok<undefined> = Object.freeze({ ok: true, value: undefined });

export function ok(): Ok<undefined>;
export function ok<T>(value: T): Ok<T>;
export function ok<T>(value?: T): Ok<T | undefined> {
  return value === undefined ? OK_VOID : { ok: true, value };
}

export function err(name: Exclude<ErrorName, 'Ok'>, message: string): Err {
  return { ok: false, error: { code: ErrorCode[name] as Exclude<ErrorCode, 0>, name, message } };
}

/** Builds an error from a numeric nros code (unknown codes map to `Error`). */
export function errCode(code: number, message: string): Err {
  const name = nameOf.get(code);
  return err(name === undefined || name === 'Ok' ? 'Error' : name, message);
}

export function isRclError(x: unknown): x is RclError {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return typeof e.code === 'number' && typeof e.name === 'string' && typeof e.message === 'string';
}

/** Formats an error as `<Name> (<code>): <message>`. */
export function describeError(e: RclError): string {
  return `${e.name} (${e.code}): ${e.message}`;
}

/** Turns whatever a dependency threw into a readable sentence. */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'string') return thrown;
  try {
    return JSON.stringify(thrown) ?? String(thrown);
  } catch {
    return String(thrown);
  }
}
