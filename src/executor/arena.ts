/**
 * The fixed-capacity slot table. A slot is reused after release with a bumped generation,
 * so ids held by stale copies never reach the new occupant. Registration order is kept as
 * an explicit sequence number: after reuse, slot order says nothing about who came first.
 */
import { describeValue, err, ok, type ResultOf } from '../result.js';
import { EMPTY_HANDLE_ID, MAX_GENERATION, MAX_SLOTS, packHandleId, unpackHandleId } from './handle-id.js';

/** What the arena needs of an entry: it writes the id and the registration sequence. */
export interface Slotted {
  handleId: number;
  seq: number;
}

export class Arena<E extends Slotted> {
  private readonly slots: (E | undefined)[] = [];
  /** Generation of the current (or next) occupant of each slot; starts at 1. */
  private readonly generations: number[] = [];
  private readonly free: number[] = [];
  private usedCount = 0;
  private nextSeq = 1;

  constructor(readonly capacity: number) {}

  get used(): number {
    return this.usedCount;
  }

  hasRoom(): boolean {
    return this.usedCount < this.capacity && (this.free.length > 0 || this.slots.length < MAX_SLOTS);
  }

  /** Places the entry, writing its handle id and sequence. `Full` past capacity. */
  insert(entry: E, what: string): ResultOf<E> {
    if (!this.hasRoom()) {
      return err('Full', `executor is full (capacity ${this.capacity}); cannot register ${what}`);
    }
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.slots.length;
      this.slots.push(undefined);
      this.generations.push(1);
    }
    const generation = this.generations[slot] as number;
    entry.handleId = packHandleId(slot, generation);
    entry.seq = this.nextSeq++;
    this.slots[slot] = entry;
    this.usedCount++;
    return ok(entry);
  }

  /** NotInitialized for an empty handle, Error for a stale or foreign one. */
  lookup(handleId: unknown): ResultOf<E> {
    if (handleId === EMPTY_HANDLE_ID)
      return err('NotInitialized', 'handle is empty (it was reset or never registered)');
    const parts = unpackHandleId(handleId);
    if (parts === undefined) return err('InvalidArgument', `handleId ${describeValue(handleId)} is not a handle id`);
    const entry = this.slots[parts.slot];
    if (entry === undefined || entry.handleId !== handleId) {
      return err('Error', `handle ${describeValue(handleId)} is stale (released)`);
    }
    return ok(entry);
  }

  /** Frees the slot and bumps its generation. false when the id is not current. */
  remove(handleId: number): boolean {
    const parts = unpackHandleId(handleId);
    if (parts === undefined) return false;
    const entry = this.slots[parts.slot];
    if (entry === undefined || entry.handleId !== handleId) return false;
    this.slots[parts.slot] = undefined;
    this.usedCount--;
    const next = parts.generation + 1;
    this.generations[parts.slot] = next;
    // A slot whose generation would overflow the id space is retired, never reused.
    if (next <= MAX_GENERATION) this.free.push(parts.slot);
    return true;
  }

  /** Live entries in registration order (used by shutdown, not by dispatch). */
  entries(): E[] {
    const live = this.slots.filter((e): e is E => e !== undefined);
    return live.sort((a, b) => a.seq - b.seq);
  }
}
