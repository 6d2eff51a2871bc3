/**
 * Pub/sub throughput, rclts against real ROS 2 (rclpy over Fast DDS, or over rmw_zenoh_cpp
 * through the same router as rclts): std_msgs/String of the
 * sizes of bench/pubsub-throughput.ts, reliable + keep-all on both stacks, a publisher process
 * and a subscriber process each. The publisher sends a block as fast as its library takes it;
 * what counts is messages DELIVERED per second, from the first publish to the last delivery
 * (wall clock, both processes on one machine), and what never arrived is counted lost. The
 * row's baseline is rclpy's subscriber under its faster executor; its default one is shown beside it.
 */
import { type BenchMode, byMode, rotated } from './harness/context.js';
import { type CaseContext, type Recorder, sleep } from './harness/recorder.js';
import {
  type LinePeer,
  numberField,
  RCLPY_DEFAULT,
  RCLPY_EVENTS,
  RCLTS,
  type RclpyComparison,
  startRole,
} from './rclpy-peer.js';

/** No delivery for this long with everything published: the rest is counted lost. */
const STALL_MS = 1500;
const POLL_MS = 50;
/** Deliveries standing still this long: nothing of an earlier block is still on its way. */
const SETTLE_MS = 150;

const CASES = [
  { size: 100, label: '100 B', count: [5000, 50_000] },
  { size: 1200, label: '1.2 KiB', count: [3000, 25_000] },
  { size: 64 * 1024, label: '64 KiB', count: [200, 1500] },
  { size: 1024 * 1024, label: '1 MiB', count: [20, 150] },
] as const;

interface Pair {
  readonly name: string;
  readonly pub: LinePeer;
  readonly sub: LinePeer;
}

export interface BlockOutcome {
  readonly delivered: number;
  /** Not delivered before the block gave up on them: late or lost (the case's drain tells which). */
  readonly missing: number;
  /** delivered / (last delivery - first publish); NaN when nothing arrived. */
  readonly rate: number;
}

/** The figures of one block from the publisher's start and the subscriber's counts before and after. */
export function blockOutcome(count: number, start: number, before: number, after: number, last: number): BlockOutcome {
  const delivered = Math.min(count, Math.max(0, after - before));
  const seconds = last - start;
  return {
    delivered,
    missing: count - delivered,
    rate: delivered > 0 && seconds > 0 ? delivered / seconds : Number.NaN,
  };
}

interface Report {
  readonly n: number;
  readonly last: number;
}

async function report(sub: LinePeer): Promise<Report> {
  const m = await sub.request({ cmd: 'report' }, 'report', 5000);
  return { n: numberField(m, 'delivered'), last: numberField(m, 'last') };
}

/** Polls the subscriber until it has `target` deliveries or none came for `stallMs`. */
async function deliveredUpTo(sub: LinePeer, target: number, stallMs: number, ctx: CaseContext): Promise<Report> {
  let now = await report(sub);
  let progressAt = Date.now();
  for (let seen = now.n; now.n < target && Date.now() - progressAt < stallMs && !ctx.signal.aborted; ) {
    await sleep(POLL_MS);
    now = await report(sub);
    if (now.n !== seen) {
      seen = now.n;
      progressAt = Date.now();
    }
  }
  return now;
}

async function block(pair: Pair, size: number, count: number, ctx: CaseContext): Promise<BlockOutcome> {
  // Late deliveries of an earlier block must not count in this one: wait until the count stands still.
  const before = (await deliveredUpTo(pair.sub, Number.POSITIVE_INFINITY, SETTLE_MS, ctx)).n;
  const published = await pair.pub.request({ cmd: 'publish', size, count }, 'published', 60_000);
  const now = await deliveredUpTo(pair.sub, before + count, STALL_MS, ctx);
  const failed = numberField(published, 'failed');
  if (failed > 0) ctx.log(`${pair.name}: ${failed} publish calls failed`);
  return blockOutcome(count, numberField(published, 'start'), before, now.n, now.last);
}

