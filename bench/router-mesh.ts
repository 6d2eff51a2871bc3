/**
 * Deployment shapes side by side in one run: pub/sub throughput and service round trip with
 * both ends on one router, with the ends on two routers of a mesh (router mode, one zenoh
 * link between them), and the same two-router mesh secured (wss/ WebSockets checked against
 * a CA file, TLS on the link). Each shape starts its own routers; ratios are against the one
 * router. rclts on every side: PollClient.call against a spinning service, a Publisher
 * (windowed, reliable keep-all) into a spinning Subscription. Then a swarm across the mesh:
 * the headless simulator (a child process) with N robots on one router, and two clients
 * subscribing `vrobots/*\/z/state` in the same window, one on that router and one on the
 * other router of the mesh: delivered states/s and samples lost (header seq gaps), as ratios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestCertificates } from '../scripts/zenoh-router-certs.mjs';
import { type RunningRouter, startRouter } from '../scripts/zenoh-router-lib.mjs';
import { WakeSignal } from '../src/executor/wake-signal.js';
import { type Executor, type ExecutorOptions, QoS } from '../src/index.js';
import { BytesServiceType, BytesType, payloadOf } from './bytes-type.js';
import { type ChildLink, forkBenchChild } from './harness/child.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import { type CaseContext, sleep, waitUntil, within } from './harness/recorder.js';
import { SwarmClient } from './swarm.js';

const BENCH = 'router mesh';
const PAYLOAD = 1024;
const REQUEST_BUDGET_MS = 5000;
const WINDOW = 200;
const STALL_MS = 1500;

interface Shape {
  readonly name: string;
  /** Where the serving/subscribing side and the calling/publishing side connect. */
  readonly near: ExecutorOptions;
  readonly far: ExecutorOptions;
}

interface Ends {
  readonly shape: Shape;
  call(payload: Uint8Array): Promise<void>;
  publish(payload: Uint8Array): void;
  delivered(): number;
  readonly wake: WakeSignal;
  close(): Promise<void>;
}

interface Started {
  readonly shapes: Shape[];
  readonly routers: RunningRouter[];
  /** The plain mesh of two, for the swarm. */
  readonly mesh: readonly [string, string];
}

async function startShapes(dir: string): Promise<Started> {
  const routers: RunningRouter[] = [];
  const one = await startRouter({ mode: 'router' });
  routers.push(one);
  const m1 = await startRouter({ mode: 'router' });
  routers.push(m1);
  const m2 = await startRouter({ mode: 'router', connect: [m1.linkLocator] });
  routers.push(m2);
  const certs = makeTestCertificates(dir, ['t1', 't2']);
  const leaf = (n: string) => certs.leaves[n] as { certificate: string; privateKey: string };
  const t1 = await startRouter({ mode: 'router', wss: leaf('t1'), linkTls: { ca: certs.ca, ...leaf('t1') } });
  routers.push(t1);
  const t2 = await startRouter({
    mode: 'router',
    wss: leaf('t2'),
    linkTls: { ca: certs.ca, ...leaf('t2') },
    connect: [t1.linkLocator],
  });
  routers.push(t2);
  const tls = { caFile: certs.ca };
  return {
    routers,
    mesh: [m1.locator, m2.locator],
    shapes: [
      { name: '1 router', near: { router: one.locator }, far: { router: one.locator } },
      { name: '2 routers (mesh)', near: { router: m1.locator }, far: { router: m2.locator } },
      { name: '2 routers, wss + TLS link', near: { router: t1.locator, tls }, far: { router: t2.locator, tls } },
    ],
  };
}

