/**
 * Benchmark 2: pub/sub throughput over the real router, one publisher to one subscription.
 * rclts (publisher in one executor, subscription dispatched by another executor's spin)
 * against raw zenoh-ts (declarePublisher.put -> declareSubscriber callback), each in two
 * sessions. Both sides run the same windowed loop: at most `window` messages in flight
 * (published, not yet delivered), so neither piles up unbounded buffers; what counts is
 * messages DELIVERED per second. Both use reliable + keep-all semantics (congestion BLOCK).
 */
import type { Sample } from '@eclipse-zenoh/zenoh-ts';
import { WakeSignal } from '../src/executor/wake-signal.js';
import { type Executor, QoS } from '../src/index.js';
import { BytesType, payloadOf } from './bytes-type.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import { type CaseContext, within } from './harness/recorder.js';
import { closeRawSession, openRawSession, uniquePrefix, zenohTs } from './harness/router.js';
import { median } from './harness/stats.js';

const BENCH = 'pub/sub throughput';
const TARGET = { op: '>=', bound: 0.95, text: '≥ 0.95x raw' } as const;
/** No delivery for this long with everything sent: the rest is counted lost. */
const STALL_MS = 1500;

interface PayloadCase {
  readonly size: number;
  readonly label: string;
  /** messages per block: quick, full */
  readonly count: readonly [number, number];
}

const CASES: readonly PayloadCase[] = [
  { size: 100, label: '100 B', count: [5000, 50_000] },
  { size: 1200, label: '1.2 KiB', count: [3000, 25_000] },
  { size: 64 * 1024, label: '64 KiB', count: [1000, 3000] },
  { size: 1024 * 1024, label: '1 MiB', count: [100, 300] },
];

/** In-flight bound: about 4 MiB of payload, between 4 and 1000 messages. */
function windowFor(size: number): number {
  return Math.max(4, Math.min(1000, Math.floor((4 * 2 ** 20) / size)));
}

interface Flow {
  readonly name: string;
  publish(bytes: Uint8Array): void;
  delivered(): number;
  readonly wake: WakeSignal;
  close(): Promise<void>;
}

async function rawFlow(locator: string, key: string): Promise<Flow> {
  const z = await zenohTs();
  const pubSession = await openRawSession(locator);
  const subSession = await openRawSession(locator);
  const wake = new WakeSignal();
  let delivered = 0;
  const subscriber = await subSession.declareSubscriber(key, {
    handler: (_s: Sample) => {
      delivered += 1;
      wake.notify();
    },
  });
  const publisher = await pubSession.declarePublisher(key, {
    reliability: z.Reliability.RELIABLE,
    congestionControl: z.CongestionControl.BLOCK,
  });
  let failures = 0;
  return {
    name: 'raw zenoh-ts put',
    wake,
    publish: (bytes) => {
      publisher.put(bytes).catch(() => {
        failures += 1;
      });
    },
    delivered: () => delivered,
    close: async () => {
      if (failures > 0) throw new Error(`raw put failed ${failures} times`);
      // A stuck undeclare must not hang the run after the cases (closes run outside any case budget).
      await within(publisher.undeclare(), 3000, `raw publisher ${key} undeclare`).catch(() => undefined);
      await within(subscriber.undeclare(), 3000, `raw subscriber ${key} undeclare`).catch(() => undefined);
      await closeRawSession(pubSession);
      await closeRawSession(subSession);
    },
  };
}

