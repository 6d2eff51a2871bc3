/**
 * tf2's exceptions as error values. Each keeps tf2's kind (the exception's name, in `kind` and
 * at the start of the sentence) and takes the nros code that says what a caller can do:
 * NotFound when no such frame or path exists, TryAgain when the data may still arrive (the
 * request is newer than the buffer, or the link has no data yet), NotFound when it is older
 * than what the buffer keeps, InvalidArgument for a refused frame id or time, Timeout when a
 * wait's budget runs out.
 */
import { type Err, type ErrorName, err, type Ok, type RclError } from '../../result.js';

export const Tf2ErrorKind = {
  Lookup: 'LookupException',
  Connectivity: 'ConnectivityException',
  BackwardExtrapolation: 'BackwardExtrapolationException',
  ForwardExtrapolation: 'ForwardExtrapolationException',
  NoDataForExtrapolation: 'NoDataForExtrapolationException',
  InvalidArgument: 'InvalidArgumentException',
  Timeout: 'TimeoutException',
} as const;
export type Tf2ErrorKind = (typeof Tf2ErrorKind)[keyof typeof Tf2ErrorKind];

/** An error value that also names tf2's exception kind. */
export interface Tf2Error extends RclError {
  readonly kind: Tf2ErrorKind;
}

export interface Tf2Err extends Err {
  readonly error: Tf2Error;
}

/** A value or a tf2 error; assignable to ResultOf<T>. */
export type Tf2ResultOf<T> = Ok<T> | Tf2Err;

const CODE_OF: Readonly<Record<Tf2ErrorKind, Exclude<ErrorName, 'Ok'>>> = {
  LookupException: 'NotFound',
  ConnectivityException: 'NotFound',
  BackwardExtrapolationException: 'NotFound',
  ForwardExtrapolationException: 'TryAgain',
  NoDataForExtrapolationException: 'TryAgain',
  InvalidArgumentException: 'InvalidArgument',
  TimeoutException: 'Timeout',
};

export function tf2Err(kind: Tf2ErrorKind, message: string): Tf2Err {
  const base = err(CODE_OF[kind], `${kind}: ${message}`);
  return { ok: false, error: { ...base.error, kind } };
}

/** A plain error value (a refused argument from the rclcpp layer) as a tf2 one of the given kind. */
export function asTf2Err(e: Err, kind: Tf2ErrorKind): Tf2Err {
  return { ok: false, error: { ...e.error, kind } };
}
