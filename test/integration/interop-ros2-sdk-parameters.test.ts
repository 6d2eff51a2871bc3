// Parameter and lifecycle services of rclts nodes answered to an independent client nobody
// here wrote: zenoh-ros2-sdk (Python; rmw_zenoh's keys and tokens, CDR and RIHS01 hashes through
// rosbags), through a router of this file's own. It calls list_parameters, get_parameters,
// get_parameter_types and set_parameters as `ros2 param` would, and get_state,
// get_available_transitions and change_state as `ros2 lifecycle` would. describe_parameters is
// left out: the SDK hashes ParameterDescriptor's bounded sequences (`FloatingPointRange[<=1]`) to
// another RIHS01 than ROS 2 does, so its query never matches a conforming server.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { CallbackReturn, Executor, LifecycleNode, type Node } from '../../src/index.js';
import { ensurePeer, type PeerRun, runPeer } from '../support/ros2-sdk-peer.js';

let router: RunningRouter;
let python: string;
let executor: Executor;
let node: Node;
let managed: LifecycleNode;
const ns = `/interop_params_${randomBytes(3).toString('hex')}`;
const fqn = `${ns}/param_talker`;

beforeAll(async () => {
  python = ensurePeer();
  router = await startRouter({ binary: inject('routerBinary') });
  const created = await Executor.create({ router: router.locator });
  if (!created.ok) throw new Error(created.error.message);
  executor = created.value;
  const made = executor.createNode('param_talker', { namespace: ns, startParameterServices: true });
  if (!made.ok) throw new Error(made.error.message);
  node = made.value;
  for (const declared of [
    node.declareParameter('rate', 10n, { integerRange: { from: 1n, to: 100n }, description: 'messages per second' }),
    node.declareParameter('greeting', 'hello'),
    node.declareParameter('gains', [0.5, 1.5]),
  ]) {
    if (!declared.ok) throw new Error(declared.error.message);
  }
  const lc = LifecycleNode.create(executor, 'managed', {
    namespace: ns,
    callbacks: { onActivate: () => CallbackReturn.FAILURE },
  });
  if (!lc.ok) throw new Error(lc.error.message);
  managed = lc.value;
}, 600_000);

afterAll(async () => {
  await executor?.shutdown();
  await router?.stop();
});

/** Runs one peer call while rclts spins (its service handlers run in spin); answers the reply. */
async function call(service: string, type: string, request: unknown, target = fqn): Promise<Record<string, unknown>> {
  const run: PeerRun = runPeer(
    python,
    'call',
    String(router.tcpPort),
    `${target}/${service}`,
    type,
    JSON.stringify(request),
  );
  let exit: number | null | 'running' = 'running';
  void run.exited.then((c) => {
    exit = c;
  });
  const end = Date.now() + 90_000;
  while (exit === 'running' && Date.now() < end) await executor.spinFor(50);
  if (exit === 'running') run.kill();
  expect(exit).toBe(0);
  return JSON.parse(run.lines[0] ?? '{}');
}

describe('parameter services of an rclts node, called by zenoh-ros2-sdk', () => {
  it('lists, gets and types the declared parameters', async () => {
    const listed = await call('list_parameters', 'rcl_interfaces/srv/ListParameters', { prefixes: [], depth: 0 });
    expect((listed.result as { names: string[] }).names).toEqual(['gains', 'greeting', 'rate', 'use_sim_time']);
    const got = await call('get_parameters', 'rcl_interfaces/srv/GetParameters', {
      names: ['rate', 'greeting', 'gains'],
    });
    const values = got.values as Array<Record<string, unknown>>;
    expect(values.map((v) => v.type)).toEqual([2, 4, 8]);
    expect(values[0]?.integer_value).toBe(10);
    expect(values[1]?.string_value).toBe('hello');
    expect(values[2]?.double_array_value).toEqual([0.5, 1.5]);
    const types = await call('get_parameter_types', 'rcl_interfaces/srv/GetParameterTypes', {
      names: ['rate', 'nope'],
    });
    expect(types.types).toEqual([2, 0]);
  }, 400_000);

  it('sets a parameter, and gets a refusal with its reason for a value out of range', async () => {
    const set = await call('set_parameters', 'rcl_interfaces/srv/SetParameters', {
      parameters: [
        { name: 'rate', value: { type: 2, integer_value: 42 } },
        { name: 'rate', value: { type: 2, integer_value: 500 } },
        { name: 'greeting', value: { type: 2, integer_value: 1 } },
      ],
    });
    const results = set.results as Array<{ successful: boolean; reason: string }>;
    expect(results.map((r) => r.successful)).toEqual([true, false, false]);
    expect(results[1]?.reason).toContain('integer range');
    expect(results[2]?.reason).toContain('Wrong parameter type');
    const rate = node.getParameter('rate');
    expect(rate.ok && rate.value.value).toBe(42n);
  }, 400_000);
});

describe('lifecycle services of an rclts node, called by zenoh-ros2-sdk', () => {
  it('reads the state and the available transitions, configures, and sees a FAILURE answered as success = false', async () => {
    const target = managed.node.getFullyQualifiedName();
    const state = await call('get_state', 'lifecycle_msgs/srv/GetState', {}, target);
    expect(state.current_state).toMatchObject({ id: 1, label: 'unconfigured' });
    const available = await call('get_available_transitions', 'lifecycle_msgs/srv/GetAvailableTransitions', {}, target);
    const labels = (available.available_transitions as Array<{ transition: { label: string } }>).map(
      (t) => t.transition.label,
    );
    expect(labels).toEqual(['configure', 'shutdown']);
    const configured = await call(
      'change_state',
      'lifecycle_msgs/srv/ChangeState',
      { transition: { id: 1, label: '' } },
      target,
    );
    expect(configured.success).toBe(true);
    expect(managed.getCurrentState().label).toBe('inactive');
    const activated = await call(
      'change_state',
      'lifecycle_msgs/srv/ChangeState',
      { transition: { id: 0, label: 'activate' } },
      target,
    );
    expect(activated.success).toBe(false);
    expect(managed.getCurrentState().label).toBe('inactive');
  }, 400_000);
});
