/**
 * Each fault against two real meshed routers: it is applied (the router dies, freezes, the
 * link goes, a worker dies, garbage arrives), restored, and a probe round crosses the mesh
 * afterwards, its time in the window's reconnectMs.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openZenohRmwSession } from '../../../src/rmw/zenoh/index.js';
import { ROS_DEFAULT_QOS } from '../../support/ros-default-qos.js';
import type { FaultWindow } from '../contract.js';
import { createFaults, faults } from './index.js';
import { linkCutFault } from './link-cut.js';
import { malformedPeerFault } from './malformed-peer.js';
import { locatorOf, MeshProbe } from './mesh-probe.js';
import { until } from './process-state.js';
import { routerFreezeFault } from './router-freeze.js';
import { routerKillFault } from './router-kill.js';
import { startTestMesh, type TestMesh } from './test-mesh.js';
import { workerKillFault } from './worker-kill.js';

const STRING_HASH = 'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18';
const ADD_HASH = 'RIHS01_e118de6bf5eeb66a2491b5bda11202e7b68f198d6f67922cf30364858239c81a';

let mesh: TestMesh | undefined;
afterEach(async () => {
  await mesh?.close();
  mesh = undefined;
});

function recovered(w: FaultWindow): void {
  expect(w.detail ?? '').not.toMatch(/NOT RECOVERED|BASELINE FAILED|NOT INJECTED|CUT NOT EFFECTIVE/);
  expect(w.reconnectMs).toBeGreaterThanOrEqual(0);
  expect(w.endMs).toBeGreaterThanOrEqual(w.startMs);
}

describe('soak faults', () => {
  it('exports one of each fault, by name', () => {
    const names = ['router-sigkill', 'router-sigstop', 'mesh-link-cut', 'peer-sigkill', 'malformed-peer'];
    expect(createFaults().map((f) => f.name)).toEqual(names);
    expect(faults.map((f) => f.name)).toEqual(names);
  });

  it('SIGKILL: the router comes back on the same ports with a new pid and the probe crosses again', async () => {
    mesh = await startTestMesh(inject('routerBinary'), { seed: 7 });
    const before = mesh.routers.map((r) => [r.pid, r.wsUrl, r.tcpEndpoint]);
    const w = await routerKillFault({ downMs: [300, 300] }).inject(mesh.ctx);
    recovered(w);
    const after = mesh.routers.map((r) => [r.pid, r.wsUrl, r.tcpEndpoint]);
    expect(after.filter((r, i) => r[0] !== before[i]![0])).toHaveLength(1);
    expect(after.map((r) => r.slice(1))).toEqual(before.map((r) => r.slice(1)));
    expect(w.endMs - w.startMs).toBeGreaterThanOrEqual(300);
  }, 90_000);

  it('SIGSTOP: the probe fails while frozen and crosses after SIGCONT', async () => {
    mesh = await startTestMesh(inject('routerBinary'), { seed: 3 });
    const fault = routerFreezeFault({ frozenMs: [1500, 1500] });
    const probe = await MeshProbe.open(mesh.routers);
    try {
      const injecting = fault.inject(mesh.ctx);
      await new Promise((r) => setTimeout(r, 600));
      expect(await probe.roundTrip(500)).toBeUndefined();
      const w = await injecting;
      recovered(w);
      expect(w.detail).toMatch(/frozen 1500 ms/);
      expect(await probe.roundTrip(10_000)).toBeDefined();
    } finally {
      await probe.close();
    }
  }, 90_000);

  it('link cut through the proxy: the routers are separated, then meet again', async () => {
    mesh = await startTestMesh(inject('routerBinary'), { viaProxy: true });
    const carried = mesh.proxy!.connections();
    const w = await linkCutFault(mesh.proxy, { cutMs: [1500, 1500] }).inject(mesh.ctx);
    recovered(w);
    expect(w.detail).toMatch(/probe failed during the cut/);
    expect(mesh.proxy!.connections()).toBeGreaterThan(carried);
  }, 90_000);

  it('peer kill: a worker dies and the harness is asked to replace it', async () => {
    mesh = await startTestMesh(inject('routerBinary'), { workers: 3 });
    const pids = mesh.ctx.workerPids();
    const w = await workerKillFault().inject(mesh.ctx);
    recovered(w);
    expect(mesh.restartedWorkers).toHaveLength(1);
    expect(pids).toContain(mesh.restartedWorkers[0]);
    expect(mesh.ctx.workerPids()).not.toContain(mesh.restartedWorkers[0]);
  }, 90_000);

  it("malformed peer: eclipse-zenoh garbles the graph's topics and services, nobody stops serving", async () => {
    mesh = await startTestMesh(inject('routerBinary'));
    // a talker, a listener and a service on router A: the peer finds them by their tokens
    const s = await openZenohRmwSession(locatorOf(mesh.routers[0]!.wsUrl), { connectBudgetMs: 5000 });
    if (!s.ok) throw new Error(s.error.message);
    try {
      const node = s.value.createNode({ name: 'garbled', namespace: '/', enclave: '/' });
      if (!node.ok) throw new Error(node.error.message);
      let heard = 0;
      let unattached = 0;
      const requests: number[] = [];
      const qos = ROS_DEFAULT_QOS;
      const topic = {
        naming: 'ros',
        name: '/soak_garbled',
        typeName: 'std_msgs/msg/String',
        typeHash: STRING_HASH,
        qos,
      } as const;
      const service = {
        naming: 'ros',
        name: '/soak_garbled_srv',
        typeName: 'example_interfaces/srv/AddTwoInts',
        typeHash: ADD_HASH,
        qos,
      } as const;
      const sub = node.value.createSubscriber(topic, (m) => {
        heard += 1;
        if (m.attachment === undefined) unattached += 1;
      });
      const server = node.value.createServiceServer(service, (r) => {
        requests.push(r.payload.length);
        r.respond(new Uint8Array([0, 1, 0, 0]));
      });
      if (!sub.ok || !server.ok) throw new Error('endpoints');
      const w = await malformedPeerFault({ injectMs: 2000 }).inject(mesh.ctx);
      recovered(w);
      const summary = JSON.parse(/: (\{.*\})$/.exec(w.detail ?? '')?.[1] ?? '{}') as Record<string, number>;
      expect(summary.topics).toBe(1);
      expect(summary.services).toBe(1);
      expect(summary.puts).toBeGreaterThan(100);
      expect(summary.gets).toBeGreaterThan(10);
      // Every garbage sample reached the subscription, those without an rmw_zenoh attachment
      // too (rmw_zenoh_cpp drops those): reported, not asserted here (src/ is not this area's).
      console.log(`malformed peer: ${JSON.stringify(summary)}; heard ${heard}, ${unattached} without attachment`);
      expect(s.value.isConnected()).toBe(true);
      // the server still answers a real request
      const replies: string[] = [];
      const client = node.value.createServiceClient(service, (r) => void replies.push(r.kind));
      if (!client.ok) throw new Error(client.error.message);
      const ready = () => {
        const r = client.value.serviceIsReady();
        return r.ok && r.value;
      };
      expect(await until(ready, 5000)).toBe(true);
      expect(client.value.sendRequest(new Uint8Array([0, 1, 0, 0]), 3000).ok).toBe(true);
      expect(await until(() => replies.length === 1, 5000)).toBe(true);
      expect(replies).toEqual(['reply']);
    } finally {
      await s.value.close();
    }
  }, 90_000);
});
