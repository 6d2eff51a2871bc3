/**
 * The six parameter services of a node as another node (or `ros2 param`) sees them on the
 * in-process backend: when they exist, what each answers in the wire form, and how a request
 * carrying a value of unknown type is refused with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { ParameterType } from '../../../src/index.js';
import {
  ParameterDescriptor,
  ParameterEvent,
  type ParameterValue,
} from '../../../src/rclcpp/interfaces/generated/rcl_interfaces/msg.js';
import * as rclSrv from '../../../src/rclcpp/interfaces/generated/rcl_interfaces/srv.js';
import type { ServiceType } from '../../../src/rclcpp/type-support.js';
import { wireParameterValue } from '../../support/parameter-wire.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const PT = ParameterType;

const SERVICES: Array<[string, string]> = [
  ['describe_parameters', 'rcl_interfaces/srv/DescribeParameters'],
  ['get_parameter_types', 'rcl_interfaces/srv/GetParameterTypes'],
  ['get_parameters', 'rcl_interfaces/srv/GetParameters'],
  ['list_parameters', 'rcl_interfaces/srv/ListParameters'],
  ['set_parameters', 'rcl_interfaces/srv/SetParameters'],
  ['set_parameters_atomically', 'rcl_interfaces/srv/SetParametersAtomically'],
];

const value = wireParameterValue;

/** A wire value with its decoded typed arrays as plain arrays. */
function plain(v: ParameterValue): ParameterValue {
  return {
    ...v,
    integer_array_value: [...v.integer_array_value],
    double_array_value: [...v.double_array_value],
  };
}

