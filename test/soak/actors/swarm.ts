/**
 * The vrobots swarm actor: the headless simulator in one child process on router A, a fleet
 * client in another on router B (so every create, command and delete crosses the mesh),
 * robots created over time with the SDK's four-step create, driven, deleted. At stop the
 * client's account is held against the simulator's own (its log): the create-once rule says
 * no robot name and no sys_id was created twice, every answered create matches the robot the
 * simulator made, and every robot the client deleted is gone there.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ActorReport, SoakActor, SoakContext } from '../contract.js';
import { locatorOf } from '../faults/mesh-probe.js';
import { ActorChild } from './child.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const READY_BUDGET_MS = 60_000;
/** The client ends its robots' lives and deletes them within 40 s (swarm-client-child.ts). */
const STOP_BUDGET_MS = 45_000;

export interface SwarmOptions {
  /** Robots alive at once. Default 8. */
  readonly maxLive?: number;
  /** A new create is started this often while fewer than maxLive live. Default 500 ms. */
  readonly createEveryMs?: number;
  /** A robot's driven life, ms (seeded). Default 2000..10000. */
  readonly lifeMs?: readonly [number, number];
  /** Rotor commands per robot per second. Default 10. */
  readonly commandHz?: number;
}

interface ClientReport {
  readonly tally: Record<string, number>;
  readonly failKinds: [string, number][];
  readonly asked: [string, number | null][];
  readonly deletedIds: number[];
  readonly failures: string[];
}

interface SimReport {
  readonly creates: [string, number[]][];
  readonly sysIdsTwice: number[];
  readonly deletes: number;
  readonly live: number[];
  readonly createRequests: number;
  readonly applied: number;
  readonly rejected: number;
  readonly malformed: number;
  readonly published: number;
}

/** The create-once rule and the delete account, client against simulator. */
export function judgeSwarm(client: ClientReport, sim: SimReport): { rows: Record<string, number>; failures: string[] } {
  const failures: string[] = [];
  const atSim = new Map(sim.creates);
  for (const id of sim.sysIdsTwice) failures.push(`sys_id ${id} created twice at the simulator`);
  for (const [name, ids] of atSim)
    if (ids.length > 1)
      failures.push(`robot '${name}' created ${ids.length} times at the simulator (${ids.join(', ')})`);
  let unanswered = 0;
  for (const [name, sysId] of client.asked) {
    const made = atSim.get(name) ?? [];
    if (sysId !== null && (made.length !== 1 || made[0] !== sysId))
      failures.push(`client was answered sys_id ${sysId} for '${name}', the simulator made [${made.join(', ')}]`);
    if (sysId === null && made.length > 0) unanswered += 1;
  }
  const liveAtSim = new Set(sim.live);
  for (const id of client.deletedIds)
    if (liveAtSim.has(id)) failures.push(`robot ${id} was deleted by the client but is still at the simulator`);
  const ours = new Set(client.asked.map(([n]) => n));
  const rows = {
    ...client.tally,
    simCreates: sim.creates.reduce((n, [, ids]) => n + ids.length, 0),
    simForeignCreates: sim.creates.filter(([n]) => !ours.has(n)).length,
    createdButUnanswered: unanswered,
    simDeletes: sim.deletes,
    simLiveAtStop: sim.live.length,
    simCreateRequests: sim.createRequests,
    simCommandsApplied: sim.applied,
    simCommandsRejected: sim.rejected,
    simMalformed: sim.malformed,
    simStatesPublished: sim.published,
  };
  return { rows, failures: [...failures, ...client.failures] };
}

export function createSwarmActor(options: SwarmOptions = {}): SoakActor {
  let sim: ActorChild | undefined;
  let client: ActorChild | undefined;
  const config = {
    maxLive: options.maxLive ?? 8,
    createEveryMs: options.createEveryMs ?? 500,
    lifeMs: options.lifeMs ?? [2000, 10_000],
    commandHz: options.commandHz ?? 10,
  };
  return {
    name: 'vrobots-swarm',
    async start(ctx: SoakContext): Promise<void> {
      const simRouter = locatorOf(ctx.routers[0]!.wsUrl);
      const clientRouter = locatorOf((ctx.routers[1] ?? ctx.routers[0]!).wsUrl);
      sim = new ActorChild('swarm simulator', join(HERE, 'swarm-sim-child.ts'), [simRouter]);
      await sim.next('ready', READY_BUDGET_MS);
      const seed = Math.floor(ctx.random() * 2 ** 31);
      const prefix = `soak_${ctx.seed}_${seed}`;
      client = new ActorChild('swarm client', join(HERE, 'swarm-client-child.ts'), [
        clientRouter,
        JSON.stringify({ ...config, seed, prefix }),
      ]);
      await client.next('ready', READY_BUDGET_MS);
      ctx.log(`swarm: simulator pid ${sim.pid} on ${simRouter}, client pid ${client.pid} on ${clientRouter}`);
    },
    sample(): Record<string, number> {
      const t = (client?.latestProgress?.tally ?? {}) as Record<string, number>;
      return {
        robotsCreated: t.created ?? 0,
        robotsDeleted: t.deleted ?? 0,
        robotsLive: Number(client?.latestProgress?.live ?? 0),
        commands: t.commands ?? 0,
      };
    },
    pids(): readonly number[] {
      return [sim?.pid, client?.pid].filter((p): p is number => p !== undefined);
    },
    async stop(): Promise<ActorReport> {
      const failures: string[] = [];
      let report: ActorReport = { name: 'vrobots-swarm', rows: {}, failures };
      try {
        if (sim === undefined || client === undefined) throw new Error('the swarm was not started');
        client.send({ cmd: 'stop' });
        const c = (await client.next('report', STOP_BUDGET_MS)) as unknown as ClientReport;
        const s = (await sim.request('report')) as unknown as SimReport;
        const judged = judgeSwarm(c, s);
        const kinds = c.failKinds.map(([k, n]) => `${k}=${n}`).join(' ');
        report = { name: 'vrobots-swarm', rows: { ...judged.rows, failKinds: kinds }, failures: judged.failures };
      } catch (e) {
        failures.push(`swarm stop: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        await client?.stop();
        await sim?.stop();
      }
      return report;
    },
  };
}
