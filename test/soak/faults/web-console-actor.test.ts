/**
 * The web console actor in real headless Chromium against router B of a real mesh, a
 * simulator with three robots on router A: frames drawn, the robots on screen, the JS heap
 * sampled, Chromium's pids, and no page error even when router B is killed and restarted.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startSimulator } from '../../../src/vrobots/sim/index.js';
import { createWebConsoleActor, slope } from '../actors/web-console.js';
import { locatorOf } from './mesh-probe.js';
import { pidGone } from './process-state.js';
import { routerKillFault } from './router-kill.js';
import { startTestMesh, type TestMesh } from './test-mesh.js';

let mesh: TestMesh | undefined;
afterEach(async () => {
  await mesh?.close();
  mesh = undefined;
});

describe('the web console actor', () => {
  it('fits a slope', () => {
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBeCloseTo(2);
    expect(slope([[0, 4]])).toBe(0);
  });

  it('draws the swarm in Chromium, samples its heap, and sees no page error through a router restart', async () => {
    mesh = await startTestMesh(inject('routerBinary'), { seed: 2 });
    const sim = await startSimulator({
      router: locatorOf(mesh.routers[0]!.wsUrl),
      robots: ['multirotor', 'truck', 'msd'],
      serviceDelayMs: 0,
    });
    if (!sim.ok) throw new Error(sim.error.message);
    const actor = createWebConsoleActor();
    try {
      await actor.start(mesh.ctx);
      const pids = actor.pids?.() ?? [];
      expect(pids.length).toBeGreaterThanOrEqual(2);
      await new Promise((r) => setTimeout(r, 6000));
      expect(actor.sample?.().consoleRobots).toBe(3);
      // router B, the console's: kill and restart it (seed 2 picks it; checked below)
      const w = await routerKillFault({ downMs: [500, 500] }).inject(mesh.ctx);
      expect(w.detail).toMatch(/^B pid/);
      const heardBefore = actor.sample?.().consoleFrames ?? 0;
      await new Promise((r) => setTimeout(r, 6000));
      // the page reconnected: the robots are back on screen (a stale robot leaves the list)
      expect(actor.sample?.().consoleRobots).toBe(3);
      expect(actor.sample?.().consoleFrames).toBeGreaterThan(heardBefore);
      const report = await actor.stop();
      expect(report.failures).toEqual([]);
      const rows = report.rows as Record<string, number>;
      expect(rows.frames).toBeGreaterThan(100);
      expect(rows.maxRobotsOnScreen).toBe(3);
      expect(rows.heapSamples).toBeGreaterThanOrEqual(2);
      expect(rows.heapLastMiB).toBeGreaterThan(0);
      expect(rows.workerHeapLastMiB).toBeGreaterThan(0);
      expect(pids.every(pidGone)).toBe(true);
      console.log(JSON.stringify(report.rows));
    } finally {
      await sim.value.stop();
    }
  }, 120_000);
});
