/**
 * ParametersClient against a node on the in-process backend: each verb's answer, the budget of
 * every call, calls to one service queued in order, the conversion setParameter makes to
 * the remote type, and values refused before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import { ParametersClient, ParameterType } from '../../../src/index.js';
import {
  ParameterDescriptor,
  type ParameterValue,
} from '../../../src/rclcpp/interfaces/generated/rcl_interfaces/msg.js';
import * as rclSrv from '../../../src/rclcpp/interfaces/generated/rcl_interfaces/srv.js';
import { wireParameterValue } from '../../support/parameter-wire.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const PT = ParameterType;

function setup() {
  const f = makeFixture();
  const server = unwrap(f.executor.createNode('p', { namespace: '/ns' }));
  unwrap(server.declareParameter('rate', 5n, { integerRange: { from: 0n, to: 10n } }));
  unwrap(server.declareParameter('gain', 0.5));
  unwrap(server.declareParameter('g.name', 'bot'));
  const remote = unwrap(ParametersClient.create(f.node, '/ns/p'));
  return { f, server, remote };
}

const wire = wireParameterValue;

describe('ParametersClient', () => {
  it('is made only for a fully qualified node name, and releases its six clients on destroy', () => {
    const f = makeFixture();
    for (const bad of ['', 'p', 'ns/p']) {
      expect(expectErr(ParametersClient.create(f.node, bad)), bad).toBe('InvalidArgument');
    }
    const before = f.executor.usage().used;
    const bad = ParametersClient.create(f.node, '/not a name');
    expect(expectErr(bad)).toBe('InvalidArgument');
    expect(f.executor.usage().used).toBe(before);
    const remote = unwrap(ParametersClient.create(f.node, '/ns/p'));
    expect(remote.remoteNode).toBe('/ns/p');
    expect(f.executor.usage().used).toBe(before + 6);
    remote.destroy();
    expect(f.executor.usage().used).toBe(before);
  });

  it('when one of its six clients cannot be made, releases the others and answers why', () => {
    const probe = makeFixture();
    const capacity = probe.executor.usage().used + 3;
    const f = makeFixture({ capacity });
    const before = f.executor.usage().used;
    const r = ParametersClient.create(f.node, '/ns/p');
    expect(r.ok).toBe(false);
    expect(f.executor.usage().used).toBe(before);
  });

  it('waits for the services within its budget', async () => {
    const { f, remote } = setup();
    unwrap(await remote.waitForService(2000));
    const absent = unwrap(ParametersClient.create(f.node, '/nobody'));
    const r = await absent.waitForService(30);
    expect(expectErr(r)).toBe('Timeout');
    if (!r.ok) expect(r.error.message).toContain("parameter services of '/nobody'");
  });

  it('gets values, types, descriptors and listings as the node holds them', async () => {
    const { server, remote } = setup();
    expect(unwrap(await remote.getParameters(['rate', 'missing', 'g.name'], 2000))).toEqual([
      { name: 'rate', type: PT.INTEGER, value: 5n },
      { name: 'missing', type: PT.NOT_SET, value: undefined },
      { name: 'g.name', type: PT.STRING, value: 'bot' },
    ]);
    expect(unwrap(await remote.getParameterTypes(['gain', 'missing'], 2000))).toEqual([PT.DOUBLE, PT.NOT_SET]);
    const [d, none] = unwrap(await remote.describeParameters(['rate', 'missing'], 2000));
    expect({ ...d, integer_range: d?.integer_range.map((r) => ({ ...r })) }).toEqual(
      unwrap(server.describeParameter('rate')),
    );
    expect(none).toEqual(ParameterDescriptor.create({ name: 'missing' }));
    expect(unwrap(await remote.listParameters([], 0, 2000))).toEqual({
      names: ['g.name', 'gain', 'rate', 'use_sim_time'],
      prefixes: ['g'],
    });
    expect(unwrap(await remote.listParameters(['g'], 1, 2000)).names).toEqual(['g.name']);
    expect(unwrap(await remote.listParameters([], 1, 2000)).names).toEqual(['gain', 'rate', 'use_sim_time']);
  });

  it('sets values with one result each, or all or none', async () => {
    const { server, remote } = setup();
    const each = unwrap(
      await remote.setParameters(
        [
          { name: 'rate', value: 7n },
          { name: 'gain', value: 'fast' },
        ],
        2000,
      ),
    );
    expect(each.map((r) => r.successful)).toEqual([true, false]);
    expect(each[1]?.reason).toContain('Wrong parameter type');
    expect(unwrap(server.getParameter('rate')).value).toBe(7n);
    const atomic = unwrap(
      await remote.setParametersAtomically(
        [
          { name: 'gain', value: 0.75 },
          { name: 'rate', value: 11n },
        ],
        2000,
      ),
    );
    expect(atomic.successful).toBe(false);
    expect(atomic.reason).toContain('integer range');
    expect(unwrap(server.getParameter('gain')).value).toBe(0.5);
    expect(unwrap(await remote.setParametersAtomically([{ name: 'gain', value: 0.75 }], 2000))).toEqual({
      successful: true,
      reason: '',
    });
    expect(unwrap(server.getParameter('gain')).value).toBe(0.75);
  });

  it('setParameter converts a number or bigint to the remote type', async () => {
    const { server, remote } = setup();
    unwrap(await remote.setParameter('rate', 6, 2000));
    expect(unwrap(server.getParameter('rate'))).toEqual({ name: 'rate', type: PT.INTEGER, value: 6n });
    unwrap(await remote.setParameter('gain', 2n, 2000));
    expect(unwrap(server.getParameter('gain'))).toEqual({ name: 'gain', type: PT.DOUBLE, value: 2 });
    unwrap(await remote.setParameter('g.name', 'other', 2000));
    expect(unwrap(server.getParameter('g.name')).value).toBe('other');
  });

  it('setParameter answers Rejected with the remote node reason, and changes nothing', async () => {
    const { server, remote } = setup();
    const range = await remote.setParameter('rate', 20n, 2000);
    expect(expectErr(range)).toBe('Rejected');
    if (!range.ok) {
      expect(range.error.message).toBe(
        "'/ns/p' refused 'rate': Parameter {rate} doesn't comply with integer range: 20 is not in [0, 10]",
      );
    }
    const undeclared = await remote.setParameter('ghost', 1, 2000);
    expect(expectErr(undeclared)).toBe('Rejected');
    if (!undeclared.ok) expect(undeclared.error.message).toContain('it was not declared');
    expect(unwrap(server.getParameter('rate')).value).toBe(5n);
  });

  it('refuses a value that is not a parameter value before sending anything', async () => {
    const { remote } = setup();
    for (const value of [{}, [1n, 2], null] as never[]) {
      const r = await remote.setParameters([{ name: 'rate', value }], 2000);
      expect(expectErr(r)).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain("value of parameter 'rate' must be");
      expect(expectErr(await remote.setParametersAtomically([{ name: 'rate', value }], 2000))).toBe('InvalidArgument');
      expect(expectErr(await remote.setParameter('rate', value, 2000))).toBe('InvalidArgument');
    }
  });

  it('answers within the budget when nobody serves, naming the remote node', async () => {
    const f = makeFixture();
    const remote = unwrap(ParametersClient.create(f.node, '/nobody'));
    const calls = [
      remote.getParameters(['a'], 30),
      remote.getParameterTypes(['a'], 30),
      remote.describeParameters(['a'], 30),
      remote.listParameters([], 0, 30),
      remote.setParameters([{ name: 'a', value: 1n }], 30),
      remote.setParametersAtomically([{ name: 'a', value: 1n }], 30),
    ];
    for (const r of await Promise.all(calls)) {
      expect(['Timeout', 'NotFound']).toContain(expectErr(r));
      if (!r.ok) expect(r.error.message.startsWith("parameter services of '/nobody': ")).toBe(true);
    }
    const set = await remote.setParameter('a', 1n, 30);
    expect(['Timeout', 'NotFound']).toContain(expectErr(set));
  });

  it('queues a second call to a service behind the first (no TryAgain); another service is free', async () => {
    const { remote } = setup();
    const first = remote.getParameters(['rate'], 2000);
    const second = remote.getParameters(['gain'], 2000);
    const types = await remote.getParameterTypes(['gain'], 2000);
    expect(unwrap(types)).toEqual([PT.DOUBLE]);
    expect(unwrap(await first)[0]?.value).toBe(5n);
    expect(unwrap(await second)[0]?.value).toBe(0.5);
    expect(unwrap(await remote.getParameters(['gain'], 2000))[0]?.value).toBe(0.5);
  });

  it('refuses an answer that does not fit the question', async () => {
    const f = makeFixture();
    // Its own parameter services stand in for rclts's, so it starts none.
    const fake = unwrap(f.executor.createNode('fake', { startParameterServices: false }));
    unwrap(
      fake.createService(rclSrv.GetParameters, '~/get_parameters', (req) => ({
        values: req.names.length === 2 ? [wire(PT.BOOL, { bool_value: true })] : req.names.map(() => wire(77)),
      })),
    );
    unwrap(fake.createService(rclSrv.GetParameterTypes, '~/get_parameter_types', () => ({ types: Uint8Array.of(2) })));
    const sent: ParameterValue[] = [];
    unwrap(
      fake.createService(rclSrv.SetParameters, '~/set_parameters', (req) => {
        sent.push(...req.parameters.map((p) => p.value));
        return { results: [] };
      }),
    );
    const remote = unwrap(ParametersClient.create(f.node, '/fake'));
    const short = await remote.getParameters(['a', 'b'], 2000);
    expect(expectErr(short)).toBe('ServiceFailed');
    if (!short.ok) expect(short.error.message).toBe("'/fake' answered 1 values for 2 names");
    const unknown = await remote.getParameters(['a'], 2000);
    expect(expectErr(unknown)).toBe('InvalidArgument');
    if (!unknown.ok) expect(unknown.error.message).toContain('unknown type id 77');
    const none = await remote.setParameter('a', 1, 2000);
    expect(expectErr(none)).toBe('Rejected');
    if (!none.ok) expect(none.error.message).toBe("'/fake' refused 'a': no result");
    // setParameter asked the type (integer) first; setParameters sends a number as a double.
    unwrap(await remote.setParameters([{ name: 'a', value: 6 }], 2000));
    expect(sent.map((v) => [v.type, v.integer_value, v.double_value])).toEqual([
      [PT.INTEGER, 1n, 0],
      [PT.DOUBLE, 0n, 6],
    ]);
  });
});
