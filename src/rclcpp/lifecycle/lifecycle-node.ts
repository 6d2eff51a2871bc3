/**
 * A managed (lifecycle) node: a Node plus the standard state machine, its five services
 * (`~/change_state`, `~/get_state`, `~/get_available_states`, `~/get_available_transitions`,
 * `~/get_transition_graph`) and `~/transition_event`. A transition runs the user's callback
 * (SUCCESS / FAILURE / ERROR, a throw or rejection counts as ERROR); ERROR goes through
 * errorprocessing and onError. Like rclcpp's LifecycleNode, it is not a Node but has one.
 */

import { describeThrown, describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { EntityHandle, Executor, Node, NodeOptions, Publisher, QoSLike } from '../api.js';
import * as lcMsg from '../interfaces/generated/lifecycle_msgs/msg.js';
import * as lcSrv from '../interfaces/generated/lifecycle_msgs/srv.js';
import { coreOf } from '../handle.js';
import type { MessageType } from '../type-support.js';
import { LifecyclePublisher } from './lifecycle-publisher.js';
import { managedNode } from './managed-node.js';
import {
  ALL_STATES,
  availableFrom,
  type CallbackName,
  CallbackReturn,
  findTransition,
  type LifecycleState,
  type LifecycleTransition,
  resultTransition,
  State,
  stateOf,
  stepOf,
  TRANSITION_GRAPH,
  type TransitionDescription,
} from './state-machine.js';

/** A transition callback: gets the state the transition started from. */
export type LifecycleCallback = (previous: LifecycleState) => CallbackReturn | Promise<CallbackReturn>;

/** rclcpp's on_configure ... on_error; a missing one answers SUCCESS. */
export type LifecycleCallbacks = Partial<Record<CallbackName, LifecycleCallback>>;

export interface LifecycleNodeOptions extends NodeOptions {
  readonly callbacks?: LifecycleCallbacks | undefined;
}

const toDescriptionMsg = (t: TransitionDescription): lcMsg.TransitionDescription => ({
  transition: { ...t.transition },
  start_state: { ...t.start },
  goal_state: { ...t.goal },
});

export class LifecycleNode {
  private current: LifecycleState = stateOf(State.UNCONFIGURED);
  private busy = false;
  /** What the transition's callbacks threw or rejected with (their messages reach its error). */
  private failures: string[] = [];
  private readonly callbacks: LifecycleCallbacks;
  private events: Publisher<lcMsg.TransitionEvent> | undefined;
  /** `~/change_state`: the entity a callback's error is reported against (its node logs one nobody hears). */
  private changeState: EntityHandle | undefined;

  /**
   * The node, whose `createPublisher` makes lifecycle publishers (managed-node.ts), as every
   * publisher of an rclcpp_lifecycle node is one.
   */
  readonly node: Node;

  private constructor(
    private readonly raw: Node,
    callbacks: LifecycleCallbacks,
  ) {
    this.callbacks = { ...callbacks };
    this.node = managedNode(raw, (type, topic, qos) => this.createPublisher(type, topic, qos));
  }

  /** Creates the node, its services and transition_event publisher; starts unconfigured. */
  static create(executor: Executor, name: string, options?: LifecycleNodeOptions): ResultOf<LifecycleNode> {
    let callbacks: unknown;
    let nodeOptions: NodeOptions | undefined;
    try {
      callbacks = options?.callbacks;
      nodeOptions = options === undefined ? undefined : { ...options };
    } catch (thrown) {
      return err('InvalidArgument', `options of lifecycle node '${name}' could not be read: ${describeThrown(thrown)}`);
    }
    const checked = checkCallbacks(callbacks);
    if (!checked.ok) return checked;
    if (nodeOptions !== undefined) delete (nodeOptions as { callbacks?: unknown }).callbacks;
    const node = executor.createNode(name, nodeOptions);
    if (!node.ok) return node;
    const lc = new LifecycleNode(node.value, checked.value);
    const started = lc.declare();
    if (!started.ok) {
      node.value.destroy();
      return started;
    }
    return ok(lc);
  }

  getCurrentState(): LifecycleState {
    return this.current;
  }

  /** Sets (or replaces) one callback. */
  on(name: CallbackName, callback: LifecycleCallback): Result {
    if (typeof callback !== 'function')
      return err('InvalidArgument', `${name} callback must be a function, got ${typeof callback}`);
    this.callbacks[name] = callback;
    return ok();
  }

  configure(): Promise<ResultOf<LifecycleState>> {
    return this.trigger('configure');
  }
  cleanup(): Promise<ResultOf<LifecycleState>> {
    return this.trigger('cleanup');
  }
  activate(): Promise<ResultOf<LifecycleState>> {
    return this.trigger('activate');
  }
  deactivate(): Promise<ResultOf<LifecycleState>> {
    return this.trigger('deactivate');
  }
  shutdown(): Promise<ResultOf<LifecycleState>> {
    return this.trigger('shutdown');
  }

  /**
   * Runs a transition named by id or label from the current state. Answers the new state on
   * SUCCESS; Rejected (FAILURE: back where it started) or Error (ERROR: through errorprocessing)
   * naming the state reached; NotAllowed when the transition does not start here; BadSequence
   * while another transition runs.
   */
  async trigger(transition: number | string): Promise<ResultOf<LifecycleState>> {
    const from = this.current;
    if (this.busy) return err('BadSequence', `lifecycle node '${this.fqn()}' is in transition (${from.label})`);
    const t =
      typeof transition === 'string'
        ? findTransition(from.id, undefined, transition)
        : findTransition(from.id, transition, undefined);
    if (t === undefined) {
      return err(
        'NotAllowed',
        `no transition ${describeValue(transition)} from state '${from.label}' of '${this.fqn()}'`,
      );
    }
    this.busy = true;
    this.failures = [];
    try {
      this.move(t.transition, t.goal);
      const answer = await this.runStep(from);
      if (answer === 'success') return ok(this.current);
      const verdict = answer === 'failure' ? 'Rejected' : 'Error';
      const why = this.failures.length === 0 ? '' : ` (${this.failures.join('; ')})`;
      return err(
        verdict,
        `transition '${t.transition.label}' of '${this.fqn()}' answered ${answer}${why}; now ${this.current.label}`,
      );
    } finally {
      this.busy = false;
      this.failures = [];
    }
  }

  /** Runs the current transition state's callback and moves on; ERROR runs onError too. */
  private async runStep(previous: LifecycleState): Promise<CallbackReturn> {
    const step = stepOf(this.current.id);
    if (step === undefined) return 'error';
    const answer = await this.call(step.callback, previous);
    const goal =
      answer === 'success' ? step.success : answer === 'failure' ? (step.failure ?? previous.id) : step.error;
    this.move(resultTransition(step, answer), stateOf(goal));
    if (goal === State.ERRORPROCESSING) {
      await this.runStep(previous);
      return 'error';
    }
    return answer;
  }

  private async call(name: CallbackName, previous: LifecycleState): Promise<CallbackReturn> {
    const cb = this.callbacks[name];
    if (cb === undefined) return 'success';
    let answer: unknown;
    try {
      answer = await cb(previous);
    } catch (thrown) {
      // rclcpp catches it and takes ERROR; the message is not lost: it is reported and answered.
      this.failures.push(`${name} threw: ${describeThrown(thrown)}`);
      coreOf(this.raw.executor)?.reportEntityError(
        `${name} callback of lifecycle node '${this.fqn()}'`,
        thrown,
        this.changeState?.handleId,
      );
      return 'error';
    }
    if (answer === 'success' || answer === 'failure' || answer === 'error') return answer;
    this.failures.push(`${name} answered ${describeValue(answer)}, not a CallbackReturn`);
    return 'error';
  }

  private move(transition: LifecycleTransition, goal: LifecycleState): void {
    const start = this.current;
    this.current = goal;
    this.events?.publish({
      timestamp: this.node.now().nanoseconds,
      transition: { ...transition },
      start_state: { ...start },
      goal_state: { ...goal },
    });
  }

  /** A publisher that publishes only while the node is active (NotAllowed otherwise). */
  createPublisher<M>(type: MessageType<M>, topic: string, qos?: QoSLike): ResultOf<LifecyclePublisher<M>> {
    const p = this.raw.createPublisher(type, topic, qos);
    if (!p.ok) return p;
    return ok(
      new LifecyclePublisher(p.value, () => (this.current.id === State.ACTIVE ? undefined : this.current.label)),
    );
  }

  destroy(): Result {
    this.events = undefined;
    return this.raw.destroy();
  }

  private fqn(): string {
    return this.node.getFullyQualifiedName();
  }

  private declare(): Result {
    const events = this.raw.createPublisher(lcMsg.TransitionEvent, '~/transition_event');
    if (!events.ok) return events;
    this.events = events.value;
    const n = this.raw;
    const made = [
      n.createService(lcSrv.ChangeState, '~/change_state', async (req) => {
        const { id, label } = req.transition;
        const r = await this.trigger(label.length > 0 ? label : id);
        return { success: r.ok };
      }),
      n.createService(lcSrv.GetState, '~/get_state', () => ({ current_state: { ...this.current } })),
      n.createService(lcSrv.GetAvailableStates, '~/get_available_states', () => ({
        available_states: ALL_STATES.map((s) => ({ ...s })),
      })),
      n.createService(lcSrv.GetAvailableTransitions, '~/get_available_transitions', () => ({
        available_transitions: this.busy ? [] : availableFrom(this.current.id).map(toDescriptionMsg),
      })),
      n.createService(lcSrv.GetAvailableTransitions, '~/get_transition_graph', () => ({
        available_transitions: TRANSITION_GRAPH.map(toDescriptionMsg),
      })),
    ];
    for (const m of made) if (!m.ok) return m;
    const changeState = made[0];
    if (changeState?.ok) this.changeState = changeState.value;
    return ok();
  }
}

function checkCallbacks(value: unknown): ResultOf<LifecycleCallbacks> {
  if (value === undefined) return ok({});
  if (typeof value !== 'object' || value === null) {
    return err('InvalidArgument', `callbacks must be an object of functions, got ${describeValue(value)}`);
  }
  const out: LifecycleCallbacks = {};
  for (const name of ['onConfigure', 'onCleanup', 'onActivate', 'onDeactivate', 'onShutdown', 'onError'] as const) {
    const cb = (value as Record<string, unknown>)[name];
    if (cb === undefined) continue;
    if (typeof cb !== 'function')
      return err('InvalidArgument', `callbacks.${name} must be a function, got ${typeof cb}`);
    out[name] = cb as LifecycleCallback;
  }
  return ok(out);
}

export { CallbackReturn };
