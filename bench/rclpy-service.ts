/**
 * Service round trip, rclts against real ROS 2 (rclpy over Fast DDS, or over rmw_zenoh_cpp
 * through the same router as rclts): std_srvs/Trigger, whose
 * request is empty and whose response carries a string, answered with a message of 16 B, 1 KiB
 * and 64 KiB. No standard service from the ROS wheels carries bytes both ways, so the payload
 * goes one way only, unlike the echo of bench/service-round-trip.ts. Each stack runs its own
 * pair of processes (server, client), on the transport its comparison gives it.
 * The targets are judged against rclpy's faster executor; its default one is shown beside it.
 * Bare zenoh-ts runs the same shape in its own two processes, shown beside rclpy (rclpy-peer.ts),
 * and rclts under `--max-semi-space-size=4` (the remedy for a client's major GCs that
 * docs/zenoh-backend.md gives) is a row of its own, not judged.
 */
import { byMode, rotated } from './harness/context.js';
import type { CaseContext, Recorder } from './harness/recorder.js';
import type { Figure, Target } from './harness/results.js';
import {
  type LinePeer,
  RCLPY_DEFAULT,
  RCLPY_EVENTS,
  RCLTS,
  RAW_ZENOH_TS,
  RCLTS_SMALL_YOUNG,
  type RclpyComparison,
  samplesOf,
  startRole,
} from './rclpy-peer.js';
import type { BenchMode } from './harness/context.js';

const SIZES = [16, 1024, 64 * 1024] as const;
const P50_TARGET: Target = { op: '<=', bound: 1, text: 'p50 ≤ rclpy' };

export interface Subject {
  readonly name: string;
  /** The stack whose processes run it. */
  readonly stack: string;
  readonly peer: LinePeer;
  readonly api: string;
  /** rclts's rows, judged against their targets or shown without; or a baseline (no rows). */
  readonly rows: 'judged' | 'shown' | 'baseline';
}

function label(size: number): string {
  return size >= 1024 ? `${size / 1024} KiB` : `${size} B`;
}

/** Major GCs of our peers (rclts, bare zenoh-ts) while the measured calls ran, by process. */
export interface MajorGcs {
  client: number;
  server: number;
}

/** A samples message's major GCs of the client (our peers report them; rclpy's do not). */
function majorGcsOf(m: Record<string, unknown>): number {
  const gc = m.gc as { major?: unknown } | undefined;
  return typeof gc?.major === 'number' ? gc.major : 0;
}

async function block(s: Subject, size: number, count: number, gcs?: MajorGcs): Promise<number[]> {
  const m = await s.peer.request({ cmd: 'calls', size, count, api: s.api }, 'samples', 5000 + count * 3000);
  if (gcs !== undefined) gcs.client += majorGcsOf(m);
  return samplesOf(m);
}

/** The stacks whose servers count their GCs (our peers). */
const COUNTED = [RCLTS, RAW_ZENOH_TS, RCLTS_SMALL_YOUNG] as const;
/** The remedy docs/zenoh-backend.md gives for a client's major GCs: information, not judged. */
export const SMALL_YOUNG_SUBJECT = 'rclts PollClient.call, node --max-semi-space-size=4';

/** Each counted server's major GCs since it was last asked. */
async function serverGcs(servers: ReadonlyMap<string, LinePeer>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const name of COUNTED) {
    const peer = servers.get(name);
    if (peer !== undefined) out.set(name, majorGcsOf({ gc: await peer.request({ cmd: 'gcs' }, 'gcs', 5000) }));
  }
  return out;
}

