/**
 * What the executor tells its user: the report of one spin round, the events delivered to
 * `onEvent` listeners, and the counters since creation. The rclcpp layer re-exports them.
 */

/** What one spin round did. */
export interface SpinReport {
  readonly subscriptions: number;
  readonly timers: number;
  readonly services: number;
  readonly clients: number;
  readonly guardConditions: number;
  readonly handlerErrors: number;
}

/** A handler threw or rejected, a queue overflowed, a sample did not decode, a transport reported something. */
export type ExecutorEvent =
  | { readonly type: 'handler_error'; readonly entity: string; readonly error: unknown }
  | { readonly type: 'queue_overflow'; readonly entity: string; readonly dropped: number }
  | { readonly type: 'decode_error'; readonly entity: string; readonly message: string }
  | { readonly type: 'transport'; readonly message: string };

/** Counters since the executor was created. */
export interface ExecutorStats {
  /** handlers that threw or whose returned promise rejected */
  readonly handlerErrors: number;
  readonly dropped: number;
  readonly decodeErrors: number;
  /** onEvent listeners and shutdown callbacks that threw or rejected (swallowed) */
  readonly listenerErrors: number;
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function emptyReport(): Mutable<SpinReport> {
  return { subscriptions: 0, timers: 0, services: 0, clients: 0, guardConditions: 0, handlerErrors: 0 };
}
