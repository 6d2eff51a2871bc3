/**
 * Real ROS 2 as the interop peer: rclpy on rmw_zenoh_cpp (rclpy_peer.py run by the `rpy` that
 * scripts/rmw-zenoh-peer.sh builds), one process per RclpyPeer, driven over stdin/stdout JSON
 * lines. Every request has a budget; every peer and router started here is killed by stop()
 * (and on exit).
 *
 * Adding a check:
 * - a file test/interop/ros2/<what>.test.ts that opens with `describeRos2(...)` (skips, with one
 *   line saying how to enable it, where the peer is not built) and `describe.each(TOPOLOGIES)`
 *   where the two topologies could differ;
 * - in beforeAll: `world = await startWorld(kind)` (routers + an rclts executor), then
 *   `peer = await world.peer()`; in afterAll: `await world.stop()`;
 * - ask the peer with `peer.must(op, args)` (throws the peer's error) or `peer.ask` (answers it);
 *   a new op is one `op_<name>(req)` function in rclpy_peer.py (its docstring lists the JSON rules);
 * - messages cross as peer JSON (peer-json.ts: toPeerJson / fromPeerJson);
 * - spin rclts while waiting on the peer: `await world.spinWhile(peer.must(...))`.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, inject } from 'vitest';
import { rmwZenohDir, rmwZenohReady, startRmwZenohd } from '../../../scripts/rmw-zenohd.mjs';
import { type RunningRouter, startRouter } from '../../../scripts/zenoh-router-lib.mjs';
import { Executor } from '../../../src/index.js';
import { awaitRos2Peer } from '../../setup/ros2-peer-status.js';

const SCRIPT = join(import.meta.dirname, 'rclpy_peer.py');
const ENABLE =
  'real-ROS 2 interop tests skipped: rclpy on rmw_zenoh_cpp is not built (enable: bash scripts/rmw-zenoh-peer.sh, sources from RCLTS_THIRD_PARTY=DIR)';

function providedStatusFile(): string | undefined {
  try {
    const v: unknown = inject('ros2PeerStatus');
    return typeof v === 'string' && v !== '' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The `rpy` to run, or undefined with the line saying why. */
interface PeerFound {
  readonly python: string | undefined;
  readonly missing: string | undefined;
}

/**
 * What the global setup built, once it has (it builds real ROS 2 beside the suite, and these
 * files run last); where it did not look (RCLTS_SKIP_PROVISION, or no setup), the cache's rpy
 * once its READY stamp is written.
 */
async function findPeer(): Promise<PeerFound> {
  const file = providedStatusFile();
  let missing: string | undefined;
  if (file !== undefined) {
    const status = await awaitRos2Peer(file, (line) => console.log(`[ros2-peer] ${line}`));
    if (status.state === 'ready') return { python: status.rpy, missing: undefined };
    if (!status.detail.includes('RCLTS_SKIP_PROVISION')) return { python: undefined, missing: status.detail };
    missing = status.detail;
  }
  const dir = rmwZenohDir();
  return rmwZenohReady(dir) ? { python: join(dir, 'rpy'), missing: undefined } : { python: undefined, missing };
}

const FOUND = await findPeer();
const PYTHON = FOUND.python;

/** The `rpy` to run (python3 running rclpy on rmw_zenoh_cpp), or undefined where there is none. */
export function ros2PeerPython(): string | undefined {
  return PYTHON;
}

/** A lone rclpy peer (no router) for serialization checks; undefined where the peer is not built. */
export async function lonePeer(): Promise<RclpyPeer> {
  if (PYTHON === undefined) throw new Error(ENABLE);
  return RclpyPeer.start(PYTHON, undefined);
}

/** A describe that skips where the peer is not built, saying how to enable it once per run. */
export function describeRos2(name: string, body: () => void): void {
  if (PYTHON === undefined) {
    const marker = join(tmpdir(), `rclts-ros2-skip-${process.ppid}`);
    if (!existsSync(marker)) {
      writeFileSync(marker, '');
      console.warn(FOUND.missing ? `${ENABLE} (${FOUND.missing})` : ENABLE);
    }
  }
  describe.skipIf(PYTHON === undefined)(name, body);
}

export const TOPOLOGIES = [
  { kind: 'rmw_zenohd' as const, title: 'T1: rmw_zenohd is the router, rclts’s bridge joined to it' },
  { kind: 'bridge' as const, title: 'T2: rclts’s bridge is the only router, rmw_zenoh nodes on its TCP port' },
];
export type TopologyKind = (typeof TOPOLOGIES)[number]['kind'];

const children = new Set<ChildProcessWithoutNullStreams>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export interface PeerAnswer {
  readonly id: number;
  readonly ok: boolean;
  readonly error?: string;
  readonly [key: string]: unknown;
}

