/**
 * The action client (rclcpp_action::Client): three service clients and two subscriptions
 * composed on the node, so every handler runs in spin. A goal's result is asked for as soon
 * as it is accepted; replies are matched by sequence number, feedback and status by goal id.
 */
import { checkBudget } from '../../budget.js';
import { err, ok, type Result, type ResultOf } from '../../result.js';
import type { ClientHandle, EntityHandle, Executor, Future, Node } from '../api.js';
import { type CallbackGroup, readCallbackGroup } from '../callback-group.js';
import { SettableFuture } from '../future.js';
import type {
  CancelGoal_Request,
  CancelGoal_Response,
  GoalStatusArray,
} from '../interfaces/generated/action_msgs/codec.js';
import { GoalStatusArray as GoalStatusArrayType } from '../interfaces/generated/action_msgs/msg.js';
import { CancelGoal } from '../interfaces/generated/action_msgs/srv.js';
import type { UUID } from '../interfaces/generated/unique_identifier_msgs/codec.js';
import { readOptions } from '../type-check.js';
import {
  ACTION_SUFFIX,
  checkActionType,
  readBudget,
  readCount,
  resolveActionName,
  statusQos,
  Undo,
} from './action-entities.js';
import type {
  ActionClient,
  ActionClientOptions,
  ActionType,
  CancelAnswer,
  CancelReturnCode,
  ClientGoalHandle,
  GoalStatus,
  SendGoalOptions,
  WrappedResult,
} from './action-types.js';
import { ClientGoal } from './client-goal.js';
import { goalHead, goalIdBytes, goalKey, newGoalId, stampOf } from './goal-id.js';

export const DEFAULT_GOAL_REQUEST_BUDGET_MS = 10_000;
export const DEFAULT_RESULT_BUDGET_MS = 900_000;
export const DEFAULT_MAX_GOALS_IN_FLIGHT = 10_000;

type SendGoalClient<G> = ClientHandle<
  { goal_id: UUID; goal: G },
  { accepted: boolean; stamp: { sec: number; nanosec: number } }
>;
type GetResultClient<R> = ClientHandle<{ goal_id: UUID }, { status: number; result: R }>;

class ActionClientImpl<G, R, F> implements ActionClient<G, R, F> {
  private readonly goals = new Map<string, ClientGoal<F, R>>();
  private readonly goalBySeq = new Map<bigint, ClientGoal<F, R>>();
  private readonly resultBySeq = new Map<bigint, ClientGoal<F, R>>();
  private readonly cancelBySeq = new Map<bigint, SettableFuture<CancelAnswer>>();
  private alive = true;
  readonly handles: EntityHandle[] = [];
  sendGoalClient: SendGoalClient<G> | undefined;
  resultClient: GetResultClient<R> | undefined;
  cancelClient: ClientHandle<CancelGoal_Request, CancelGoal_Response> | undefined;

  constructor(
    private readonly executor: Executor,
    private readonly name: string,
    private readonly maxGoalsInFlight: number,
  ) {}

  getActionName(): string {
    return this.name;
  }

  private clients(): ResultOf<
    readonly [SendGoalClient<G>, GetResultClient<R>, ClientHandle<CancelGoal_Request, CancelGoal_Response>]
  > {
    const [s, r, c] = [this.sendGoalClient, this.resultClient, this.cancelClient];
    if (!this.alive || s === undefined || r === undefined || c === undefined) {
      return err('NotInitialized', `action client of '${this.name}' was destroyed`);
    }
    return ok([s, r, c] as const);
  }

  actionServerIsReady(): ResultOf<boolean> {
    const cs = this.clients();
    if (!cs.ok) return cs;
    for (const c of cs.value) {
      const r = c.serviceIsReady();
      if (!r.ok || !r.value) return r;
    }
    return ok(true);
  }

