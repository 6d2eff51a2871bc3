/**
 * A real headless Chromium for the browser tests: Debian's `chromium` (installed by the test
 * setup, test/setup/chromium-install.ts) driven by playwright-core, which downloads no browser
 * of its own. RCLTS_CHROMIUM names another executable.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumMissing, chromiumPath } from '../setup/chromium-install.js';

export const CHROMIUM_PATH = chromiumPath();

export async function launchChromium(): Promise<Browser> {
  // One line on how to get one, rather than playwright's long launch failure.
  if (!existsSync(CHROMIUM_PATH)) throw new Error(chromiumMissing(CHROMIUM_PATH));
  // Root in a container has no user namespace sandbox; the pages loaded are our own.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
}

/** Collects the page's console errors and uncaught exceptions, to show when a test fails. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}
