/**
 * What the suite needs, provisioned once per run so that `npm install && npm test` works on a
 * fresh machine: the zenoh router (built once, cached, started on free loopback ports, its
 * locator handed to tests with `inject('zenohLocator')`), a Chromium for the browser tests,
 * the interop and bag-reader venvs and, when its sources are there, real ROS 2.
 * Tests that need their own router (router loss, restarts) start one from `inject('routerBinary')`
 * with startRouter() from scripts/zenoh-router-lib.mjs.
 *
 * The two cargo builds (router, then zenoh-c inside the ROS 2 peer) run one after the other:
 * on two cores together they take longer than in turn. The apt and pip steps overlap with the
 * router's, and the ROS 2 build waits for those so that no two steps hold dpkg's lock at once.
 * The tests start without waiting for real ROS 2: its build (about 25 minutes cold, half of
 * them one rustc process on zenoh-c's crate) runs beside them, niced, and says where it stands in the file
 * `inject('ros2PeerStatus')` names (ros2-peer-status.ts); the real-ROS 2 files run last and
 * wait on it. A run that ends before the build does (a filtered run) ends the build.
 * RCLTS_SKIP_PROVISION=chromium,venv,ros2 (or all) leaves those steps out, e.g. for one unit file.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { installRouter, type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { ensureChromium } from './chromium-install.js';
import { ensureBagsVenv, ensureInteropVenv, ensureRos2Peer } from './python-peers.js';
import { writeRos2PeerStatus } from './ros2-peer-status.js';
import { DEFAULT_STEP_BUDGET_MS, tagged } from './setup-step.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `ws/127.0.0.1:PORT` of the shared router. */
    zenohLocator: string;
    /** Path of the router binary, to start extra routers. */
    routerBinary: string;
    /** The file saying whether real ROS 2 (rclpy on rmw_zenoh_cpp) is building, ready or missing. */
    ros2PeerStatus: string;
  }
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OPTIONAL_STEPS = ['chromium', 'venv', 'ros2'] as const;
type OptionalStep = (typeof OPTIONAL_STEPS)[number];

function skipped(): ReadonlySet<OptionalStep> {
  const named = (process.env.RCLTS_SKIP_PROVISION ?? '').split(',').map((s) => s.trim());
  if (named.includes('all')) return new Set(OPTIONAL_STEPS);
  return new Set(OPTIONAL_STEPS.filter((step) => named.includes(step)));
}

const NOT_PROVISIONED = 'left out by RCLTS_SKIP_PROVISION';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const skip = skipped();
  const started = Date.now();
  const chromiumAndVenv = (async () => {
    if (!skip.has('chromium')) await ensureChromium(tagged('chromium'), ROOT);
    if (skip.has('venv')) return;
    await ensureInteropVenv(tagged('interop-venv'), ROOT);
    await ensureBagsVenv(tagged('bags-venv'), ROOT);
  })();
  const installed = await installRouter({ log: tagged('zenoh-router') });
  await chromiumAndVenv;
  if (!installed.ok) throw new Error(installed.message);
  // Each step said its own failure in one line; the tests that need it say it again.
  const left = [...skip].join(', ');
  console.log(
    `[setup] provisioned in ${Math.round((Date.now() - started) / 1000)} s${left ? ` (left out: ${left})` : ''}`,
  );

  const statusFile = join(tmpdir(), `rclts-ros2-peer-${process.pid}.json`);
  const peerBuild = new AbortController();
  let peerDone: Promise<void> = Promise.resolve();
  if (skip.has('ros2')) writeRos2PeerStatus(statusFile, { state: 'missing', detail: NOT_PROVISIONED });
  else {
    const since = Date.now();
    // Two steps, the peer and its extra interfaces, each with the step budget.
    writeRos2PeerStatus(statusFile, { state: 'building', since, deadline: since + 2 * DEFAULT_STEP_BUDGET_MS });
    // The waiting files must hear an end whatever happens, or they would wait out the budget.
    peerDone = ensureRos2Peer(tagged('ros2-peer'), ROOT, peerBuild.signal).then(
      (peer) =>
        writeRos2PeerStatus(
          statusFile,
          peer.ok ? { state: 'ready', rpy: peer.detail } : { state: 'missing', detail: peer.detail },
        ),
      (error: unknown) =>
        writeRos2PeerStatus(statusFile, { state: 'missing', detail: `the real-ROS 2 step failed: ${String(error)}` }),
    );
  }

  const router: RunningRouter = await startRouter({ binary: installed.binary });
  console.log(`[zenoh-router] ${router.locator} (pid ${router.pid}) up in ${router.startupMs} ms`);
  project.provide('zenohLocator', router.locator);
  project.provide('routerBinary', installed.binary);
  project.provide('ros2PeerStatus', statusFile);
  return async () => {
    peerBuild.abort('the test run ended before real ROS 2 was built');
    await peerDone;
    rmSync(statusFile, { force: true });
    await router.stop();
  };
}