  async waitForActionServer(budgetMs: number): Promise<Result> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    const cs = this.clients();
    if (!cs.ok) return cs;
    const deadline = performance.now() + budgetMs;
    for (const c of cs.value) {
      const w = await c.waitForService(Math.max(0, deadline - performance.now()));
      if (!w.ok) {
        return w.error.name === 'Timeout'
          ? err('Timeout', `action server '${this.name}' was not seen within the budget of ${budgetMs} ms`)
          : w;
      }
    }
    return ok();
  }

  sendGoal(goal: G, options?: SendGoalOptions<F, R>): ResultOf<ClientGoalHandle<F, R>> {
    const cs = this.clients();
    if (!cs.ok) return cs;
    const o = readOptions('options', options, ['goalResponse', 'feedback', 'result']);
    if (!o.ok) return o;
    for (const [k, v] of Object.entries(o.value)) {
      if (v !== undefined && typeof v !== 'function') {
        return err('InvalidArgument', `options.${k} must be a function`);
      }
    }
    const inFlight = this.goalBySeq.size + this.resultBySeq.size;
    if (inFlight >= this.maxGoalsInFlight) {
      return err(
        'TryAgain',
        `action client '${this.name}' has ${inFlight} goals awaiting acceptance or result (maxGoalsInFlight ${this.maxGoalsInFlight})`,
      );
    }
    const id = newGoalId();
    const handle = new ClientGoal<F, R>(
      this.executor,
      id,
      o.value as SendGoalOptions<F, R>,
      `goal ${goalKey(id)} of action '${this.name}'`,
    );
    handle.owner = this.sendGoalClient;
    const sent = cs.value[0].asyncSendRequest({ goal_id: { uuid: id }, goal });
    if (!sent.ok) return sent;
    this.goals.set(handle.key, handle);
    this.goalBySeq.set(sent.value, handle);
    return ok(handle);
  }

  getResult(goal: ClientGoalHandle<F, R>): ResultOf<Future<WrappedResult<R>>> {
    const cs = this.clients();
    if (!cs.ok) return cs;
    const g = this.goals.get(goal.goalId instanceof Uint8Array ? goalKey(goal.goalId) : '');
    if (g === undefined || g !== goal) {
      return err('NotFound', `goal is not one of action client '${this.name}' (or its result was already delivered)`);
    }
    const accepted = g.acceptance.take();
    if (!accepted.ok || !accepted.value) {
      return err('NotAllowed', `${g.what} has not been accepted${accepted.ok ? '' : ` (${accepted.error.message})`}`);
    }
    const future = g.renewResult();
    if (!future.isReady() && !g.asking) {
      const asked = this.askResult(g);
      if (!asked.ok) return asked;
    }
    return ok(future);
  }

  private askResult(g: ClientGoal<F, R>): Result {
    const cs = this.clients();
    if (!cs.ok) return cs;
    const sent = cs.value[1].asyncSendRequest({ goal_id: { uuid: g.goalId } });
    if (!sent.ok) return sent;
    g.asking = true;
    this.resultBySeq.set(sent.value, g);
    return ok();
  }

  cancelGoal(goal: ClientGoalHandle<F, R>): ResultOf<Future<CancelAnswer>> {
    if (!(goal?.goalId instanceof Uint8Array)) return err('InvalidArgument', 'goal must be a goal handle of sendGoal');
    return this.cancel(goal.goalId, `canceling goal ${goalKey(goal.goalId)} of action '${this.name}'`);
  }

  cancelAllGoals(): ResultOf<Future<CancelAnswer>> {
    return this.cancel(new Uint8Array(16), `canceling every goal of action '${this.name}'`);
  }

  private cancel(id: Uint8Array, what: string): ResultOf<Future<CancelAnswer>> {
    const cs = this.clients();
    if (!cs.ok) return cs;
    const sent = cs.value[2].asyncSendRequest({ goal_info: { goal_id: { uuid: id }, stamp: stampOf(0n) } });
    if (!sent.ok) return sent;
    const future = new SettableFuture<CancelAnswer>(this.executor, `the answer to ${what}`);
    this.cancelBySeq.set(sent.value, future);
    return ok(future);
  }

  // ---- handlers (run in spin) ----

  readonly onGoalResponse = (response: ResultOf<{ accepted: boolean }>, seq: bigint): void => {
    const g = this.goalBySeq.get(seq);
    if (g === undefined) return;
    this.goalBySeq.delete(seq);
    const accepted: ResultOf<boolean> = response.ok ? ok(response.value.accepted) : response;
    if (!accepted.ok || !accepted.value) {
      this.goals.delete(g.key);
      g.settleAcceptance(accepted);
      return;
    }
    const asked = this.askResult(g);
    g.settleAcceptance(accepted);
    // Not asked (too many get_result requests out, or the transport refused): the result
    // handler hears why, and getResult asks again.
    if (!asked.ok) g.settleResult(asked);
  };

  readonly onResultResponse = (response: ResultOf<{ status: number; result: R }>, seq: bigint): void => {
    const g = this.resultBySeq.get(seq);
    if (g === undefined) return;
    this.resultBySeq.delete(seq);
    if (response.ok) {
      this.goals.delete(g.key);
      g.settleResult(
        ok({ goalId: g.goalId, code: response.value.status as GoalStatus, result: response.value.result }),
      );
      return;
    }
    g.asking = false;
    g.settleResult(response);
  };

  readonly onCancelResponse = (response: ResultOf<CancelGoal_Response>, seq: bigint): void => {
    const f = this.cancelBySeq.get(seq);
    if (f === undefined) return;
    this.cancelBySeq.delete(seq);
    f.settle(
      response.ok
        ? ok({
            returnCode: response.value.return_code as CancelReturnCode,
            goalsCanceling: response.value.goals_canceling.map((i) => goalIdBytes(i.goal_id)),
          })
        : response,
    );
  };

  readonly onFeedback = (message: { goal_id: UUID; feedback: F }): void => {
    this.goals.get(goalKey(goalIdBytes(message.goal_id)))?.feedback(message.feedback);
  };

  readonly onStatus = (message: GoalStatusArray): void => {
    // The array lists every goal the server keeps (finished ones until they expire): with none
    // of ours in flight there is nothing to key.
    // Ours are few: an entry whose first bytes match none of them is skipped unkeyed.
    if (this.goals.size === 0) return;
    const heads = new Set<number>();
    for (const g of this.goals.values()) heads.add(goalHead(g.goalId));
    for (const s of message.status_list) {
      if (!heads.has(goalHead(s.goal_info.goal_id.uuid))) continue;
      this.goals.get(goalKey(goalIdBytes(s.goal_info.goal_id)))?.setStatus(s.status as GoalStatus);
    }
  };

  destroy(): Result {
    if (!this.alive) return err('NotInitialized', `action client of '${this.name}' was already destroyed`);
    this.alive = false;
    const gone = err('NotInitialized', `action client of '${this.name}' was destroyed`);
    for (const g of this.goals.values()) {
      g.acceptance.settle(gone);
      g.renewResult().settle(gone);
    }
    for (const f of this.cancelBySeq.values()) f.settle(gone);
    this.goals.clear();
    this.goalBySeq.clear();
    this.resultBySeq.clear();
    this.cancelBySeq.clear();
    for (const h of this.handles.splice(0)) h.reset();
    return ok();
  }
}

