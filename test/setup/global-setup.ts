/**
 * What the suite needs, provisioned once per run so that `npm install && npm test` works on a
 * fresh machine: the zenoh router (built once, cached, started on free loopback ports, its
 * locator handed to tests with `inject('zenohLocator')`), a Chromium for the browser tests,
 * the interop and bag-reader venvs and, when its sources are there, real ROS 2 (`inject('ros2Peer')`).
 * Tests that need their own router (router loss, restarts) start one from `inject('routerBinary')`
 * with startRouter() from scripts/zenoh-router-lib.mjs.
 *
 * The two cargo builds (router, then zenoh-c inside the ROS 2 peer) run one after the other:
 * on two cores together they take longer than in turn. The apt and pip steps overlap with them,
 * and the ROS 2 build waits for those so that no two steps hold dpkg's lock at once.
 * RCLTS_SKIP_PROVISION=chromium,venv,ros2 (or all) leaves those steps out, e.g. for one unit file.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { installRouter, type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { ensureChromium } from './chromium-install.js';
import { ensureBagsVenv, ensureInteropVenv, ensureRos2Peer, type PeerReady } from './python-peers.js';
import { tagged } from './setup-step.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `ws/127.0.0.1:PORT` of the shared router. */
    zenohLocator: string;
    /** Path of the router binary, to start extra routers. */
    routerBinary: string;
    /** Path of `rpy` (python3 running rclpy on rmw_zenoh_cpp) when real ROS 2 is ready, else ''. */
    ros2Peer: string;
    /** Why real ROS 2 is not ready ('' when it is), for the tests that need it to say. */
    ros2PeerMissing: string;
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

const NOT_PROVISIONED: PeerReady = { ok: false, detail: 'left out by RCLTS_SKIP_PROVISION' };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const skip = skipped();
  const started = Date.now();
  const chromiumAndVenv = (async () => {
    if (!skip.has('chromium')) await ensureChromium(tagged('chromium'), ROOT);
    if (skip.has('venv')) return NOT_PROVISIONED;
    const interop = await ensureInteropVenv(tagged('interop-venv'), ROOT);
    await ensureBagsVenv(tagged('bags-venv'), ROOT);
    return interop;
  })();
  const routerAndPeer = (async () => {
    const installed = await installRouter({ log: tagged('zenoh-router') });
    if (!installed.ok || skip.has('ros2')) return { installed, peer: NOT_PROVISIONED };
    await chromiumAndVenv;
    return { installed, peer: await ensureRos2Peer(tagged('ros2-peer'), ROOT) };
  })();
  const [, { installed, peer }] = await Promise.all([chromiumAndVenv, routerAndPeer]);
  if (!installed.ok) throw new Error(installed.message);
  // Each step said its own failure in one line; the tests that need it say it again.
  const left = [...skip].join(', ');
  console.log(
    `[setup] provisioned in ${Math.round((Date.now() - started) / 1000)} s${left ? ` (left out: ${left})` : ''}`,
  );

  const router: RunningRouter = await startRouter({ binary: installed.binary });
  console.log(`[zenoh-router] ${router.locator} (pid ${router.pid}) up in ${router.startupMs} ms`);
  project.provide('zenohLocator', router.locator);
  project.provide('routerBinary', installed.binary);
  project.provide('ros2Peer', peer.ok ? peer.detail : '');
  project.provide('ros2PeerMissing', peer.ok ? '' : peer.detail);
  return async () => {
    await router.stop();
  };
}
