/**
 * The action server (rclcpp_action::Server): three services and two publishers composed on
 * the node, so every callback runs in spin like any service handler. Accepted callbacks run
 * after the acceptance is answered, and status publications are coalesced, both from one
 * guard condition; finished goals expire on a timer.
 */
import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { CallbackGroupOptions, EntityHandle, GuardCondition, Node, Publisher, Timer } from '../api.js';
import { type CallbackGroup, readCallbackGroup } from '../callback-group.js';
import { Duration } from '../duration.js';
import type {
  CancelGoal_Request,
  CancelGoal_Response,
  GoalInfo,
  GoalStatusArray,
} from '../interfaces/generated/action_msgs/codec.js';
import { GoalStatusArray as GoalStatusArrayType } from '../interfaces/generated/action_msgs/msg.js';
import { CancelGoal } from '../interfaces/generated/action_msgs/srv.js';
import { QoS } from '../qos.js';
import { checkFunction, readOptions } from '../type-check.js';
import { type CallbackSite, callActionCallback, callDecidingCallback } from './action-callback.js';
import {
  ACTION_SUFFIX,
  checkActionType,
  readBudget,
  readCount,
  resolveActionName,
  statusQos,
  Undo,
} from './action-entities.js';
import {
  type ActionServer,
  type ActionServerCallbacks,
  type ActionServerOptions,
  type ActionType,
  CancelResponse,
  CancelReturnCode,
  GoalResponse,
  GoalStatus,
  type ServerGoalHandle,
} from './action-types.js';
import { goalIdBytes, goalKey, isZeroId, nsOf, stampOf } from './goal-id.js';
import { type GoalOutcome, type GoalOwner, ServerGoal } from './server-goal.js';

export const DEFAULT_RESULT_TIMEOUT_MS = 900_000;
/** rclcpp's services default (keep last 10), which rcl_action gives the three action services. */
export const DEFAULT_ACTION_QUEUE_DEPTH = 10;

class ActionServerImpl<G, R, F> implements ActionServer<G, R, F>, GoalOwner<R, F> {
  private readonly goals = new Map<string, ServerGoal<G, R, F>>();
  private readonly toAnnounce: ServerGoal<G, R, F>[] = [];
  private statusDirty = false;
  private alive = true;
  readonly handles: EntityHandle[] = [];
  feedbackPub: Publisher<{ goal_id: { uuid: Uint8Array }; feedback: F }> | undefined;
  statusPub: Publisher<GoalStatusArray> | undefined;
  flush: GuardCondition | undefined;
  expiry: Timer | undefined;

  constructor(
    private readonly node: Node,
    private readonly type: ActionType<G, R, F>,
    private readonly name: string,
    private readonly callbacks: ActionServerCallbacks<G, R, F>,
    private readonly resultTimeoutMs: number,
  ) {}

  getActionName(): string {
    return this.name;
  }
  activeGoals(): readonly ServerGoalHandle<G, R, F>[] {
    return [...this.goals.values()].filter((g) => g.isActive());
  }
  goalCount(): number {
    return this.goals.size;
  }

  // ---- service handlers (run in spin) ----

  readonly onSendGoal = (request: { goal_id: { uuid: Uint8Array | number[] }; goal: G }) => {
    const id = goalIdBytes(request.goal_id);
    const now = this.node.now().nanoseconds;
    const refused = { accepted: false, stamp: stampOf(now) };
    if (!this.alive || this.goals.has(goalKey(id))) return refused;
    const answer = callDecidingCallback(this.site('goal'), this.callbacks.goal, id, request.goal);
    if (answer !== GoalResponse.AcceptAndExecute && answer !== GoalResponse.AcceptAndDefer) return refused;
    const goal = new ServerGoal<G, R, F>(id, request.goal, now, this, this.name);
    this.goals.set(goal.key, goal);
    if (answer === GoalResponse.AcceptAndExecute) goal.execute();
    this.statusChanged();
    this.toAnnounce.push(goal);
    return { accepted: true, stamp: stampOf(now) };
  };