/** The parameter services the graph shows under `fqn`, with their types. */
function servicesOf(f: ReturnType<typeof makeFixture>, fqn: string): Array<[string, string]> {
  const all = unwrap(f.node.getServiceNamesAndTypes());
  return [...all.entries()]
    .filter(([name]) => name.startsWith(`${fqn}/`))
    .map(([name, types]) => [name.slice(fqn.length + 1), types.join(',')] as [string, string])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

describe('when the parameter services exist', () => {
  it('with every ros node by default, as rclcpp starts them; never when turned off; none on a raw node', () => {
    const f = makeFixture();
    const plain = unwrap(f.executor.createNode('plain'));
    const never = unwrap(f.executor.createNode('never', { startParameterServices: false }));
    const silent = unwrap(
      f.executor.createNode('silent', { startParameterServices: false, startParameterEventPublisher: false }),
    );
    unwrap(f.executor.createNode('raw', { naming: 'raw' }));
    const withTypes = [...SERVICES, ['get_type_description', 'type_description_interfaces/srv/GetTypeDescription']];
    expect(servicesOf(f, '/plain')).toEqual(withTypes.sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    unwrap(never.declareParameter('x', 1n));
    unwrap(silent.declareParameter('x', 1n));
    expect(servicesOf(f, '/never').map(([n]) => n)).toEqual(['get_type_description']);
    expect(servicesOf(f, '/silent').map(([n]) => n)).toEqual(['get_type_description']);
    expect(servicesOf(f, 'raw')).toEqual([]);
    // plain and never publish parameter events; silent and the raw node do not.
    expect(unwrap(f.node.countPublishers('/parameter_events'))).toBe(2);
    expect(plain.hasParameter('x')).toBe(false);
    unwrap(plain.destroy());
    expect(servicesOf(f, '/plain')).toEqual([]);
    expect(unwrap(f.node.countPublishers('/parameter_events'))).toBe(1);
  });

  it('with QoS.parameters() for the services and QoS.parameterEvents() for the events', () => {
    const f = makeFixture();
    unwrap(f.executor.createNode('e', { startTypeDescriptionService: false, enableRosout: false }));
    const endpoints = unwrap(f.node.getEndpoints()).filter((e) => e.node.name === 'e');
    expect(endpoints.map((e) => e.name).sort()).toEqual(
      ['/parameter_events', ...SERVICES.map(([name]) => `/e/${name}`)].sort(),
    );
    for (const e of endpoints) {
      expect(e.qos, e.name).toMatchObject({
        reliability: 'reliable',
        durability: 'volatile',
        history: 'keep_last',
        depth: 1000,
      });
    }
  });

  it('startParameterServices must be a boolean', () => {
    const f = makeFixture();
    const r = f.executor.createNode('n', { startParameterServices: 'yes' as never });
    expect(expectErr(r)).toBe('InvalidArgument');
    if (!r.ok) expect(r.error.message).toContain("options of node 'n'.startParameterServices must be a boolean");
  });

  it('when they cannot all be made, the node is not created, nothing stays, and the error says what a node takes', () => {
    const f = makeFixture({ capacity: 4 });
    const before = f.executor.usage().used;
    const r = f.executor.createNode('m');
    expect(expectErr(r)).toBe('Full');
    if (!r.ok) {
      expect(r.error.message).toContain("node 'm' does not fit");
      expect(r.error.message).toContain('built-in services take 7 entries');
      expect(r.error.message).toContain('startParameterServices: false');
    }
    expect(f.executor.usage().used).toBe(before);
    expect(servicesOf(f, '/m')).toEqual([]);
    expect(unwrap(f.node.countPublishers('/parameter_events'))).toBe(0);
    expect(unwrap(f.node.countPublishers('/rosout'))).toBe(0);
    expect(f.executor.createNode('fits', { startParameterServices: false }).ok).toBe(true);
  });
});

describe('what the services answer', () => {
  async function setup() {
    const f = makeFixture();
    const server = unwrap(f.executor.createNode('p', { namespace: '/ns' }));
    unwrap(server.declareParameter('rate', 5n, { integerRange: { from: 0n, to: 10n }, description: 'Hz' }));
    unwrap(server.declareParameter('g.gain', 0.5));
    unwrap(server.declareParameter('g.h.names', ['a']));
    unwrap(server.declareParameter('mode', 'auto', { dynamicTyping: true }));
    const client = <Req, Res>(type: ServiceType<Req, Res>, name: string) =>
      unwrap(f.node.createPollClient(type, `/ns/p/${name}`));
    return { f, server, client };
  }

  it('describe_parameters: the descriptor of each name, a bare one naming an undeclared name', async () => {
    const { server, client } = await setup();
    unwrap(server.setParameter('mode', 3n));
    const r = unwrap(
      await client(rclSrv.DescribeParameters, 'describe_parameters').call({ names: ['rate', 'mode', 'nope'] }, 2000),
    );
    expect(r.descriptors[0]).toEqual(unwrap(server.describeParameter('rate')));
    expect(r.descriptors[0]?.description).toBe('Hz');
    expect(r.descriptors[1]?.type).toBe(PT.INTEGER);
    expect(r.descriptors[2]).toEqual(ParameterDescriptor.create({ name: 'nope' }));
  });

  it('get_parameter_types and get_parameters: NOT_SET for an undeclared name', async () => {
    const { client } = await setup();
    const types = unwrap(
      await client(rclSrv.GetParameterTypes, 'get_parameter_types').call({ names: ['g.gain', 'nope', 'rate'] }, 2000),
    );
    expect([...types.types]).toEqual([PT.DOUBLE, PT.NOT_SET, PT.INTEGER]);
    const got = unwrap(
      await client(rclSrv.GetParameters, 'get_parameters').call({ names: ['rate', 'nope', 'g.h.names'] }, 2000),
    );
    expect(got.values.map(plain)).toEqual([
      value(PT.INTEGER, { integer_value: 5n }),
      value(PT.NOT_SET),
      value(PT.STRING_ARRAY, { string_array_value: ['a'] }),
    ]);
  });

  it('list_parameters: by prefix and depth, with the prefixes found', async () => {
    const { client } = await setup();
    const list = client(rclSrv.ListParameters, 'list_parameters');
    expect(unwrap(await list.call({ prefixes: [], depth: 0n }, 2000)).result).toEqual({
      // use_sim_time: every ros node declares it, as rclcpp's TimeSource does.
      names: ['g.gain', 'g.h.names', 'mode', 'rate', 'use_sim_time'],
      prefixes: ['g', 'g.h'],
    });
    expect(unwrap(await list.call({ prefixes: ['g'], depth: 1n }, 2000)).result).toEqual({
      names: ['g.gain'],
      prefixes: ['g'],
    });
    expect(unwrap(await list.call({ prefixes: [], depth: 1n }, 2000)).result.names).toEqual([
      'mode',
      'rate',
      'use_sim_time',
    ]);
  });

  it('set_parameters: one result each, applied each on its own', async () => {
    const { server, client } = await setup();
    const r = unwrap(
      await client(rclSrv.SetParameters, 'set_parameters').call(
        {
          parameters: [
            { name: 'rate', value: value(PT.INTEGER, { integer_value: 7n }) },
            { name: 'g.gain', value: value(PT.STRING, { string_value: 'x' }) },
            { name: 'mode', value: value(PT.NOT_SET) },
          ],
        },
        2000,
      ),
    );
    expect(r.results.map((x) => x.successful)).toEqual([true, false, true]);
    expect(r.results[1]?.reason).toContain('Wrong parameter type');
    expect(unwrap(server.getParameter('rate')).value).toBe(7n);
    expect(server.hasParameter('mode')).toBe(false);
  });

  it('set_parameters_atomically: all or none', async () => {
    const { server, client } = await setup();
    const atomic = client(rclSrv.SetParametersAtomically, 'set_parameters_atomically');
    const refused = unwrap(
      await atomic.call(
        {
          parameters: [
            { name: 'rate', value: value(PT.INTEGER, { integer_value: 7n }) },
            { name: 'rate', value: value(PT.INTEGER, { integer_value: 70n }) },
          ],
        },
        2000,
      ),
    );
    expect(refused.result.successful).toBe(false);
    expect(refused.result.reason).toContain('integer range');
    expect(unwrap(server.getParameter('rate')).value).toBe(5n);
    const accepted = unwrap(
      await atomic.call({ parameters: [{ name: 'g.gain', value: value(PT.DOUBLE, { double_value: 0.25 }) }] }, 2000),
    );
    expect(accepted.result).toEqual({ successful: true, reason: '' });
    expect(unwrap(server.getParameter('g.gain')).value).toBe(0.25);
  });

  it('a value of unknown type refuses the whole request, each result saying why, and changes nothing', async () => {
    const { server, client } = await setup();
    const parameters = [
      { name: 'rate', value: value(PT.INTEGER, { integer_value: 6n }) },
      { name: 'g.gain', value: value(42) },
    ];
    const each = unwrap(await client(rclSrv.SetParameters, 'set_parameters').call({ parameters }, 2000));
    expect(each.results).toEqual([
      { successful: false, reason: 'parameter value of unknown type id 42' },
      { successful: false, reason: 'parameter value of unknown type id 42' },
    ]);
    const atomic = unwrap(
      await client(rclSrv.SetParametersAtomically, 'set_parameters_atomically').call({ parameters }, 2000),
    );
    expect(atomic.result).toEqual({ successful: false, reason: 'parameter value of unknown type id 42' });
    expect(unwrap(server.getParameter('rate')).value).toBe(5n);
  });

  it('/parameter_events records carry a stamp of the node clock', async () => {
    const { f, server } = await setup();
    const events: Array<{ sec: number; nanosec: number }> = [];
    unwrap(f.node.createSubscription(ParameterEvent, '/parameter_events', (m) => void events.push(m.stamp)));
    const before = server.now().nanoseconds;
    unwrap(server.setParameter('rate', 6n));
    const after = server.now().nanoseconds;
    for (let i = 0; i < 5 && events.length === 0; i++) await f.executor.spinOnce(5);
    const [stamp] = events;
    expect(stamp).toBeDefined();
    const ns = BigInt(stamp?.sec ?? 0) * 1_000_000_000n + BigInt(stamp?.nanosec ?? 0);
    expect(ns >= before && ns <= after).toBe(true);
    expect(stamp?.nanosec).toBeLessThan(1_000_000_000);
  });
});
