/**
 * The standard lifecycle state machine (ROS 2 managed nodes): primary and transition states,
 * the external transitions a client may request, and where each callback answer leads.
 * Pure data and lookups; the node drives it.
 */

export interface LifecycleState {
  readonly id: number;
  readonly label: string;
}

export interface LifecycleTransition {
  readonly id: number;
  readonly label: string;
}

/** lifecycle_msgs/msg/State ids. */
export const State = {
  UNKNOWN: 0,
  UNCONFIGURED: 1,
  INACTIVE: 2,
  ACTIVE: 3,
  FINALIZED: 4,
  CONFIGURING: 10,
  CLEANINGUP: 11,
  SHUTTINGDOWN: 12,
  ACTIVATING: 13,
  DEACTIVATING: 14,
  ERRORPROCESSING: 15,
} as const;

/** lifecycle_msgs/msg/Transition ids. */
export const Transition = {
  CREATE: 0,
  CONFIGURE: 1,
  CLEANUP: 2,
  ACTIVATE: 3,
  DEACTIVATE: 4,
  UNCONFIGURED_SHUTDOWN: 5,
  INACTIVE_SHUTDOWN: 6,
  ACTIVE_SHUTDOWN: 7,
  DESTROY: 8,
} as const;

/** What a transition callback answers (rclcpp's CallbackReturn). */
export const CallbackReturn = { SUCCESS: 'success', FAILURE: 'failure', ERROR: 'error' } as const;
export type CallbackReturn = (typeof CallbackReturn)[keyof typeof CallbackReturn];

const LABELS: Readonly<Record<number, string>> = {
  0: 'unknown',
  1: 'unconfigured',
  2: 'inactive',
  3: 'active',
  4: 'finalized',
  10: 'configuring',
  11: 'cleaningup',
  12: 'shuttingdown',
  13: 'activating',
  14: 'deactivating',
  15: 'errorprocessing',
};

export function stateOf(id: number): LifecycleState {
  return Object.freeze({ id, label: LABELS[id] ?? 'unknown' });
}

/** Every state, as get_available_states lists them. */
export const ALL_STATES: readonly LifecycleState[] = [0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 15].map(stateOf);

/** Which callback a transition state runs. */
export type CallbackName = 'onConfigure' | 'onCleanup' | 'onActivate' | 'onDeactivate' | 'onShutdown' | 'onError';

/** A transition state: its callback, and the goal of each answer. */
interface Step {
  readonly callback: CallbackName;
  /** Base id of the ON_*_SUCCESS transition (+1 failure, +2 error). */
  readonly resultBase: number;
  readonly success: number;
  /** undefined: back to the state the transition started from. */
  readonly failure: number | undefined;
  readonly error: number;
}

const STEPS: Readonly<Record<number, Step>> = {
  [State.CONFIGURING]: step('onConfigure', 10, State.INACTIVE, State.UNCONFIGURED),
  [State.CLEANINGUP]: step('onCleanup', 20, State.UNCONFIGURED, State.INACTIVE),
  [State.ACTIVATING]: step('onActivate', 30, State.ACTIVE, State.INACTIVE),
  [State.DEACTIVATING]: step('onDeactivate', 40, State.INACTIVE, State.ACTIVE),
  [State.SHUTTINGDOWN]: step('onShutdown', 50, State.FINALIZED, State.FINALIZED),
  [State.ERRORPROCESSING]: {
    ...step('onError', 60, State.UNCONFIGURED, State.FINALIZED),
    error: State.FINALIZED,
  },
};

function step(callback: CallbackName, resultBase: number, success: number, failure: number): Step {
  return { callback, resultBase, success, failure, error: State.ERRORPROCESSING };
}

export function stepOf(transitionState: number): Step | undefined {
  return STEPS[transitionState];
}

/** The intermediate transition an answer takes (id per step, labels as rcl_lifecycle's: `transition_success` ...). */
export function resultTransition(s: Step, answer: CallbackReturn): LifecycleTransition {
  const offset = answer === 'success' ? 0 : answer === 'failure' ? 1 : 2;
  return Object.freeze({ id: s.resultBase + offset, label: `transition_${answer}` });
}

export interface TransitionDescription {
  readonly transition: LifecycleTransition;
  readonly start: LifecycleState;
  readonly goal: LifecycleState;
}

const EXTERNAL: readonly TransitionDescription[] = [
  [Transition.CONFIGURE, 'configure', State.UNCONFIGURED, State.CONFIGURING],
  [Transition.CLEANUP, 'cleanup', State.INACTIVE, State.CLEANINGUP],
  [Transition.ACTIVATE, 'activate', State.INACTIVE, State.ACTIVATING],
  [Transition.DEACTIVATE, 'deactivate', State.ACTIVE, State.DEACTIVATING],
  [Transition.UNCONFIGURED_SHUTDOWN, 'shutdown', State.UNCONFIGURED, State.SHUTTINGDOWN],
  [Transition.INACTIVE_SHUTDOWN, 'shutdown', State.INACTIVE, State.SHUTTINGDOWN],
  [Transition.ACTIVE_SHUTDOWN, 'shutdown', State.ACTIVE, State.SHUTTINGDOWN],
].map(([id, label, start, goal]) =>
  Object.freeze({
    transition: Object.freeze({ id: id as number, label: label as string }),
    start: stateOf(start as number),
    goal: stateOf(goal as number),
  }),
);

function internal(): TransitionDescription[] {
  const out: TransitionDescription[] = [];
  for (const [state, s] of Object.entries(STEPS)) {
    const start = stateOf(Number(state));
    for (const answer of ['success', 'failure', 'error'] as const) {
      const goal = answer === 'success' ? s.success : answer === 'failure' ? (s.failure ?? s.success) : s.error;
      out.push(Object.freeze({ transition: resultTransition(s, answer), start, goal: stateOf(goal) }));
    }
  }
  return out;
}

/** The whole graph, as get_transition_graph answers it. */
export const TRANSITION_GRAPH: readonly TransitionDescription[] = [...EXTERNAL, ...internal()];

/** The transitions a client may request from `state`. */
export function availableFrom(state: number): TransitionDescription[] {
  return EXTERNAL.filter((t) => t.start.id === state);
}

/** The external transition from `state` named by id, or by label when `id` is undefined/0 with a label. */
export function findTransition(
  state: number,
  id: number | undefined,
  label: string | undefined,
): TransitionDescription | undefined {
  const from = availableFrom(state);
  if (label !== undefined && label.length > 0) return from.find((t) => t.transition.label === label);
  return from.find((t) => t.transition.id === id);
}
