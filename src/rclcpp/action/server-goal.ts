/**
 * One goal on the server: its state machine (rcl_action's: accepted -> executing -> canceling
 * -> a terminal state) and the waiters of its result. The server owns the transport; a goal
 * tells it when something must go out.
 */
import { err, ok, type Result } from '../../result.js';
import type { GoalInfo } from '../interfaces/generated/action_msgs/codec.js';
import { GoalStatus, type ServerGoalHandle } from './action-types.js';
import { goalKey, stampOf } from './goal-id.js';

/** What a goal needs from its server. */
export interface GoalOwner<R, F> {
  publishFeedback(goalId: Uint8Array, feedback: F): Result;
  /** The status array must go out (coalesced to one publication per spin round). */
  statusChanged(): void;
  finished(goal: ServerGoal<unknown, R, F>): void;
}

export interface GoalOutcome<R> {
  readonly status: GoalStatus;
  readonly result: R;
}

const TERMINAL: ReadonlySet<GoalStatus> = new Set([GoalStatus.Succeeded, GoalStatus.Canceled, GoalStatus.Aborted]);

export function isTerminal(status: GoalStatus): boolean {
  return TERMINAL.has(status);
}

export class ServerGoal<G, R, F> implements ServerGoalHandle<G, R, F> {
  private status: GoalStatus = GoalStatus.Accepted;
  private outcome: GoalOutcome<R> | undefined;
  private waiters: ((outcome: GoalOutcome<R>) => void)[] = [];
  /** performance.now() when it reached a terminal state. */
  finishedAtMs = 0;
  readonly key: string;
  /** Its entry's goal_info in every status array and cancel answer, built once. */
  readonly info: GoalInfo;

  constructor(
    readonly goalId: Uint8Array,
    readonly goal: G,
    readonly acceptedAtNs: bigint,
    private readonly owner: GoalOwner<R, F>,
    /** The action's name: the goal's label is built from it only when an error needs it. */
    private readonly actionName: string,
  ) {
    this.key = goalKey(goalId);
    this.info = { goal_id: { uuid: goalId }, stamp: stampOf(acceptedAtNs) };
  }

  getStatus(): GoalStatus {
    return this.status;
  }
  isActive(): boolean {
    return !isTerminal(this.status);
  }
  isExecuting(): boolean {
    return this.status === GoalStatus.Executing;
  }
  isCanceling(): boolean {
    return this.status === GoalStatus.Canceling;
  }
  /** Accepted or executing: a cancel request may move it to canceling. */
  isCancelable(): boolean {
    return this.status === GoalStatus.Accepted || this.status === GoalStatus.Executing;
  }

  execute(): Result {
    if (this.status !== GoalStatus.Accepted) return this.refuse('execute');
    return this.move(GoalStatus.Executing);
  }

  /** The server accepted a cancel request for it. */
  startCanceling(): void {
    if (this.isCancelable()) this.move(GoalStatus.Canceling);
  }

  publishFeedback(feedback: F): Result {
    if (!this.isActive()) return err('Error', `${this.what()} is finished; its feedback is not sent`);
    return this.owner.publishFeedback(this.goalId, feedback);
  }

  succeed(result: R): Result {
    if (this.status !== GoalStatus.Executing && this.status !== GoalStatus.Canceling) return this.refuse('succeed');
    return this.finish(GoalStatus.Succeeded, result);
  }

  abort(result: R): Result {
    if (this.status !== GoalStatus.Executing && this.status !== GoalStatus.Canceling) return this.refuse('abort');
    return this.finish(GoalStatus.Aborted, result);
  }

  canceled(result: R): Result {
    if (this.status !== GoalStatus.Canceling) return this.refuse('canceled');
    return this.finish(GoalStatus.Canceled, result);
  }

  /** Answers at once when finished, else when it finishes. */
  outcomeNow(): GoalOutcome<R> | undefined {
    return this.outcome;
  }
  awaitOutcome(): Promise<GoalOutcome<R>> {
    const now = this.outcome;
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  /**
   * The server is going away: pending result waits end with what is known. Its get_result
   * service closes in the same call, so their callers hear the close, not this answer.
   */
  release(fallback: R): void {
    const waiters = this.waiters.splice(0);
    for (const w of waiters) w(this.outcome ?? { status: GoalStatus.Unknown, result: fallback });
  }

  private finish(status: GoalStatus, result: R): Result {
    this.outcome = { status, result };
    this.finishedAtMs = performance.now();
    this.move(status);
    const waiters = this.waiters.splice(0);
    for (const w of waiters) w({ status, result });
    this.owner.finished(this as ServerGoal<unknown, R, F>);
    return ok();
  }

  private move(status: GoalStatus): Result {
    this.status = status;
    this.owner.statusChanged();
    return ok();
  }

  private refuse(verb: string): Result {
    return err('Error', `${this.what()}: ${verb} is not allowed in status ${statusName(this.status)}`);
  }

  /** Built on demand: a finished goal is kept until its result expires, 15 min by default. */
  private what(): string {
    return `goal ${this.key} of action '${this.actionName}'`;
  }
}

export function statusName(status: number): string {
  return (
    Object.entries(GoalStatus)
      .find(([, v]) => v === status)?.[0]
      ?.toLowerCase() ?? `status ${status}`
  );
}
