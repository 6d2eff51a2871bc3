// Services between rclts and rclpy on rmw_zenoh_cpp, both ways, in both topologies:
// std_srvs/Trigger, std_srvs/SetBool and test_msgs/srv/BasicTypes (every basic type in the
// request and the response; example_interfaces/AddTwoInts is not in the Kilted wheels), and a
// call to a service nobody serves answering within its budget on each side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Node, type ServiceType } from '../../../src/index.js';
import { std_srvs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';
import { fromPeerJson, toPeerJson } from './peer-json.js';
import { loadTestMsgs, structs } from './structs.js';

type Basic = Record<string, unknown>;
const BasicTypes = (await loadTestMsgs()).srv!.BasicTypes as ServiceType<Basic, Basic>;
const basic: Basic = {
  bool_value: true,
  byte_value: 0xfe,
  char_value: 65,
  float32_value: Math.fround(-1.5e-3),
  float64_value: -0,
  int8_value: -128,
  uint8_value: 255,
  int16_value: -32768,
  uint16_value: 65535,
  int32_value: -2147483648,
  uint32_value: 4294967295,
  int64_value: -(2n ** 63n),
  uint64_value: 2n ** 64n - 1n,
  string_value: 'grüße 🚀',
};
const MISSING_BUDGET_MS = 1500;

describeRos2('services between rclts and rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer();
      await peer.must('node', { name: 'rclpy_server' });
      const made = world.executor.createNode('rclts_side', { namespace: '/svc' });
      if (!made.ok) throw new Error(made.error.message);
      node = made.value;
    }, 60_000);
    afterAll(async () => {
      await world?.stop();
    });

    const callPeer = async <Req, Res>(type: ServiceType<Req, Res>, name: string, req: Req) => {
      const client = node.createPollClient(type, name);
      if (!client.ok) throw new Error(client.error.message);
      const ready = await client.value.waitForService(20_000);
      expect(ready.ok, `${name} available within 20000 ms`).toBe(true);
      const reply = await client.value.call(req, 10_000);
      client.value.handle.reset();
      return reply;
    };

    it('rclts calls rclpy’s std_srvs/Trigger and std_srvs/SetBool', async () => {
      await peer.must('service', { name: '/py/trigger', type: 'std_srvs/srv/Trigger', behaviour: 'trigger' });
      await peer.must('service', { name: '/py/set_bool', type: 'std_srvs/srv/SetBool', behaviour: 'set_bool' });
      expect(await callPeer(std_srvs.srv.Trigger, '/py/trigger', {})).toEqual({
        ok: true,
        value: { success: true, message: 'rclpy:rclpy_server' },
      });
      expect(await callPeer(std_srvs.srv.SetBool, '/py/set_bool', { data: true })).toEqual({
        ok: true,
        value: { success: true, message: 'rclpy:true' },
      });
      expect(await callPeer(std_srvs.srv.SetBool, '/py/set_bool', { data: false })).toEqual({
        ok: true,
        value: { success: false, message: 'rclpy:false' },
      });
    }, 60_000);

    it('rclts calls rclpy’s test_msgs/srv/BasicTypes: every basic type crosses both ways', async () => {
      await peer.must('service', { name: '/py/basic', type: 'test_msgs/srv/BasicTypes', behaviour: 'echo' });
      expect(await callPeer(BasicTypes, '/py/basic', basic)).toEqual({ ok: true, value: basic });
    }, 60_000);

    it('rclpy calls rclts’s std_srvs/Trigger and std_srvs/SetBool (relative names in /svc)', async () => {
      const t = node.createService(std_srvs.srv.Trigger, 'trigger', () => ({ success: true, message: 'rclts' }));
      const s = node.createService(std_srvs.srv.SetBool, 'set_bool', (req) => ({
        success: !req.data,
        message: `rclts:${req.data}`,
      }));
      if (!t.ok || !s.ok) throw new Error('services');
      const trig = await world.spinWhile(
        peer.ask('call', { name: '/svc/trigger', type: 'std_srvs/srv/Trigger', budgetMs: 20_000 }),
      );
      expect(trig).toMatchObject({ ok: true, response: { success: true, message: 'rclts' } });
      const set = await world.spinWhile(
        peer.ask('call', {
          name: '/svc/set_bool',
          type: 'std_srvs/srv/SetBool',
          request: { data: false },
          budgetMs: 20_000,
        }),
      );
      expect(set).toMatchObject({ ok: true, response: { success: true, message: 'rclts:false' } });
    }, 60_000);

    it('rclpy calls rclts’s test_msgs/srv/BasicTypes: every basic type crosses both ways', async () => {
      const srv = node.createService(BasicTypes, 'basic', (req) => req);
      if (!srv.ok) throw new Error(srv.error.message);
      const reply = await world.spinWhile(
        peer.ask('call', {
          name: '/svc/basic',
          type: 'test_msgs/srv/BasicTypes',
          request: toPeerJson(basic, 'test_msgs/srv/BasicTypes_Request', structs),
          budgetMs: 20_000,
        }),
      );
      expect(reply.error).toBeUndefined();
      expect(fromPeerJson(reply.response as never, 'test_msgs/srv/BasicTypes_Response', structs)).toEqual(basic);
    }, 60_000);

    it(`a call to a service nobody serves answers within its budget (${MISSING_BUDGET_MS} ms), on each side`, async () => {
      const client = node.createPollClient(std_srvs.srv.Trigger, '/nobody/serves/this');
      if (!client.ok) throw new Error(client.error.message);
      let t0 = performance.now();
      const reply = await client.value.call({}, MISSING_BUDGET_MS);
      const tsMs = performance.now() - t0;
      expect(reply.ok).toBe(false);
      if (!reply.ok) expect([ErrorCode.Timeout, ErrorCode.NotFound]).toContain(reply.error.code);
      expect(tsMs).toBeLessThan(MISSING_BUDGET_MS + 500);
      t0 = performance.now();
      const py = await peer.ask('call', {
        name: '/nobody/serves/this',
        type: 'std_srvs/srv/Trigger',
        budgetMs: MISSING_BUDGET_MS,
      });
      const pyMs = performance.now() - t0;
      expect(py.ok).toBe(false);
      expect(py.error).toContain(`not available within ${MISSING_BUDGET_MS} ms`);
      expect(pyMs).toBeLessThan(MISSING_BUDGET_MS + 1000);
      console.log(
        `missing service: rclts answered in ${tsMs.toFixed(0)} ms, rclpy in ${pyMs.toFixed(0)} ms (budget ${MISSING_BUDGET_MS})`,
      );
    }, 30_000);
  });
});
