/**
 * Handles are two words, `{ executor, handleId }`, and nothing else: every verb lives on the
 * prototype and looks its entry up in the executor, so any copy of a handle behaves the same
 * and a stale copy answers an error instead of reaching the slot's next occupant.
 */

import type { Entry } from '../executor/entry.js';
import { ExecutorCore } from '../executor/executor-core.js';
import { EMPTY_HANDLE_ID } from '../executor/handle-id.js';
import { err, ok, type Result, type ResultOf } from '../result.js';
import type { EntityHandle, Executor } from './api.js';

export function coreOf(executor: unknown): ExecutorCore | undefined {
  return executor instanceof ExecutorCore ? executor : undefined;
}

/** The entry a handle names, checked to be of the expected class. */
export function entryOf<E extends Entry>(
  handle: { readonly executor: unknown; readonly handleId: unknown },
  kind: abstract new (...args: never[]) => E,
  what: string,
): ResultOf<E> {
  if (typeof handle !== 'object' || handle === null)
    return err('InvalidArgument', `handle must be an object, got ${String(handle)}`);
  const core = coreOf(handle.executor);
  if (core === undefined) return err('InvalidArgument', 'handle.executor is not an rclts executor');
  const found = core.lookup(handle.handleId);
  if (!found.ok) return found;
  if (!(found.value instanceof kind)) {
    return err('InvalidArgument', `handle ${String(handle.handleId)} is a ${found.value.kind}, not a ${what}`);
  }
  return ok(found.value);
}

export class Handle implements EntityHandle {
  readonly executor: Executor;
  handleId: number;

  constructor(executor: Executor, handleId: number) {
    this.executor = executor;
    this.handleId = handleId;
  }

  /** Releases the registration; this copy becomes empty (NotInitialized), other copies stale (Error). */
  reset(): Result {
    const core = coreOf(this.executor);
    if (core === undefined) return err('InvalidArgument', 'handle.executor is not an rclts executor');
    const released = core.release(this.handleId);
    if (released.ok) this.handleId = EMPTY_HANDLE_ID;
    return released;
  }
}
