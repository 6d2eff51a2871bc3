/**
 * Lifecycle conformance, run on every backend: another node drives a lifecycle node through
 * its services with a LifecycleClient, and sees each step on ~/transition_event.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CallbackReturn,
  Executor,
  type ExecutorOptions,
  LifecycleClient,
  LifecycleNode,
  Result,
} from '../../src/index.js';
import { TransitionEvent } from '../../src/rclcpp/interfaces/generated/lifecycle_msgs/msg.js';
import { DISCOVERY_BUDGET_MS, spinUntil } from './suite.js';

const unwrap = Result.unwrap;

let unique = 0;

export function defineLifecycleSuite(backendName: string, makeExecutorOptions: () => ExecutorOptions): void {
  describe(`lifecycle conformance on ${backendName}`, () => {
    const opened: Executor[] = [];
    afterEach(async () => {
      for (const e of opened.splice(0)) await e.shutdown();
    });

    it('a client reads the state and transitions, drives configure and activate, and transition_event reports each step', async () => {
      const e = unwrap(await Executor.create(makeExecutorOptions()));
      opened.push(e);
      const ns = `/lc_${process.pid}_${Date.now().toString(36)}_${unique++}`;
      let configureAnswer: CallbackReturn = CallbackReturn.FAILURE;
      const lc = unwrap(
        LifecycleNode.create(e, 'managed', { namespace: ns, callbacks: { onConfigure: () => configureAnswer } }),
      );
      const driver = unwrap(e.createNode('driver', { namespace: ns }));
      const events: string[] = [];
      unwrap(
        driver.createSubscription(TransitionEvent, `${ns}/managed/transition_event`, (m) =>
          events.push(`${m.start_state.label}-${m.transition.label}->${m.goal_state.label}`),
        ),
      );
      const client = unwrap(LifecycleClient.create(driver, lc.node.getFullyQualifiedName()));
      unwrap(await client.waitForService(DISCOVERY_BUDGET_MS));
      expect(unwrap(await client.getState(DISCOVERY_BUDGET_MS)).label).toBe('unconfigured');
      expect(unwrap(await client.getAvailableStates(DISCOVERY_BUDGET_MS))).toHaveLength(11);
      const labels = unwrap(await client.getAvailableTransitions(DISCOVERY_BUDGET_MS)).map((t) => t.transition.label);
      expect(labels).toEqual(['configure', 'shutdown']);
      expect(unwrap(await client.getTransitionGraph(DISCOVERY_BUDGET_MS)).length).toBeGreaterThan(20);
      // The subscription to transition_event is discovered eventually: a refused configure
      // (callback FAILURE) is repeated until its events arrive, and changes nothing.
      const failed = 'configuring-transition_failure->unconfigured';
      const tryConfigure = (): boolean => {
        if (events.includes(failed)) return true;
        void lc.configure();
        return false;
      };
      expect(await spinUntil(e, tryConfigure)).toBe(true);
      expect(lc.getCurrentState().label).toBe('unconfigured');
      configureAnswer = CallbackReturn.SUCCESS;
      const refused = await client.changeState('activate', DISCOVERY_BUDGET_MS);
      expect(refused.ok ? 'ok' : refused.error.name).toBe('Rejected');
      unwrap(await client.changeState('configure', DISCOVERY_BUDGET_MS));
      unwrap(await client.changeState(3, DISCOVERY_BUDGET_MS)); // activate, by id
      expect(unwrap(await client.getState(DISCOVERY_BUDGET_MS)).label).toBe('active');
      expect(await spinUntil(e, () => events.includes('activating-transition_success->active'))).toBe(true);
      const tail = events.slice(events.lastIndexOf('unconfigured-configure->configuring'));
      expect(tail).toEqual([
        'unconfigured-configure->configuring',
        'configuring-transition_success->inactive',
        'inactive-activate->activating',
        'activating-transition_success->active',
      ]);
      client.destroy();
    });
  });
}
