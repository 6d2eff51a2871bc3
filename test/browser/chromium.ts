/**
 * A real headless Chromium for the browser tests: Debian's `chromium` (installed by .ci/run)
 * driven by playwright-core, which downloads no browser of its own. RCLTS_CHROMIUM names another
 * executable.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.RCLTS_CHROMIUM ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: run .ci/run (it installs Debian's chromium) or set RCLTS_CHROMIUM`,
    );
  }
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