/** One rclpy process on rmw_zenoh_cpp, connected to `endpoint`. */
export class RclpyPeer {
  private readonly pending = new Map<number, (a: PeerAnswer) => void>();
  private nextId = 1;
  private stderr = '';
  readonly ready: Promise<PeerAnswer>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    let buffered = '';
    this.ready = new Promise((resolve) => this.pending.set(0, resolve));
    child.stdout.on('data', (c: Buffer) => {
      buffered += c.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const a = JSON.parse(line) as PeerAnswer;
        this.pending.get(a.id)?.(a);
        this.pending.delete(a.id);
      }
    });
    child.stderr.on('data', (c: Buffer) => {
      this.stderr = (this.stderr + c.toString()).slice(-4000);
    });
    child.once('exit', (code) => {
      for (const [id, settle] of this.pending)
        settle({ id, ok: false, error: `rclpy peer exited (${code}): ${this.stderr}` });
      this.pending.clear();
    });
  }

  /** A peer connected to `endpoint`; with none, a lone one (serialization only, nothing on any network). */
  static async start(
    python: string,
    endpoint: string | undefined,
    budgetMs = 30_000,
    script = SCRIPT,
  ): Promise<RclpyPeer> {
    const link =
      endpoint === undefined
        ? 'mode="peer";connect/endpoints=[];listen/endpoints=[]'
        : `connect/endpoints=["${endpoint}"];listen/endpoints=["tcp/127.0.0.1:0"]`;
    const child = spawn(python, [script], {
      env: {
        ...process.env,
        RMW_IMPLEMENTATION: 'rmw_zenoh_cpp',
        ZENOH_ROUTER_CHECK_ATTEMPTS: endpoint === undefined ? '1' : '20',
        ZENOH_CONFIG_OVERRIDE: `${link};scouting/multicast/enabled=false`,
        RUST_LOG: 'warn',
      },
    });
    children.add(child);
    const peer = new RclpyPeer(child);
    const ready = await Promise.race([
      peer.ready,
      new Promise<PeerAnswer>((r) =>
        setTimeout(() => r({ id: 0, ok: false, error: `not ready within ${budgetMs} ms` }), budgetMs),
      ),
    ]);
    if (!ready.ok) {
      peer.kill();
      throw new Error(`rclpy peer did not start: ${ready.error} ${peer.stderr}`);
    }
    if (ready.rmw !== 'rmw_zenoh_cpp') throw new Error(`rclpy peer runs ${String(ready.rmw)}, not rmw_zenoh_cpp`);
    return peer;
  }

  /** Sends one op; answers within its budgetMs (plus 5 s for the process) or with a timeout error. */
  ask(op: string, args: Record<string, unknown> = {}): Promise<PeerAnswer> {
    const id = this.nextId++;
    const budget = (typeof args.budgetMs === 'number' ? args.budgetMs : 25_000) + 5_000;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ id, ok: false, error: `rclpy peer: no answer to ${op} within ${budget} ms` });
      }, budget);
      this.pending.set(id, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
      this.child.stdin.write(`${JSON.stringify({ id, op, ...args })}\n`);
    });
  }

  /** ask(), throwing the peer's error: for steps that must work. */
  async must(op: string, args: Record<string, unknown> = {}): Promise<PeerAnswer> {
    const a = await this.ask(op, args);
    if (!a.ok) throw new Error(`rclpy peer ${op} ${JSON.stringify(args).slice(0, 300)}: ${a.error}`);
    return a;
  }

  kill(): void {
    this.child.kill('SIGKILL');
    children.delete(this.child);
  }
}

/** The routers of one topology, an rclts executor on them, and the rclpy peers started in it. */
export interface World {
  readonly kind: TopologyKind;
  /** Where rmw_zenoh nodes connect (tcp/127.0.0.1:PORT). */
  readonly endpoint: string;
  /** Where rclts connects (ws/127.0.0.1:PORT). */
  readonly locator: string;
  readonly executor: Executor;
  /** An rclpy peer running `script` (default rclpy_peer.py; another program on its protocol). */
  peer(script?: string): Promise<RclpyPeer>;
  /** Spins the executor until `p` settles (rclts handlers run while the peer works). */
  spinWhile<T>(p: Promise<T>): Promise<T>;
  /** Spins until `done()` or the budget; answers done(). */
  spinUntil(done: () => boolean, budgetMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startWorld(kind: TopologyKind, routerBinary = inject('routerBinary')): Promise<World> {
  if (PYTHON === undefined) throw new Error(ENABLE);
  const python = PYTHON;
  const stops: (() => Promise<void>)[] = [];
  let endpoint: string;
  let bridge: RunningRouter;
  if (kind === 'rmw_zenohd') {
    const zenohd = await startRmwZenohd(rmwZenohDir());
    stops.push(zenohd.stop);
    endpoint = zenohd.endpoint;
    bridge = await startRouter({ binary: routerBinary, connect: [endpoint] });
  } else {
    bridge = await startRouter({ binary: routerBinary, mode: 'router' });
    endpoint = `tcp/127.0.0.1:${bridge.tcpPort}`;
  }
  stops.unshift(() => bridge.stop());
  const created = await Executor.create({ router: bridge.locator });
  if (!created.ok) throw new Error(created.error.message);
  const executor = created.value;
  const peers: RclpyPeer[] = [];
  // spinFor answers at once when it cannot spin (e.g. another loop is spinning): then yield to
  // the event loop for the slice, or the worker would hang without a timeout.
  const spinSlice = async (): Promise<void> => {
    const r = await executor.spinFor(20);
    if (!r.ok) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const spinUntil = async (done: () => boolean, budgetMs: number): Promise<boolean> => {
    const end = Date.now() + budgetMs;
    while (!done() && Date.now() < end) await spinSlice();
    return done();
  };
  return {
    kind,
    endpoint,
    locator: bridge.locator,
    executor,
    peer: async (script?: string) => {
      const p = await RclpyPeer.start(python, endpoint, undefined, script);
      peers.push(p);
      return p;
    },
    spinWhile: async <T>(p: Promise<T>): Promise<T> => {
      let settled = false;
      const watched = p.finally(() => {
        settled = true;
      });
      while (!settled) await spinSlice();
      return watched;
    },
    spinUntil,
    stop: async () => {
      for (const p of peers) p.kill();
      await executor.shutdown();
      for (const s of stops) await s();
    },
  };
}