export async function benchRclpyService(
  rec: Recorder,
  mode: BenchMode,
  cmp: RclpyComparison,
  prefix: string,
): Promise<void> {
  const BENCH = `service vs ${cmp.against}`;
  const args = ['--sizes', SIZES.join(',')];
  const stacks = cmp.stacks(true);
  const peers: LinePeer[] = [];
  const subjects: Subject[] = [];
  let servers: ReadonlyMap<string, LinePeer> = new Map();
  try {
    const ready = await rec.runCase(BENCH, 'setup: a server and a client process per stack', 60_000, async () => {
      servers = await startRole(peers, stacks, 'server', `${prefix}_srv`, args);
      const clients = await startRole(peers, stacks, 'client', `${prefix}_srv`, args);
      subjects.push(
        { name: RCLPY_EVENTS, stack: RCLPY_EVENTS, peer: clients.get(RCLPY_EVENTS)!, api: 'rclpy', rows: 'baseline' },
        {
          name: RCLPY_DEFAULT,
          stack: RCLPY_DEFAULT,
          peer: clients.get(RCLPY_DEFAULT)!,
          api: 'rclpy',
          rows: 'baseline',
        },
        { name: 'rclts PollClient.call', stack: RCLTS, peer: clients.get(RCLTS)!, api: 'poll', rows: 'judged' },
        { name: 'rclts ClientHandle', stack: RCLTS, peer: clients.get(RCLTS)!, api: 'handle', rows: 'judged' },
        { name: RAW_ZENOH_TS, stack: RAW_ZENOH_TS, peer: clients.get(RAW_ZENOH_TS)!, api: 'raw', rows: 'baseline' },
        // The remedy's rows are information: no target.
        {
          name: SMALL_YOUNG_SUBJECT,
          stack: RCLTS_SMALL_YOUNG,
          peer: clients.get(RCLTS_SMALL_YOUNG)!,
          api: 'poll',
          rows: 'shown',
        },
      );
    });
    if (!ready) return;
    // As in service-round-trip.ts: V8 optimizes rclts's path after some thousand calls, so a
    // short warm-up measured rclts cold against an interpreter that has no such phase.
    const warmup = 3000;
    const rounds = byMode(mode, 20, 40);
    const perBlock = byMode(mode, 50, 100);
    for (const size of SIZES) {
      const samples = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
      const gcs = new Map<string, MajorGcs>(subjects.map((s) => [s.name, { client: 0, server: 0 }]));
      await rec.runCase(
        BENCH,
        `Trigger, ${label(size)} response: ${warmup} warm-up + ${rounds}x${perBlock} per subject`,
        byMode(mode, 90_000, 300_000),
        async (ctx: CaseContext) => {
          for (const s of subjects) await block(s, size, warmup);
          await serverGcs(servers);
          for (let r = 0; r < rounds && !ctx.signal.aborted; r++)
            for (const s of rotated(subjects, r))
              samples.get(s.name)!.push(...(await block(s, size, perBlock, gcs.get(s.name))));
          // A server serves every client form of its stack: its count is theirs together.
          const counted = await serverGcs(servers);
          for (const s of subjects) gcs.get(s.name)!.server = counted.get(s.stack) ?? 0;
        },
      );
      reportServiceRows(rec, BENCH, cmp.p99Target, size, subjects, samples, gcs);
    }
  } finally {
    await Promise.all(peers.map((p) => p.stop()));
  }
}

/** One size's rows: rclts's subjects against rclpy's EventsExecutor, the other stacks beside it. */
export function reportServiceRows(
  rec: Recorder,
  BENCH: string,
  p99Target: Target,
  size: number,
  subjects: readonly Subject[],
  samples: ReadonlyMap<string, number[]>,
  gcs: ReadonlyMap<string, MajorGcs>,
): void {
  const subject = new Map(subjects.map((s) => [s.name, s]));
  const figures = new Map<string, Figure>();
  for (const [name, us] of samples) {
    if (us.length === 0) continue;
    const measured = { bench: BENCH, case: label(size), subject: name, metric: 'round trip', unit: 'us' } as const;
    figures.set(name, rec.measure({ ...measured, samples: us }));
  }
  const base = figures.get(RCLPY_EVENTS);
  const gcText = (name: string): string => {
    const g = gcs.get(name);
    const stack = subject.get(name)?.stack;
    return g === undefined || !COUNTED.some((counted) => counted === stack)
      ? ''
      : `, major GCs client ${g.client} / server ${g.server}`;
  };
  const besideOf = (name: string): string => {
    const s = figures.get(name)?.summary;
    return s === undefined ? '' : `; ${name}: p50 ${s.p50.toFixed(0)} µs, p99 ${s.p99.toFixed(0)} µs${gcText(name)}`;
  };
  const beside = besideOf(RCLPY_DEFAULT) + besideOf(RAW_ZENOH_TS);
  // Without its summary: the cell would show the same p99 a second time.
  const p99 = (f: Figure | undefined): Figure | undefined =>
    f?.summary === undefined ? undefined : { value: f.summary.p99, unit: f.unit };
  for (const [name, f] of figures) {
    rec.log(
      `  ${name}: p50 ${f.value.toFixed(0)} µs, p99 ${f.summary?.p99.toFixed(0)} µs (n=${f.summary?.n})${gcText(name)}`,
    );
    const rows = subject.get(name)?.rows ?? 'baseline';
    if (rows === 'baseline') continue;
    const common = {
      bench: BENCH,
      case: `Trigger ${label(size)}`,
      better: 'lower',
      subject: name,
      baselineSubject: `${RCLPY_EVENTS}${beside}`,
      note: `[${gcText(name).slice(2)} in the measured calls]`,
    } as const;
    const judged = rows === 'judged';
    const p50Target = judged ? { target: P50_TARGET } : {};
    const tailTarget = judged ? { target: p99Target } : {};
    rec.compare({ ...common, metric: 'p50 latency', figure: f, baseline: base, ...p50Target });
    rec.compare({ ...common, metric: 'p99 latency', figure: p99(f), baseline: p99(base), ...tailTarget });
  }
}
