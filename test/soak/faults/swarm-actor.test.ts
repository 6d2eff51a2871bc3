/**
 * The swarm actor against two real meshed routers: robots are created, driven and deleted
 * across the mesh, and the simulator's own account agrees with the client's. judgeSwarm alone:
 * a name or sys_id created twice, or a mismatch, is a failure.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createSwarmActor, judgeSwarm } from '../actors/swarm.js';
import { startTestMesh, type TestMesh } from './test-mesh.js';

let mesh: TestMesh | undefined;
afterEach(async () => {
  await mesh?.close();
  mesh = undefined;
});

const sim = (creates: [string, number[]][], live: number[] = []) => ({
  creates,
  sysIdsTwice: [],
  deletes: 0,
  live,
  createRequests: 0,
  applied: 0,
  rejected: 0,
  malformed: 0,
  published: 0,
});
const client = (asked: [string, number | null][], deletedIds: number[] = []) => ({
  tally: {},
  failKinds: [],
  asked,
  deletedIds,
  failures: [],
});

describe('the swarm actor', () => {
  it('judges the create-once rule from the simulator side', () => {
    expect(judgeSwarm(client([['a', 1]], [1]), sim([['a', [1]]])).failures).toEqual([]);
    expect(judgeSwarm(client([['a', 1]]), sim([['a', [1, 2]]])).failures).toEqual([
      "robot 'a' created 2 times at the simulator (1, 2)",
      "client was answered sys_id 1 for 'a', the simulator made [1, 2]",
    ]);
    expect(judgeSwarm(client([['a', 3]]), sim([['a', [1]]])).failures).toHaveLength(1);
    expect(judgeSwarm(client([['a', 1]], [1]), sim([['a', [1]]], [1])).failures).toEqual([
      'robot 1 was deleted by the client but is still at the simulator',
    ]);
    expect(judgeSwarm(client([['a', null]]), sim([['a', [1]]])).rows.createdButUnanswered).toBe(1);
  });

  it('creates, drives and deletes robots across the mesh with the simulator agreeing', async () => {
    mesh = await startTestMesh(inject('routerBinary'));
    const actor = createSwarmActor({ maxLive: 4, createEveryMs: 200, lifeMs: [1000, 2000], commandHz: 20 });
    await actor.start(mesh.ctx);
    expect(actor.pids?.()).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 12_000));
    expect(actor.sample?.().robotsCreated).toBeGreaterThan(0);
    const report = await actor.stop();
    expect(report.failures).toEqual([]);
    const rows = report.rows as Record<string, number>;
    expect(rows.created).toBeGreaterThanOrEqual(5);
    expect(rows.deleted).toBe(rows.created);
    expect(rows.simCreates).toBe(rows.created);
    expect(rows.simLiveAtStop).toBe(0);
    expect(rows.commands).toBeGreaterThan(50);
    expect(rows.simCommandsApplied).toBeGreaterThan(0);
  }, 150_000);

  it("keeps creating robots after the simulator's router is killed and restarted", async () => {
    mesh = await startTestMesh(inject('routerBinary'));
    const actor = createSwarmActor({ maxLive: 3, createEveryMs: 200, lifeMs: [1000, 1500], commandHz: 10 });
    await actor.start(mesh.ctx);
    await new Promise((r) => setTimeout(r, 5000));
    const a = mesh.routers[0]!;
    a.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    await a.restart();
    // let the simulator's session come back and robots be made again
    await new Promise((r) => setTimeout(r, 3000));
    const afterRestart = actor.sample?.().robotsCreated ?? 0;
    await new Promise((r) => setTimeout(r, 12_000));
    expect(actor.sample?.().robotsCreated).toBeGreaterThan(afterRestart + 2);
    const report = await actor.stop();
    console.log(JSON.stringify(report.rows));
    expect(report.failures).toEqual([]);
  }, 150_000);
});
