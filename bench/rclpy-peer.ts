/**
 * The processes of the real-ROS 2 comparison (bench/rclpy.ts): an rclpy peer
 * (bench/python/rclpy_peer.py in the venv of scripts/rclpy-venv.sh) or an rclts one
 * (bench/child/rclts-peer.ts), both speaking JSON lines on stdin/stdout. Every wait has a
 * budget, and stop() never leaves a process behind (bench/harness/child.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ChildLink, type ChildMessage, tracked } from './harness/child.js';
import type { Target } from './harness/results.js';

/** One answer of a peer: `ready`, `samples`, `published`, `report` or `error`. */
export type PeerMessage = ChildMessage;

/**
 * The message on one line of a peer's stdout, or undefined for anything else (a library's
 * log line, a blank): only a JSON object with a string `type` is protocol.
 */
export function parsePeerLine(line: string): PeerMessage | undefined {
  const t = line.trim();
  if (!t.startsWith('{')) return undefined;
  try {
    const v: unknown = JSON.parse(t);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    const type = (v as { type?: unknown }).type;
    return typeof type === 'string' ? (v as PeerMessage) : undefined;
  } catch {
    return undefined;
  }
}

/** The `us` of a `samples` message: finite non-negative numbers, or a thrown Error. */
export function samplesOf(m: PeerMessage): number[] {
  const us = m.us;
  if (!Array.isArray(us) || !us.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0))
    throw new Error(`samples message without a list of latencies: ${JSON.stringify(m).slice(0, 200)}`);
  return us as number[];
}

/** A number field of a message, or a thrown Error naming it. */
export function numberField(m: PeerMessage, field: string): number {
  const v = m[field];
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new Error(`'${m.type}' message without a number '${field}': ${JSON.stringify(m).slice(0, 200)}`);
  return v;
}

/** Starting a process up to its `ready`: python's imports, DDS or zenoh discovery. */
const READY_BUDGET_MS = 30_000;

/** Where scripts/rclpy-venv.sh makes the venv. */
export function rclpyVenvDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'rclts', 'rclpy-venv');
}

/** Made and complete: the script writes requirements.txt into it last. */
export function rclpyVenvReady(dir: string): boolean {
  return existsSync(join(dir, 'bin', 'python')) && existsSync(join(dir, 'requirements.txt'));
}

/** The environment rclpy runs in: the venv as the ament prefix, its libraries, Fast DDS named. */
export function rclpyEnv(dir: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const lib = join(dir, 'lib');
  return {
    ...env,
    AMENT_PREFIX_PATH: dir,
    LD_LIBRARY_PATH: env.LD_LIBRARY_PATH ? `${lib}:${env.LD_LIBRARY_PATH}` : lib,
    RMW_IMPLEMENTATION: 'rmw_fastrtps_cpp',
    // A domain of its own, so that other ROS 2 processes on the machine neither see nor load it.
    // Discovery and transports stay Fast DDS's defaults (shared memory between local processes):
    // the baseline is what a ROS 2 user gets, not a narrowed one.
    ROS_DOMAIN_ID: env.ROS_DOMAIN_ID ?? '42',
    PYTHONUNBUFFERED: '1',
  };
}

/** A peer process speaking JSON lines: ChildLink's waits and stop, over stdin and stdout. */
export class LinePeer extends ChildLink {
  constructor(
    name: string,
    private readonly proc: ChildProcess,
  ) {
    super(name, proc);
    if (proc.stdout !== null)
      createInterface({ input: proc.stdout }).on('line', (line) => {
        const m = parsePeerLine(line);
        if (m !== undefined) this.receive(m);
      });
    proc.stdin?.on('error', () => undefined); // a peer that died is reported by next()
  }

  override send(command: unknown): void {
    if (this.proc.exitCode === null && this.proc.signalCode === null)
      this.proc.stdin?.write(`${JSON.stringify(command)}\n`);
  }
}

/**
 * How an rclpy peer is started: which python (the rmw comes with it: the Fast DDS venv, or the
 * `rpy` of scripts/rmw-zenoh-peer.sh that preloads rmw_zenoh_cpp) and its environment.
 */
export interface RclpyLaunch {
  readonly python: string;
  readonly env: NodeJS.ProcessEnv;
  /** The rmw the peer must say it runs in its `ready` (a wrong launch fails the setup). */
  readonly rmw: string;
}

/** rclpy over Fast DDS from the venv of scripts/rclpy-venv.sh. */
export function fastDdsLaunch(venv: string): RclpyLaunch {
  return { python: join(venv, 'bin', 'python'), env: rclpyEnv(venv), rmw: 'rmw_fastrtps_cpp' };
}