async function rclFlow(locator: string, key: string): Promise<Flow> {
  let pubExec: Executor | undefined;
  let subExec: Executor | undefined;
  try {
    pubExec = await openExecutor({ router: locator }, 'publisher executor');
    subExec = await openExecutor({ router: locator, keepAllLimit: 100_000 }, 'subscription executor');
    const wake = new WakeSignal();
    let delivered = 0;
    const qos = QoS.default().keepAll();
    const subNode = must(subExec.createNode('bench_listener', { naming: 'raw' }), 'listener node');
    must(
      subNode.createSubscription(
        BytesType,
        key,
        () => {
          delivered += 1;
          wake.notify();
        },
        qos,
      ),
      `createSubscription ${key}`,
    );
    const pubNode = must(pubExec.createNode('bench_talker', { naming: 'raw' }), 'talker node');
    const publisher = must(pubNode.createPublisher(BytesType, key, qos), `createPublisher ${key}`);
    must(await within(publisher.ready(10_000), 10_000, `publisher ${key} ready`), `publisher ${key} ready`);
    const spinning = subExec.spin();
    let failures = 0;
    let lastError = '';
    const s = subExec;
    const p = pubExec;
    return {
      name: 'rclts Publisher -> Subscription',
      wake,
      publish: (bytes) => {
        const r = publisher.publish(bytes);
        if (!r.ok) {
          failures += 1;
          lastError = r.error.message;
        }
      },
      delivered: () => delivered,
      close: async () => {
        s.cancel();
        await within(spinning, 3000, 'subscription spin to stop').catch(() => undefined);
        await shutdownExecutor(p);
        await shutdownExecutor(s);
        if (failures > 0) throw new Error(`rclts publish failed ${failures} times: ${lastError}`);
      },
    };
  } catch (e) {
    await shutdownExecutor(pubExec);
    await shutdownExecutor(subExec);
    throw e;
  }
}

/**
 * The median of the round-by-round ratios (a subject's block against the raw block of the same
 * round, run back to back): the load of a shared machine drifts between rounds, and a pair
 * sees the same load, so this shows the gap with less of that noise than the ratio of medians.
 */
function pairedNote(mine: readonly (number | undefined)[], raw: readonly (number | undefined)[]): string {
  const ratios: number[] = [];
  mine.forEach((m, r) => {
    const b = raw[r];
    if (m !== undefined && b !== undefined && b > 0) ratios.push(m / b);
  });
  return ratios.length === 0 ? '' : `, paired by round ${median(ratios).toFixed(2)}x`;
}

interface BlockResult {
  readonly delivered: number;
  readonly lost: number;
  readonly seconds: number;
}

/** Publishes `count` messages with at most `window` in flight; answers what was delivered and when. */
async function block(
  flow: Flow,
  payload: Uint8Array,
  count: number,
  window: number,
  ctx: CaseContext,
  budgetMs: number,
): Promise<BlockResult> {
  const base = flow.delivered();
  const t0 = performance.now();
  const deadline = Date.now() + budgetMs;
  let sent = 0;
  let writtenOff = 0;
  let seen = 0;
  let lastProgress = performance.now();
  let lastDeliveryAt = t0;
  while (!ctx.signal.aborted && Date.now() < deadline) {
    const got = flow.delivered() - base;
    const now = performance.now();
    if (got !== seen) {
      seen = got;
      lastProgress = now;
      lastDeliveryAt = now;
    } else if (now - lastProgress > STALL_MS) {
      if (sent >= count) break;
      writtenOff = sent - got; // nothing moves: presume the in-flight ones lost and go on
      lastProgress = now;
    }
    if (got >= count) break;
    while (sent < count && sent - got - writtenOff < window) {
      flow.publish(payload);
      sent += 1;
    }
    await flow.wake.wait(20);
  }
  const delivered = Math.min(flow.delivered() - base, count);
  // Late deliveries of this block must not count in the next one: let the pipe drain.
  const drainUntil = Date.now() + STALL_MS;
  let last = flow.delivered();
  while (Date.now() < drainUntil && flow.delivered() - base < sent) {
    await flow.wake.wait(100);
    if (flow.delivered() === last) break;
    last = flow.delivered();
  }
  return { delivered, lost: Math.max(0, sent - (flow.delivered() - base)), seconds: (lastDeliveryAt - t0) / 1000 };
}

