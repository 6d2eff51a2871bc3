/**
 * Hostile callbacks: what a user's handler can do to the executor that runs it. Each is drawn
 * by name and built against the run's world, so a reentrant one can reach the executor and
 * its own handle. Reentrant calls go through the probe too: inside a handler they must answer
 * an error value (Reentrant, BadSequence), never throw.
 */
import fc from 'fast-check';
import type { EntityHandle, Executor } from '../../src/index.js';
import { neverThenable, revoked, type ThrownKind, throwingThenable, thrownKind, thrownValue } from './hostile.js';
import { CAP_MS, type Probe } from './probe.js';

export const ACTS = [
  'noop',
  'throw',
  'reject',
  'rejectLater',
  'thenableThrows',
  'thenableNever',
  'thenableProxy',
  'returnRevoked',
  'spinSome',
  'spinOnce',
  'spinFor',
  'spin',
  'resetSelf',
  'resetSelfTwice',
  'cancel',
  'shutdown',
  'triggerSelf',
] as const;
export type Act = (typeof ACTS)[number];

export interface Behaviour {
  readonly act: Act;
  readonly thrown: ThrownKind;
}

/** Mostly benign, so that the hostile ones meet a working executor. */
export const behaviour: fc.Arbitrary<Behaviour> = fc.record({
  act: fc.oneof({ weight: 2, arbitrary: fc.constant<Act>('noop') }, { weight: 8, arbitrary: fc.constantFrom(...ACTS) }),
  thrown: thrownKind,
});

export interface CallbackContext {
  readonly probe: Probe;
  readonly executor: Executor;
  /** The entity this callback belongs to, once created. */
  self(): EntityHandle | undefined;
  /** Counted each time the callback runs. */
  onRun?(args: readonly unknown[]): void;
}

/**
 * The callback, typed as the plain `() => void` an API declares (JS callers hand in anything:
 * an async function, one that returns a thenable).
 */
export function makeCallback<F extends (...args: never[]) => unknown>(b: Behaviour, ctx: CallbackContext): F {
  const { probe, executor } = ctx;
  const label = `callback(${b.act})`;
  const fn = (...args: unknown[]): unknown => {
    ctx.onRun?.(args);
    switch (b.act) {
      case 'noop':
        return undefined;
      case 'throw':
        throw thrownValue(b.thrown);
      case 'reject':
        return Promise.reject(thrownValue(b.thrown));
      case 'rejectLater':
        return new Promise((_, reject) => setTimeout(() => reject(thrownValue(b.thrown)), 1));
      case 'thenableThrows':
        return throwingThenable(thrownValue(b.thrown));
      case 'thenableNever':
        return neverThenable();
      case 'thenableProxy':
        return new Proxy(
          {},
          {
            get() {
              throw thrownValue(b.thrown);
            },
          },
        );
      case 'returnRevoked':
        return revoked({});
      case 'spinSome':
        probe.call(`${label}: executor.spinSome()`, () => executor.spinSome());
        return undefined;
      case 'spinOnce':
        probe.background(`${label}: executor.spinOnce(5)`, 5, () => executor.spinOnce(5));
        return undefined;
      case 'spinFor':
        probe.background(`${label}: executor.spinFor(5)`, 5, () => executor.spinFor(5));
        return undefined;
      case 'spin':
        // Inside a handler this must answer Reentrant at once; if it did start, end it.
        probe.background(`${label}: executor.spin()`, CAP_MS, () => executor.spin());
        setTimeout(() => executor.cancel(), CAP_MS);
        return undefined;
      case 'resetSelf': {
        const h = ctx.self();
        if (h !== undefined) probe.call(`${label}: handle.reset()`, () => h.reset());
        return undefined;
      }
      case 'resetSelfTwice': {
        const h = ctx.self();
        if (h !== undefined) {
          probe.call(`${label}: handle.reset()`, () => h.reset());
          probe.call(`${label}: handle.reset() again`, () => h.reset());
        }
        return undefined;
      }
      case 'cancel':
        probe.call(`${label}: executor.cancel()`, () => executor.cancel(), 'any');
        return undefined;
      case 'shutdown':
        probe.background(`${label}: executor.shutdown()`, CAP_MS, () => executor.shutdown());
        return undefined;
      case 'triggerSelf': {
        const h = ctx.self() as { trigger?: unknown } | undefined;
        if (h !== undefined && typeof h.trigger === 'function') {
          const g = h as unknown as { trigger(): unknown };
          probe.call(`${label}: guard.trigger()`, () => g.trigger());
        }
        return undefined;
      }
    }
  };
  return fn as unknown as F;
}