export async function benchRclpyPubSub(
  rec: Recorder,
  mode: BenchMode,
  cmp: RclpyComparison,
  prefix: string,
): Promise<void> {
  const BENCH = `pub/sub vs ${cmp.against}`;
  const pairs: Pair[] = [];
  const peers: LinePeer[] = [];
  try {
    const ready = await rec.runCase(
      BENCH,
      'setup: a subscriber and a publisher process per stack',
      60_000,
      async () => {
        const stacks = cmp.stacks(false);
        const subs = await startRole(peers, stacks, 'sub', `${prefix}_topic`);
        const pubs = await startRole(peers, stacks, 'pub', `${prefix}_topic`);
        for (const s of stacks) pairs.push({ name: s.name, pub: pubs.get(s.name)!, sub: subs.get(s.name)! });
      },
    );
    if (!ready) return;
    const rounds = byMode(mode, 6, 16);
    for (const c of CASES) {
      const count = byMode(mode, c.count[0], c.count[1]);
      const rates = new Map<string, number[]>(pairs.map((p) => [p.name, []]));
      const lost = new Map<string, number>(pairs.map((p) => [p.name, 0]));
      await rec.runCase(
        BENCH,
        `String ${c.label}: ${rounds}x${count} messages per stack`,
        byMode(mode, 120_000, 600_000),
        async (ctx) => {
          const base = new Map<string, number>();
          const sent = new Map<string, number>(pairs.map((p) => [p.name, 0]));
          const run = async (p: Pair, n: number): Promise<BlockOutcome> => {
            sent.set(p.name, sent.get(p.name)! + n);
            return block(p, c.size, n, ctx);
          };
          for (const p of pairs) base.set(p.name, (await report(p.sub)).n);
          for (const p of pairs) await run(p, Math.max(10, Math.floor(count / 10))); // warm-up
          for (let r = 0; r < rounds && !ctx.signal.aborted; r++)
            for (const p of rotated(pairs, r)) {
              const b = await run(p, count);
              if (Number.isFinite(b.rate)) rates.get(p.name)!.push(b.rate);
              const missing = b.missing > 0 ? `, ${b.missing} not delivered within the block` : '';
              ctx.log(`${p.name}: ${b.delivered}/${count} = ${b.rate.toFixed(0)} msg/s${missing}`);
            }
          // Lost is what never arrived: a late message is slow, not lost.
          for (const p of pairs) {
            const total = base.get(p.name)! + sent.get(p.name)!;
            const end = await deliveredUpTo(p.sub, total, 2 * STALL_MS, ctx);
            lost.set(p.name, Math.max(0, total - end.n));
          }
        },
      );
      const fig = (name: string) => {
        const samples = rates.get(name)!;
        if (samples.length === 0) return undefined;
        const extra = { lost: lost.get(name)!, payloadBytes: c.size };
        return rec.measure({
          bench: BENCH,
          case: c.label,
          subject: name,
          metric: 'delivered msg/s',
          unit: 'msg/s',
          samples,
          extra,
        });
      };
      const base = fig(RCLPY_EVENTS);
      const usual = fig(RCLPY_DEFAULT);
      const mine = fig(RCLTS);
      const mbps = (v: number | undefined): string =>
        v === undefined ? '-' : `${((v * c.size) / 1e6).toFixed(1)} MB/s`;
      const rate = (v: number | undefined): string => (v === undefined ? '-' : `${(v / 1000).toFixed(2)} k/s`);
      rec.compare({
        bench: BENCH,
        case: `String ${c.label}`,
        metric: 'delivered msg/s',
        better: 'higher',
        subject: 'rclts Publisher -> Subscription',
        figure: mine,
        baselineSubject: `${RCLPY_EVENTS}, ${mbps(base?.value)}, ${lost.get(RCLPY_EVENTS)} lost; ${RCLPY_DEFAULT}: ${rate(usual?.value)}, ${lost.get(RCLPY_DEFAULT)} lost`,
        baseline: base,
        note: `[${mbps(mine?.value)}, ${lost.get(RCLTS)} lost]`,
        ...(cmp.rateTarget !== undefined ? { target: cmp.rateTarget } : {}),
      });
      if (cmp.lossTarget !== undefined && mine !== undefined)
        rec.compare({
          bench: BENCH,
          case: `String ${c.label}`,
          metric: 'lost',
          better: 'lower',
          subject: 'rclts Publisher -> Subscription',
          figure: { value: lost.get(RCLTS)!, unit: 'count' },
          baselineSubject: `${RCLPY_EVENTS} lost; ${RCLPY_DEFAULT}: ${lost.get(RCLPY_DEFAULT)}`,
          baseline: { value: lost.get(RCLPY_EVENTS)!, unit: 'count' },
          target: cmp.lossTarget,
        });
    }
  } finally {
    await Promise.all(peers.map((p) => p.stop()));
  }
}