  readonly onCancelGoal = (request: CancelGoal_Request): CancelGoal_Response => {
    const id = goalIdBytes(request.goal_info.goal_id);
    const stampNs = nsOf(request.goal_info.stamp);
    const candidates: ServerGoal<G, R, F>[] = [];
    if (!isZeroId(id)) {
      const named = this.goals.get(goalKey(id));
      if (named === undefined) return { return_code: CancelReturnCode.UnknownGoalId, goals_canceling: [] };
      if (!named.isCancelable() && stampNs === 0n) {
        return { return_code: CancelReturnCode.GoalTerminated, goals_canceling: [] };
      }
      if (named.isCancelable()) candidates.push(named);
    }
    if (isZeroId(id) || stampNs !== 0n) {
      for (const g of this.goals.values()) {
        if (g.isCancelable() && !candidates.includes(g) && (stampNs === 0n || g.acceptedAtNs <= stampNs)) {
          candidates.push(g);
        }
      }
    }
    const canceling: GoalInfo[] = [];
    for (const g of candidates) {
      const answer = callDecidingCallback(this.site('cancel'), this.callbacks.cancel, g);
      if (answer !== CancelResponse.Accept) continue;
      g.startCanceling();
      canceling.push(g.info);
    }
    const rejected = candidates.length > 0 && canceling.length === 0;
    return { return_code: rejected ? CancelReturnCode.Rejected : CancelReturnCode.None, goals_canceling: canceling };
  };

  readonly onGetResult = (request: { goal_id: { uuid: Uint8Array | number[] } }) => {
    const goal = this.goals.get(goalKey(goalIdBytes(request.goal_id)));
    if (goal === undefined) return { status: GoalStatus.Unknown, result: this.type.Result.create() };
    const now = goal.outcomeNow();
    return now ?? goal.awaitOutcome();
  };

  // ---- the guard condition and the timer (run in spin) ----

  /**
   * Announces accepted goals. A throw or a rejected promise of `accepted` is a handler error of
   * that callback; the other goals are announced all the same, and an async `accepted` does
   * not hold up the status publications (the goal's work may run long).
   */
  readonly onFlush = (): void => {
    for (const goal of this.toAnnounce.splice(0)) {
      callActionCallback(this.site('accepted'), this.callbacks.accepted, goal);
    }
    if (this.statusDirty) {
      this.statusDirty = false;
      this.statusPub?.publish(this.statusArray());
    }
  };

  private site(which: 'goal' | 'cancel' | 'accepted'): CallbackSite {
    return {
      executor: this.node.executor,
      entity: `${which} callback of action server '${this.name}'`,
      owner: this.flush,
    };
  }

  readonly onExpiry = (): void => {
    const limit = performance.now() - this.resultTimeoutMs;
    let expired = false;
    for (const [key, g] of this.goals) {
      if (!g.isActive() && g.finishedAtMs <= limit) {
        this.goals.delete(key);
        expired = true;
      }
    }
    if (expired) this.statusChanged();
  };

  // ---- GoalOwner ----

  publishFeedback(goalId: Uint8Array, feedback: F): Result {
    const pub = this.feedbackPub;
    if (pub === undefined || !this.alive) return err('NotInitialized', `action server '${this.name}' was destroyed`);
    return pub.publish({ goal_id: { uuid: goalId }, feedback });
  }

  statusChanged(): void {
    this.statusDirty = true;
    this.flush?.trigger();
  }

  finished(): void {
    this.statusChanged();
  }

  private statusArray(): GoalStatusArray {
    const list: GoalStatusArray['status_list'] = new Array(this.goals.size);
    let i = 0;
    for (const g of this.goals.values()) list[i++] = { goal_info: g.info, status: g.getStatus() };
    return { status_list: list };
  }

  destroy(): Result {
    if (!this.alive) return err('NotInitialized', `action server '${this.name}' was already destroyed`);
    this.alive = false;
    const fallback = this.type.Result.create();
    for (const g of this.goals.values()) g.release(fallback);
    this.goals.clear();
    for (const h of this.handles.splice(0)) h.reset();
    this.feedbackPub?.destroy();
    this.statusPub?.destroy();
    return ok();
  }
}

