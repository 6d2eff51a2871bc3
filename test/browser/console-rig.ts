/**
 * The console in a real Chromium against a router of its own with a Node-side simulator (one
 * `msd`): built into a temporary folder, served, and opened in a page. What the console's
 * browser tests share; `close()` takes it all down again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console.mjs';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { type ConsoleServer, serveConsole } from '../../src/cli/vrobots/web-server.js';
import { type Simulator, startSimulator } from '../../src/vrobots/index.js';
import { launchChromium, pageErrors } from './chromium.js';

export interface ConsoleRig {
  readonly assetsDir: string;
  readonly router: RunningRouter;
  readonly sim: Simulator;
  readonly served: ConsoleServer;
  readonly browser: Browser;
  readonly page: Page;
  /** The page's errors as they come (pageErrors). */
  readonly errors: string[];
  close(): Promise<void>;
}

export interface ConsoleRigOptions {
  readonly routerBinary: string;
  /** Prefix of the temporary folder the console is built into. */
  readonly tmpPrefix: string;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly acceptDownloads?: boolean;
}

export async function startConsoleRig(o: ConsoleRigOptions): Promise<ConsoleRig> {
  const assetsDir = mkdtempSync(join(tmpdir(), o.tmpPrefix));
  const undo: (() => Promise<void>)[] = [async () => rmSync(assetsDir, { recursive: true, force: true })];
  const close = async () => {
    for (const step of undo.splice(0).reverse()) await step();
  };
  try {
    await buildConsole({ outDir: assetsDir, logLevel: 'silent' });
    const router = await startRouter({ binary: o.routerBinary });
    undo.push(() => router.stop());
    const started = await startSimulator({ router: router.locator, robots: ['msd'], serviceDelayMs: 0 });
    if (!started.ok) throw new Error(started.error.message);
    const sim = started.value;
    undo.push(async () => void (await sim.stop()));
    const server = await serveConsole({ assetsDir, port: 0, router: router.locator });
    if (!server.ok) throw new Error(server.error.message);
    const served = server.value;
    undo.push(() => served.close());
    const browser = await launchChromium();
    undo.push(() => browser.close());
    const page = await browser.newPage({ viewport: o.viewport, acceptDownloads: o.acceptDownloads ?? false });
    const errors = pageErrors(page);
    await page.goto(served.url);
    return { assetsDir, router, sim, served, browser, page, errors, close };
  } catch (thrown) {
    await close();
    throw thrown;
  }
}
