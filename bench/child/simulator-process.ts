/**
 * Child process of the swarm and connect benchmarks: the headless simulator with N scene
 * robots over the router, so that the client's CPU time and event loop are its own. Talks to the parent
 * over the fork IPC channel; exits when the parent asks or goes away.
 *
 * argv: <router locator> <robots> [robot type = multirotor] [service delay ms = simulator default, '-' for it]
 *   [body = model | frozen: the floor, no physics and no sensors (frozen-body.ts)]
 */
import { startSimulator } from '../../src/vrobots/sim/index.js';
import { frozenBodyFactory } from './frozen-body.js';

type Request = { readonly cmd: 'counters' } | { readonly cmd: 'stop' };

function send(message: unknown): void {
  process.send?.(message);
}

function publishedStates(counters: { readonly published: ReadonlyMap<string, number> }): number {
  let n = 0;
  for (const [key, count] of counters.published) if (key.endsWith('/z/state')) n += count;
  return n;
}

async function main(): Promise<void> {
  const [router, robotsArg, robotType = 'multirotor', delayArg, body = 'model'] = process.argv.slice(2);
  const robots = Number(robotsArg);
  const serviceDelayMs = delayArg === undefined || delayArg === '-' ? undefined : Number(delayArg);
  if (router === undefined || !Number.isInteger(robots) || robots < 0 || (body !== 'model' && body !== 'frozen')) {
    send({
      type: 'error',
      message: `usage: simulator-process <router> <robots> [type] [serviceDelayMs|-] [model|frozen], got ${process.argv.slice(2).join(' ')}`,
    });
    process.exit(2);
  }
  const t0 = performance.now();
  const sim = await startSimulator({
    router,
    robots: Array.from({ length: robots }, () => robotType),
    capacity: Math.max(4096, robots * 16 + 64),
    connectBudgetMs: 10_000,
    ...(serviceDelayMs !== undefined ? { serviceDelayMs } : {}),
    ...(body === 'frozen' ? { bodyFactory: frozenBodyFactory } : {}),
  });
  if (!sim.ok) {
    send({ type: 'error', message: `startSimulator: ${sim.error.message}` });
    process.exit(1);
  }
  // Transport trouble on the simulator's side (a declaration that failed, dropped samples) is
  // reported with the counters, so the parent can tell a silent robot's cause.
  const events: string[] = [];
  let eventCount = 0;
  sim.value.executor.onEvent((e) => {
    eventCount += 1;
    if (events.length < 5) events.push(`${e.type}: ${'message' in e ? e.message : 'entity' in e ? e.entity : ''}`);
  });
  send({ type: 'ready', robots: sim.value.robots().length, startupMs: performance.now() - t0 });
  process.on('message', (m: Request) => {
    if (m.cmd === 'counters') {
      send({
        type: 'counters',
        published: publishedStates(sim.value.counters()),
        cpu: process.cpuUsage(),
        atMs: performance.now(),
        eventCount,
        events,
        robotsPublishing: [...sim.value.counters().published.keys()].filter((k) => k.endsWith('/z/state')).length,
      });
    } else if (m.cmd === 'stop') {
      const stopping = sim.value.stop();
      const timer = setTimeout(() => process.exit(0), 3000);
      void stopping.then(() => {
        clearTimeout(timer);
        process.exit(0);
      });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

void main().catch((e: unknown) => {
  send({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  process.exit(1);
});
