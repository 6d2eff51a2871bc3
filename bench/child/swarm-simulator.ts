/**
 * Child process of the swarm benchmark: the headless simulator with N robots over the router,
 * so that the client's CPU time is measured apart from the simulator's. Talks to the parent
 * over the fork IPC channel; exits when the parent asks or goes away.
 *
 * argv: <router locator> <robots> <robot type>
 */
import { startSimulator } from '../../src/vrobots/sim/index.js';

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
  const [router, robotsArg, robotType = 'multirotor'] = process.argv.slice(2);
  const robots = Number(robotsArg);
  if (router === undefined || !Number.isInteger(robots) || robots < 1) {
    send({
      type: 'error',
      message: `usage: swarm-simulator <router> <robots> [type], got ${process.argv.slice(2).join(' ')}`,
    });
    process.exit(2);
  }
  const t0 = performance.now();
  const sim = await startSimulator({
    router,
    robots: Array.from({ length: robots }, () => robotType),
    capacity: robots * 16 + 64,
    connectBudgetMs: 10_000,
  });
  if (!sim.ok) {
    send({ type: 'error', message: `startSimulator: ${sim.error.message}` });
    process.exit(1);
  }
  send({ type: 'ready', robots: sim.value.robots().length, startupMs: performance.now() - t0 });
  process.on('message', (m: Request) => {
    if (m.cmd === 'counters') {
      send({
        type: 'counters',
        published: publishedStates(sim.value.counters()),
        cpu: process.cpuUsage(),
        atMs: performance.now(),
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
