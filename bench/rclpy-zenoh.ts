/**
 * The judged real-ROS 2 baseline: rclpy on rmw_zenoh_cpp 0.6.6 (the `rpy` of
 * scripts/rmw-zenoh-peer.sh) through the same router as rclts, in both topologies:
 *
 * - T2: rclts's bridge (the bench's router) is the only router; rmw_zenoh nodes connect to its
 *   TCP port in client mode, rclts peers to its WebSocket.
 * - T1: rmw_zenohd is the router; a bridge joined to it serves rclts's WebSocket.
 *
 * Client mode matters: rmw_zenoh's default peer mode would link two rclpy processes directly,
 * past the router rclts has to go through, and the rows would compare two different paths.
 */
import { join } from 'node:path';
import { type RunningRmwZenohd, startRmwZenohd } from '../scripts/rmw-zenohd.mjs';
import { type RunningRouter, startRouter } from '../scripts/zenoh-router-lib.mjs';
import { comparedStacks, type RclpyComparison, type RclpyLaunch } from './rclpy-peer.js';

export { rmwZenohDir, rmwZenohReady } from '../scripts/rmw-zenohd.mjs';

const LISTEN_BUDGET_MS = 20_000;

export const RMW_ZENOH_ENABLE =
  'bash scripts/rmw-zenoh-peer.sh (about 20 minutes once, sources from RCLTS_THIRD_PARTY=DIR)';

/**
 * rclpy on rmw_zenoh_cpp as a client of the router at `endpoint` (tcp/HOST:PORT), in the
 * domain rclts uses by default, with no scouting: it reaches nothing but that router.
 */
export function rmwZenohLaunch(dir: string, endpoint: string, env: NodeJS.ProcessEnv = process.env): RclpyLaunch {
  return {
    python: join(dir, 'rpy'),
    rmw: 'rmw_zenoh_cpp',
    env: {
      ...env,
      RMW_IMPLEMENTATION: 'rmw_zenoh_cpp',
      ROS_DOMAIN_ID: '0',
      ZENOH_CONFIG_OVERRIDE: `mode="client";connect/endpoints=["${endpoint}"];scouting/multicast/enabled=false`,
      ZENOH_ROUTER_CHECK_ATTEMPTS: '20',
      RUST_LOG: env.RUST_LOG ?? 'warn',
      PYTHONUNBUFFERED: '1',
    },
  };
}

/** T1: rmw_zenohd, and a bridge joined to it for rclts; stop() ends both. */
export async function startZenohdTopology(dir: string): Promise<RunningRmwZenohd & { readonly locator: string }> {
  const zenohd = await startRmwZenohd(dir, { listenBudgetMs: LISTEN_BUDGET_MS });
  let bridge: RunningRouter;
  try {
    bridge = await startRouter({ readyBudgetMs: LISTEN_BUDGET_MS, connect: [zenohd.endpoint] });
  } catch (e) {
    await zenohd.stop();
    throw e;
  }
  return {
    endpoint: zenohd.endpoint,
    locator: bridge.locator,
    stop: async () => {
      await bridge.stop();
      await zenohd.stop();
    },
  };
}

const P99_TARGET = { op: '<=', bound: 1.5, text: 'p99 ≤ 1.5x rclpy' } as const;
const RATE_TARGET = { op: '>=', bound: 1, text: '≥ rclpy' } as const;
const LOSS_TARGET = { on: 'value', op: '<=', bound: 0, text: 'nothing lost' } as const;

/** The rows of one topology: rclpy (both executors) on `endpoint`, rclts on `locator`. */
export function zenohComparison(dir: string, topology: string, endpoint: string, locator: string): RclpyComparison {
  return {
    against: `rclpy on rmw_zenoh (${topology})`,
    stacks: (forService) => comparedStacks(rmwZenohLaunch(dir, endpoint), locator, forService),
    p99Target: P99_TARGET,
    rateTarget: RATE_TARGET,
    lossTarget: LOSS_TARGET,
  };
}