export async function benchPubSubThroughput(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  if (locator === undefined) {
    rec.error(BENCH, 'all', '-', 'no router');
    return;
  }
  const rounds = byMode(mode, 8, 16);
  const prefix = uniquePrefix('pubsub');
  const flows: Flow[] = [];
  try {
    await rec.runCase(BENCH, 'setup raw zenoh-ts publisher/subscriber', 20_000, async () => {
      flows.push(await rawFlow(locator, `${prefix}/raw`));
    });
    await rec.runCase(BENCH, 'setup rclts publisher/subscription', 30_000, async () => {
      flows.push(await rclFlow(locator, `${prefix}/rclts`));
    });
    const raw = flows.find((f) => f.name.startsWith('raw'));
    for (const c of CASES) {
      const count = byMode(mode, c.count[0], c.count[1]);
      const window = windowFor(c.size);
      const payload = payloadOf(c.size);
      const rates = new Map<string, number[]>(flows.map((f) => [f.name, []]));
      /** Each round's rate per flow (undefined when nothing came), to pair a subject with raw round by round. */
      const byRound = new Map<string, (number | undefined)[]>(flows.map((f) => [f.name, []]));
      const lost = new Map<string, number>(flows.map((f) => [f.name, 0]));
      const failed = new Set<string>();
      const blockBudget = byMode(mode, 15_000, 60_000);
      await rec.runCase(
        BENCH,
        `${c.label}: ${rounds}x${count} messages per subject, window ${window}`,
        (rounds + 1) * flows.length * (blockBudget + 2 * STALL_MS) + 5000,
        async (ctx) => {
          for (const f of flows) {
            // warm-up: declarations settled, JIT warm, buffers sized
            const w = await block(f, payload, Math.max(10, Math.floor(count / 10)), window, ctx, blockBudget);
            if (w.delivered === 0) {
              failed.add(f.name);
              rec.error(BENCH, c.label, f.name, `nothing delivered in warm-up within ${blockBudget} ms`);
            }
          }
          for (let r = 0; r < rounds && !ctx.signal.aborted; r++) {
            for (const f of rotated(flows, r)) {
              if (failed.has(f.name)) continue;
              const b = await block(f, payload, count, window, ctx, blockBudget);
              const rate = b.delivered > 0 && b.seconds > 0 ? b.delivered / b.seconds : undefined;
              if (rate !== undefined) rates.get(f.name)!.push(rate);
              byRound.get(f.name)![r] = rate;
              lost.set(f.name, lost.get(f.name)! + b.lost);
              ctx.log(
                `${f.name}: ${b.delivered}/${count} in ${b.seconds.toFixed(2)} s = ${(b.delivered / b.seconds).toFixed(0)} msg/s${b.lost > 0 ? `, ${b.lost} lost` : ''}`,
              );
            }
          }
        },
      );
      const figures = new Map(
        flows
          .filter((f) => rates.get(f.name)!.length > 0)
          .map((f) => {
            const fig = rec.measure({
              bench: BENCH,
              case: c.label,
              subject: f.name,
              metric: 'delivered msg/s',
              unit: 'msg/s',
              samples: rates.get(f.name)!,
              extra: { lost: lost.get(f.name)!, payloadBytes: c.size, window },
            });
            return [f.name, fig] as const;
          }),
      );
      const base = raw === undefined ? undefined : figures.get(raw.name);
      const mbps = (v: number | undefined): string =>
        v === undefined ? '' : `${((v * c.size) / 1e6).toFixed(1)} MB/s`;
      for (const f of flows) {
        if (f === raw) continue;
        const fig = figures.get(f.name);
        if (fig === undefined) continue;
        const lostNote = `, ${lost.get(f.name)} lost`;
        rec.compare({
          bench: BENCH,
          case: c.label,
          metric: 'delivered msg/s',
          better: 'higher',
          subject: f.name,
          figure: fig,
          baselineSubject: `raw zenoh-ts put, ${mbps(base?.value)}${raw !== undefined ? `, ${lost.get(raw.name)} lost` : ''}`,
          baseline: base,
          target: TARGET,
          note: `[${mbps(fig.value)}${lostNote}${pairedNote(byRound.get(f.name)!, raw === undefined ? [] : byRound.get(raw.name)!)}]`,
        });
      }
    }
  } finally {
    for (const f of flows)
      await f
        .close()
        .catch((e: unknown) => rec.error(BENCH, 'close', f.name, e instanceof Error ? e.message : String(e)));
  }
}
