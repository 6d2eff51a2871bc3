/**
 * Service introspection against real rclpy on rmw_zenoh_cpp, in both topologies, with
 * std_srvs/SetBool (AddTwoInts is not in the Kilted wheels):
 * - rclpy's service with `configure_introspection(clock, qos_profile_system_default, CONTENTS)`,
 *   called by an rclts client with Contents: an rclts subscription of `<srv>/_service_event`
 *   decodes rclpy's REQUEST_RECEIVED and RESPONSE_SENT next to rclts's REQUEST_SENT and
 *   RESPONSE_RECEIVED, all four with the one sequence number and the rclts client's GID;
 * - the other way, an rclts service with Contents called by an rclpy client with CONTENTS: an
 *   rclpy subscription with the Event type decodes all four events the same way.
 * The rclpy program is rclpy_peer.py with introspect, client and call_client ops
 * (rclpy_introspection_peer.py).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Node, QoS, Result, SERVICE_EVENT_SUFFIX, ServiceIntrospectionState } from '../../../src/index.js';
import { std_srvs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';

const PEER = join(import.meta.dirname, 'rclpy_introspection_peer.py');
const NAMES = ['REQUEST_SENT', 'REQUEST_RECEIVED', 'RESPONSE_SENT', 'RESPONSE_RECEIVED'];

/** One event, as both sides compare it: kind by name, sequence number, GID in hex, contents. */
interface Seen {
  readonly kind: string;
  readonly seq: string;
  readonly gid: string;
  readonly request: unknown[];
  readonly response: unknown[];
}

const hex = (gid: ArrayLike<number>): string => Array.from(gid, (b) => b.toString(16).padStart(2, '0')).join('');

describeRos2('service introspection with rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer(PEER);
      await peer.must('node', { name: 'rclpy_introspected' });
      node = Result.expect(world.executor.createNode('rclts_introspected'), 'the rclts node');
    }, 60_000);
    afterAll(async () => {
      await world?.stop();
    });

    it("rclts decodes rclpy's service events next to its own client's, one sequence number and GID", async () => {
      const name = '/py/set_bool';
      const service = await peer.must('service', { name, type: 'std_srvs/srv/SetBool', behaviour: 'set_bool' });
      await peer.must('introspect', { handle: service.handle, state: 'contents' });
      const seen: Seen[] = [];
      const stamps: number[] = [];
      Result.expect(
        node.createSubscription(
          std_srvs.srv.SetBool.Event,
          `${name}${SERVICE_EVENT_SUFFIX}`,
          (e) => {
            stamps.push(e.info.stamp.sec);
            seen.push({
              kind: NAMES[e.info.event_type] ?? String(e.info.event_type),
              seq: String(e.info.sequence_number),
              gid: hex(e.info.client_gid),
              request: e.request,
              response: e.response,
            });
          },
          QoS.services(),
        ),
        'the event subscription',
      );
      const replies: unknown[] = [];
      const client = Result.expect(
        node.createClient(std_srvs.srv.SetBool, name, (r) => {
          replies.push(r.ok ? r.value : r.error.message);
        }),
        'the rclts client',
      );
      Result.expect(
        client.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Contents),
        'client introspection',
      );
      Result.expect(await client.waitForService(20_000), 'rclpy service visible');
      // The event publisher and subscription find each other on discovery: give it a moment.
      await world.spinUntil(() => false, 1500);
      const seq = Result.expect(client.asyncSendRequest({ data: true }), 'the request');
      await world.spinUntil(() => seen.length >= 4 && replies.length === 1, 20_000);
      expect(replies).toEqual([{ success: true, message: 'rclpy:true' }]);
      const gid = seen.find((e) => e.kind === 'REQUEST_SENT')?.gid ?? 'none';
      expect(gid).toMatch(/^[0-9a-f]{32}$/);
      const request = [{ data: true }];
      const response = [{ success: true, message: 'rclpy:true' }];
      expect([...seen].sort((a, b) => NAMES.indexOf(a.kind) - NAMES.indexOf(b.kind))).toEqual([
        { kind: 'REQUEST_SENT', seq: String(seq), gid, request, response: [] },
        { kind: 'REQUEST_RECEIVED', seq: String(seq), gid, request, response: [] },
        { kind: 'RESPONSE_SENT', seq: String(seq), gid, request: [], response },
        { kind: 'RESPONSE_RECEIVED', seq: String(seq), gid, request: [], response },
      ]);
      // rclpy's stamps are system time, as rclts's are: within a minute of now.
      for (const sec of stamps) expect(Math.abs(sec - Date.now() / 1000)).toBeLessThan(60);
      await peer.must('destroy', { handle: service.handle });
    }, 60_000);

    it("rclpy decodes an rclts service's events next to its own client's, one sequence number and GID", async () => {
      const name = '/ts/set_bool';
      const service = Result.expect(
        node.createService(std_srvs.srv.SetBool, name, (q) => ({ success: q.data, message: `rclts:${q.data}` })),
        'the rclts service',
      );
      Result.expect(
        service.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Contents),
        'service introspection',
      );
      const sub = await peer.must('subscription', {
        topic: `${name}${SERVICE_EVENT_SUFFIX}`,
        type: 'std_srvs/srv/SetBool_Event',
        qos: { reliability: 'reliable', durability: 'volatile', depth: 10 },
      });
      const client = await peer.must('client', { name, type: 'std_srvs/srv/SetBool' });
      await peer.must('introspect', { handle: client.handle, state: 'contents' });
      await world.spinUntil(() => false, 1500);
      const called = await world.spinWhile(
        peer.must('call_client', { handle: client.handle, request: { data: true }, budgetMs: 20_000 }),
      );
      expect(called.response).toEqual({ success: true, message: 'rclts:true' });
      const got = await world.spinWhile(peer.must('take', { handle: sub.handle, count: 4, budgetMs: 20_000 }));
      type PeerEvent = {
        info: { event_type: number; sequence_number: string; client_gid: number[] };
        request: unknown[];
        response: unknown[];
      };
      const events = (got.messages as PeerEvent[]).map((e) => ({
        kind: NAMES[e.info.event_type] ?? String(e.info.event_type),
        seq: e.info.sequence_number,
        gid: hex(e.info.client_gid),
        request: e.request,
        response: e.response,
      }));
      const first = events.find((e) => e.kind === 'REQUEST_SENT');
      expect(first?.gid).toMatch(/^[0-9a-f]{32}$/);
      const { seq, gid } = first ?? { seq: '', gid: '' };
      const request = [{ data: true }];
      const response = [{ success: true, message: 'rclts:true' }];
      expect(events.sort((a, b) => NAMES.indexOf(a.kind) - NAMES.indexOf(b.kind))).toEqual([
        { kind: 'REQUEST_SENT', seq, gid, request, response: [] },
        { kind: 'REQUEST_RECEIVED', seq, gid, request, response: [] },
        { kind: 'RESPONSE_SENT', seq, gid, request: [], response },
        { kind: 'RESPONSE_RECEIVED', seq, gid, request: [], response },
      ]);
      service.reset();
      await peer.must('destroy', { handle: sub.handle });
    }, 60_000);
  });
});
