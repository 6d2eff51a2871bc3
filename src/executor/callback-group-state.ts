/**
 * A callback group as the dispatcher keeps it: rclcpp's CallbackGroup and its
 * can_be_taken_from flag, on one thread where "running" means an async handler whose promise
 * has not settled. Mutually exclusive: while one member's handler is pending no member is
 * dispatched (itself included); members that come up meanwhile wait in arrival order and get
 * the group in turn when it frees, so a member that always has work cannot starve the others.
 * Their items stay in their own queues meanwhile: nothing is lost, each queue keeps its order.
 * Reentrant: no member is ever held back, not even by itself (as rclcpp's MultiThreadedExecutor
 * may run one subscription of a reentrant group on two threads at once).
 */

/** What a group needs of a member (an arena entry). */
export interface GroupMember {
  readonly alive: boolean;
  /** true while it waits in a group for its turn */
  parked: boolean;
  hasWork(): boolean;
}

export const CallbackGroupType = {
  MutuallyExclusive: 'mutually_exclusive',
  Reentrant: 'reentrant',
} as const;
export type CallbackGroupType = (typeof CallbackGroupType)[keyof typeof CallbackGroupType];

export function isCallbackGroupType(value: unknown): value is CallbackGroupType {
  return value === CallbackGroupType.MutuallyExclusive || value === CallbackGroupType.Reentrant;
}

export class CallbackGroupState {
  /** Members' handlers still pending (at most one in a mutually exclusive group). */
  private pending = 0;
  /** Members held back while the group was taken, oldest first, from `head` on. */
  private waiting: (GroupMember | undefined)[] = [];
  private head = 0;
  /** The member whose turn it is: the group freed while it waited, and it was marked ready. */
  private turn: GroupMember | undefined;

  constructor(readonly type: CallbackGroupType) {}

  get reentrant(): boolean {
    return this.type === CallbackGroupType.Reentrant;
  }

  /** Whether the group is taken now (a member's handler is pending). */
  get taken(): boolean {
    return this.pending > 0;
  }

  /**
   * Whether `entry` may be dispatched now. When not, it waits for its turn (the dispatcher
   * does not mark it again: `nextTurn` does when the group frees).
   */
  admits(entry: GroupMember): boolean {
    if (this.type === CallbackGroupType.Reentrant) return true;
    if (this.pending === 0) {
      const turn = this.turn;
      if (turn === undefined || turn === entry) {
        this.turn = undefined;
        return true;
      }
      // A turn given to a member that was released or lost its work meanwhile passes on.
      if (!turn.alive || !turn.hasWork()) {
        this.turn = undefined;
        return true;
      }
    }
    if (!entry.parked) {
      entry.parked = true;
      this.waiting.push(entry);
    }
    return false;
  }

  /** A member's handler went async: the group is taken until it settles. */
  hold(): void {
    this.pending++;
  }

  /** A member's pending handler settled. */
  settle(): void {
    if (this.pending > 0) this.pending--;
  }

  /**
   * When the group is free and someone waits, gives the turn to the oldest waiter that is
   * alive and has work, and marks it ready. O(1) per waiter handed on.
   */
  nextTurn(mark: (entry: GroupMember) => void): void {
    if (this.pending > 0 || this.turn !== undefined) return;
    while (this.head < this.waiting.length) {
      const next = this.waiting[this.head] as GroupMember;
      this.waiting[this.head] = undefined;
      this.head++;
      next.parked = false;
      if (!next.alive || !next.hasWork()) continue;
      this.turn = next;
      mark(next);
      break;
    }
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    } else if (this.head > 32 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
  }
}
