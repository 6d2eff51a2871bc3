/**
 * A Chromium for the browser tests (test/browser), which drive it through playwright-core (a
 * driver that downloads no browser). Debian's `chromium` package, installed by the setup when
 * it may run apt: as root, or with sudo that asks no password. Chosen over a registry package
 * carrying a binary: @sparticuz/chromium needs Node 22.17 or later (rclts supports Node 20) and
 * is a Lambda build; Debian's is the one the distribution keeps patched.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { runStep, type SetupLog } from './setup-step.js';

/** Where the browser tests look: $RCLTS_CHROMIUM, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.RCLTS_CHROMIUM ?? '/usr/bin/chromium';
}

/** The one line the browser tests and the setup give when there is no Chromium. */
export function chromiumMissing(path: string): string {
  return `no Chromium at ${path}: the test setup installs Debian's chromium when it runs as root (or with passwordless sudo) and apt-get; otherwise run 'sudo apt-get install chromium' or set RCLTS_CHROMIUM to a Chromium executable`;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function succeeds(command: string, args: readonly string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/** The prefix that runs apt-get as root here, or undefined when nothing may. */
function rootPrefix(): readonly string[] | undefined {
  if (process.getuid?.() === 0) return [];
  return succeeds('sudo', ['-n', 'true']) ? ['sudo', '-n'] : undefined;
}

export interface ChromiumReady {
  readonly ok: boolean;
  /** The executable when ok, else the one line saying how to get one. */
  readonly detail: string;
}

/** Makes sure a Chromium is at chromiumPath(), installing Debian's when allowed. */
export async function ensureChromium(log: SetupLog, cwd: string): Promise<ChromiumReady> {
  const path = chromiumPath();
  if (executable(path)) {
    log(`chromium present at ${path}`);
    return { ok: true, detail: path };
  }
  // Only Debian's package lands at the default path; another path is the user's to provide.
  const prefix = process.env.RCLTS_CHROMIUM === undefined ? rootPrefix() : undefined;
  if (prefix === undefined || !succeeds('apt-get', ['--version'])) {
    const line = chromiumMissing(path);
    log(line);
    return { ok: false, detail: line };
  }
  log(`installing Debian's chromium for the browser tests (apt-get update, then install; a few minutes)`);
  const [command = 'apt-get', ...rest] = [...prefix, 'apt-get'];
  // dpkg's lock may be held by another step installing build packages: wait for it.
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await runStep(command, [...rest, ...lock, 'update', '-qq'], { cwd, log, env });
  const install =
    update.code === 0
      ? await runStep(command, [...rest, ...lock, 'install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
          cwd,
          log,
          env,
          echo: false,
        })
      : update;
  if (install.code !== 0 || !executable(path)) {
    const line = `${chromiumMissing(path)} (apt-get failed with ${install.code}: ${install.lines.at(-1) ?? 'no output'})`;
    log(line);
    return { ok: false, detail: line };
  }
  log(`chromium installed in ${Math.round((update.ms + install.ms) / 1000)} s at ${path}`);
  return { ok: true, detail: path };
}
