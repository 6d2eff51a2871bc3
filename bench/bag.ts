/**
 * Bags: recording throughput over the real router, and playback timing.
 * - Recording: one publisher (its own executor) sends std_msgs/UInt8MultiArray of 100 B, 64 KiB
 *   and 1 MiB with at most `window` in flight; the subjects are a plain subscription that only
 *   counts (what `rclts topic echo` costs at least), the recorder writing an MCAP bag to a
 *   temporary folder (`startRecording` + `openBagWriter`), and — the writer's own ceiling —
 *   the MCAP writer alone fed the same bytes with no transport. Drops are reported per row.
 * - Playback: a bag of messages 10 ms apart played in-process; the error is each message's
 *   arrival against its schedule (first arrival + its log-time offset), p50 and p99.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Recorder as BagRecorder,
  type BagWriter,
  createPlayer,
  type Executor,
  memoryBagFiles,
  nodeBagFiles,
  openBagReader,
  openBagWriter,
  QoS,
  startRecording,
  std_msgs,
} from '../src/index.js';
import { type BenchContext, byMode } from './harness/context.js';
import { must, openExecutor, shutdownExecutor } from './harness/rclts.js';
import { type CaseContext, sleep } from './harness/recorder.js';
import { uniquePrefix } from './harness/router.js';

const BENCH = 'bag';
const CASES = [
  { size: 100, label: '100 B', count: [3000, 20_000] },
  { size: 64 * 1024, label: '64 KiB', count: [300, 2000] },
  { size: 1024 * 1024, label: '1 MiB', count: [40, 200] },
] as const;
const STALL_MS = 1500;

function windowFor(size: number): number {
  return Math.max(4, Math.min(1000, Math.floor((4 * 2 ** 20) / size)));
}

function payload(size: number): Uint8Array {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i++) data[i] = (i * 31 + 7) & 0xff;
  return std_msgs.msg.UInt8MultiArray.encode({ layout: { dim: [], data_offset: 0 }, data });
}

/** A UInt8MultiArray topic on `writer`, as the recorder would declare it (no schema text). */
function declareTopic(writer: BagWriter, topic: string): ReturnType<BagWriter['createTopic']> {
  return writer.createTopic(
    {
      name: topic,
      type: 'std_msgs/msg/UInt8MultiArray',
      serializationFormat: 'cdr',
      offeredQosProfiles: [],
      typeDescriptionHash: '',
    },
    { encoding: 'unknown', name: 'std_msgs/msg/UInt8MultiArray', data: '' },
  );
}

interface Block {
  readonly delivered: number;
  readonly seconds: number;
}

/** Sends `count` with at most `window` in flight; what arrived and how long it took. */
async function flow(
  publish: () => void,
  delivered: () => number,
  count: number,
  window: number,
  ctx: CaseContext,
): Promise<Block> {
  const base = delivered();
  const t0 = performance.now();
  let sent = 0;
  let seen = 0;
  let lastMove = t0;
  let lastDelivery = t0;
  while (!ctx.signal.aborted) {
    const got = delivered() - base;
    const now = performance.now();
    if (got !== seen) {
      seen = got;
      lastMove = now;
      lastDelivery = now;
    } else if (now - lastMove > STALL_MS) break;
    if (got >= count) break;
    while (sent < count && sent - got < window) {
      publish();
      sent++;
    }
    await sleep(1);
  }
  return { delivered: Math.min(delivered() - base, count), seconds: (lastDelivery - t0) / 1000 };
}

