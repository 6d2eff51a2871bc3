/**
 * example_interfaces/srv/AddTwoInts between rclts and real rclpy on rmw_zenoh_cpp, both ways, in
 * both topologies (the type rclpy runs is built from rclts's interfaces/example_interfaces by
 * scripts/rmw-zenoh-extra-interfaces.sh): int64 operands past 2^53 so a float anywhere shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Node, Result } from '../../../src/index.js';
import { example_interfaces } from '../../../src/rclcpp/interfaces/generated/index.js';
import { describeExtra, extraPeer } from './extra-interfaces.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';

const TYPE = 'example_interfaces/srv/AddTwoInts';
const A = 2n ** 60n + 3n;
const B = -(2n ** 55n) - 1n;

describeRos2('example_interfaces with rclpy on rmw_zenoh_cpp', () => {
  describeExtra('AddTwoInts both ways', () => {
    describe.each(TOPOLOGIES)('$title', ({ kind }) => {
      let world: World;
      let peer: RclpyPeer;
      let node: Node;

      beforeAll(async () => {
        world = await startWorld(kind);
        peer = await extraPeer(world);
        await peer.must('node', { name: 'rclpy_adder' });
        node = Result.expect(world.executor.createNode('rclts_adder'), 'the rclts node');
      }, 60_000);
      afterAll(async () => {
        peer?.kill();
        await world?.stop();
      });

      it("rclts calls rclpy's AddTwoInts", async () => {
        await peer.must('service', { name: '/py/add_two_ints', type: TYPE, behaviour: 'add_two_ints' });
        const client = Result.expect(
          node.createPollClient(example_interfaces.srv.AddTwoInts, '/py/add_two_ints'),
          'the client',
        );
        Result.expect(await client.waitForService(20_000), 'rclpy service visible within 20000 ms');
        const reply = await client.call({ a: A, b: B }, 10_000);
        expect(reply).toEqual({ ok: true, value: { sum: A + B } });
      }, 60_000);

      it("rclpy calls rclts's AddTwoInts", async () => {
        Result.expect(
          node.createService(example_interfaces.srv.AddTwoInts, '/ts/add_two_ints', (q) => ({ sum: q.a + q.b })),
          'the service',
        );
        const reply = await world.spinWhile(
          peer.ask('call', {
            name: '/ts/add_two_ints',
            type: TYPE,
            request: { a: String(A), b: String(B) },
            budgetMs: 20_000,
          }),
        );
        expect(reply.error).toBeUndefined();
        expect(reply.response).toEqual({ sum: String(A + B) });
      }, 60_000);
    });
  });
});
