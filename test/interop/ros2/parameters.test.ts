/**
 * Parameters against real ROS 2 (rclpy on rmw_zenoh_cpp), both ways, in both topologies:
 * rclts's ParametersClient on an rclpy node that declares a parameter of every type (with
 * ranges and a read-only one), rclpy's AsyncParameterClient on an rclts node declaring the
 * same, list (prefixes and depth) / get / get_types / describe / set / set_atomically, the
 * descriptors refused and accepted alike on both sides, and `/parameter_events` of each side as
 * the other receives it. "rclpy ..." in a failure is what the rclpy node answered, "rclts ..."
 * what rclts answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Node, ParametersClient, QoS } from '../../../src/index.js';
import { rcl_interfaces } from '../../../src/rclcpp/interfaces/generated/index.js';
import { APL_PEER, unwrap } from './apl-support.js';
import { describeRos2, type RclpyPeer, TOPOLOGIES, startWorld, type World } from './peer.js';

const NS = '/apl_par';
const NAMES = ['b', 'i', 'd', 's', 'ba', 'bools', 'ints', 'doubles', 'strings', 'ro', 'group.x', 'group.sub.y'];

/** The declared values in the peer's JSON form (integers as decimal strings, bytes as numbers). */
const DECLARED = [
  { type: 1, value: true },
  { type: 2, value: '10' },
  { type: 3, value: 0.5 },
  { type: 4, value: 'hello' },
  { type: 5, value: [1, 255] },
  { type: 6, value: [true, false] },
  { type: 7, value: ['1', '-2', '3'] },
  { type: 8, value: [1.5, -2.25] },
  { type: 9, value: ['a', 'b'] },
  { type: 4, value: 'fixed' },
  { type: 2, value: '1' },
  { type: 2, value: '2' },
];

/** A value rclts read, in the peer's JSON form. */
function json(v: unknown): unknown {
  if (typeof v === 'bigint') return String(v);
  if (v instanceof Uint8Array) return [...v];
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<unknown>, json);
  if (Array.isArray(v)) return v.map(json);
  return v;
}

/** The same parameters as the rclpy node declares (rclpy_apl_peer.py op_declare_params). */
function declareAll(node: Node): void {
  const d = (name: string, value: Parameters<Node['declareParameter']>[1], descriptor?: object) =>
    unwrap(node.declareParameter(name, value, descriptor));
  d('b', true);
  d('i', 10n, { integerRange: { from: 0n, to: 100n, step: 5n } });
  d('d', 0.5, { floatingPointRange: { from: 0, to: 1, step: 0.25 } });
  d('s', 'hello');
  d('ba', new Uint8Array([1, 255]));
  d('bools', [true, false]);
  d('ints', [1n, -2n, 3n]);
  d('doubles', [1.5, -2.25]);
  d('strings', ['a', 'b']);
  d('ro', 'fixed', { readOnly: true, description: 'read only' });
  d('group.x', 1n);
  d('group.sub.y', 2n);
}

/** Sets that both sides must refuse (by their descriptors) or accept, in the peer's JSON form. */
const REFUSED = [
  { name: 'i', type: 2, value: '200' }, // above the range
  { name: 'i', type: 2, value: '7' }, // off the step
  { name: 'd', type: 3, value: 0.3 }, // off the step
  { name: 'ro', type: 4, value: 'changed' }, // read-only
  { name: 'b', type: 4, value: 'not a bool' }, // another type, no dynamic typing
];
const ACCEPTED = [
  { name: 'i', type: 2, value: '100' },
  { name: 'd', type: 3, value: 0.75 },
  { name: 's', type: 4, value: 'set remotely' },
  { name: 'ints', type: 7, value: ['9007199254740993', '-5'] },
];
const toRclts = (p: { name: string; type: number; value: unknown }) => ({
  name: p.name,
  value:
    p.type === 2
      ? BigInt(p.value as string)
      : p.type === 7
        ? (p.value as string[]).map((x) => BigInt(x))
        : (p.value as string | number | boolean),
});

