// The transition graph get_transition_graph answers, against ROS 2's default lifecycle state
// machine (rcl_lifecycle; ids from lifecycle_msgs/msg/State and Transition): 7 transitions a
// client may ask for, and for each transition state the success, failure and error results.
import { describe, expect, it } from 'vitest';
import { resultTransition, stepOf, TRANSITION_GRAPH } from '../../../src/rclcpp/lifecycle/state-machine.js';

const S = {
  unconfigured: 1,
  inactive: 2,
  active: 3,
  finalized: 4,
  configuring: 10,
  cleaningup: 11,
  shuttingdown: 12,
  activating: 13,
  deactivating: 14,
  errorprocessing: 15,
} as const;

const row = (id: number, label: string, start: number, goal: number) => [id, label, start, goal];
const EXPECTED = [
  row(1, 'configure', S.unconfigured, S.configuring),
  row(2, 'cleanup', S.inactive, S.cleaningup),
  row(3, 'activate', S.inactive, S.activating),
  row(4, 'deactivate', S.active, S.deactivating),
  row(5, 'shutdown', S.unconfigured, S.shuttingdown),
  row(6, 'shutdown', S.inactive, S.shuttingdown),
  row(7, 'shutdown', S.active, S.shuttingdown),
  row(10, 'transition_success', S.configuring, S.inactive),
  row(11, 'transition_failure', S.configuring, S.unconfigured),
  row(12, 'transition_error', S.configuring, S.errorprocessing),
  row(20, 'transition_success', S.cleaningup, S.unconfigured),
  row(21, 'transition_failure', S.cleaningup, S.inactive),
  row(22, 'transition_error', S.cleaningup, S.errorprocessing),
  row(30, 'transition_success', S.activating, S.active),
  row(31, 'transition_failure', S.activating, S.inactive),
  row(32, 'transition_error', S.activating, S.errorprocessing),
  row(40, 'transition_success', S.deactivating, S.inactive),
  row(41, 'transition_failure', S.deactivating, S.active),
  row(42, 'transition_error', S.deactivating, S.errorprocessing),
  row(50, 'transition_success', S.shuttingdown, S.finalized),
  row(51, 'transition_failure', S.shuttingdown, S.finalized),
  row(52, 'transition_error', S.shuttingdown, S.errorprocessing),
  row(60, 'transition_success', S.errorprocessing, S.unconfigured),
  row(61, 'transition_failure', S.errorprocessing, S.finalized),
  row(62, 'transition_error', S.errorprocessing, S.finalized),
];

describe('lifecycle transition graph', () => {
  it('is ROS 2 default state machine, transition by transition', () => {
    const got = TRANSITION_GRAPH.map((t) => [t.transition.id, t.transition.label, t.start.id, t.goal.id]);
    expect([...got].sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(EXPECTED);
    for (const t of TRANSITION_GRAPH) {
      expect(t.start.label.length).toBeGreaterThan(0);
      expect(t.goal.label).not.toBe('unknown');
    }
  });

  it('each answer of a callback takes its own result transition', () => {
    const configuring = stepOf(S.configuring);
    if (configuring === undefined) throw new Error('configuring is a transition state');
    expect(resultTransition(configuring, 'success')).toEqual({ id: 10, label: 'transition_success' });
    expect(resultTransition(configuring, 'failure')).toEqual({ id: 11, label: 'transition_failure' });
    expect(resultTransition(configuring, 'error')).toEqual({ id: 12, label: 'transition_error' });
    expect(stepOf(S.errorprocessing)?.callback).toBe('onError');
    expect(stepOf(S.active)).toBeUndefined();
  });
});
