/**
 * Start-up: time from process start to the first message delivered, in-process and through
 * the router, each process a fresh node, against a bare zenoh-ts script doing the same through
 * the router; and the browser bundle's size per entry (raw and gzip, the entry with every chunk
 * it can load) against a bare zenoh-ts bundle built the same way (scripts/build-browser.mjs's
 * options and plugin), and, as information, a minimal talker page on each, minified as a
 * production build ships it.
 *
 * The judged rows run what an installed package runs: plain node importing the package's Node
 * entry (tsc with tsconfig.build.json, then scripts/build-node.mjs, as `npm run build`, into
 * node_modules/.cache), next to the bare script under plain node. The same program on tsc's
 * modules before bundling, and from the sources under tsx's loader (a source checkout, as the
 * examples run), is printed beside them as information.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildBrowserBundle } from '../scripts/build-browser.mjs';
import { buildNodeBundles } from '../scripts/build-node.mjs';
import { copyBuildAssets } from '../scripts/copy-build-assets.mjs';
import { rcltsBrowser } from '../scripts/vite-rclts-browser.mjs';
import { forkBenchChild } from './harness/child.js';
import { type BenchContext, byMode, rotated } from './harness/context.js';
import { type Figure, Unit } from './harness/results.js';

const BENCH = 'startup';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Inside the repository, so the build resolves the package's dependencies from its node_modules. */
const BUILD_DIR = join(ROOT, 'node_modules/.cache/rclts-bench-startup');
const BUILD_BUDGET_MS = 300_000;
const CHILD_BUDGET_MS = 30_000;
const TARGET = { op: '<=', bound: 1.5, text: '≤ 1.5x bare zenoh-ts' } as const;

const BARE = 'bare zenoh-ts through the router';
const SUBJECTS = [
  { name: 'rclts in-process', entry: 'built', router: false },
  { name: 'rclts through the router', entry: 'built', router: true },
  { name: "rclts on tsc's modules (unbundled) through the router", entry: 'tsc', router: true },
  { name: 'rclts from source (tsx) in-process', entry: 'source', router: false },
  { name: 'rclts from source (tsx) through the router', entry: 'source', router: true },
] as const;
type Subject = (typeof SUBJECTS)[number]['name'] | typeof BARE;

interface BuiltEntries {
  /** The package's Node entry (dist/node/index.js). */
  readonly built: string;
  /** tsc's module of the same (dist/src/index.js), which the Node entry bundles. */
  readonly tsc: string;
}

/** tsc into BUILD_DIR with the package's build config, the generated files beside it, then the Node entries. */
async function buildPackage(signal: AbortSignal): Promise<BuiltEntries> {
  rmSync(BUILD_DIR, { recursive: true, force: true });
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', BUILD_DIR], {
    cwd: ROOT,
    signal,
    maxBuffer: 16 * 2 ** 20,
  });
  copyBuildAssets(BUILD_DIR);
  await buildNodeBundles(BUILD_DIR);
  const entries = { built: join(BUILD_DIR, 'node/index.js'), tsc: join(BUILD_DIR, 'src/index.js') };
  for (const file of Object.values(entries)) if (!existsSync(file)) throw new Error(`the build wrote no ${file}`);
  return entries;
}

