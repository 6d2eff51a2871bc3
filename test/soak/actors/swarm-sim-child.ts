/**
 * Child process of the swarm actor: the headless simulator on one router, with no scene
 * robots, keeping its own account of every create and delete from its log (the independent
 * side of the create-once rule: a robot name or a sys_id created twice is a broken rule,
 * whatever the clients believe). Talks over the fork IPC channel; exits on 'stop' or when
 * the parent goes away.
 *
 * argv: <router locator>
 */
import { startSimulator } from '../../../src/vrobots/sim/index.js';

const CREATED = /^created (\S+) '(.*)' as sys_id (\d+) for /;
const DELETED = /^deleted sys_id (\d+)$/;

function send(message: unknown): void {
  process.send?.(message);
}

function total(tally: ReadonlyMap<string, number>, suffix = ''): number {
  let n = 0;
  for (const [key, count] of tally) if (key.endsWith(suffix)) n += count;
  return n;
}

async function main(): Promise<void> {
  const router = process.argv[2];
  if (router === undefined) {
    send({ type: 'error', message: 'usage: swarm-sim-child <router locator>' });
    process.exit(2);
  }
  const byName = new Map<string, number[]>();
  const bySysId = new Map<number, number>();
  let deletes = 0;
  let logLines = 0;
  const sim = await startSimulator({
    router,
    robots: [],
    capacity: 16_384,
    connectBudgetMs: 10_000,
    logger: (line) => {
      logLines += 1;
      const c = CREATED.exec(line);
      if (c !== null) {
        const id = Number(c[3]);
        byName.set(c[2]!, [...(byName.get(c[2]!) ?? []), id]);
        bySysId.set(id, (bySysId.get(id) ?? 0) + 1);
      } else if (DELETED.test(line)) deletes += 1;
    },
  });
  if (!sim.ok) {
    send({ type: 'error', message: `startSimulator: ${sim.error.message}` });
    process.exit(1);
  }
  send({ type: 'ready' });
  process.on('message', (m: { cmd: string }) => {
    if (m.cmd === 'report') {
      const c = sim.value.counters();
      send({
        type: 'report',
        creates: [...byName.entries()],
        sysIdsTwice: [...bySysId].filter(([, n]) => n > 1).map(([id]) => id),
        deletes,
        live: sim.value.robots().map((r) => r.sysId),
        createRequests: c.requests.get('vrobots/manager/z/srv/create') ?? 0,
        applied: total(c.appliedCommands),
        rejected: total(c.rejectedCommands),
        malformed: total(c.malformed),
        published: total(c.published, '/z/state'),
        logLines,
      });
    } else if (m.cmd === 'stop') {
      const timer = setTimeout(() => process.exit(0), 3000);
      void sim.value.stop().then(() => {
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
