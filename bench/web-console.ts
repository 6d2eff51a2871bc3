/**
 * Benchmark: the web console in headless Chromium (Debian's chromium through playwright-core)
 * watching N robots at 25 Hz that the headless simulator runs in a child process through the
 * router. Measured in the page over a window, once every robot is on screen: the work of one
 * animation frame (table, map, plots), frames per second, and sample-to-screen latency (a
 * sample's capture stamp to the end of the first frame that drew it; one clock, one machine).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildConsole } from '../scripts/build-console.mjs';
import { type ConsoleServer, serveConsole } from '../src/cli/vrobots/web-server.js';
import { launchChromium } from '../test/browser/chromium.js';
import { type ChildLink, forkBenchChild } from './harness/child.js';
import { type BenchContext, byMode } from './harness/context.js';
import { sleep } from './harness/recorder.js';
import { Unit } from './harness/results.js';

const BENCH = 'web';
const STATE_HZ = 25;
/** One frame at 60 Hz. */
const FRAME_BUDGET_MS = 1000 / 60;
/**
 * The frame rate at which the page still keeps up with a 60 Hz display: headless Chromium runs
 * 59.9-60.1 frames/s when nothing holds it back, and a few dropped frames a second are allowed.
 * Work per frame alone can fit the budget while the page draws half the frames (a main thread
 * busy with decoding and layout between them): both rows are judged.
 */
const FRAME_RATE_FLOOR = 55;

/**
 * Each swarm size and what it is held to (issue 32): 200 robots keep up with the display with a
 * sample-to-screen p50 of 50 ms; 1000 robots draw at 30 frames/s or more (the drawing thinned)
 * with a p99 of 250 ms. Both must not fall behind: the page takes in what the simulator sent
 * (every sample counted) and its latency does not grow over the window.
 */
interface CaseTargets {
  readonly robots: number;
  readonly fps: number;
  readonly latency: { readonly on: 'p50' | 'p99'; readonly boundMs: number } | undefined;
}
const CASES: readonly CaseTargets[] = [
  { robots: 50, fps: FRAME_RATE_FLOOR, latency: undefined },
  { robots: 200, fps: FRAME_RATE_FLOOR, latency: { on: 'p50', boundMs: 50 } },
  { robots: 1000, fps: 30, latency: { on: 'p99', boundMs: 250 } },
];
/** Share of what the simulator sent that the page must have counted in the window. */
const KEPT_UP_FLOOR = 0.98;
/** Growth of the latency's p50 from the window's first quarter to its last that still reads as keeping up. */
const DRIFT_BOUND_MS = 100;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor(sorted.length / 2)] as number);
}

interface PageStats {
  readonly frames: number;
  readonly frameMs: number[];
  readonly latencyMs: number[];
  /** Arrival in the session worker to the end of the frame (the page's share of the latency). */
  readonly pageMs: number[];
  readonly samples: number;
  readonly robots: number;
}

function readStats(page: Page): Promise<PageStats | undefined> {
  return page.evaluate(() => {
    const c = (window as { vrobotsConsole?: Record<string, unknown> }).vrobotsConsole as
      | {
          stats: { snapshot(): { frames: number; frameMs: number[]; latencyMs: number[]; pageMs: number[] } };
          model: { samples: number; list(now: number): unknown[] };
        }
      | undefined;
    if (c === undefined) return undefined;
    return { ...c.stats.snapshot(), samples: c.model.samples, robots: c.model.list(Date.now()).length };
  });
}

