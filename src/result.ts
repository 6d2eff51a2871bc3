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
  return { ok: false, error: { code: ErrorCode[name] as Exclude<ErrorCode, 0>, name, message: clipMessage(message) } };
}

/** Longest error sentence kept whole; past it the middle is left out. */
export const MAX_MESSAGE_LENGTH = 1000;

/**
 * An error sentence of at most about MAX_MESSAGE_LENGTH characters. Sentences quote the caller's
 * argument, which may be a megabyte of text: the start (what was refused) and the end (why) are
 * kept, and the middle is replaced by a note of how much was left out.
 */
export function clipMessage(message: string): string {
  if (message.length <= MAX_MESSAGE_LENGTH) return message;
  const head = message.slice(0, 600);
  const tail = message.slice(message.length - 300);
  const cut = message.length - head.length - tail.length;
  return `${head}…[${cut.toLocaleString('en')} characters left out]…${tail}`;
}

/**
 * Thrown only by `Result.unwrap` and `Result.expect`, the escape hatches for scripts and tests
 * that would rather stop than handle an error. It carries the error value it was made from.
 */
export class ResultError extends Error {
  override readonly name = 'ResultError';
  constructor(
    readonly error: RclError,
    context?: string,
  ) {
    super(context === undefined ? describeError(error) : `${context}: ${describeError(error)}`);
  }
}

/**
 * The small combinators over Result values (the type of the same name), as neverthrow offers them.
 * Only `unwrap` and `expect` throw, and they say so by name; the rest are total.
 */
export const Result = {
  /** The value, or a thrown ResultError: for scripts and tests, never for library code. */
  unwrap<T>(r: ResultOf<T>): T {
    if (r.ok) return r.value;
    throw new ResultError(r.error);
  },
  /** As unwrap, with `message` saying what was being done: `Result.expect(r, 'create the node')`. */
  expect<T>(r: ResultOf<T>, message: string): T {
    if (r.ok) return r.value;
    throw new ResultError(r.error, message);
  },
  /** The value, or `fallback` when the result is an error. */
  unwrapOr<T, U>(r: ResultOf<T>, fallback: U): T | U {
    return r.ok ? r.value : fallback;
  },
  /** The value mapped by `f`; an error passes through unchanged. */
  map<T, U>(r: ResultOf<T>, f: (value: T) => U): ResultOf<U> {
    return r.ok ? ok(f(r.value)) : r;
  },
  /** Chains a step that can fail itself; the first error wins. */
  andThen<T, U>(r: ResultOf<T>, f: (value: T) => ResultOf<U>): ResultOf<U> {
    return r.ok ? f(r.value) : r;
  },
  /** The error mapped by `f` (e.g. to add context); a value passes through unchanged. */
  mapErr<T>(r: ResultOf<T>, f: (error: RclError) => RclError): ResultOf<T> {
    return r.ok ? r : { ok: false, error: f(r.error) };
  },
} as const;

/** Builds an error from a numeric nros code (unknown codes map to `Error`). */
export function errCode(code: number, message: string): Err {
  const name = nameOf.get(code);
  return err(name === undefined || name === 'Ok' ? 'Error' : name, message);
}

export function isRclError(x: unknown): x is RclError {
  if (typeof x !== 'object' || x === null) return false;
  return (
    typeof readField(x, 'code') === 'number' &&
    typeof readField(x, 'name') === 'string' &&
    typeof readField(x, 'message') === 'string'
  );
}

/** Formats an error as `<Name> (<code>): <message>`. Total: a hostile value gives a sentence, never a throw. */
export function describeError(e: RclError): string {
  return `${describeValue(readField(e, 'name'))} (${describeValue(readField(e, 'code'))}): ${describeValue(readField(e, 'message'))}`;
}

/**
 * Turns whatever a dependency or a handler threw into a readable sentence. Total: null-prototype
 * objects, revoked Proxies, throwing getters and toString never make it throw.
 */
export function describeThrown(thrown: unknown): string {
  if (isErrorObject(thrown)) {
    const message = readField(thrown, 'message');
    if (typeof message === 'string') return message;
  }
  if (typeof thrown === 'string') return thrown;
  try {
    const json = JSON.stringify(thrown);
    if (typeof json === 'string') return json;
  } catch {
    // Cyclic, BigInt-carrying or hostile: fall back to describeValue.
  }
  return describeValue(thrown);
}

/**
 * Any value as text for an error message (what `String(x)` is for), but total: when the value's
 * own conversion throws (null prototype, revoked Proxy, throwing toString or Symbol.toPrimitive)
 * the answer names its type instead.
 */
export function describeValue(x: unknown): string {
  switch (typeof x) {
    case 'string':
      return x;
    case 'number':
    case 'boolean':
    case 'undefined':
    case 'bigint':
      return String(x);
    case 'symbol':
      return x.toString();
    default:
      break;
  }
  try {
    const text: unknown = String(x);
    if (typeof text === 'string') return text;
  } catch {
    // Not convertible: described by its type below.
  }
  return x === null ? 'null' : `[${typeof x} that cannot be shown as text]`;
}

/** describeValue, with strings quoted: for sentences that show the caller's argument as given. */
export function quoteValue(x: unknown): string {
  return typeof x === 'string' ? JSON.stringify(x) : describeValue(x);
}

/** `instanceof Error` that survives a revoked Proxy (whose prototype lookup throws). */
function isErrorObject(x: unknown): x is Error {
  try {
    return x instanceof Error;
  } catch {
    return false;
  }
}

function readField(x: unknown, key: string): unknown {
  try {
    return (x as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}
