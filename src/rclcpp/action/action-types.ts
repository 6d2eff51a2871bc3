/**
 * Actions: the public vocabulary (rclcpp's rclcpp_action), shared by the server and the
 * client. An action is three services and two topics under `<name>/_action/`; the type
 * bundles the generated parts (`example_interfaces.action.Fibonacci`).
 */
import type { Result, ResultOf } from '../../result.js';
import type { CallbackGroup } from '../callback-group.js';
import type { Future } from '../future.js';
import type { Time } from '../interfaces/generated/builtin_interfaces/codec.js';
import type { UUID } from '../interfaces/generated/unique_identifier_msgs/codec.js';
import type { MessageClass } from '../interfaces/runtime/define-type.js';
import type { MessageType, ServiceType } from '../type-support.js';

/** A callback that may be `async`: its rejection is a handler_error, never an unhandled rejection. */
type Handler<A extends unknown[]> = ((...args: A) => void) | ((...args: A) => Promise<void>);

/** action_msgs/msg/GoalStatus values. */
export const GoalStatus = {
  Unknown: 0,
  Accepted: 1,
  Executing: 2,
  Canceling: 3,
  Succeeded: 4,
  Canceled: 5,
  Aborted: 6,
} as const;
export type GoalStatus = (typeof GoalStatus)[keyof typeof GoalStatus];

/** What the goal callback answers (rclcpp_action::GoalResponse). */
export const GoalResponse = { Reject: 1, AcceptAndExecute: 2, AcceptAndDefer: 3 } as const;
export type GoalResponse = (typeof GoalResponse)[keyof typeof GoalResponse];

/** What the cancel callback answers (rclcpp_action::CancelResponse). */
export const CancelResponse = { Reject: 1, Accept: 2 } as const;
export type CancelResponse = (typeof CancelResponse)[keyof typeof CancelResponse];

/** action_msgs/srv/CancelGoal return codes. */
export const CancelReturnCode = { None: 0, Rejected: 1, UnknownGoalId: 2, GoalTerminated: 3 } as const;
export type CancelReturnCode = (typeof CancelReturnCode)[keyof typeof CancelReturnCode];

/** A generated action type (`example_interfaces.action.Fibonacci`): its name, hash and parts. */
export interface ActionType<G, R, F> {
  /** `example_interfaces/action/Fibonacci`. */
  readonly typeName: string;
  readonly typeHash: string;
  readonly Goal: MessageClass<G>;
  readonly Result: MessageClass<R>;
  readonly Feedback: MessageClass<F>;
  readonly SendGoal: ServiceType<{ goal_id: UUID; goal: G }, { accepted: boolean; stamp: Time }>;
  readonly GetResult: ServiceType<{ goal_id: UUID }, { status: number; result: R }>;
  readonly FeedbackMessage: MessageType<{ goal_id: UUID; feedback: F }>;
}

/** A goal as the server tracks it; its verbs answer Results and never throw. */
export interface ServerGoalHandle<G, R, F> {
  /** The 16-byte goal id the client chose. */
  readonly goalId: Uint8Array;
  readonly goal: G;
  /** When the server accepted it, ns since the epoch. */
  readonly acceptedAtNs: bigint;
  getStatus(): GoalStatus;
  /** Accepted, executing or canceling. */
  isActive(): boolean;
  isExecuting(): boolean;
  /** A cancel request was accepted: finish with canceled() (or succeed/abort). */
  isCanceling(): boolean;
  /** Accepted -> executing (for goals accepted with AcceptAndDefer). */
  execute(): Result;
  /** Error once the goal is no longer active; TransportError when the topic is lost. */
  publishFeedback(feedback: F): Result;
  succeed(result: R): Result;
  abort(result: R): Result;
  /** Only while canceling (Error otherwise, as rclcpp refuses it). */
  canceled(result: R): Result;
}

export interface ActionServerCallbacks<G, R, F> {
  /** Runs in spin when a goal request arrives; answers accept or reject. */
  readonly goal: (goalId: Uint8Array, goal: G) => GoalResponse;
  /** Runs in spin for each active goal a cancel request names. */
  readonly cancel: (goal: ServerGoalHandle<G, R, F>) => CancelResponse;
  /**
   * Runs in spin after the acceptance has been answered: start the work here. It may be
   * `async`: a rejection (or a throw) is a handler_error naming it, never an unhandled rejection.
   */
  readonly accepted: Handler<[goal: ServerGoalHandle<G, R, F>]>;
}

