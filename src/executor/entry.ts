/**
 * Arena entries: what the executor dispatches. The executor owns their bookkeeping (slot,
 * sequence, ready flag, deferred release); the rclcpp layer supplies what one item means
 * (decode a sample and call the user's handler, answer a request, deliver a reply).
 */
import type { RmwActualQos } from '../rmw/qos.js';
import type { Slotted } from './arena.js';
import type { CallbackGroupState } from './callback-group-state.js';
import type { HandlerOutcome } from './handler-outcome.js';
import type { Readyable } from './ready-list.js';

export const EntryKind = {
  Subscription: 'subscription',
  PollSubscription: 'poll_subscription',
  Service: 'service',
  Client: 'client',
  Timer: 'timer',
  GuardCondition: 'guard_condition',
} as const;
export type EntryKind = (typeof EntryKind)[keyof typeof EntryKind];

/** What an entry may ask of the executor that owns it. */
export interface EntryHost {
  /** Marks the entry ready for the next round and wakes a waiting spin. */
  markReady(entry: Entry): void;
  /** Wakes waiters without marking anything ready (poll entries, readiness changes). */
  notify(): void;
  /**
   * Runs user code as a handler of `entry`: sets inHandler, catches and reports a throw. A
   * returned thenable is observed: a rejection is reported like a throw, and the entry is not
   * dispatched again until it settles. `done` hears the outcome, now or when it settles.
   * Answers false if the handler threw synchronously.
   */
  runHandler(entry: Entry, fn: () => unknown, done?: (outcome: HandlerOutcome) => void): boolean;
  /** runHandler for `fn(a, b)` without an outcome listener: no closure per call (the dispatch hot path). */
  runHandlerWith<A, B>(entry: Entry, fn: (a: A, b: B) => unknown, a: A, b: B): boolean;
  reportHandlerError(entry: Entry, error: unknown): void;
  reportDropped(entry: Entry, count: number): void;
  reportDecodeError(entry: Entry, message: string): void;
}

const QUEUED = 1;
const ALIVE = 2;
const RUNNING = 4;
const BUSY = 8;
const RELEASE_REQUESTED = 16;
const PARKED = 32;
/** The first flag bit a subclass may use for its own booleans. */
export const SUBCLASS_FLAG = 64;

export abstract class Entry implements Slotted, Readyable {
  handleId = 0;
  seq = 0;
  /** The booleans below, one bit each: an entry is mostly bookkeeping, and a field costs 8 bytes. */
  protected flags = ALIVE;
  /** The callback group it belongs to; undefined: it excludes only itself. */
  callbackGroup: CallbackGroupState | undefined = undefined;

  constructor(
    readonly kind: EntryKind,
    /** topic, service or a label such as `timer` — used in messages */
    readonly name: string,
  ) {}

  protected hasFlag(bit: number): boolean {
    return (this.flags & bit) !== 0;
  }

  protected setFlag(bit: number, on: boolean): void {
    this.flags = on ? this.flags | bit : this.flags & ~bit;
  }

  get queued(): boolean {
    return this.hasFlag(QUEUED);
  }
  set queued(on: boolean) {
    this.setFlag(QUEUED, on);
  }

  get alive(): boolean {
    return this.hasFlag(ALIVE);
  }
  set alive(on: boolean) {
    this.setFlag(ALIVE, on);
  }

  /** true while this entry's own handler runs: a release then waits for it to return */
  get running(): boolean {
    return this.hasFlag(RUNNING);
  }
  set running(on: boolean) {
    this.setFlag(RUNNING, on);
  }

  /** true while the promise its handler returned has not settled: the entry is not dispatched then */
  get busy(): boolean {
    return this.hasFlag(BUSY);
  }
  set busy(on: boolean) {
    this.setFlag(BUSY, on);
  }

  /** true while it waits for its turn in its mutually exclusive callback group */
  get parked(): boolean {
    return this.hasFlag(PARKED);
  }
  set parked(on: boolean) {
    this.setFlag(PARKED, on);
  }

  get releaseRequested(): boolean {
    return this.hasFlag(RELEASE_REQUESTED);
  }
  set releaseRequested(on: boolean) {
    this.setFlag(RELEASE_REQUESTED, on);
  }

  // The round's hot path reads and writes the flags once per step instead of once per boolean.

  /** The round takes it out of the ready list: answers whether it may be dispatched (alive, not busy). */
  takeTurn(): boolean {
    const f = this.flags & ~QUEUED;
    this.flags = f;
    return (f & (ALIVE | BUSY)) === ALIVE;
  }

  /** alive and not waiting for its handler's promise */
  get idle(): boolean {
    return (this.flags & (ALIVE | BUSY)) === ALIVE;
  }

  /** Its handler starts running. */
  enterHandler(): void {
    this.flags |= RUNNING;
  }

  /** Its handler returned: answers whether a release was requested meanwhile. */
  leaveHandler(): boolean {
    const f = this.flags & ~RUNNING;
    this.flags = f;
    return (f & RELEASE_REQUESTED) !== 0;
  }

  /** Label for messages and events, e.g. `subscription '/chatter'`. */
  describe(): string {
    return `${this.kind} '${this.name}'`;
  }

  abstract hasWork(): boolean;
  /** Handles at most one item. Returns true when a handler was run. */
  abstract dispatchOne(host: EntryHost): boolean;
  /** Releases transport resources and drops queued items. Called once. */
  abstract dispose(): void;

  actualQos(): RmwActualQos | undefined {
    return undefined;
  }
}