describeRos2('parameters with rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer(APL_PEER);
      node = unwrap(world.executor.createNode('rclts_par', { namespace: NS }));
    }, 60_000);

    afterAll(async () => {
      await world?.stop();
    });

    describe('rclts ParametersClient -> rclpy node', () => {
      let remote: ParametersClient;
      let events: { message: rcl_interfaces.msg.ParameterEvent }[];
      beforeAll(async () => {
        events = [];
        unwrap(
          node.createSubscription(
            rcl_interfaces.msg.ParameterEvent,
            '/parameter_events',
            (m) => {
              if (m.node === `${NS}/py_params`) events.push({ message: m });
            },
            QoS.parameterEvents(),
          ),
        );
        await world.spinWhile(peer.must('declare_params', { node: 'py_params', namespace: NS }));
        remote = unwrap(ParametersClient.create(node, `${NS}/py_params`));
        expect(await remote.waitForService(20_000)).toEqual({ ok: true, value: undefined });
      }, 40_000);

      it('list (with prefixes and depth), get of every type, get_types, describe', async () => {
        const all = unwrap(await remote.listParameters([], 0, 10_000));
        expect(all.names, 'rclpy list_parameters').toEqual(expect.arrayContaining(NAMES));
        expect([...all.prefixes].sort()).toEqual(['group', 'group.sub']);
        const group = unwrap(await remote.listParameters(['group'], 1, 10_000));
        expect([...group.names], 'rclpy list_parameters prefix group, depth 1').toEqual(['group.x']);
        const values = unwrap(await remote.getParameters(NAMES, 10_000));
        expect(
          values.map((p) => ({ type: p.type, value: json(p.value) })),
          'rclpy get_parameters',
        ).toEqual(DECLARED);
        const types = unwrap(await remote.getParameterTypes(NAMES, 10_000));
        expect(types, 'rclpy get_parameter_types').toEqual(DECLARED.map((v) => v.type));
        const [i, d, ro] = unwrap(await remote.describeParameters(['i', 'd', 'ro'], 10_000));
        expect(i?.integer_range, 'rclpy describe i').toEqual([{ from_value: 0n, to_value: 100n, step: 5n }]);
        expect(d?.floating_point_range, 'rclpy describe d').toEqual([{ from_value: 0, to_value: 1, step: 0.25 }]);
        expect(ro).toMatchObject({ name: 'ro', type: 4, read_only: true, description: 'read only' });
      });

      it('set: rclpy refuses what rclts refuses and takes the rest; set_atomically is all or nothing; events', async () => {
        const refused = unwrap(await remote.setParameters(REFUSED.map(toRclts), 10_000));
        expect(
          refused.map((r) => r.successful),
          `rclpy refused: ${refused.map((r) => r.reason).join(' | ')}`,
        ).toEqual(REFUSED.map(() => false));
        const before = events.length;
        const accepted = unwrap(await remote.setParameters(ACCEPTED.map(toRclts), 10_000));
        expect(
          accepted.map((r) => r.successful),
          accepted.map((r) => r.reason).join(' | '),
        ).toEqual(ACCEPTED.map(() => true));
        const atomic = unwrap(
          await remote.setParametersAtomically(
            [
              { name: 's', value: 'atomic' },
              { name: 'ro', value: 'x' },
            ],
            10_000,
          ),
        );
        expect(atomic.successful, 'rclpy set_parameters_atomically with a read-only one').toBe(false);
        const local = await peer.must('local_params', { node: 'py_params', names: ['i', 'd', 's', 'ints', 'ro'] });
        expect(local.values, 'rclpy holds what was accepted, nothing of the refused').toEqual({
          i: { type: 2, value: '100' },
          d: { type: 3, value: 0.75 },
          s: { type: 4, value: 'set remotely' },
          ints: { type: 7, value: ['9007199254740993', '-5'] },
          ro: { type: 4, value: 'fixed' },
        });
        // rclpy publishes one event per accepted parameter set; refused sets publish nothing.
        expect(await world.spinUntil(() => events.length >= before + ACCEPTED.length, 10_000)).toBe(true);
        await world.executor.spinFor(300);
        const changed = events.slice(before).flatMap((e) => e.message.changed_parameters);
        expect(events.length - before, 'events rclpy published for the sets').toBe(ACCEPTED.length);
        expect(changed.map((p) => [p.name, p.value.type])).toEqual(ACCEPTED.map((p) => [p.name, p.type]));
        const ints = changed.find((p) => p.name === 'ints');
        expect(json(ints?.value.integer_array_value)).toEqual(['9007199254740993', '-5']);
      });
    });

    describe('rclpy AsyncParameterClient -> rclts node', () => {
      let target: Node;
      const fqn = `${NS}/ts_params`;
      beforeAll(async () => {
        target = unwrap(world.executor.createNode('ts_params', { namespace: NS }));
        declareAll(target);
        // rclpy's client waits for all six services.
        await world.spinWhile(peer.must('param', { remote: fqn, call: 'list', budgetMs: 20_000 }));
      }, 40_000);

      it('list (with prefixes and depth), get of every type, get_types, describe', async () => {
        const all = await world.spinWhile(peer.must('param', { remote: fqn, call: 'list' }));
        expect(all.names, 'rclts list_parameters').toEqual(expect.arrayContaining(NAMES));
        expect((all.prefixes as string[]).sort()).toEqual(['group', 'group.sub']);
        const group = await world.spinWhile(
          peer.must('param', { remote: fqn, call: 'list', prefixes: ['group'], depth: 1 }),
        );
        expect(group.names, 'rclts list_parameters prefix group, depth 1').toEqual(['group.x']);
        const got = await world.spinWhile(peer.must('param', { remote: fqn, call: 'get', names: NAMES }));
        expect(got.values, 'rclts get_parameters').toEqual(DECLARED);
        const types = await world.spinWhile(peer.must('param', { remote: fqn, call: 'types', names: NAMES }));
        expect(types.types, 'rclts get_parameter_types').toEqual(DECLARED.map((v) => v.type));
        const described = await world.spinWhile(
          peer.must('param', { remote: fqn, call: 'describe', names: ['i', 'd', 'ro'] }),
        );
        const [i, d, ro] = described.descriptors as Record<string, unknown>[];
        expect(i?.integer_range, 'rclts describe i').toEqual([{ from_value: 0, to_value: 100, step: 5 }]);
        expect(d?.floating_point_range, 'rclts describe d').toEqual([{ from_value: 0, to_value: 1, step: 0.25 }]);
        expect(ro).toMatchObject({ name: 'ro', type: 4, read_only: true, description: 'read only' });
      });

      it('set: rclts refuses what rclpy refuses and takes the rest; set_atomically is all or nothing; events', async () => {
        const refused = await world.spinWhile(peer.must('param', { remote: fqn, call: 'set', parameters: REFUSED }));
        const rr = refused.results as { successful: boolean; reason: string }[];
        expect(
          rr.map((r) => r.successful),
          `rclts refused: ${rr.map((r) => r.reason).join(' | ')}`,
        ).toEqual(REFUSED.map(() => false));
        const accepted = await world.spinWhile(peer.must('param', { remote: fqn, call: 'set', parameters: ACCEPTED }));
        const ar = accepted.results as { successful: boolean; reason: string }[];
        expect(
          ar.map((r) => r.successful),
          ar.map((r) => r.reason).join(' | '),
        ).toEqual(ACCEPTED.map(() => true));
        const atomic = await world.spinWhile(
          peer.must('param', {
            remote: fqn,
            call: 'atomic',
            parameters: [
              { name: 's', type: 4, value: 'atomic' },
              { name: 'ro', type: 4, value: 'x' },
            ],
          }),
        );
        expect((atomic.result as { successful: boolean }).successful, 'rclts atomically with a read-only one').toBe(
          false,
        );
        const now = unwrap(target.getParameters(['i', 'd', 's', 'ints', 'ro']));
        expect(
          now.map((p) => json(p.value)),
          'rclts holds what was accepted, nothing of the refused',
        ).toEqual(['100', 0.75, 'set remotely', ['9007199254740993', '-5'], 'fixed']);
        // rclpy receives rclts's events: the declarations, then one per accepted set.
        type Seen = { new: { name: string }[]; changed: { name: string; type: number; value: unknown }[] };
        await world.executor.spinFor(500);
        const seen = (await world.spinWhile(peer.must('param_events', { node: fqn }))).events as Seen[];
        const declared = seen.flatMap((e) => e.new.map((p) => p.name));
        expect(declared, 'rclts declaration events as rclpy got them').toEqual(expect.arrayContaining(NAMES));
        const changed = seen.flatMap((e) => e.changed);
        expect(changed, 'rclts set events as rclpy got them').toEqual(
          ACCEPTED.map((p) => ({ name: p.name, type: p.type, value: p.value })),
        );
      });
    });
  });
});
