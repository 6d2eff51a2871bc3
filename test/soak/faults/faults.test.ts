/**
 * Each fault against two real meshed routers: it is applied (the router dies, freezes, the
 * link goes, a worker dies, garbage arrives), restored, and a probe round crosses the mesh
 * afterwards, its time in the window's reconnectMs.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { FaultWindow } from '../contract.js';
import { createFaults, faults } from './index.js';
import { linkCutFault } from './link-cut.js';
import { malformedPeerFault } from './malformed-peer.js';
import { MeshProbe } from './mesh-probe.js';
import { routerFreezeFault } from './router-freeze.js';
import { routerKillFault } from './router-kill.js';
import { startTestMesh, type TestMesh } from './test-mesh.js';
import { workerKillFault } from './worker-kill.js';

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

  it('malformed peer: eclipse-zenoh puts and queries garbage, the mesh still carries the probe', async () => {
    mesh = await startTestMesh(inject('routerBinary'));
    const w = await malformedPeerFault({ injectMs: 1500 }).inject(mesh.ctx);
    recovered(w);
    const summary = JSON.parse(/: (\{.*\})$/.exec(w.detail ?? '')?.[1] ?? '{}') as Record<string, number>;
    expect(summary.gets).toBeGreaterThan(10);
  }, 90_000);
});