/** An rclpy peer: `role` of bench/python/rclpy_peer.py run as `launch` says. */
export function spawnRclpyPeer(launch: RclpyLaunch, role: string, args: readonly string[]): LinePeer {
  const script = fileURLToPath(new URL('./python/rclpy_peer.py', import.meta.url));
  const child = spawn(launch.python, [script, role, ...args, '--rmw', launch.rmw], {
    env: launch.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return tracked(new LinePeer(`rclpy ${role} (pid ${child.pid})`, child), child);
}

/** A peer of ours: `role` of bench/child/<script> under tsx, on the bench's router. */
function spawnChildPeer(
  what: string,
  script: string,
  role: string,
  args: readonly string[],
  router: string,
  nodeFlags: readonly string[] = [],
): LinePeer {
  const path = fileURLToPath(new URL(`./child/${script}`, import.meta.url));
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path, role, ...args, '--router', router], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return tracked(new LinePeer(`${what} ${role} (pid ${child.pid})`, child), child);
}

/** One client library whose peers the comparison starts. */
export interface Stack {
  readonly name: string;
  /** Part of every topic and service name of this stack's peers. */
  readonly key: string;
  spawn(role: string, args: readonly string[]): LinePeer;
}

export const RCLPY_EVENTS = 'rclpy EventsExecutor';
export const RCLPY_DEFAULT = 'rclpy SingleThreadedExecutor';
export const RCLTS = 'rclts';
/**
 * The service roles on bare zenoh-ts (bench/child/raw-zenoh-peer.ts), each its own process as
 * rclts's are: the same calls with no rclts code, its own per-message garbage included (what
 * its 64 KiB p99 does and does not show: docs/benchmarks.md).
 */
export const RAW_ZENOH_TS = 'raw zenoh-ts get, own processes';
/**
 * rclts's service roles in processes with a 4 MB semi-space: the remedy docs/zenoh-backend.md
 * gives a client receiving large replies, whose heap V8 may otherwise keep marking (the
 * received ArrayBuffers count against its old generation's limit). Information beside the
 * judged rows, which keep Node's defaults.
 */
export const RCLTS_SMALL_YOUNG = 'rclts, node --max-semi-space-size=4';
const SMALL_YOUNG_FLAGS = ['--max-semi-space-size=4'] as const;

/**
 * rclpy with its fastest executor (EventsExecutor, in rclpy.experimental of rclpy 9: the
 * baseline the targets are judged against), rclpy with its default one, rclts, and for the
 * service rows (`forService`) bare zenoh-ts and rclts with a small young generation.
 */
export function comparedStacks(launch: RclpyLaunch, locator: string, forService = false): Stack[] {
  const rclpy = (executor: string) => (role: string, args: readonly string[]) =>
    spawnRclpyPeer(launch, role, [...args, '--executor', executor]);
  const stacks: Stack[] = [
    { name: RCLPY_EVENTS, key: 'events', spawn: rclpy('events') },
    { name: RCLPY_DEFAULT, key: 'single', spawn: rclpy('single') },
    { name: RCLTS, key: 'rclts', spawn: (role, args) => spawnChildPeer('rclts', 'rclts-peer.ts', role, args, locator) },
  ];
  if (forService)
    stacks.push(
      {
        name: RAW_ZENOH_TS,
        key: 'raw',
        spawn: (role, args) => spawnChildPeer('raw zenoh-ts', 'raw-zenoh-peer.ts', role, args, locator),
      },
      {
        name: RCLTS_SMALL_YOUNG,
        key: 'rclts_young',
        spawn: (role, args) =>
          spawnChildPeer('rclts (small semi-space)', 'rclts-peer.ts', role, args, locator, SMALL_YOUNG_FLAGS),
      },
    );
  return stacks;
}

/** One comparison the rclpy rows run: whom against, the stacks it starts, what it is judged by. */
export interface RclpyComparison {
  /** The rows' bench after `service vs` / `pub/sub vs`, e.g. `ROS 2 (Fast DDS)`. */
  readonly against: string;
  /** rclpy under both executors and rclts (and the service rows' stacks beside them). */
  stacks(forService: boolean): Stack[];
  readonly p99Target: Target;
  /** On the delivered rate's ratio; none where the rows are information only. */
  readonly rateTarget?: Target;
  /** On what rclts lost (the figure itself). */
  readonly lossTarget?: Target;
}

/**
 * `role` in every stack, by stack name; resolves when all said `ready`. Each stack's names
 * start with `<prefix>_<key>`: both rclpy stacks share one DDS domain, and a client seeing
 * two servers would send every request to both.
 */
export async function startRole(
  peers: LinePeer[],
  stacks: readonly Stack[],
  role: string,
  prefix: string,
  args: readonly string[] = [],
): Promise<Map<string, LinePeer>> {
  const started = new Map(
    stacks.map((s) => [s.name, s.spawn(role, ['--prefix', `${prefix}_${s.key}`, ...args])] as const),
  );
  peers.push(...started.values());
  for (const p of started.values()) await p.next('ready', READY_BUDGET_MS);
  return started;
}
