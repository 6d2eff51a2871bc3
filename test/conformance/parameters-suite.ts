/**
 * Parameter conformance, run on every backend: a node's six parameter services answered to a
 * ParametersClient in another node, and /parameter_events (a rejected set publishes nothing).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Executor, type ExecutorOptions, type Node, ParametersClient, ParameterType, Result } from '../../src/index.js';
import { ParameterEvent } from '../../src/rclcpp/interfaces/generated/rcl_interfaces/msg.js';
import { DISCOVERY_BUDGET_MS, spinUntil } from './suite.js';

const unwrap = Result.unwrap;

let unique = 0;

export function defineParametersSuite(backendName: string, makeExecutorOptions: () => ExecutorOptions): void {
  describe(`parameters conformance on ${backendName}`, () => {
    const opened: Executor[] = [];
    afterEach(async () => {
      for (const e of opened.splice(0)) await e.shutdown();
    });

    const setup = async (): Promise<{ e: Executor; server: Node; client: Node }> => {
      const e = unwrap(await Executor.create(makeExecutorOptions()));
      opened.push(e);
      const ns = `/params_${process.pid}_${Date.now().toString(36)}_${unique++}`;
      const server = unwrap(e.createNode('server', { namespace: ns, parameterOverrides: { rate: 7n } }));
      const client = unwrap(e.createNode('client', { namespace: ns }));
      return { e, server, client };
    };

    it('answers list, get, types, describe and set through the six services', async () => {
      const { server, client } = await setup();
      unwrap(server.declareParameter('rate', 1n, { integerRange: { from: 0n, to: 100n }, description: 'Hz' }));
      unwrap(server.declareParameter('name', 'bot'));
      unwrap(server.declareParameter('gains', [1.5, 2.5]));
      const remote = unwrap(ParametersClient.create(client, server.getFullyQualifiedName()));
      unwrap(await remote.waitForService(DISCOVERY_BUDGET_MS));
      expect(unwrap(await remote.listParameters([], 0, DISCOVERY_BUDGET_MS)).names).toEqual([
        'gains',
        'name',
        'rate',
        'use_sim_time',
      ]);
      const got = unwrap(await remote.getParameters(['rate', 'name', 'missing'], DISCOVERY_BUDGET_MS));
      expect(got.map((p) => p.value)).toEqual([7n, 'bot', undefined]);
      expect(unwrap(await remote.getParameterTypes(['gains', 'missing'], DISCOVERY_BUDGET_MS))).toEqual([
        ParameterType.DOUBLE_ARRAY,
        ParameterType.NOT_SET,
      ]);
      const [d] = unwrap(await remote.describeParameters(['rate'], DISCOVERY_BUDGET_MS));
      expect(d?.description).toBe('Hz');
      expect(d?.integer_range[0]?.to_value).toBe(100n);
      unwrap(await remote.setParameter('rate', 42, DISCOVERY_BUDGET_MS));
      expect(unwrap(server.getParameter('rate')).value).toBe(42n);
      const refused = await remote.setParameter('rate', 500n, DISCOVERY_BUDGET_MS);
      expect(refused.ok ? 'ok' : refused.error.name).toBe('Rejected');
      const atomic = unwrap(
        await remote.setParametersAtomically(
          [
            { name: 'name', value: 'other' },
            { name: 'rate', value: 'not a number' },
          ],
          DISCOVERY_BUDGET_MS,
        ),
      );
      expect(atomic.successful).toBe(false);
      expect(unwrap(server.getParameter('name')).value).toBe('bot');
      remote.destroy();
    });

    it('publishes accepted changes on /parameter_events and nothing for a set the callback rejects', async () => {
      const { e, server, client } = await setup();
      const fqn = server.getFullyQualifiedName();
      const events: ParameterEvent[] = [];
      unwrap(
        client.createSubscription(ParameterEvent, '/parameter_events', (m) => {
          if (m.node === fqn) events.push(m);
        }),
      );
      unwrap(server.declareParameter('probe', 0n));
      unwrap(server.declareParameter('mode', 'idle'));
      unwrap(
        server.addOnSetParametersCallback((ps) =>
          ps.some((p) => p.value === 'forbidden')
            ? { successful: false, reason: 'not allowed' }
            : { successful: true, reason: '' },
        ),
      );
      // Discovery of the events topic is eventual: bump a probe until one change is seen.
      let probe = 0n;
      const seen = () => events.some((m) => m.changed_parameters.some((p) => p.name === 'probe'));
      const ok = await spinUntil(e, () => {
        if (!seen()) unwrap(server.setParameter('probe', ++probe));
        return seen();
      });
      expect(ok).toBe(true);
      events.length = 0;
      const rejected = server.setParameter('mode', 'forbidden');
      expect(rejected.ok).toBe(false);
      if (!rejected.ok) expect(rejected.error.message).toContain('not allowed');
      expect(unwrap(server.getParameter('mode')).value).toBe('idle');
      unwrap(server.setParameter('mode', 'running'));
      const modes = () =>
        events.flatMap((m) => m.changed_parameters.filter((p) => p.name === 'mode').map((p) => p.value.string_value));
      expect(await spinUntil(e, () => modes().length > 0)).toBe(true);
      expect(modes()).toEqual(['running']);
    });
  });
}