async function recordingCase(bc: BenchContext, locator: string, c: (typeof CASES)[number]): Promise<void> {
  const { rec, mode } = bc;
  const count = byMode(mode, c.count[0], c.count[1]);
  const bytes = payload(c.size);
  const topic = `/bag_bench_${uniquePrefix('t').replace(/[^A-Za-z0-9_]/g, '_')}/payload`;
  const window = windowFor(c.size);
  let pubEx: Executor | undefined;
  let subEx: Executor | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'rclts-bench-bag-'));
  const rates: Record<string, number> = {};
  const notes: Record<string, string> = {};
  await rec.runCase(
    BENCH,
    `${c.label}: ${count} messages, window ${window}`,
    byMode(mode, 120_000, 400_000),
    async (ctx) => {
      pubEx = await openExecutor({ router: locator }, 'publisher executor');
      subEx = await openExecutor({ router: locator }, 'recorder executor');
      const pubNode = must(pubEx.createNode('bag_bench_talker'), 'talker');
      const subNode = must(subEx.createNode('bag_bench_recorder'), 'recorder node');
      const pub = must(
        pubNode.createPublisher(std_msgs.msg.UInt8MultiArray, topic, QoS.default().keepLast(1000)),
        'pub',
      );
      must(await pub.ready(10_000), 'publisher ready');
      const publish = (): void => void pub.publishRaw(bytes);
      const spinning = subEx.spin();
      try {
        // the subscription alone
        let plain = 0;
        const sub = must(
          subNode.createGenericSubscription(
            'std_msgs/msg/UInt8MultiArray',
            topic,
            () => void plain++,
            QoS.default().keepLast(1000),
            { raw: true },
          ),
          'subscription',
        );
        await sleep(500);
        await flow(publish, () => plain, Math.max(10, count / 10), window, ctx);
        const a = await flow(publish, () => plain, count, window, ctx);
        rates.subscription = a.delivered / a.seconds;
        notes.subscription = `${count - a.delivered} not delivered`;
        sub.reset();
        await sleep(300);

        // the recorder writing an MCAP bag
        const writer = must(await openBagWriter({ files: nodeBagFiles(join(dir, 'bag')) }), 'writer');
        const recorder: BagRecorder = must(
          startRecording(subNode, { writer, topics: [topic], discoveryPeriodMs: 50 }),
          'recorder',
        );
        const recorded = (): number => recorder.stats().messages;
        await sleep(800);
        await flow(publish, recorded, Math.max(10, count / 10), window, ctx);
        const b = await flow(publish, recorded, count, window, ctx);
        subEx.cancel();
        await spinning;
        const report = must(await recorder.stop(30_000), 'recorder stop');
        const d = report.stats.dropped;
        rates.recorder = b.delivered / b.seconds;
        notes.recorder = `${count - b.delivered} not recorded; dropped: queue ${d.queue_overflow}, lost ${d.message_lost}, write ${d.write_failed}`;
      } finally {
        subEx.cancel();
      }

      // the MCAP writer alone
      const alone = must(await openBagWriter({ files: nodeBagFiles(join(dir, 'alone')) }), 'writer alone');
      must(declareTopic(alone, topic), 'topic');
      const t0 = performance.now();
      let refused = 0;
      for (let i = 0; i < count; i++) {
        const t = BigInt(Date.now()) * 1_000_000n + BigInt(i);
        if (!alone.write(topic, bytes.slice(), t, t).ok) {
          refused++;
          must(await alone.flush(), 'flush');
        }
      }
      must(await alone.close(), 'close alone');
      rates.writer = count / ((performance.now() - t0) / 1000);
      notes.writer = `${refused} writes refused (queue full, retried after a flush)`;
    },
  );
  await shutdownExecutor(pubEx);
  await shutdownExecutor(subEx);
  rmSync(dir, { recursive: true, force: true });
  const fig = (subject: string, v: number | undefined) =>
    v === undefined
      ? undefined
      : rec.measure({
          bench: BENCH,
          case: c.label,
          subject,
          metric: 'msg/s',
          unit: 'msg/s',
          samples: [v],
          extra: { payloadBytes: c.size },
        });
  const sub = fig('subscription alone', rates.subscription);
  const recd = fig('recorder', rates.recorder);
  const writer = fig('MCAP writer alone', rates.writer);
  if (recd === undefined) return;
  const mb = (v: number | undefined) => (v === undefined ? '' : `${((v * bytes.length) / 1e6).toFixed(1)} MB/s`);
  rec.compare({
    bench: BENCH,
    case: `recording ${c.label}`,
    metric: 'msg/s',
    better: 'higher',
    subject: `recorder (${mb(rates.recorder)}; ${notes.recorder ?? ''})`,
    figure: recd,
    baselineSubject: `subscription alone (${mb(rates.subscription)}; ${notes.subscription ?? ''})`,
    baseline: sub,
  });
  rec.compare({
    bench: BENCH,
    case: `recording ${c.label}`,
    metric: 'msg/s',
    better: 'higher',
    subject: `recorder (${mb(rates.recorder)})`,
    figure: recd,
    baselineSubject: `MCAP writer alone (${mb(rates.writer)}; ${notes.writer ?? ''})`,
    baseline: writer,
  });
}

async function playbackCase(bc: BenchContext): Promise<void> {
  const { rec, mode } = bc;
  const n = byMode(mode, 200, 1000);
  const errors: number[] = [];
  await rec.runCase(BENCH, `playback timing: ${n} messages 10 ms apart, in-process`, 60_000 + n * 20, async () => {
    const files = memoryBagFiles('timing');
    const writer = must(await openBagWriter({ files }), 'writer');
    const topic = '/bench_timing';
    must(declareTopic(writer, topic), 'topic');
    const t0 = 1_700_000_000_000_000_000n;
    const bytes = payload(100);
    for (let i = 0; i < n; i++) must(writer.write(topic, bytes, t0 + BigInt(i) * 10_000_000n, t0), 'write');
    must(await writer.close(), 'close');
    const ex = await openExecutor({}, 'playback executor');
    try {
      const node = must(ex.createNode('bag_bench_player'), 'node');
      const arrivals: number[] = [];
      must(
        node.createGenericSubscription(
          'std_msgs/msg/UInt8MultiArray',
          topic,
          () => void arrivals.push(performance.now()),
          QoS.default().keepLast(1000),
          { raw: true },
        ),
        'subscription',
      );
      const reader = must(await openBagReader({ files }), 'reader');
      const player = must(createPlayer(node, { reader }), 'player');
      must(player.play(), 'play');
      must(await player.waitForFinish(n * 10 + 30_000), 'playback');
      await ex.spinFor(50);
      player.stop();
      await reader.close();
      const first = arrivals[0] ?? 0;
      for (const [i, at] of arrivals.entries()) errors.push(Math.abs(at - first - i * 10));
    } finally {
      await shutdownExecutor(ex);
    }
  });
  if (errors.length === 0) return;
  const fig = rec.measure({
    bench: BENCH,
    case: 'playback timing',
    subject: 'player',
    metric: '|arrival - schedule|',
    unit: 'ms',
    samples: errors,
  });
  rec.compare({
    bench: BENCH,
    case: 'playback timing',
    metric: '|arrival - schedule| p50',
    better: 'lower',
    subject: `player (p99 ${(fig.summary?.p99 ?? Number.NaN).toFixed(2)} ms, ${errors.length} of ${n} arrived)`,
    figure: fig,
  });
}

export async function benchBag(bc: BenchContext): Promise<void> {
  if (bc.locator === undefined) bc.rec.error(BENCH, 'recording', '-', 'no router');
  else for (const c of CASES) await recordingCase(bc, bc.locator, c);
  await playbackCase(bc);
}
