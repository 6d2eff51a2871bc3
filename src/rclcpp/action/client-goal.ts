/** One goal as the client tracks it: its futures, last status, and feedback not yet taken. */
import { err, type ResultOf } from '../../result.js';
import type { Executor, Future } from '../api.js';
import { SettableFuture } from '../future.js';
import { type CallbackSite, callActionCallback } from './action-callback.js';
import { type ClientGoalHandle, GoalStatus, type SendGoalOptions, type WrappedResult } from './action-types.js';
import { goalKey } from './goal-id.js';

/** Feedback kept for takeFeedback() when no feedback handler is given. */
export const FEEDBACK_KEPT = 100;

export class ClientGoal<F, R> implements ClientGoalHandle<F, R> {
  readonly key: string;
  readonly acceptance: SettableFuture<boolean>;
  private resultFuture: SettableFuture<WrappedResult<R>>;
  private status: GoalStatus = GoalStatus.Unknown;
  private readonly feedbackKept: F[] = [];
  /** A get_result request is awaiting its reply. */
  asking = false;
  /** An entity of the action client (its send_goal client): its node logs a handler error nobody hears. */
  owner: { readonly handleId: unknown } | undefined;

  constructor(
    private readonly executor: Executor,
    readonly goalId: Uint8Array,
    readonly handlers: SendGoalOptions<F, R>,
    readonly what: string,
  ) {
    this.key = goalKey(goalId);
    this.acceptance = new SettableFuture<boolean>(executor, `the acceptance of ${what}`, this.ownerId);
    this.resultFuture = new SettableFuture<WrappedResult<R>>(executor, `the result of ${what}`, this.ownerId);
  }

  getStatus(): GoalStatus {
    return this.status;
  }
  setStatus(status: GoalStatus): void {
    this.status = status;
  }

  result(): Future<WrappedResult<R>> {
    return this.resultFuture;
  }

  /** A new ask after a failed one gets a fresh future; a settled success stays. */
  renewResult(): SettableFuture<WrappedResult<R>> {
    const current = this.resultFuture.take();
    if (!this.resultFuture.isReady() || current.ok) return this.resultFuture;
    this.resultFuture = new SettableFuture<WrappedResult<R>>(this.executor, `the result of ${this.what}`, this.ownerId);
    return this.resultFuture;
  }

  settleResult(result: ResultOf<WrappedResult<R>>): void {
    this.asking = false;
    if (result.ok) this.status = result.value.code;
    this.resultFuture.settle(result);
    this.callResult(result);
  }

  settleAcceptance(accepted: ResultOf<boolean>): void {
    this.acceptance.settle(accepted);
    if (accepted.ok && accepted.value && this.status === GoalStatus.Unknown) this.status = GoalStatus.Accepted;
    const onResponse = this.handlers.goalResponse;
    if (onResponse !== undefined)
      callActionCallback(this.site(`goalResponse handler of ${this.what}`), onResponse, accepted, this);
    if (!accepted.ok) {
      // The goal may or may not run on the server; its result handler hears why it is unknown.
      this.resultFuture.settle(accepted);
      this.callResult(accepted);
    } else if (!accepted.value) {
      this.resultFuture.settle(err('Rejected', `${this.what} was rejected by the server`));
    }
  }

  feedback(feedback: F): void {
    const onFeedback = this.handlers.feedback;
    if (onFeedback !== undefined) {
      callActionCallback(
        this.site(`feedback handler of ${this.what}`),
        onFeedback,
        this as ClientGoalHandle<F, R>,
        feedback,
      );
      return;
    }
    if (this.feedbackKept.length >= FEEDBACK_KEPT) this.feedbackKept.shift();
    this.feedbackKept.push(feedback);
  }

  private callResult(result: ResultOf<WrappedResult<R>>): void {
    const onResult = this.handlers.result;
    if (onResult !== undefined) callActionCallback(this.site(`result handler of ${this.what}`), onResult, result, this);
  }

  private readonly ownerId = (): unknown => this.owner?.handleId;

  private site(entity: string): CallbackSite {
    return { executor: this.executor, entity, owner: this.owner };
  }

  takeFeedback(): F | undefined {
    return this.feedbackKept.shift();
  }
}