/** node.createActionServer: everything is checked before anything is declared. */
export function createActionServer<G, R, F>(
  node: Node,
  type: ActionType<G, R, F>,
  name: string,
  callbacks: ActionServerCallbacks<G, R, F>,
  options?: ActionServerOptions,
): ResultOf<ActionServer<G, R, F>> {
  const t = checkActionType(type);
  if (!t.ok) return t;
  if (typeof callbacks !== 'object' || callbacks === null) {
    return err(
      'InvalidArgument',
      `callbacks must be an object with goal, cancel and accepted, got ${describeValue(callbacks)}`,
    );
  }
  for (const k of ['goal', 'cancel', 'accepted'] as const) {
    const c = checkFunction(`callbacks.${k}`, callbacks[k]);
    if (!c.ok) return c;
  }
  const o = readOptions('options', options, ['resultTimeoutMs', 'queueDepth', 'callbackGroup']);
  if (!o.ok) return o;
  const group = readCallbackGroup('options.callbackGroup', o.value.callbackGroup, node, 'action server');
  if (!group.ok) return group;
  const timeout = readBudget('options.resultTimeoutMs', o.value.resultTimeoutMs, DEFAULT_RESULT_TIMEOUT_MS);
  if (!timeout.ok) return timeout;
  const depth = readCount('options.queueDepth', o.value.queueDepth, DEFAULT_ACTION_QUEUE_DEPTH);
  if (!depth.ok) return depth;
  const resolved = resolveActionName(node, name);
  if (!resolved.ok) return resolved;

  const server = new ActionServerImpl<G, R, F>(node, type, resolved.value, callbacks, timeout.value);
  const undo = new Undo();
  const inGroup = { callbackGroup: o.value.callbackGroup as CallbackGroup | undefined };
  const built = declare(node, type, resolved.value, server, depth.value, timeout.value, inGroup, undo);
  if (!built.ok) {
    undo.run();
    return built;
  }
  return ok(server);
}

function declare<G, R, F>(
  node: Node,
  type: ActionType<G, R, F>,
  name: string,
  server: ActionServerImpl<G, R, F>,
  depth: number,
  resultTimeoutMs: number,
  inGroup: CallbackGroupOptions,
  undo: Undo,
): Result {
  const serviceQos = QoS.services().keepLast(depth);
  const feedback = node.createPublisher(type.FeedbackMessage, name + ACTION_SUFFIX.feedback);
  if (!feedback.ok) return feedback;
  undo.add(() => feedback.value.destroy());
  server.feedbackPub = feedback.value as Publisher<{ goal_id: { uuid: Uint8Array }; feedback: F }>;
  const status = node.createPublisher(GoalStatusArrayType, name + ACTION_SUFFIX.status, statusQos());
  if (!status.ok) return status;
  undo.add(() => status.value.destroy());
  server.statusPub = status.value;
  const flush = node.createGuardCondition(server.onFlush);
  if (!flush.ok) return flush;
  undo.add(() => flush.value.reset());
  server.flush = flush.value;
  server.handles.push(flush.value);
  // Often enough that a result outlives its timeout by at most a second (or the timeout).
  const expiryMs = Math.max(1, Math.min(1000, resultTimeoutMs));
  // A Duration: a short period here is meant (node.ts warns about short plain numbers).
  const expiryPeriod = Duration.fromMs(expiryMs);
  const expiry = node.createWallTimer(expiryPeriod.ok ? expiryPeriod.value : expiryMs, server.onExpiry, inGroup);
  if (!expiry.ok) return expiry;
  undo.add(() => expiry.value.reset());
  server.handles.push(expiry.value);
  const services = [
    node.createService(type.SendGoal, name + ACTION_SUFFIX.sendGoal, server.onSendGoal, serviceQos, inGroup),
    node.createService(CancelGoal, name + ACTION_SUFFIX.cancelGoal, server.onCancelGoal, serviceQos, inGroup),
    node.createService(
      type.GetResult,
      name + ACTION_SUFFIX.getResult,
      server.onGetResult as (r: {
        goal_id: { uuid: Uint8Array | number[] };
      }) => { status: number; result: R } | Promise<GoalOutcome<R>>,
      serviceQos,
    ),
  ];
  for (const s of services) {
    if (!s.ok) return s;
    undo.add(() => s.value.reset());
    server.handles.push(s.value);
  }
  return ok();
}
