import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrowserBundle } from '../../scripts/build-browser.mjs';
import { launchChromium, pageErrors } from './chromium.js';
import { buildAndServe, type ServedPage } from './static-build.js';

const here = dirname(fileURLToPath(import.meta.url));

// The bag storage from the browser bundle in a real Chromium: writing and reading MCAP in memory
// with no Node built-in, zstd's WebAssembly loaded by the page, lz4 in plain JavaScript.
describe('bags in a browser page', () => {
  let bundleDir = '';
  let served: ServedPage | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    bundleDir = mkdtempSync(join(tmpdir(), 'rclts-bag-bundle-'));
    await buildBrowserBundle({ outDir: bundleDir, logLevel: 'silent' });
    served = await buildAndServe(join(here, 'bag-page'), {
      resolve: { alias: [{ find: /^rclts$/, replacement: join(bundleDir, 'rclts.js') }] },
    });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('writes a bag in memory (none, zstd, lz4) and reads the downloaded .mcap back', { timeout: 60_000 }, async () => {
    if (browser === undefined || served === undefined) throw new Error('setup failed');
    const page = await browser.newPage();
    const errors = pageErrors(page);
    await page.goto(served.url);
    const handle = await page.waitForFunction(() => (window as { bagResults?: unknown }).bagResults, undefined, {
      timeout: 50_000,
    });
    const results = (await handle.jsonValue()) as Record<string, unknown>;
    const texts = Array.from({ length: 20 }, (_, i) => `web ${i}`);
    expect({ results, errors }).toMatchObject({
      results: {
        none: { texts, yaml: true, schema: ['ros2msg', true] },
        zstd: { texts, yaml: true, schema: ['ros2msg', true] },
        lz4: { texts, yaml: true, schema: ['ros2msg', true] },
        disk: 'Unsupported',
        installed: 'Unsupported',
      },
      errors: [],
    });
    await page.close();
  });
});
