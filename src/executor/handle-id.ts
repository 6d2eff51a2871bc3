/**
 * A handle id packs an arena slot index and that slot's generation into one safe integer:
 * `generation * 2^20 + slot`. Releasing a slot bumps its generation, so an id copied before
 * the release no longer matches and answers "stale" instead of reaching the next occupant.
 */

/** Slots addressable by a handle id (2^20, about one million entries). */
export const SLOT_BITS = 20;
export const MAX_SLOTS = 2 ** SLOT_BITS;
/** Generations fit in the remaining 33 bits of a safe integer. */
export const MAX_GENERATION = Math.floor(Number.MAX_SAFE_INTEGER / MAX_SLOTS);
/** The id of an empty (reset) handle; generation 0 is never issued. */
export const EMPTY_HANDLE_ID = 0;

export function packHandleId(slot: number, generation: number): number {
  const id = generation * MAX_SLOTS + slot;
  // Kept a small integer while it fits (generations below 1024): the entry and every handle store
  // it, and a float-typed field would box it in a heap number each (16 bytes per entity).
  return id <= SMALL_ID_MAX ? id | 0 : id;
}

const SMALL_ID_MAX = 2 ** 30 - 1;

export interface UnpackedHandleId {
  readonly slot: number;
  readonly generation: number;
}

/** undefined when the value cannot be a handle id at all (not a non-negative safe integer). */
export function unpackHandleId(handleId: unknown): UnpackedHandleId | undefined {
  if (typeof handleId !== 'number' || !Number.isSafeInteger(handleId) || handleId < 0) return undefined;
  return { slot: handleId % MAX_SLOTS, generation: Math.floor(handleId / MAX_SLOTS) };
}
