/**
 * Deployment shapes side by side in one run: pub/sub throughput and service round trip with
 * both ends on one router, with the ends on two routers of a mesh (router mode, one zenoh
 * link between them), and the same two-router mesh secured (wss/ WebSockets checked against
 * a CA file, TLS on the link). Each shape starts its own routers; ratios are against the one
 * router. rclts on every side: PollClient.call against a spinning service, a Publisher
 * (windowed, reliable keep-all) into a spinning Subscription.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestCertificates } from '../scripts/zenoh-router-certs.mjs';
import { type RunningRouter, startRouter } from '../scripts/zenoh-router-lib.mjs';
import { WakeSignal } from '../src/executor/wake-signal.js';
import { type Executor, type ExecutorOptions, QoS } from '../src/index.js';
import { BytesServiceType, BytesType, payloadOf } from './bytes-type.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import { type CaseContext, within } from './harness/recorder.js';

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

async function startShapes(dir: string): Promise<{ shapes: Shape[]; routers: RunningRouter[] }> {
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

export async function benchRouterMesh(bc: BenchContext): Promise<void> {
  const { rec, mode } = bc;
  const dir = mkdtempSync(join(tmpdir(), 'rclts-bench-mesh-'));
  const routers: RunningRouter[] = [];
  const ends: Ends[] = [];
  try {
    await rec.runCase(BENCH, 'setup: 1 router, a mesh of 2, a mesh of 2 with TLS', 60_000, async () => {
      const started = await startShapes(dir);
      routers.push(...started.routers);
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
  } finally {
    await Promise.all(ends.map((e) => e.close().catch(() => undefined)));
    await Promise.all(routers.map((r) => r.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
