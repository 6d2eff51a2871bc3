import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildBrowserBundle } from '../../scripts/build-browser.mjs';
import { launchChromium, pageErrors } from './chromium.js';
import { buildAndServe, type ServedPage } from './static-build.js';

const here = dirname(fileURLToPath(import.meta.url));

// The library alone in a real Chromium: a page built with a plain Vite config (no plugin) from
// the browser bundle, as a user's app would be, running the ROS demos in-process and through
// the test router.
describe('rclts in a browser page', () => {
  let bundleDir = '';
  let served: ServedPage | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    bundleDir = mkdtempSync(join(tmpdir(), 'rclts-smoke-bundle-'));
    await buildBrowserBundle({ outDir: bundleDir, logLevel: 'silent' });
    served = await buildAndServe(join(here, 'smoke'), {
      resolve: {
        alias: [
          { find: /^rclts\/vrobots$/, replacement: join(bundleDir, 'vrobots.js') },
          { find: /^rclts\/msgs$/, replacement: join(bundleDir, 'msgs.js') },
          { find: /^rclts$/, replacement: join(bundleDir, 'rclts.js') },
        ],
      },
    });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('runs talker/listener and AddTwoInts in-process and through the router, a vrobots simulator and a generated Twist in-process', {
    timeout: 120_000,
  }, async () => {
    if (browser === undefined || served === undefined) throw new Error('setup failed');
    const page = await browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${served.url}?router=${encodeURIComponent(inject('zenohLocator'))}`);
    const handle = await page.waitForFunction(() => (window as { smokeResults?: unknown }).smokeResults, undefined, {
      timeout: 100_000,
    });
    const results = (await handle.jsonValue()) as Record<string, unknown>;
    const heard = ['Hello World: 1', 'Hello World: 2', 'Hello World: 3'];
    expect({ results, errors }).toMatchObject({
      results: {
        localTalkerListener: { ok: true, value: heard },
        localAddTwoInts: { ok: true, value: '42' },
        localVrobots: { ok: true, value: { type: 'msd' } },
        localTwist: { ok: true, value: 1.5 },
        routerAddTwoInts: { ok: true, value: '42' },
      },
    });
    // Over a network the first messages may go out before discovery: every one heard is in order.
    const routerHeard = results.routerTalkerListener as { ok: boolean; value: string[] };
    expect(routerHeard.ok).toBe(true);
    expect(routerHeard.value).toHaveLength(3);
    expect(routerHeard.value.every((text) => /^Hello World: \d+$/.test(text))).toBe(true);
    await page.close();
  });
});