/** node.createActionClient: everything is checked before anything is declared. */
export function createActionClient<G, R, F>(
  node: Node,
  type: ActionType<G, R, F>,
  name: string,
  options?: ActionClientOptions,
): ResultOf<ActionClient<G, R, F>> {
  const t = checkActionType(type);
  if (!t.ok) return t;
  const o = readOptions('options', options, ['requestBudgetMs', 'resultBudgetMs', 'maxGoalsInFlight', 'callbackGroup']);
  if (!o.ok) return o;
  const group = readCallbackGroup('options.callbackGroup', o.value.callbackGroup, node, 'action client');
  if (!group.ok) return group;
  const inGroup = { callbackGroup: o.value.callbackGroup as CallbackGroup | undefined };
  const requestBudgetMs = readBudget(
    'options.requestBudgetMs',
    o.value.requestBudgetMs,
    DEFAULT_GOAL_REQUEST_BUDGET_MS,
  );
  if (!requestBudgetMs.ok) return requestBudgetMs;
  const resultBudgetMs = readBudget('options.resultBudgetMs', o.value.resultBudgetMs, DEFAULT_RESULT_BUDGET_MS);
  if (!resultBudgetMs.ok) return resultBudgetMs;
  const inFlight = readCount('options.maxGoalsInFlight', o.value.maxGoalsInFlight, DEFAULT_MAX_GOALS_IN_FLIGHT);
  if (!inFlight.ok) return inFlight;
  const resolved = resolveActionName(node, name);
  if (!resolved.ok) return resolved;
  const n = resolved.value;
  const client = new ActionClientImpl<G, R, F>(node.executor, n, inFlight.value);
  const undo = new Undo();
  const keep = <H extends EntityHandle>(r: ResultOf<H>): ResultOf<H> => {
    if (r.ok) {
      undo.add(() => r.value.reset());
      client.handles.push(r.value);
    }
    return r;
  };
  const opts = { requestBudgetMs: requestBudgetMs.value, maxRequestsInFlight: inFlight.value, ...inGroup };
  const steps = (): Result => {
    const s = keep(node.createClient(type.SendGoal, n + ACTION_SUFFIX.sendGoal, client.onGoalResponse, opts));
    if (!s.ok) return s;
    client.sendGoalClient = s.value;
    const c = keep(node.createClient(CancelGoal, n + ACTION_SUFFIX.cancelGoal, client.onCancelResponse, opts));
    if (!c.ok) return c;
    client.cancelClient = c.value;
    const r = keep(
      node.createClient(type.GetResult, n + ACTION_SUFFIX.getResult, client.onResultResponse, {
        ...opts,
        requestBudgetMs: resultBudgetMs.value,
      }),
    );
    if (!r.ok) return r;
    client.resultClient = r.value;
    const f = keep(
      node.createSubscription(type.FeedbackMessage, n + ACTION_SUFFIX.feedback, client.onFeedback, undefined, inGroup),
    );
    if (!f.ok) return f;
    const st = keep(
      node.createSubscription(GoalStatusArrayType, n + ACTION_SUFFIX.status, client.onStatus, statusQos(), inGroup),
    );
    return st.ok ? ok() : st;
  };
  const built = steps();
  if (!built.ok) {
    undo.run();
    return built;
  }
  return ok(client);
}
