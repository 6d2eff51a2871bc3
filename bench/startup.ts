/**
 * Start-up: time from process start to the first message delivered, in-process and through
 * the router, each process a fresh `node --import tsx` (bench/child/startup-*.ts), against a
 * bare zenoh-ts script doing the same through the router; and the browser bundle's size per
 * entry (raw and gzip, the entry with every chunk it can load) against a bare zenoh-ts bundle
 * built the same way (scripts/build-browser.mjs's options and plugin).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildBrowserBundle } from '../scripts/build-browser.mjs';
import { rcltsBrowser } from '../scripts/vite-rclts-browser.mjs';
import { forkBenchChild } from './harness/child.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { type Figure, Unit } from './harness/results.js';

const BENCH = 'startup';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHILD_BUDGET_MS = 30_000;
const TARGET = { op: '<=', bound: 1.5, text: '≤ 1.5x bare zenoh-ts' } as const;

type Subject = 'rclts in-process' | 'rclts through the router' | 'bare zenoh-ts through the router';

async function startOnce(subject: Subject, locator: string): Promise<number> {
  const topic = `startup_${process.pid}_${Date.now().toString(36)}`;
  const child =
    subject === 'bare zenoh-ts through the router'
      ? forkBenchChild(
          'startup-zenoh-ts.ts',
          ['--router', locator, '--topic', topic],
          ['--experimental-wasm-modules', '--no-warnings'],
        )
      : forkBenchChild(
          'startup-rclts.ts',
          subject === 'rclts in-process' ? ['--topic', topic] : ['--router', locator, '--topic', topic],
        );
  try {
    const m = await child.next('delivered', CHILD_BUDGET_MS);
    return Number(m.ms);
  } finally {
    child.kill();
  }
}

async function benchStartTimes(bc: BenchContext, locator: string): Promise<void> {
  const { rec } = bc;
  const reps = byMode(bc.mode, 5, 15);
  const subjects: Subject[] = ['rclts in-process', 'rclts through the router', 'bare zenoh-ts through the router'];
  const samples = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
  await rec.runCase(
    BENCH,
    `process start to first message: 1 warm-up + ${reps} processes each`,
    (reps + 1) * 3 * CHILD_BUDGET_MS,
    async (ctx) => {
      for (const s of subjects) await startOnce(s, locator); // warm-up: tsx's transform cache, the OS's file cache
      for (let round = 0; round < reps && !ctx.signal.aborted; round++) {
        for (const s of rotated(subjects, round)) samples.get(s)?.push(await startOnce(s, locator));
      }
    },
  );
  const figures = new Map<Subject, Figure>();
  for (const s of subjects) {
    const got = samples.get(s) ?? [];
    if (got.length === 0) continue;
    figures.set(
      s,
      rec.measure({
        bench: BENCH,
        case: 'first message',
        subject: s,
        metric: 'ms from process start',
        unit: Unit.Millis,
        samples: got,
      }),
    );
  }
  const bare = figures.get('bare zenoh-ts through the router');
  for (const s of ['rclts in-process', 'rclts through the router'] as const) {
    rec.compare({
      bench: BENCH,
      case: s === 'rclts in-process' ? 'first message, in-process' : 'first message, through the router',
      metric: 'p50 ms from process start',
      better: 'lower',
      subject: s,
      figure: figures.get(s),
      baselineSubject: 'bare zenoh-ts through the router',
      baseline: bare,
      target: TARGET,
      note:
        s === 'rclts in-process'
          ? 'zenoh-ts has no in-process path: the baseline is its nearest, one session through the router'
          : 'one session publishing to its own subscription',
    });
  }
}

interface EntrySize {
  readonly raw: number;
  readonly gzip: number;
}

/** The entry file and every chunk it imports, statically or lazily (what a page may load for it). */
function entrySize(dir: string, file: string): EntrySize {
  const seen = new Set<string>();
  const todo = [file];
  let raw = 0;
  let gzip = 0;
  while (todo.length > 0) {
    const f = todo.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
    for (const m of bytes.toString('utf8').matchAll(/(?:from|import)\s*\(?\s*["']\.\/([^"']+\.js)["']/g)) {
      todo.push(m[1] as string);
    }
  }
  return { raw, gzip };
}

async function buildBare(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    plugins: [rcltsBrowser()],
    resolve: { conditions: ['browser', 'module', 'import', 'default'] },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      sourcemap: false,
      lib: { entry: { 'zenoh-ts': join(ROOT, 'bench/child/zenoh-ts-browser-entry.ts') }, formats: ['es'] },
    },
  });
}

async function benchBundleSizes(bc: BenchContext): Promise<void> {
  const { rec } = bc;
  const dir = mkdtempSync(join(tmpdir(), 'rclts-bench-bundle-'));
  const sizes = new Map<string, EntrySize>();
  try {
    await rec.runCase(BENCH, 'browser bundle per entry (vite, as scripts/build-browser.mjs)', 300_000, async () => {
      await buildBrowserBundle({ outDir: join(dir, 'rclts') });
      await buildBare(join(dir, 'bare'));
      for (const entry of ['rclts', 'vrobots', 'msgs', 'interfaces-runtime']) {
        sizes.set(entry, entrySize(join(dir, 'rclts'), `${entry}.js`));
      }
      sizes.set('zenoh-ts', entrySize(join(dir, 'bare'), 'zenoh-ts.js'));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const bare = sizes.get('zenoh-ts');
  if (bare === undefined) return;
  const figure = (n: number): Figure => ({ value: n, unit: Unit.Bytes });
  for (const [entry, size] of sizes) {
    if (entry === 'zenoh-ts') continue;
    for (const kind of ['raw', 'gzip'] as const) {
      rec.compare({
        bench: BENCH,
        case: `browser bundle, ${kind}`,
        metric: 'bytes (entry and every chunk it can load)',
        better: 'lower',
        subject: `rclts/${entry === 'rclts' ? '' : entry}`.replace(/\/$/, ''),
        figure: figure(size[kind]),
        baselineSubject: 'bare zenoh-ts bundle',
        baseline: figure(bare[kind]),
        ...(entry === 'rclts' || entry === 'vrobots' ? { target: TARGET } : { note: 'holds no zenoh-ts: information' }),
      });
    }
  }
}

export async function benchStartup(bc: BenchContext): Promise<void> {
  if (bc.locator === undefined) {
    bc.rec.error(BENCH, 'first message', '-', 'no router');
  } else {
    await benchStartTimes(bc, bc.locator);
  }
  await benchBundleSizes(bc);
}
