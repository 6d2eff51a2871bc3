/**
 * Benchmark 6: heap per registered entity (10 000 of each kind; over zenoh read after every
 * declaration settled, and the time that took is a row of its own). Each configuration runs in
 * its own child process started with --expose-gc (full collections before and after, nothing
 * else on the heap): rclts subscriptions and clients on the in-process backend, against a Node
 * EventEmitter listener as the floor; on the zenoh backend, rclts subscriptions and clients
 * against raw zenoh-ts subscribers through the same router.
 */
import { forkBenchChild } from './harness/child.js';
import { type BenchContext, byMode } from './harness/context.js';
import type { Figure } from './harness/results.js';

const BENCH = 'memory';

interface Config {
  readonly kind: 'subscription' | 'client' | 'emitter' | 'raw-subscriber';
  readonly backend: 'local' | 'zenoh';
  readonly label: string;
  /** Entities registered when not 10 000. */
  readonly n?: number;
}

const CONFIGS: readonly Config[] = [
  { kind: 'emitter', backend: 'local', label: 'Node EventEmitter listener' },
  { kind: 'subscription', backend: 'local', label: 'rclts subscription (in-process)' },
  { kind: 'client', backend: 'local', label: 'rclts client (in-process)' },
  { kind: 'raw-subscriber', backend: 'zenoh', label: 'raw zenoh-ts subscriber' },
  // Read once every declaration has been answered (each entity's ready()), within the child's
  // budget (CHILD_BUDGET_MS): 10 000 of them settled in 7-30 s at a load of ~10 on 2 cores.
  { kind: 'subscription', backend: 'zenoh', label: 'rclts subscription (zenoh)' },
  { kind: 'client', backend: 'zenoh', label: 'rclts client (zenoh)' },
];

/** How long one child may take to declare, settle and read its heap. */
const CHILD_BUDGET_MS = 110_000;

export async function benchMemory(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  const defaultN = 10_000;
  const reps = byMode(mode, 1, 3);
  const figs = new Map<string, Figure>();
  for (const c of CONFIGS) {
    if (c.backend === 'zenoh' && locator === undefined) {
      rec.error(BENCH, c.label, '-', 'no router');
      continue;
    }
    const samples: number[] = [];
    const settleMs: number[] = [];
    const n = c.n ?? defaultN;
    await rec.runCase(
      BENCH,
      `${c.label} x ${n.toLocaleString('en')}${reps > 1 ? `, ${reps} processes` : ''}`,
      reps * (CHILD_BUDGET_MS + 10_000),
      async (ctx) => {
        for (let r = 0; r < reps && !ctx.signal.aborted; r++) {
          const child = forkBenchChild(
            'entity-memory.ts',
            [c.kind, c.backend, String(n), ...(locator !== undefined ? [locator] : [])],
            ['--expose-gc'],
          );
          try {
            const m = await child.next('result', CHILD_BUDGET_MS);
            samples.push(Number(m.perEntity));
            settleMs.push(Number(m.createMs));
            ctx.log(
              `${Number(m.perEntity).toFixed(0)} B per entity (heap ${(Number(m.before) / 2 ** 20).toFixed(1)} -> ${(Number(m.after) / 2 ** 20).toFixed(1)} MiB, registered in ${Number(m.createMs).toFixed(0)} ms)`,
            );
          } finally {
            child.kill();
          }
        }
      },
    );
    if (samples.length > 0)
      figs.set(
        c.label,
        rec.measure({
          bench: BENCH,
          case: `${n} entities`,
          subject: c.label,
          metric: 'heap per entity',
          unit: 'B',
          samples,
        }),
      );
    if (c.backend === 'zenoh' && settleMs.length > 0)
      rec.measure({
        bench: BENCH,
        case: `${n} entities`,
        subject: c.label,
        metric: 'declared and settled in',
        unit: 'ms',
        samples: settleMs,
      });
  }
  for (const [mine, base] of [
    ['rclts subscription (in-process)', 'Node EventEmitter listener'],
    ['rclts client (in-process)', 'Node EventEmitter listener'],
    ['rclts subscription (zenoh)', 'raw zenoh-ts subscriber'],
    ['rclts client (zenoh)', 'raw zenoh-ts subscriber'],
  ] as const) {
    const f = figs.get(mine);
    if (f === undefined) continue;
    const n = CONFIGS.find((c) => c.label === mine)?.n ?? defaultN;
    const baseN = CONFIGS.find((c) => c.label === base)?.n ?? defaultN;
    const raw = figs.get(base);
    rec.compare({
      bench: BENCH,
      case: `${n.toLocaleString('en')} entities`,
      metric: 'heap per entity',
      better: 'lower',
      subject: mine,
      figure: f,
      baselineSubject: baseN === n ? base : `${base} (at ${baseN.toLocaleString('en')})`,
      baseline: raw,
      ...(mine === 'rclts subscription (in-process)'
        ? { target: { on: 'value', op: '<=', bound: 512, text: '≤ 512 B' } as const }
        : {}),
      // Over zenoh the bound is what rclts adds to a raw subscriber: at most 1 KiB.
      ...(base === 'raw zenoh-ts subscriber' && raw !== undefined
        ? { target: { on: 'value', op: '<=', bound: raw.value + 1024, text: '≤ raw + 1 KiB' } as const }
        : {}),
    });
  }
}
