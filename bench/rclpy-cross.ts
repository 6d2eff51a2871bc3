/**
 * The check that rclts and rclpy on rmw_zenoh_cpp really share the router of the rows: the
 * pub/sub shape once across the stacks, an rclpy publisher to an rclts subscriber and an rclts
 * publisher to an rclpy subscriber, every message counted. Each role is its own process, as in
 * the rows; a pair that cannot even see each other fails its setup with the peer's sentence.
 */
import type { CaseContext, Recorder } from './harness/recorder.js';
import { sleep } from './harness/recorder.js';
import { type LinePeer, numberField, type Stack } from './rclpy-peer.js';

const COUNT = 2000;
const SIZE = 100;
const STALL_MS = 2000;
const READY_BUDGET_MS = 30_000;

async function delivered(sub: LinePeer): Promise<number> {
  return numberField(await sub.request({ cmd: 'report' }, 'report', 5000), 'delivered');
}

/** Publishes COUNT messages from `pub` and answers how many `sub` got before it stalled. */
async function crossOnce(pub: LinePeer, sub: LinePeer, ctx: CaseContext): Promise<number> {
  const before = await delivered(sub);
  await pub.request({ cmd: 'publish', size: SIZE, count: COUNT }, 'published', 60_000);
  let n = await delivered(sub);
  for (let seen = n, at = Date.now(); n - before < COUNT && Date.now() - at < STALL_MS && !ctx.signal.aborted; ) {
    await sleep(50);
    n = await delivered(sub);
    if (n !== seen) {
      seen = n;
      at = Date.now();
    }
  }
  return n - before;
}

/** Rows `rclpy -> rclts` and `rclts -> rclpy` under `bench`: delivered of COUNT, all expected. */
export async function crossStackCheck(
  rec: Recorder,
  bench: string,
  rclpy: Stack,
  rclts: Stack,
  prefix: string,
): Promise<void> {
  const pairs = [
    { name: `${rclpy.name} publisher -> rclts subscription`, pub: rclpy, sub: rclts, key: 'to_rclts' },
    { name: `rclts publisher -> ${rclpy.name} subscription`, pub: rclts, sub: rclpy, key: 'to_rclpy' },
  ];
  for (const p of pairs) {
    const peers: LinePeer[] = [];
    let got: number | undefined;
    try {
      await rec.runCase(bench, `cross-stack: ${p.name}, ${COUNT} x String ${SIZE} B`, 90_000, async (ctx) => {
        const topic = ['--prefix', `${prefix}_cross_${p.key}`];
        const sub = p.sub.spawn('sub', topic);
        peers.push(sub);
        await sub.next('ready', READY_BUDGET_MS);
        const pub = p.pub.spawn('pub', topic);
        peers.push(pub);
        await pub.next('ready', READY_BUDGET_MS);
        got = await crossOnce(pub, sub, ctx);
        ctx.log(`${p.name}: ${got}/${COUNT} delivered`);
      });
    } finally {
      await Promise.all(peers.map((x) => x.stop()));
    }
    if (got === undefined) continue;
    rec.compare({
      bench,
      case: `cross-stack String ${SIZE} B`,
      metric: 'delivered',
      better: 'higher',
      subject: p.name,
      figure: { value: got, unit: 'count' },
      target: { on: 'value', op: '>=', bound: COUNT, text: `all ${COUNT} delivered` },
    });
  }
}
