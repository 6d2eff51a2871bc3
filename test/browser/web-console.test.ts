import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningRouter } from '../../scripts/zenoh-router-lib.mjs';
import { serveConsole } from '../../src/cli/vrobots/web-server.js';
import { type Simulator, VirtualRobot } from '../../src/vrobots/index.js';
import { pageErrors } from './chromium.js';
import { type ConsoleRig, startConsoleRig } from './console-rig.js';
import { until } from './until.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = join(root, 'test-results', 'web-console');
const VIEWPORT = { width: 1280, height: 720 };
const WAIT_MS = 30_000;

const rowText = (page: Page, sysId: number) =>
  page.locator(`#robots-body tr[data-sys-id="${sysId}"]`).textContent({ timeout: WAIT_MS });

// The console in a real Chromium against a router of its own (simulator on the Node side), and
// alone with its in-page simulator.
describe('vrobots web console', () => {
  let rig: ConsoleRig | undefined;
  let assetsDir = '';
  let router: RunningRouter | undefined;
  let sim: Simulator | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    rig = await startConsoleRig({
      routerBinary: inject('routerBinary'),
      tmpPrefix: 'rclts-console-',
      viewport: VIEWPORT,
    });
    ({ assetsDir, router, sim, browser, page, errors } = rig);
  }, 120_000);

  afterAll(async () => {
    await rig?.close();
  });

  it('shows the robots a Node-side simulator created, live', { timeout: 60_000 }, async () => {
    if (page === undefined) throw new Error('setup failed');
    await page.waitForSelector('#status.ok', { timeout: WAIT_MS });
    const row = await until(
      () => rowText(page as Page, 0),
      (t) => /msd/.test(t ?? '') && /25\.0 Hz|2\d\.\d Hz/.test(t ?? ''),
    );
    expect(row).toMatch(/msd/);
    expect(row).toMatch(/active/);
    expect(row).toMatch(/\d+\.\d Hz/);
    expect(row).toMatch(/m\/s/);
    await page.screenshot({ path: join(SHOTS, 'router-overview.png') });
    expect(errors).toEqual([]);
  });

  let createdId: number | undefined;

  it('creates a robot that the Node-side SDK then attaches to', { timeout: 60_000 }, async () => {
    if (page === undefined || router === undefined) throw new Error('setup failed');
    await page.selectOption('#create-type', 'truck');
    await page.click('#create');
    const created = page.locator('#results li.ok', { hasText: 'create truck' });
    const text = (await created.first().textContent({ timeout: WAIT_MS })) ?? '';
    const sysId = Number(/robot #(\d+)/.exec(text)?.[1]);
    expect(Number.isInteger(sysId)).toBe(true);
    createdId = sysId;
    const seen = await VirtualRobot.connect('truck', sysId, { router: router.locator });
    expect(seen.ok).toBe(true);
    if (seen.ok) {
      expect(seen.value.states().robotType).toBe('truck');
      await seen.value.close();
    }
  });

  it('drives the selected robot from its slider, by keyboard, and its state changes', { timeout: 60_000 }, async () => {
    if (page === undefined || router === undefined) throw new Error('setup failed');
    const watcher = await VirtualRobot.connect('msd', 0, { router: router.locator });
    if (!watcher.ok) throw new Error(watcher.error.message);
    try {
      await page.click('#robots-body tr[data-sys-id="0"] button');
      await page.waitForFunction(() => document.getElementById('selected-title')?.textContent?.includes('#0'));
      const before = watcher.value.states().kinematics.position;
      await page.focus('#drive');
      await page.keyboard.press('End');
      const moved = await until(
        () => watcher.value.states().kinematics.position,
        (p) => Math.hypot(p.x - before.x, p.y - before.y, p.z - before.z) > 0.05,
      );
      expect(Math.hypot(moved.x - before.x, moved.y - before.y, moved.z - before.z)).toBeGreaterThan(0.05);
      expect(await page.textContent('#drive-value')).toBe('50 N');
      expect(watcher.value.states().actuator.lastCmdId).toBeGreaterThan(0);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(SHOTS, 'router-driving-plots.png') });
    } finally {
      await watcher.value.close();
    }
  });

  it('shows the error of a refused service call', { timeout: 60_000 }, async () => {
    if (page === undefined) throw new Error('setup failed');
    await page.selectOption('#skin', 'plaid');
    await page.click('#set-skin');
    const refused = page.locator('#results li.error', { hasText: 'set skin #0' });
    const text = (await refused.first().textContent({ timeout: WAIT_MS })) ?? '';
    expect(text).toMatch(/service/);
    expect(text).toMatch(/plaid/);
    await page.screenshot({ path: join(SHOTS, 'router-refused-service.png') });
  });

  it('activates, resets and deletes a robot from the page, each with its result', { timeout: 90_000 }, async () => {
    if (page === undefined || sim === undefined || createdId === undefined) throw new Error('setup failed');
    const id = createdId;
    await page.click(`#robots-body tr[data-sys-id="${id}"] button`);
    await page.waitForFunction((n) => document.getElementById('selected-title')?.textContent?.includes(`#${n}`), id);
    for (const [button, what] of [
      ['#activate', 'activate'],
      ['#reset', 'reset'],
      ['#delete', 'delete'],
    ] as const) {
      await page.click(button);
      await page
        .locator('#results li.ok', { hasText: `${what} #${id}` })
        .first()
        .waitFor({ timeout: WAIT_MS });
    }
    expect(sim.robot(id)).toBeUndefined();
    expect(
      await until(
        () => page?.locator(`#robots-body tr[data-sys-id="${id}"]`).count() ?? 0,
        (n) => n === 0,
      ),
    ).toBe(0);
    await page.waitForFunction(() => document.getElementById('selected-title')?.textContent === 'no robot selected');
  });

  it('lists the topics that speak, with their rates', { timeout: 60_000 }, async () => {
    if (page === undefined) throw new Error('setup failed');
    await page.click('#refresh-topics');
    const row = page.locator('#topics-body tr', { hasText: 'vrobots/0/z/state' });
    const text = (await row.first().textContent({ timeout: WAIT_MS })) ?? '';
    expect(text).toMatch(/\d+\.\d Hz/);
    expect(text).toMatch(/\d+ B/);
    await page.screenshot({ path: join(SHOTS, 'router-topics.png') });
  });

  it('says so when the router goes away', { timeout: 60_000 }, async () => {
    if (page === undefined || router === undefined) throw new Error('setup failed');
    await page.waitForSelector('#status.ok', { timeout: WAIT_MS });
    const gone = router;
    router = undefined;
    await gone.stop();
    const status = page.locator('#status.error');
    expect(await status.textContent({ timeout: WAIT_MS })).toMatch(/lost zenoh router/);
    await page.screenshot({ path: join(SHOTS, 'router-lost.png') });
  });

  it('runs the in-page simulator when served with no router (dark scheme)', { timeout: 60_000 }, async () => {
    if (browser === undefined) throw new Error('setup failed');
    const alone = await serveConsole({ assetsDir, port: 0, router: undefined });
    if (!alone.ok) throw new Error(alone.error.message);
    const dark = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'dark' });
    const darkErrors = pageErrors(dark);
    try {
      await dark.goto(alone.value.url);
      await dark.waitForSelector('#status.ok', { timeout: WAIT_MS });
      expect(await dark.textContent('#status')).toMatch(/in-page simulator/);
      const rows = await until(
        () => dark.locator('#robots-body tr').count(),
        (n) => n >= 3,
      );
      expect(rows).toBe(3);
      await dark.selectOption('#create-type', 'msd');
      await dark.click('#create');
      await dark.locator('#results li.ok', { hasText: 'create msd' }).first().waitFor({ timeout: WAIT_MS });
      expect(
        await until(
          () => dark.locator('#robots-body tr').count(),
          (n) => n >= 4,
        ),
      ).toBe(4);
      await dark.focus('#drive');
      await dark.keyboard.press('End');
      await dark.waitForTimeout(2000);
      await dark.screenshot({ path: join(SHOTS, 'in-page-dark.png') });
      expect(darkErrors).toEqual([]);
    } finally {
      await dark.close();
      await alone.value.close();
    }
  });
});
