/**
 * Child process of the swarm actor: a fleet client that creates multirotors through the
 * simulator's manager (the SDK's four-step create, each robot its own session and a name no
 * other robot of the run has), drives each with rotor commands for a seeded lifetime, then
 * deletes and closes it; at most `maxLive` at once. It records what it asked and what it got
 * so the parent can hold it against the simulator's own account.
 *
 * argv: <router locator> <config JSON: { seed, maxLive, createEveryMs, lifeMs: [lo, hi], commandHz, prefix }>
 */
import { VirtualRobot as Robots, type VirtualRobot } from '../../../src/vrobots/index.js';
import { seededRandom } from '../random.js';

interface Config {
  readonly seed: number;
  readonly maxLive: number;
  readonly createEveryMs: number;
  readonly lifeMs: readonly [number, number];
  readonly commandHz: number;
  readonly prefix: string;
}

/** The SDK's budgets of a create, and their sum: a connect answering later breaks its budget. */
const BUDGETS = { connectTimeoutMs: 5000, probeTimeoutMs: 15_000, serviceTimeoutMs: 8000 } as const;
const CONNECT_BOUND_MS = 2 * BUDGETS.connectTimeoutMs + 2 * BUDGETS.serviceTimeoutMs + BUDGETS.probeTimeoutMs + 1000;
const DELETE_TRIES = 3;
const PROGRESS_MS = 2000;
/** Within the soak's budget for an actor's stop, with room for the simulator's report. */
const DRAIN_BUDGET_MS = 40_000;

function send(message: unknown): void {
  process.send?.(message);
}

const tally = {
  createsSent: 0,
  created: 0,
  createFailed: 0,
  deleted: 0,
  deleteFailed: 0,
  commands: 0,
  commandsRefused: 0,
  maxConnectMs: 0,
  maxLiveSeen: 0,
};
const failKinds = new Map<string, number>();
/** name -> sys_id the client was answered (undefined: the create failed). */
const asked = new Map<string, number | undefined>();
const failures: string[] = [];
const deletedIds: number[] = [];
const live = new Set<Promise<void>>();

function noteKind(what: string, kind: string): void {
  const k = `${what}:${kind}`;
  failKinds.set(k, (failKinds.get(k) ?? 0) + 1);
}

async function deleteRobot(robot: VirtualRobot): Promise<void> {
  for (let i = 0; i < DELETE_TRIES; i++) {
    const d = await robot.delete();
    if (d.ok) {
      tally.deleted += 1;
      deletedIds.push(robot.sysId);
      return;
    }
    noteKind('delete', d.error.kind);
    // After a timed-out try the simulator may have deleted it already: unknown id then.
    if (i > 0 && d.error.kind === 'service' && /unknown sys_id/.test(d.error.message)) {
      tally.deleted += 1;
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  tally.deleteFailed += 1;
}

async function oneRobot(router: string, config: Config, n: number, random: () => number, stopping: () => boolean) {
  const name = `${config.prefix}_${n}`;
  asked.set(name, undefined);
  tally.createsSent += 1;
  const started = Date.now();
  const r = await Robots.connect('multirotor', undefined, { router, robotName: name, ...BUDGETS });
  const took = Date.now() - started;
  tally.maxConnectMs = Math.max(tally.maxConnectMs, took);
  if (took > CONNECT_BOUND_MS)
    failures.push(`connect of ${name} answered after ${took} ms (bound ${CONNECT_BOUND_MS})`);
  if (!r.ok) {
    tally.createFailed += 1;
    noteKind('create', r.error.kind);
    return;
  }
  const robot = r.value;
  tally.created += 1;
  asked.set(name, robot.sysId);
  const [lo, hi] = config.lifeMs;
  const until = Date.now() + lo + Math.floor(random() * (hi - lo));
  const periodMs = 1000 / config.commandHz;
  while (Date.now() < until && !stopping()) {
    const pwm = 1400 + Math.floor(random() * 300);
    const sent = robot.setMrPwm([pwm, pwm, pwm, pwm]);
    if (sent.ok) tally.commands += 1;
    else {
      tally.commandsRefused += 1;
      noteKind('command', sent.error.kind);
    }
    await new Promise((res) => setTimeout(res, periodMs));
  }
  await deleteRobot(robot);
  const closed = await robot.close();
  if (!closed.ok) noteKind('close', closed.error.kind);
}

async function main(): Promise<void> {
  const [router, configText] = process.argv.slice(2);
  if (router === undefined || configText === undefined) {
    send({ type: 'error', message: 'usage: swarm-client-child <router> <config JSON>' });
    process.exit(2);
  }
  const config = JSON.parse(configText) as Config;
  const random = seededRandom(config.seed);
  let stopping = false;
  let n = 0;
  process.on('message', (m: { cmd: string }) => {
    if (m.cmd === 'stop') stopping = true;
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
  const progress = setInterval(() => send({ type: 'progress', tally, live: live.size }), PROGRESS_MS);
  while (!stopping) {
    if (live.size < config.maxLive) {
      n += 1;
      const p: Promise<void> = oneRobot(router, config, n, random, () => stopping)
        .catch((e: unknown) => void failures.push(`robot ${n} threw: ${e instanceof Error ? e.stack : String(e)}`))
        .finally(() => live.delete(p));
      live.add(p);
      tally.maxLiveSeen = Math.max(tally.maxLiveSeen, live.size);
    }
    await new Promise((r) => setTimeout(r, config.createEveryMs));
  }
  // Robots still connecting or deleting past the drain budget are named, not waited for.
  const drained = await Promise.race([
    Promise.all(live).then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), DRAIN_BUDGET_MS)),
  ]);
  if (!drained) failures.push(`${live.size} robot(s) still connecting or deleting ${DRAIN_BUDGET_MS} ms after stop`);
  clearInterval(progress);
  send({
    type: 'report',
    tally,
    failKinds: [...failKinds],
    asked: [...asked],
    deletedIds,
    failures,
  });
  process.exit(0);
}

void main().catch((e: unknown) => {
  send({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  process.exit(1);
});