export interface ActionServerOptions {
  /** How long a finished goal's result stays available to get_result. Default 900 000 ms (rclcpp's 15 min). */
  readonly resultTimeoutMs?: number | undefined;
  /** Requests each of the three services queues before refusing more. Default 1000. */
  readonly queueDepth?: number | undefined;
  /**
   * The group its send_goal and cancel_goal services and its expiry timer join (rclcpp's
   * create_server group). get_result stays out: its pending reply is a deferred answer, not work.
   */
  readonly callbackGroup?: CallbackGroup | undefined;
}

export interface ActionServer<G, R, F> {
  getActionName(): string;
  /** Goals accepted and not yet finished. */
  activeGoals(): readonly ServerGoalHandle<G, R, F>[];
  /** Goals tracked, finished ones included until their results expire. */
  goalCount(): number;
  destroy(): Result;
}

/** The outcome of a goal as the client receives it. */
export interface WrappedResult<R> {
  readonly goalId: Uint8Array;
  /** Succeeded, Canceled or Aborted (Unknown when the server no longer knows the goal). */
  readonly code: GoalStatus;
  readonly result: R;
}

/** A goal as the client tracks it. */
export interface ClientGoalHandle<F, R> {
  readonly goalId: Uint8Array;
  /** ok(true) accepted, ok(false) rejected, or the error that kept the answer away. */
  readonly acceptance: Future<boolean>;
  /** The last status the server published (Unknown before any). */
  getStatus(): GoalStatus;
  /** Feedback received and not yet taken with the handler absent (at most 100 kept, oldest dropped). */
  takeFeedback(): F | undefined;
  /** The answer to the latest get_result request (sent on acceptance; ActionClient.getResult asks again). */
  result(): Future<WrappedResult<R>>;
}

export interface SendGoalOptions<F, R> {
  /** Runs in spin with the server's answer (or the error that kept it away). */
  readonly goalResponse?: Handler<[accepted: ResultOf<boolean>, goal: ClientGoalHandle<F, R>]> | undefined;
  /** Runs in spin for each feedback message of this goal. */
  readonly feedback?: Handler<[goal: ClientGoalHandle<F, R>, feedback: F]> | undefined;
  /** Runs in spin with the result (or the error that kept it away). */
  readonly result?: Handler<[result: ResultOf<WrappedResult<R>>, goal: ClientGoalHandle<F, R>]> | undefined;
}

export interface ActionClientOptions {
  /** Budget of each send_goal and cancel_goal request. Default 10 000 ms. */
  readonly requestBudgetMs?: number | undefined;
  /** Budget of each get_result request (a goal may run long). Default 900 000 ms. */
  readonly resultBudgetMs?: number | undefined;
  /** Goals awaiting acceptance or result at once before sendGoal answers TryAgain. Default 10 000. */
  readonly maxGoalsInFlight?: number | undefined;
  /** The group its three clients and its feedback and status subscriptions join (rclcpp's create_client group). */
  readonly callbackGroup?: CallbackGroup | undefined;
}

export interface CancelAnswer {
  readonly returnCode: CancelReturnCode;
  /** Ids of the goals that are now canceling. */
  readonly goalsCanceling: readonly Uint8Array[];
}

export interface ActionClient<G, R, F> {
  getActionName(): string;
  /** ok(true) when all three services of the action have a server now. Never spins. */
  actionServerIsReady(): ResultOf<boolean>;
  /** Spins until the server is visible; Timeout after the budget, Reentrant in a handler. */
  waitForActionServer(budgetMs: number): Promise<Result>;
  /** Sends the goal (the handlers run in spin); the answer comes through the handle's futures. */
  sendGoal(goal: G, options?: SendGoalOptions<F, R>): ResultOf<ClientGoalHandle<F, R>>;
  /** The result future of an accepted goal; asks again when the previous ask failed. */
  getResult(goal: ClientGoalHandle<F, R>): ResultOf<Future<WrappedResult<R>>>;
  cancelGoal(goal: ClientGoalHandle<F, R>): ResultOf<Future<CancelAnswer>>;
  /** Cancels every goal of the server (zero id, zero stamp). */
  cancelAllGoals(): ResultOf<Future<CancelAnswer>>;
  destroy(): Result;
}