async function startOnce(subject: Subject, locator: string, built: BuiltEntries): Promise<number> {
  const topic = `startup_${process.pid}_${Date.now().toString(36)}`;
  const s = SUBJECTS.find((x) => x.name === subject);
  const child =
    s === undefined
      ? forkBenchChild(
          'startup-zenoh-ts.mjs',
          ['--router', locator, '--topic', topic],
          ['--experimental-wasm-modules', '--no-warnings'],
          { loader: 'none' },
        )
      : forkBenchChild(
          'startup-rclts.mjs',
          [
            '--entry',
            s.entry === 'source' ? join(ROOT, 'src/index.ts') : built[s.entry],
            '--topic',
            topic,
            ...(s.router ? ['--router', locator] : []),
          ],
          [],
          { loader: s.entry === 'source' ? 'tsx' : 'none' },
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
  let builtEntries: BuiltEntries | undefined;
  await rec.runCase(BENCH, 'build the package (tsc, then its Node entries)', BUILD_BUDGET_MS, async (ctx) => {
    const t0 = performance.now();
    builtEntries = await buildPackage(ctx.signal);
    ctx.log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${builtEntries.built}`);
  });
  if (builtEntries === undefined) return;
  const entry = builtEntries;
  const reps = byMode(bc.mode, 5, 15);
  const subjects: Subject[] = [...SUBJECTS.map((x) => x.name), BARE];
  const samples = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
  try {
    await rec.runCase(
      BENCH,
      `process start to first message: 1 warm-up + ${reps} processes each`,
      (reps + 1) * subjects.length * CHILD_BUDGET_MS,
      async (ctx) => {
        for (const s of subjects) await startOnce(s, locator, entry); // warm-up: tsx's transform cache, the OS's file cache
        for (let round = 0; round < reps && !ctx.signal.aborted; round++) {
          for (const s of rotated(subjects, round)) samples.get(s)?.push(await startOnce(s, locator, entry));
        }
      },
    );
  } finally {
    rmSync(BUILD_DIR, { recursive: true, force: true });
  }
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
  const bare = figures.get(BARE);
  for (const s of SUBJECTS) {
    const judged = s.entry === 'built';
    rec.compare({
      bench: BENCH,
      case: s.router ? 'first message, through the router' : 'first message, in-process',
      metric: 'p50 ms from process start',
      better: 'lower',
      subject: s.name,
      figure: figures.get(s.name),
      baselineSubject: BARE,
      baseline: bare,
      ...(judged ? { target: TARGET } : {}),
      note: [
        judged
          ? "the package's Node entry under plain node, as installed"
          : s.entry === 'tsc'
            ? "information: tsc's modules, a file each, which the Node entry bundles into a few"
            : "information: the sources under tsx's loader",
        s.router
          ? 'one session publishing to its own subscription'
          : 'zenoh-ts has no in-process path: the baseline is its nearest, one session through the router',
      ].join('; '),
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

/** One entry built with scripts/build-browser.mjs's options and plugin; `minify` as a production build of a page. */
async function buildEntry(outDir: string, name: string, file: string, minify = false): Promise<void> {
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
      minify,
      sourcemap: false,
      lib: { entry: { [name]: join(ROOT, file) }, formats: ['es'] },
    },
  });
}

/** A talker page (bench/child/talker-page-*.ts) as a bundler ships it: tree-shaken and minified. */
const PAGES = [
  { name: 'talker-page-rclts', subject: 'a talker page on rclts, minified' },
  { name: 'talker-page-zenoh-ts', subject: 'the same page on bare zenoh-ts, minified' },
] as const;

async function benchBundleSizes(bc: BenchContext): Promise<void> {
  const { rec } = bc;
  const dir = mkdtempSync(join(tmpdir(), 'rclts-bench-bundle-'));
  const sizes = new Map<string, EntrySize>();
  try {
    await rec.runCase(BENCH, 'browser bundle per entry (vite, as scripts/build-browser.mjs)', 300_000, async () => {
      await buildBrowserBundle({ outDir: join(dir, 'rclts') });
      await buildEntry(join(dir, 'bare'), 'zenoh-ts', 'bench/child/zenoh-ts-browser-entry.ts');
      for (const entry of ['rclts', 'vrobots', 'msgs', 'interfaces-runtime']) {
        sizes.set(entry, entrySize(join(dir, 'rclts'), `${entry}.js`));
      }
      sizes.set('zenoh-ts', entrySize(join(dir, 'bare'), 'zenoh-ts.js'));
      for (const page of PAGES) {
        await buildEntry(join(dir, page.name), page.name, `bench/child/${page.name}.ts`, true);
        sizes.set(page.name, entrySize(join(dir, page.name), `${page.name}.js`));
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const bare = sizes.get('zenoh-ts');
  if (bare === undefined) return;
  const figure = (n: number): Figure => ({ value: n, unit: Unit.Bytes });
  for (const [entry, size] of sizes) {
    if (entry === 'zenoh-ts' || entry.startsWith('talker-page')) continue;
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
  // What a user's page pays, beside the entries' whole contents: information.
  const [mine, theirs] = PAGES.map((p) => sizes.get(p.name));
  if (mine === undefined || theirs === undefined) return;
  for (const kind of ['raw', 'gzip'] as const) {
    rec.compare({
      bench: BENCH,
      case: `talker page, ${kind}`,
      metric: 'bytes (page and every chunk it can load)',
      better: 'lower',
      subject: PAGES[0].subject,
      figure: figure(mine[kind]),
      baselineSubject: PAGES[1].subject,
      baseline: figure(theirs[kind]),
      note: 'information: an executor, a node, a String publisher and subscription, tree-shaken',
    });
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
