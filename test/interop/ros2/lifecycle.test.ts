/**
 * Lifecycle against real ROS 2 (rclpy on rmw_zenoh_cpp), both ways, in both topologies: rclts's
 * LifecycleClient drives an rclpy.lifecycle.Node (get_state, get_available_states /
 * transitions, the transition graph, change_state by label and by id, a callback's FAILURE) and
 * receives its transition_event; rclpy's lifecycle_msgs service calls drive an rclts
 * LifecycleNode the same way and receive its transition_event. Each side's answers are then
 * held equal: the same states, the same transitions from each state, the same graph.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackReturn, LifecycleClient, LifecycleNode, type Node } from '../../../src/index.js';
import { lifecycle_msgs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { APL_PEER, unwrap } from './apl-support.js';
import { describeRos2, type RclpyPeer, TOPOLOGIES, startWorld, type World } from './peer.js';

const NS = '/apl_lc';
type State = { id: number; label: string };
type Description = { transition: State; start: State; goal: State };
const key = (d: Description) => `${d.start.id}-${d.transition.id}:${d.transition.label}->${d.goal.id}`;
const pairs = (events: { start: State; goal: State }[]) => events.map((e) => [e.start.id, e.goal.id]);

/** configure refused (FAILURE), configure, activate, deactivate, cleanup, shutdown: start -> goal per step. */
const STEPS = [
  [1, 10],
  [10, 1],
  [1, 10],
  [10, 2],
  [2, 13],
  [13, 3],
  [3, 14],
  [14, 2],
  [2, 11],
  [11, 1],
  [1, 12],
  [12, 4],
];

describeRos2('lifecycle with rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;
    // What each side answered about the other, compared in the last check.
    const answers: Record<'rclpy' | 'rclts', { states?: State[]; fromUnconfigured?: string[]; graph?: string[] }> = {
      rclpy: {},
      rclts: {},
    };

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer(APL_PEER);
      node = unwrap(world.executor.createNode('rclts_lc', { namespace: NS }));
    }, 60_000);

    afterAll(async () => {
      await world?.stop();
    });

    it('rclts LifecycleClient drives an rclpy lifecycle node; its transition_event reaches rclts', async () => {
      await world.spinWhile(
        peer.must('lifecycle_node', { node: 'py_lc', namespace: NS, configure_answers: ['FAILURE'] }),
      );
      const events: lifecycle_msgs.msg.TransitionEvent[] = [];
      unwrap(
        node.createSubscription(lifecycle_msgs.msg.TransitionEvent, `${NS}/py_lc/transition_event`, (e) => {
          events.push(e);
        }),
      );
      const client = unwrap(LifecycleClient.create(node, `${NS}/py_lc`));
      expect(await client.waitForService(20_000)).toEqual({ ok: true, value: undefined });
      await world.executor.spinFor(300); // the transition_event subscription matched
      expect(unwrap(await client.getState(10_000)), 'rclpy get_state').toEqual({ id: 1, label: 'unconfigured' });
      answers.rclpy.states = [...unwrap(await client.getAvailableStates(10_000))];
      answers.rclpy.fromUnconfigured = unwrap(await client.getAvailableTransitions(10_000)).map(key);
      answers.rclpy.graph = unwrap(await client.getTransitionGraph(10_000)).map(key);
      expect(answers.rclpy.fromUnconfigured, 'rclpy get_available_transitions').toEqual([
        '1-1:configure->10',
        '1-5:shutdown->12',
      ]);

      const refused = await client.changeState('configure', 10_000);
      expect(refused.ok ? 'ok' : refused.error.name, 'rclpy on_configure answered FAILURE').toBe('Rejected');
      expect(unwrap(await client.getState(10_000)).label).toBe('unconfigured');
      for (const t of [1, 'activate', 'deactivate', 'cleanup', 'shutdown'] as const) {
        expect(await client.changeState(t, 10_000), `rclpy change_state ${t}`).toEqual({ ok: true, value: undefined });
      }
      expect(unwrap(await client.getState(10_000))).toEqual({ id: 4, label: 'finalized' });
      const bad = await client.changeState('activate', 10_000);
      expect(bad.ok ? 'ok' : bad.error.name, 'rclpy refused a transition not available in finalized').toBe('Rejected');
      expect(await world.spinUntil(() => events.length >= STEPS.length, 10_000)).toBe(true);
      await world.executor.spinFor(200);
      expect(
        pairs(events.map((e) => ({ start: e.start_state, goal: e.goal_state }))),
        'rclpy transition_event',
      ).toEqual(STEPS);
      client.destroy();
    });

    it('rclpy service calls drive an rclts LifecycleNode; its transition_event reaches rclpy', async () => {
      const configureAnswers: CallbackReturn[] = [CallbackReturn.FAILURE];
      const lc = unwrap(
        LifecycleNode.create(world.executor, 'ts_lc', {
          namespace: NS,
          callbacks: { onConfigure: () => configureAnswers.shift() ?? CallbackReturn.SUCCESS },
        }),
      );
      const remote = `${NS}/ts_lc`;
      const call = (c: Record<string, unknown>) => world.spinWhile(peer.must('lifecycle_call', { remote, ...c }));
      await world.spinWhile(peer.must('subscribe_transitions', { remote }));
      const first = await call({ call: 'get_state' });
      expect(first.state, 'rclts get_state').toEqual({ id: 1, label: 'unconfigured' });
      await world.executor.spinFor(300); // the transition_event subscription matched
      answers.rclts.states = (await call({ call: 'get_available_states' })).states as State[];
      answers.rclts.fromUnconfigured = (
        (await call({ call: 'get_available_transitions' })).transitions as Description[]
      ).map(key);
      answers.rclts.graph = ((await call({ call: 'get_transition_graph' })).transitions as Description[]).map(key);

      expect((await call({ call: 'change_state', label: 'configure' })).success, 'rclts on FAILURE').toBe(false);
      expect(lc.getCurrentState().label).toBe('unconfigured');
      for (const t of [{ transition_id: 1 }, { label: 'activate' }, { label: 'deactivate' }, { label: 'cleanup' }]) {
        expect((await call({ call: 'change_state', ...t })).success, `rclts change_state ${JSON.stringify(t)}`).toBe(
          true,
        );
      }
      expect((await call({ call: 'change_state', label: 'shutdown' })).success).toBe(true);
      expect(((await call({ call: 'get_state' })).state as State).label).toBe('finalized');
      expect(
        (await call({ call: 'change_state', label: 'activate' })).success,
        'rclts refused a transition not available in finalized',
      ).toBe(false);
      const got = await world.spinWhile(
        peer.must('received', { topic: `${remote}/transition_event`, count: STEPS.length, settleMs: 300 }),
      );
      expect(pairs(got.received as { start: State; goal: State }[]), 'rclts transition_event as rclpy got it').toEqual(
        STEPS,
      );
    });

    it('both sides answer the same states, transitions from unconfigured and transition graph', () => {
      const sortStates = (s: State[] | undefined) => [...(s ?? [])].sort((a, b) => a.id - b.id);
      expect(sortStates(answers.rclts.states), 'rclts get_available_states vs rclpy').toEqual(
        sortStates(answers.rclpy.states),
      );
      expect(answers.rclts.fromUnconfigured, 'rclts get_available_transitions vs rclpy').toEqual(
        answers.rclpy.fromUnconfigured,
      );
      expect([...(answers.rclts.graph ?? [])].sort(), 'rclts get_transition_graph vs rclpy').toEqual(
        [...(answers.rclpy.graph ?? [])].sort(),
      );
    });
  });
});
