/**
 * Handles are two words, `{ executor, handleId }`, and nothing else: every verb lives on the
 * prototype and looks its entry up in the executor, so any copy of a handle behaves the same
 * and a stale copy answers an error instead of reaching the slot's next occupant.
 */

import type { Entry } from '../executor/entry.js';
import { ExecutorCore } from '../executor/executor-core.js';
import { EMPTY_HANDLE_ID } from '../executor/handle-id.js';
import { describeThrown, describeValue, err, ok, type Result, type ResultOf } from '../result.js';
import type { EntityHandle, Executor } from './api.js';

export function coreOf(executor: unknown): ExecutorCore | undefined {
  return executor instanceof ExecutorCore ? executor : undefined;
}

/** The two words of a handle, read once (a Proxy or a throwing getter answers InvalidArgument). */
export function readHandle(handle: unknown): ResultOf<{ readonly core: ExecutorCore; readonly handleId: unknown }> {
  if (typeof handle !== 'object' || handle === null)
    return err('InvalidArgument', `handle must be an object, got ${describeValue(handle)}`);
  let core: ExecutorCore | undefined;
  let handleId: unknown;
  try {
    const h = handle as { executor: unknown; handleId: unknown };
    core = coreOf(h.executor);
    handleId = h.handleId;
  } catch (thrown) {
    return err('InvalidArgument', `handle could not be read: ${describeThrown(thrown)}`);
  }
  if (core === undefined) return err('InvalidArgument', 'handle.executor is not an rclts executor');
  return ok({ core, handleId });
}

/** The entry a handle names, checked to be of the expected class. */
export function entryOf<E extends Entry>(
  handle: { readonly executor: unknown; readonly handleId: unknown },
  kind: abstract new (...args: never[]) => E,
  what: string,
): ResultOf<E> {
  const read = readHandle(handle);
  if (!read.ok) return read;
  const found = read.value.core.lookup(read.value.handleId);
  if (!found.ok) return found;
  if (!(found.value instanceof kind)) {
    return err(
      'InvalidArgument',
      `handle ${describeValue(read.value.handleId)} is a ${found.value.kind}, not a ${what}`,
    );
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

  /**
   * Releases the registration; this copy becomes empty (NotInitialized), other copies stale
   * (Error). A frozen (or otherwise read-only) copy cannot be emptied: the entry is released
   * all the same, Ok, and that copy then answers as a stale one.
   */
  reset(): Result {
    const read = readHandle(this);
    if (!read.ok) return read;
    const released = read.value.core.release(read.value.handleId);
    if (!released.ok) return released;
    try {
      Reflect.set(this, 'handleId', EMPTY_HANDLE_ID);
    } catch {
      // A Proxy whose set trap throws: as frozen.
    }
    return released;
  }
}