async function runCase(
  bc: BenchContext,
  server: ConsoleServer,
  browser: Browser,
  locator: string,
  targets: CaseTargets,
) {
  const { rec } = bc;
  const { robots } = targets;
  const caseName = `${robots} robots x ${STATE_HZ} Hz`;
  const windowMs = byMode(bc.mode, 8_000, 30_000);
  let sim: ChildLink | undefined;
  let page: Page | undefined;
  try {
    sim = forkBenchChild('simulator-process.ts', [locator, String(robots), 'multirotor']);
    await sim.next('ready', 90_000);
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(server.url);
    await page.waitForSelector('#status.ok', { timeout: 30_000 });
    const deadline = Date.now() + Math.max(30_000, robots * 150);
    while (((await readStats(page))?.robots ?? 0) < robots && Date.now() < deadline) await sleep(250);
    const seen = (await readStats(page))?.robots ?? 0;
    // On a loaded machine a few of a thousand robots can sit past FORGET_MS at any moment: 99 % on
    // screen starts the window, and the log says how many were.
    if (seen < Math.ceil(robots * 0.99))
      throw new Error(`only ${seen}/${robots} robots on screen before the warm-up budget ran out`);
    if (seen < robots) rec.log(`  ${seen}/${robots} robots on screen when the window starts`);
    // The worst case: a robot selected, so the plots draw too (through the page's controls: a
    // pointer click can time out on a page this busy, and the click is not what is measured).
    await page.evaluate(() => {
      const c = (window as { vrobotsConsole?: Record<string, unknown> }).vrobotsConsole as {
        controls: { select(sysId: number | undefined): void };
        model: { list(now: number): { sysId: number }[] };
      };
      c.controls.select(c.model.list(Date.now())[0]?.sysId);
    });
    await sleep(1000);
    await page.evaluate(() => {
      (window as { vrobotsConsole?: { stats: { reset(): void } } }).vrobotsConsole?.stats.reset();
    });
    // Chromium's own accounting of the page's main thread: all tasks, and the script share.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const mainThread = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      return {
        task: of('TaskDuration'),
        script: of('ScriptDuration'),
        layout: of('LayoutDuration') + of('RecalcStyleDuration'),
      };
    };
    const published = async () => Number((await sim?.request({ cmd: 'counters' }, 'counters', 5000))?.published);
    // RCLTS_WEB_PROFILE=<dir>: a CPU profile of the page's main thread over the window, for DevTools.
    const profileDir = process.env.RCLTS_WEB_PROFILE;
    if (profileDir !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const before = await readStats(page);
    const publishedBefore = await published();
    const threadBefore = await mainThread();
    await sleep(windowMs);
    const threadAfter = await mainThread();
    if (profileDir !== undefined) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(join(profileDir, `web-console-${robots}.cpuprofile`), JSON.stringify(profile));
    }
    const after = await readStats(page);
    const publishedAfter = await published();
    if (before === undefined || after === undefined) throw new Error('the page exposes no vrobotsConsole');
    const fps = ((after.frames - before.frames) * 1000) / windowMs;
    const delivered = ((after.samples - before.samples) * 1000) / windowMs;
    const sent = ((publishedAfter - publishedBefore) * 1000) / windowMs;
    const drawPct = (100 * after.frameMs.reduce((a, b) => a + b, 0)) / windowMs;
    const busy = (key: 'task' | 'script' | 'layout') =>
      `${((100 * (threadAfter[key] - threadBefore[key]) * 1000) / windowMs).toFixed(0)} %`;
    const subject = 'console page (Chromium)';
    const frame = rec.measure({
      bench: BENCH,
      case: caseName,
      subject,
      metric: 'frame time',
      unit: Unit.Millis,
      samples: after.frameMs,
    });
    const latency = rec.measure({
      bench: BENCH,
      case: caseName,
      subject,
      metric: 'sample-to-screen latency',
      unit: Unit.Millis,
      samples: after.latencyMs,
    });
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: 'frame time (work per animation frame)',
      better: 'lower',
      subject,
      figure: frame,
      target: { on: 'value', op: '<=', bound: FRAME_BUDGET_MS, text: 'fits a 60 Hz frame' },
      note: `${fps.toFixed(1)} frames/s; main thread busy ${busy('task')} (script ${busy('script')}, style+layout ${busy('layout')}; frames' own work ${drawPct.toFixed(0)} %)`,
    });
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: 'frame rate',
      better: 'higher',
      subject,
      figure: { value: fps, unit: Unit.PerSecond },
      target: {
        on: 'value',
        op: '>=',
        bound: targets.fps,
        text:
          targets.fps === FRAME_RATE_FLOOR
            ? `keeps up with 60 Hz (≥ ${FRAME_RATE_FLOOR} frames/s)`
            : `≥ ${targets.fps} frames/s`,
      },
    });
    const bound = targets.latency;
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: bound?.on === 'p99' ? 'sample-to-screen latency, p99' : 'sample-to-screen latency',
      better: 'lower',
      subject,
      figure: bound?.on === 'p99' ? { value: latency.summary?.p99 ?? Number.NaN, unit: Unit.Millis } : latency,
      ...(bound !== undefined
        ? { target: { on: 'value', op: '<=', bound: bound.boundMs, text: `${bound.on} ≤ ${bound.boundMs} ms` } }
        : {}),
      note: `p50 ${latency.value.toFixed(1)} ms, p99 ${(latency.summary?.p99 ?? Number.NaN).toFixed(1)} ms; of it arrival in the worker to screen p50 ${median(after.pageMs).toFixed(1)} ms`,
    });
    // Not falling behind: what the simulator sent reached the page's model, and latency holds steady.
    const quarter = Math.floor(after.latencyMs.length / 4);
    const drift = median(after.latencyMs.slice(-quarter)) - median(after.latencyMs.slice(0, quarter));
    rec.compare({
      bench: BENCH,
      case: caseName,
      metric: 'samples counted / sent (keeps up)',
      better: 'higher',
      subject,
      figure: { value: sent > 0 ? delivered / sent : Number.NaN, unit: Unit.Ratio },
      target: { on: 'value', op: '>=', bound: KEPT_UP_FLOOR, text: `≥ ${KEPT_UP_FLOOR} of what was sent` },
      note: `page counted ${delivered.toFixed(0)} samples/s; simulator sent ${sent.toFixed(0)} (nominal ${robots * STATE_HZ}); latency p50 drift over the window ${drift.toFixed(0)} ms (${drift <= DRIFT_BOUND_MS ? 'steady' : 'falling behind'})`,
    });
  } finally {
    await page?.close();
    sim?.kill();
  }
}

export async function benchWebConsole(bc: BenchContext): Promise<void> {
  const { rec } = bc;
  if (bc.locator === undefined) {
    rec.error(BENCH, 'setup', '-', 'no router');
    return;
  }
  const assetsDir = mkdtempSync(join(tmpdir(), 'rclts-bench-console-'));
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  try {
    await buildConsole({ outDir: assetsDir, logLevel: 'silent' });
    const served = await serveConsole({ assetsDir, port: 0, router: bc.locator });
    if (!served.ok) throw new Error(served.error.message);
    server = served.value;
    browser = await launchChromium();
    // RCLTS_WEB_ROBOTS=200,1000: only those swarm sizes (a quicker look at one case).
    const only = process.env.RCLTS_WEB_ROBOTS?.split(',').map(Number);
    for (const targets of CASES.filter((c) => only === undefined || only.includes(c.robots))) {
      rec.log(`web console, ${targets.robots} robots`);
      try {
        await runCase(bc, server, browser, bc.locator, targets);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        rec.error(BENCH, `${targets.robots} robots`, 'console page (Chromium)', message);
      }
    }
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(assetsDir, { recursive: true, force: true });
  }
}