async function openEnds(shape: Shape, key: string): Promise<Ends> {
  let near: Executor | undefined;
  let far: Executor | undefined;
  try {
    near = await openExecutor({ ...shape.near, keepAllLimit: 100_000 }, `${shape.name}: serving executor`);
    far = await openExecutor(shape.far, `${shape.name}: calling executor`);
    // ROS naming: its liveliness tokens let the publisher see the subscription across the mesh.
    const nearNode = must(near.createNode('mesh_server'), 'server node');
    must(
      nearNode.createService(BytesServiceType, `${key}/srv`, (req) => req),
      'createService',
    );
    const wake = new WakeSignal();
    let delivered = 0;
    const qos = QoS.default().keepAll();
    must(
      nearNode.createSubscription(
        BytesType,
        `${key}/topic`,
        () => {
          delivered += 1;
          wake.notify();
        },
        qos,
      ),
      'createSubscription',
    );
    const farNode = must(far.createNode('mesh_client'), 'client node');
    const poll = must(
      farNode.createPollClient(BytesServiceType, `${key}/srv`, { requestBudgetMs: REQUEST_BUDGET_MS }),
      'createPollClient',
    );
    const publisher = must(farNode.createPublisher(BytesType, `${key}/topic`, qos), 'createPublisher');
    const spinning = near.spin();
    must(await poll.waitForService(15_000), `${shape.name}: waitForService`);
    must(await within(publisher.ready(15_000), 15_000, 'publisher ready'), 'publisher ready');
    // Subscription matched across the mesh before any sample counts.
    const matchedBy = Date.now() + 15_000;
    while (must(publisher.getSubscriptionCount(), 'getSubscriptionCount') < 1) {
      if (Date.now() > matchedBy) throw new Error(`${shape.name}: the subscription is not matched within 15000 ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const n = near;
    const f = far;
    return {
      shape,
      wake,
      delivered: () => delivered,
      call: async (payload) => {
        const res = must(await poll.call(payload, REQUEST_BUDGET_MS), `${shape.name}: PollClient.call`);
        if (res.length !== payload.length) throw new Error(`${shape.name}: echo has the wrong size`);
      },
      publish: (payload) => {
        must(publisher.publish(payload), `${shape.name}: publish`);
      },
      close: async () => {
        n.cancel();
        await within(spinning, 3000, 'server spin to stop').catch(() => undefined);
        await shutdownExecutor(f);
        await shutdownExecutor(n);
      },
    };
  } catch (e) {
    await shutdownExecutor(far);
    await shutdownExecutor(near);
    throw e;
  }
}

async function roundTrips(ends: Ends, payload: Uint8Array, count: number, ctx: CaseContext): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count && !ctx.signal.aborted; i++) {
    const t0 = performance.now();
    await ends.call(payload);
    out.push((performance.now() - t0) * 1000);
  }
  return out;
}

/** Publishes `count` with at most WINDOW in flight; answers delivered messages per second and the lost. */
async function stream(
  ends: Ends,
  payload: Uint8Array,
  count: number,
  ctx: CaseContext,
): Promise<{ rate: number; lost: number }> {
  const base = ends.delivered();
  const t0 = performance.now();
  let sent = 0;
  let seen = 0;
  let lastProgress = t0;
  let lastDelivery = t0;
  while (!ctx.signal.aborted) {
    const got = ends.delivered() - base;
    const now = performance.now();
    if (got !== seen) {
      seen = got;
      lastProgress = now;
      lastDelivery = now;
    } else if (now - lastProgress > STALL_MS) break;
    if (got >= count) break;
    while (sent < count && sent - got < WINDOW) {
      ends.publish(payload);
      sent += 1;
    }
    await ends.wake.wait(20);
  }
  const delivered = Math.min(ends.delivered() - base, count);
  const seconds = Math.max((lastDelivery - t0) / 1000, 1e-6);
  return { rate: delivered / seconds, lost: sent - delivered };
}

interface SwarmSide {
  readonly name: string;
  readonly client: SwarmClient;
  readonly exec: Executor;
  readonly spinning: Promise<unknown>;
}

async function swarmSide(name: string, locator: string): Promise<SwarmSide> {
  const exec = await openExecutor({ router: locator, keepAllLimit: 200_000 }, `${name} executor`);
  const node = must(exec.createNode('bench_mesh_swarm', { naming: 'raw' }), `${name} node`);
  const client = new SwarmClient();
  must(
    node.createSubscription(
      BytesType,
      'vrobots/*/z/state',
      (bytes, info) => client.onSample(bytes, info.key),
      QoS.default().keepAll(),
    ),
    `${name}: subscription vrobots/*/z/state`,
  );
  return { name, client, exec, spinning: exec.spin() };
}

/** N robots on the mesh's first router; one client there, one on the second router, one window. */
async function swarmAcross(bc: BenchContext, mesh: readonly [string, string], ctx: CaseContext): Promise<void> {
  const { rec, mode } = bc;
  const robots = byMode(mode, 100, 300);
  const windowMs = byMode(mode, 4000, 15_000);
  const caseName = `swarm of ${robots} robots`;
  let sim: ChildLink | undefined;
  const sides: SwarmSide[] = [];
  try {
    sim = forkBenchChild('simulator-process.ts', [mesh[0], String(robots), 'multirotor']);
    await sim.next('ready', 90_000);
    sides.push(await swarmSide('client on the same router', mesh[0]));
    sides.push(await swarmSide('client on the other router', mesh[1]));
    const heard = await waitUntil(
      () => sides.every((s) => s.client.lastSeq.size >= robots) || ctx.signal.aborted,
      byMode(mode, 60_000, 120_000),
      50,
    );
    if (!heard) {
      const counts = sides.map((s) => `${s.name}: ${s.client.lastSeq.size}`).join(', ');
      rec.error(BENCH, caseName, '-', `not every robot heard (${counts} of ${robots})`);
      return;
    }
    await sleep(1000);
    const t0 = performance.now();
    for (const s of sides) s.client.counting = true;
    await sleep(windowMs);
    for (const s of sides) s.client.counting = false;
    const seconds = (performance.now() - t0) / 1000;
    const figures = sides.map((s) => ({
      side: s,
      rate: rec.measure({
        bench: BENCH,
        case: caseName,
        subject: s.name,
        metric: 'delivered/s',
        unit: 'msg/s',
        samples: [s.client.delivered / seconds],
        extra: { lost: s.client.lost, expected: robots * 25 },
      }),
    }));
    const [same, other] = figures as [(typeof figures)[0], (typeof figures)[0]];
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: 'delivered states/s',
      better: 'higher',
      subject: other.side.name,
      figure: other.rate,
      baselineSubject: same.side.name,
      baseline: same.rate,
      note: `[lost ${other.side.client.lost} vs ${same.side.client.lost}; expected ${robots * 25}/s]`,
    });
  } finally {
    for (const s of sides) {
      s.exec.cancel();
      await within(s.spinning, 3000, 'swarm client spin to stop').catch(() => undefined);
      await shutdownExecutor(s.exec);
    }
    await sim?.stop();
  }
}

export async function benchRouterMesh(bc: BenchContext): Promise<void> {
  const { rec, mode } = bc;
  const dir = mkdtempSync(join(tmpdir(), 'rclts-bench-mesh-'));
  const routers: RunningRouter[] = [];
  const ends: Ends[] = [];
  let mesh: readonly [string, string] | undefined;
  try {
    await rec.runCase(BENCH, 'setup: 1 router, a mesh of 2, a mesh of 2 with TLS', 60_000, async () => {
      const started = await startShapes(dir);
      routers.push(...started.routers);
      mesh = started.mesh;
      for (const shape of started.shapes) ends.push(await openEnds(shape, `/bench_mesh_${process.pid}_${ends.length}`));
    });
    if (ends.length === 0) return;
    const payload = payloadOf(PAYLOAD);
    const rounds = byMode(mode, 6, 20);
    const perBlock = byMode(mode, 30, 100);
    const messages = byMode(mode, 2000, 10_000);
    const latency = new Map<string, number[]>(ends.map((e) => [e.shape.name, []]));
    const rates = new Map<string, number[]>(ends.map((e) => [e.shape.name, []]));
    const lost = new Map<string, number>(ends.map((e) => [e.shape.name, 0]));
    await rec.runCase(
      BENCH,
      `${rounds} rounds: ${perBlock} calls + ${messages} messages of 1 KiB per shape`,
      byMode(mode, 120_000, 600_000),
      async (ctx) => {
        for (const e of ends) await roundTrips(e, payload, 10, ctx); // warm-up
        for (let r = 0; r < rounds && !ctx.signal.aborted; r++) {
          for (const e of rotated(ends, r)) {
            latency.get(e.shape.name)!.push(...(await roundTrips(e, payload, perBlock, ctx)));
            const s = await stream(e, payload, messages, ctx);
            rates.get(e.shape.name)!.push(s.rate);
            lost.set(e.shape.name, lost.get(e.shape.name)! + s.lost);
          }
        }
      },
    );
    const single = ends[0]!.shape.name;
    const figure = (name: string) => ({
      rtt: rec.measure({
        bench: BENCH,
        case: '1 KiB service',
        subject: name,
        metric: 'round trip',
        unit: 'us',
        samples: latency.get(name)!,
      }),
      rate: rec.measure({
        bench: BENCH,
        case: '1 KiB pub/sub',
        subject: name,
        metric: 'throughput',
        unit: 'msg/s',
        samples: rates.get(name)!,
      }),
    });
    const base = figure(single);
    for (const e of ends.slice(1)) {
      const f = figure(e.shape.name);
      rec.compare({
        bench: BENCH,
        case: '1 KiB service',
        metric: 'p50 round trip',
        better: 'lower',
        subject: e.shape.name,
        figure: f.rtt,
        baselineSubject: single,
        baseline: base.rtt,
      });
      rec.compare({
        bench: BENCH,
        case: '1 KiB pub/sub',
        metric: 'p50 throughput',
        better: 'higher',
        subject: e.shape.name,
        figure: f.rate,
        baselineSubject: single,
        baseline: base.rate,
        note: `[lost ${lost.get(e.shape.name)} vs ${lost.get(single)} on 1 router]`,
      });
    }
    await Promise.all(ends.splice(0).map((e) => e.close().catch(() => undefined)));
    const across = mesh;
    if (across !== undefined) {
      await rec.runCase(BENCH, 'swarm across the mesh', byMode(mode, 180_000, 400_000), (ctx) =>
        swarmAcross(bc, across, ctx),
      );
    }
  } finally {
    await Promise.all(ends.map((e) => e.close().catch(() => undefined)));
    await Promise.all(routers.map((r) => r.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
