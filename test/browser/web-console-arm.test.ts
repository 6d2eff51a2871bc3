import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildConsole } from '../../scripts/build-console.mjs';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { type ConsoleServer, serveConsole } from '../../src/cli/vrobots/web-server.js';
import { RtiClient, type Simulator, SteppableClock, startSimulator, VirtualRobot } from '../../src/vrobots/index.js';
import { launchChromium, pageErrors } from './chromium.js';
import { until } from './until.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = join(root, 'test-results', 'web-console');
const VIEWPORT = { width: 1280, height: 720 };
const WAIT_MS = 30_000;
const PC = '127.0.0.1';
const TARGET = [0.5, -0.3, 0.2, 0.1, -0.1, 0.4];

const text = (page: Page, selector: string) => page.locator(selector).textContent({ timeout: WAIT_MS });
/** Waits until the element's text matches. */
async function shows(page: Page, selector: string, pattern: RegExp): Promise<string> {
  const got = await until(
    () => text(page, selector),
    (t) => pattern.test(t ?? ''),
  );
  expect(got).toMatch(pattern);
  return got ?? '';
}

// The arm panel in a real Chromium against a router of its own. The Node-side simulator's arm
// runs on a steppable clock: it ticks only when the test advances it, so a claim lasts as long
// as the test wants and the joints are where the test put them.
describe('vrobots web console: the arm panel', () => {
  let assetsDir = '';
  let router: RunningRouter | undefined;
  let sim: Simulator | undefined;
  let robot: VirtualRobot | undefined;
  let rti: RtiClient | undefined;
  let served: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  const clock = new SteppableClock();
  const arm = () => {
    const found = sim?.arm(0);
    if (found === undefined) throw new Error('no arm 0 in the simulator');
    return found.controller;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    assetsDir = mkdtempSync(join(tmpdir(), 'rclts-console-arm-'));
    await buildConsole({ outDir: assetsDir, logLevel: 'silent' });
    router = await startRouter({ binary: inject('routerBinary') });
    const started = await startSimulator({
      router: router.locator,
      robots: ['arm'],
      serviceDelayMs: 0,
      armClock: clock,
    });
    if (!started.ok) throw new Error(started.error.message);
    sim = started.value;
    const attached = await VirtualRobot.connect('arm', 0, { router: router.locator });
    if (!attached.ok) throw new Error(attached.error.message);
    robot = attached.value;
    const client = await RtiClient.open(robot, { client: 'pc-1' });
    if (!client.ok) throw new Error(client.error.message);
    rti = client.value;
    const server = await serveConsole({ assetsDir, port: 0, router: router.locator });
    if (!server.ok) throw new Error(server.error.message);
    served = server.value;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORT });
    errors = pageErrors(page);
    await page.goto(served.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
    await rti?.close();
    await robot?.close();
    await sim?.stop();
    await router?.stop();
    rmSync(assetsDir, { recursive: true, force: true });
  });

  it('lists the arm and, selected, shows its mode, flags, joints and contract', { timeout: 90_000 }, async () => {
    if (page === undefined) throw new Error('setup failed');
    await page.waitForSelector('#status.ok', { timeout: WAIT_MS });
    const row = await until(
      () => text(page as Page, '#robots-body tr[data-sys-id="0"]'),
      (t) => /arm/.test(t ?? ''),
    );
    expect(row).toMatch(/arm/);
    // By keyboard: the id cell is a button.
    await page.focus('#robots-body tr[data-sys-id="0"] button');
    await page.keyboard.press('Enter');
    await shows(page, '#arm-mode', /^IDLE$/);
    expect(await page.isVisible('#arm-knobs')).toBe(true);
    expect(await page.isVisible('#plots')).toBe(false);
    expect(await page.isVisible('#drive-row')).toBe(false);
    expect(await text(page, '#arm-owner')).toBe('nobody');
    expect(await text(page, '#arm-enabled')).toBe('yes');
    expect(await text(page, '#arm-homed')).toBe('yes');
    expect(await text(page, '#arm-error')).toBe('none');
    expect(await page.locator('#arm-joints-body tr').count()).toBe(6);
    expect(await text(page, '#arm-joints-body tr:nth-child(1)')).toMatch(/J1\s*0\.000 rad\s*0\.000 rad\/s/);
    const contract = (await text(page, '#arm-contract')) ?? '';
    expect(contract).toMatch(/command timeout\s*0\.040 s/);
    expect(contract).toMatch(/state rate\s*250 Hz/);
    expect(await text(page, '.arm-note')).toMatch(/needs Node's sockets/);
    expect(errors).toEqual([]);
  });

  it('follows a session the Node side drives: mode, owner, claim and the joints as they move', {
    timeout: 90_000,
  }, async () => {
    if (page === undefined || rti === undefined) throw new Error('setup failed');
    expect((await rti.connect({ pcIp: PC })).ok).toBe(true);
    // A long watchdog: the arm clock does not move between the test's steps anyway.
    expect((await rti.setCommandTimeout(1)).ok).toBe(true);
    expect((await rti.claim()).ok).toBe(true);
    // The first target of a claim within 0.1 rad of the pose (the start-pose check), then the step.
    expect(rti.send([0.05, 0, 0, 0, 0, 0]).ok).toBe(true);
    await until(
      () => arm().stream.targets,
      (n) => n >= 1,
    );
    clock.advance(8);
    expect(rti.send(TARGET).ok).toBe(true);
    await until(
      () => arm().stream.targets,
      (n) => n >= 2,
    );
    clock.advance(600);
    expect(arm().session?.claimed).toBe(true);
    expect(arm().motion.positions[0]).toBeCloseTo(0.5, 9);
    await shows(page, '#arm-mode', /^RTI with 127\.0\.0\.1 over udp$/);
    await shows(page, '#arm-owner', /^pc-1$/);
    await shows(page, '#arm-claim', /^claimed/);
    await shows(page, '#arm-joints-body tr:nth-child(1)', /J1\s*0\.500 rad/);
    await shows(page, '#arm-joints-body tr:nth-child(2)', /J2\s*-0\.300 rad/);
    await shows(page, '#arm-tick', /^\d+ \(4 ms each\)$/);
    expect(await text(page, '#arm-port')).toBe(`${sim?.arm(0)?.streamPort} (udp, tcp)`);
    await page.selectOption('#arm-units', 'deg');
    await shows(page, '#arm-joints-body tr:nth-child(1)', /J1\s*28\.6 °\s*0\.0 °\/s/);
    expect(await text(page, '#arm-position-head')).toBe('position (°)');
    // Let the plot gather a few seconds of the held pose, then keep the picture.
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(SHOTS, 'router-arm-panel.png') });
    await page.selectOption('#arm-units', 'rad');
  });

  it('shows a refused knob with its error: home while a PC drives the arm', { timeout: 90_000 }, async () => {
    if (page === undefined) throw new Error('setup failed');
    await page.click('#arm-home');
    const refused = page.locator('#results li.error', { hasText: 'home #0' });
    const line = (await refused.first().textContent({ timeout: WAIT_MS })) ?? '';
    expect(line).toMatch(/6010/);
    expect(line).toMatch(/COMMAND_NOT_ALLOWED/);
    expect(line).toMatch(/cannot home while a PC drives the arm/);
    expect(arm().motion.positions[0]).toBeCloseTo(0.5, 9);
    await shows(page, '#arm-joints-body tr:nth-child(1)', /J1\s*0\.500 rad/);
  });

  it('shows an error latched on the Node side, and clears it from the page', { timeout: 90_000 }, async () => {
    if (page === undefined || rti === undefined) throw new Error('setup failed');
    expect((await rti.knob('arm_latch_error', ['overheat'])).ok).toBe(true);
    clock.advance(100); // the stop the error caused ramps down
    await shows(page, '#arm-error', /^latched: overheat$/);
    expect(await page.getAttribute('#arm-error', 'class')).toBe('error');
    await shows(page, '#arm-claim', /^not claimed; last stop: error: overheat$/);
    await page.screenshot({ path: join(SHOTS, 'router-arm-error.png') });
    await page.click('#arm-clear');
    await page.locator('#results li.ok', { hasText: 'clear error #0' }).first().waitFor({ timeout: WAIT_MS });
    await shows(page, '#arm-error', /^none$/);
    const after = await rti.latestStatus();
    expect(after.ok && after.value.errorLatched).toBe(false);
  });

  it('enables and homes the arm from the page, by keyboard, as the Node side sees', { timeout: 90_000 }, async () => {
    if (page === undefined || rti === undefined) throw new Error('setup failed');
    expect((await rti.knob('arm_enable', [false])).ok).toBe(true);
    await shows(page, '#arm-enabled', /^no$/);
    await page.focus('#arm-enable');
    await page.keyboard.press('Enter');
    await page.locator('#results li.ok', { hasText: 'enable #0' }).first().waitFor({ timeout: WAIT_MS });
    await shows(page, '#arm-enabled', /^yes$/);
    const enabled = await rti.latestStatus();
    expect(enabled.ok && enabled.value.enabled).toBe(true);
    await page.click('#arm-home');
    const homed = page.locator('#results li.ok', { hasText: 'home #0' });
    expect(await homed.first().textContent({ timeout: WAIT_MS })).toMatch(/homed/);
    expect(arm().motion.positions[0]).toBe(0);
    await shows(page, '#arm-joints-body tr:nth-child(1)', /J1\s*0\.000 rad/);
    await page.click('#arm-hold');
    await shows(page, '#arm-owner', /^pendant$/);
    await page.click('#arm-release');
    await shows(page, '#arm-owner', /^nobody$/);
    expect((await rti.disconnect()).ok).toBe(true);
    await shows(page, '#arm-mode', /^IDLE$/);
    expect(errors).toEqual([]);
  });

  it('runs an arm in the in-page simulator (no router, no stream), dark scheme', { timeout: 90_000 }, async () => {
    if (browser === undefined) throw new Error('setup failed');
    const alone = await serveConsole({ assetsDir, port: 0, router: undefined });
    if (!alone.ok) throw new Error(alone.error.message);
    const dark = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'dark' });
    const darkErrors = pageErrors(dark);
    try {
      await dark.goto(alone.value.url);
      await dark.waitForSelector('#status.ok', { timeout: WAIT_MS });
      await dark.selectOption('#create-type', 'arm');
      await dark.click('#create');
      const created = dark.locator('#results li.ok', { hasText: 'create arm' });
      const sysId = Number(/robot #(\d+)/.exec((await created.first().textContent({ timeout: WAIT_MS })) ?? '')?.[1]);
      expect(Number.isInteger(sysId)).toBe(true);
      await dark.click(`#robots-body tr[data-sys-id="${sysId}"] button`, { timeout: WAIT_MS });
      await shows(dark, '#selected-title', new RegExp(`#${sysId} \\(arm\\)`));
      await shows(dark, '#arm-mode', /^IDLE$/);
      // A page has no sockets: the in-page arm has no stream port.
      expect(await text(dark, '#arm-port')).toBe('none (no sockets)');
      await dark.click('#arm-latch');
      await shows(dark, '#arm-error', /^latched: e-stop pressed$/);
      await dark.waitForTimeout(1000);
      await dark.screenshot({ path: join(SHOTS, 'in-page-arm-dark.png') });
      await dark.click('#arm-clear');
      await shows(dark, '#arm-error', /^none$/);
      expect(darkErrors).toEqual([]);
    } finally {
      await dark.close();
      await alone.value.close();
    }
  });
});
