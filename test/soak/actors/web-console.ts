/**
 * The web console actor: the vrobots console served by the CLI's web server, open in headless
 * Chromium for the whole run against router B (the swarm's simulator is on A, so what it draws
 * crossed the mesh). Sampled every few seconds: frames drawn, robots on screen, samples
 * received, the page's JS heap (CDP Performance.getMetrics) and its session worker's
 * (worker-heap.ts). Any error in the page's
 * console or an uncaught exception is a failure. Its pids are Chromium's processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { buildConsole } from '../../../scripts/build-console.mjs';
import { type ConsoleServer, serveConsole } from '../../../src/cli/vrobots/web-server.js';
import { launchChromium } from '../../browser/chromium.js';
import type { ActorReport, SoakActor, SoakContext } from '../contract.js';
import { locatorOf } from '../faults/mesh-probe.js';
import { commandLine, descendants } from './process-tree.js';
import { WorkerHeaps } from './worker-heap.js';

const SAMPLE_MS = 5000;
const READY_BUDGET_MS = 30_000;
/** Heap samples before this share of the run are warm-up, left out of the slope. */
const WARMUP_SHARE = 0.2;
const KEEP_ERRORS = 20;
const HEAP_KEEP = 8192;

interface PageSample {
  readonly atMs: number;
  readonly frames: number;
  readonly robots: number;
  readonly samples: number;
  readonly heapBytes: number;
  /** The console's session worker (zenoh-ts and rclts live there). */
  readonly workerHeapBytes: number;
}

/** Least-squares slope of y over x, per unit of x. */
export function slope(points: readonly (readonly [number, number])[]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

async function readPage(page: Page, cdp: CDPSession, workers: WorkerHeaps): Promise<PageSample> {
  const view = await page.evaluate(() => {
    const c = (window as { vrobotsConsole?: Record<string, unknown> }).vrobotsConsole as
      | { stats: { frames: number }; model: { samples: number; list(now: number): unknown[] } }
      | undefined;
    return c === undefined
      ? { frames: 0, robots: 0, samples: 0 }
      : { frames: c.stats.frames, robots: c.model.list(Date.now()).length, samples: c.model.samples };
  });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heapBytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  const workerHeapBytes = (await workers.usedBytes().catch(() => undefined)) ?? 0;
  return { atMs: Date.now(), ...view, heapBytes, workerHeapBytes };
}

/** Hours of samples stay small: past the cap every other one goes. */
function keep(series: [number, number][], point: [number, number]): void {
  series.push(point);
  if (series.length > HEAP_KEEP) series.splice(0, series.length, ...series.filter((_, i) => i % 2 === 0));
}

const mib = (bytes: number | undefined) => Math.round(((bytes ?? 0) / 2 ** 20) * 10) / 10;
/** MiB per hour of a series after its warm-up share. */
function perHour(series: readonly [number, number][]): number {
  const warm = series.slice(Math.floor(series.length * WARMUP_SHARE));
  return Math.round(((slope(warm) * 3_600_000) / 2 ** 20) * 100) / 100;
}

export function createWebConsoleActor(): SoakActor {
  let assetsDir: string | undefined;
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let cdp: CDPSession | undefined;
  let workers: WorkerHeaps | undefined;
  let timer: NodeJS.Timeout | undefined;
  let browserPid: number | undefined;
  const errors: string[] = [];
  let errorCount = 0;
  const heap: [number, number][] = [];
  const workerHeap: [number, number][] = [];
  let first: PageSample | undefined;
  let last: PageSample | undefined;
  let maxRobots = 0;
  let sampleFailures = 0;
  const noteError = (line: string) => {
    errorCount += 1;
    if (errors.length < KEEP_ERRORS) errors.push(`${new Date().toISOString()} ${line}`);
  };
  return {
    name: 'web-console',
    async start(ctx: SoakContext): Promise<void> {
      const router = locatorOf((ctx.routers[1] ?? ctx.routers[0]!).wsUrl);
      assetsDir = mkdtempSync(join(tmpdir(), 'rclts-soak-console-'));
      await buildConsole({ outDir: assetsDir, logLevel: 'silent' });
      const served = await serveConsole({ assetsDir, port: 0, router });
      if (!served.ok) throw new Error(`web console: ${served.error.message}`);
      server = served.value;
      const before = new Set(descendants(process.pid));
      browser = await launchChromium();
      browserPid = descendants(process.pid).find((p) => !before.has(p) && /chrom/.test(commandLine(p)));
      page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      page.on('pageerror', (e) => noteError(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') noteError(`console: ${m.text()}`);
      });
      page.on('crash', () => noteError('the page crashed'));
      await page.goto(server.url);
      await page.waitForSelector('#status.ok', { timeout: READY_BUDGET_MS });
      cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      workers = await WorkerHeaps.open(browser);
      first = await readPage(page, cdp, workers);
      last = first;
      const tick = async () => {
        if (page === undefined || cdp === undefined || workers === undefined) return;
        try {
          const s = await readPage(page, cdp, workers);
          last = s;
          maxRobots = Math.max(maxRobots, s.robots);
          keep(heap, [s.atMs, s.heapBytes]);
          keep(workerHeap, [s.atMs, s.workerHeapBytes]);
        } catch {
          sampleFailures += 1;
        }
        timer = setTimeout(() => void tick(), SAMPLE_MS);
      };
      timer = setTimeout(() => void tick(), SAMPLE_MS);
      ctx.log(`web console: ${server.url} on ${router}, Chromium pid ${browserPid ?? '?'}`);
    },
    sample(): Record<string, number> {
      return {
        consoleFrames: last?.frames ?? 0,
        consoleRobots: last?.robots ?? 0,
        consoleHeapMiB: mib(last?.heapBytes),
        consoleWorkerHeapMiB: mib(last?.workerHeapBytes),
        consoleErrors: errorCount,
      };
    },
    pids(): readonly number[] {
      return browserPid === undefined ? [] : [browserPid, ...descendants(browserPid)];
    },
    async stop(): Promise<ActorReport> {
      clearTimeout(timer);
      timer = undefined;
      const failures = errors.map((e) => `page: ${e}`);
      if (errorCount > errors.length) failures.push(`... ${errorCount - errors.length} more page errors`);
      const seconds = first !== undefined && last !== undefined ? (last.atMs - first.atMs) / 1000 : 0;
      const rows = {
        frames: (last?.frames ?? 0) - (first?.frames ?? 0),
        framesPerSecond:
          seconds > 0 ? Math.round((((last?.frames ?? 0) - (first?.frames ?? 0)) / seconds) * 10) / 10 : 0,
        samplesReceived: (last?.samples ?? 0) - (first?.samples ?? 0),
        maxRobotsOnScreen: maxRobots,
        pageErrors: errorCount,
        heapFirstMiB: mib(first?.heapBytes),
        heapLastMiB: mib(last?.heapBytes),
        heapSlopeMiBPerHour: perHour(heap),
        workerHeapFirstMiB: mib(first?.workerHeapBytes),
        workerHeapLastMiB: mib(last?.workerHeapBytes),
        workerHeapSlopeMiBPerHour: perHour(workerHeap),
        heapSamples: heap.length,
        sampleFailures,
      };
      await workers?.close();
      await page?.close().catch(() => undefined);
      await browser?.close().catch(() => undefined);
      await server?.close();
      if (assetsDir !== undefined) rmSync(assetsDir, { recursive: true, force: true });
      return { name: 'web-console', rows, failures };
    },
  };
}
