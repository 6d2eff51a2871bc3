/**
 * Pub/sub throughput, rclts against real ROS 2 (rclpy over Fast DDS): std_msgs/String of the
 * sizes of bench/pubsub-throughput.ts, reliable + keep-all on both stacks, a publisher process
 * and a subscriber process each. The publisher sends a block as fast as its library takes it;
 * what counts is messages DELIVERED per second, from the first publish to the last delivery
 * (wall clock, both processes on one machine), and what was not delivered is counted lost.
 */
import { type BenchMode, byMode, rotated } from './harness/context.js';
import { type CaseContext, type Recorder, sleep } from './harness/recorder.js';
import { type LinePeer, numberField, spawnRclpyPeer, spawnRcltsPeer } from './rclpy-peer.js';

const BENCH = 'pub/sub vs ROS 2';
const RCLPY = 'rclpy (Fast DDS)';
const RCLTS = 'rclts Publisher -> Subscription';
/** No delivery for this long with everything published: the rest is counted lost. */
const STALL_MS = 1500;
const POLL_MS = 50;
const READY_BUDGET_MS = 30_000;

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
  readonly lost: number;
  /** delivered / (last delivery - first publish); NaN when nothing arrived. */
  readonly rate: number;
}

/** The figures of one block from the publisher's start and the subscriber's counts before and after. */
export function blockOutcome(count: number, start: number, before: number, after: number, last: number): BlockOutcome {
  const delivered = Math.min(count, Math.max(0, after - before));
  const seconds = last - start;
  return { delivered, lost: count - delivered, rate: delivered > 0 && seconds > 0 ? delivered / seconds : Number.NaN };
}

async function delivered(sub: LinePeer): Promise<{ n: number; last: number }> {
  const m = await sub.request({ cmd: 'report' }, 'report', 5000);
  return { n: numberField(m, 'delivered'), last: numberField(m, 'last') };
}

async function block(pair: Pair, size: number, count: number, ctx: CaseContext): Promise<BlockOutcome> {
  const before = (await delivered(pair.sub)).n;
  const published = await pair.pub.request({ cmd: 'publish', size, count }, 'published', 60_000);
  let now = await delivered(pair.sub);
  let progressAt = Date.now();
  for (let seen = now.n; now.n - before < count && Date.now() - progressAt < STALL_MS && !ctx.signal.aborted; ) {
    await sleep(POLL_MS);
    now = await delivered(pair.sub);
    if (now.n !== seen) {
      seen = now.n;
      progressAt = Date.now();
    }
  }
  const outcome = blockOutcome(count, numberField(published, 'start'), before, now.n, now.last);
  const failed = numberField(published, 'failed');
  if (failed > 0) ctx.log(`${pair.name}: ${failed} publish calls failed`);
  return outcome;
}

export async function benchRclpyPubSub(
  rec: Recorder,
  mode: BenchMode,
  venv: string,
  locator: string,
  prefix: string,
): Promise<void> {
  const args = ['--prefix', `${prefix}_topic`];
  const pairs: Pair[] = [];
  const peers: LinePeer[] = [];
  try {
    const ready = await rec.runCase(
      BENCH,
      'setup: publisher and subscriber processes, rclpy and rclts',
      60_000,
      async () => {
        const rclpySub = spawnRclpyPeer(venv, 'sub', args);
        const rcltsSub = spawnRcltsPeer('sub', args, locator);
        peers.push(rclpySub, rcltsSub);
        for (const s of [rclpySub, rcltsSub]) await s.next('ready', READY_BUDGET_MS);
        const rclpyPub = spawnRclpyPeer(venv, 'pub', args);
        const rcltsPub = spawnRcltsPeer('pub', args, locator);
        peers.push(rclpyPub, rcltsPub);
        for (const p of [rclpyPub, rcltsPub]) await p.next('ready', READY_BUDGET_MS);
        pairs.push({ name: RCLPY, pub: rclpyPub, sub: rclpySub }, { name: RCLTS, pub: rcltsPub, sub: rcltsSub });
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
          for (const p of pairs) await block(p, c.size, Math.max(10, Math.floor(count / 10)), ctx); // warm-up
          for (let r = 0; r < rounds && !ctx.signal.aborted; r++)
            for (const p of rotated(pairs, r)) {
              const b = await block(p, c.size, count, ctx);
              if (Number.isFinite(b.rate)) rates.get(p.name)!.push(b.rate);
              lost.set(p.name, lost.get(p.name)! + b.lost);
              ctx.log(
                `${p.name}: ${b.delivered}/${count} = ${b.rate.toFixed(0)} msg/s${b.lost > 0 ? `, ${b.lost} lost` : ''}`,
              );
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
      const base = fig(RCLPY);
      const mine = fig(RCLTS);
      const mbps = (v: number | undefined): string =>
        v === undefined ? '-' : `${((v * c.size) / 1e6).toFixed(1)} MB/s`;
      rec.compare({
        bench: BENCH,
        case: `String ${c.label}`,
        metric: 'delivered msg/s',
        better: 'higher',
        subject: RCLTS,
        figure: mine,
        baselineSubject: `${RCLPY}, ${mbps(base?.value)}, ${lost.get(RCLPY)} lost`,
        baseline: base,
        note: `[${mbps(mine?.value)}, ${lost.get(RCLTS)} lost]`,
      });
    }
  } finally {
    await Promise.all(peers.map((p) => p.stop()));
  }
}
