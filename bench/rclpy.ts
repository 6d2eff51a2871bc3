/**
 * The real-ROS 2 baselines: rclts's service and pub/sub shapes next to rclpy, measured side by
 * side in the same run (bench/rclpy-service.ts, bench/rclpy-pubsub.ts), each role its own process.
 *
 * - rclpy on rmw_zenoh_cpp through the same router as rclts, in both topologies
 *   (bench/rclpy-zenoh.ts): the rows the performance targets judge. Needs the peer of
 *   scripts/rmw-zenoh-peer.sh; without it the bench says in one line how to build it.
 * - rclpy over Fast DDS (ROS 2's default rmw), the older baseline: rclts cannot talk to Fast
 *   DDS, so its stacks only run side by side. Needs the venv of scripts/rclpy-venv.sh (about
 *   250 MB, in the user's cache): without it one line says so, unless `--rclpy` asks to make it.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchContext } from './harness/context.js';
import { crossStackCheck } from './rclpy-cross.js';
import { comparedStacks, fastDdsLaunch, RCLPY_EVENTS, RCLTS, rclpyVenvDir, rclpyVenvReady } from './rclpy-peer.js';
import { benchRclpyPubSub } from './rclpy-pubsub.js';
import { benchRclpyService } from './rclpy-service.js';
import {
  RMW_ZENOH_ENABLE,
  rmwZenohDir,
  rmwZenohLaunch,
  rmwZenohReady,
  startZenohdTopology,
  zenohComparison,
} from './rclpy-zenoh.js';

const VENV_BUDGET_MS = 10 * 60_000;

/** Runs scripts/rclpy-venv.sh, its lines logged; answers its failure as a sentence, or undefined. */
function makeVenv(log: (line: string) => void): Promise<string | undefined> {
  const script = fileURLToPath(new URL('../scripts/rclpy-venv.sh', import.meta.url));
  return new Promise((resolve) => {
    const child = spawn('bash', [script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    const take = (line: string): void => {
      log(`  ${line}`);
      tail.push(line);
      tail.splice(0, Math.max(0, tail.length - 5));
    };
    if (child.stdout !== null) createInterface({ input: child.stdout }).on('line', take);
    if (child.stderr !== null) createInterface({ input: child.stderr }).on('line', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), VENV_BUDGET_MS);
    child.on('error', (e) => resolve(`bash ${script}: ${e.message}`));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? undefined : `bash ${script} failed (code ${code}, signal ${signal}): ${tail.join(' | ')}`);
    });
  });
}

const P99_FAST_DDS = { op: '<=', bound: 2, text: 'p99 ≤ 2x rclpy' } as const;

export async function benchRclpy(bc: BenchContext): Promise<void> {
  const { rec, locator } = bc;
  if (locator === undefined) {
    rec.error('rclpy', 'all', '-', 'no router');
    return;
  }
  const prefix = `/rclts_bench_${process.pid}_${Date.now().toString(36)}`;
  await benchRmwZenoh(bc, locator, `${prefix}_z`);
  await benchFastDds(bc, locator, `${prefix}_dds`);
}

/**
 * T2 (the bench's own router is the only one) and the cross-stack check there, then T1
 * (rmw_zenohd the router) with routers of its own; numbered as in docs/interop.md.
 */
async function benchRmwZenoh(bc: BenchContext, locator: string, prefix: string): Promise<void> {
  const { rec, mode } = bc;
  const dir = rmwZenohDir();
  if (!rmwZenohReady(dir)) {
    rec.log(`rclpy on rmw_zenoh rows skipped: no peer at ${dir} (build it with \`${RMW_ZENOH_ENABLE}\`)`);
    return;
  }
  if (bc.linkLocator === undefined) {
    rec.error('rclpy on rmw_zenoh', 'T2', '-', 'the bench router has no TCP listener for rmw_zenoh nodes');
  } else {
    const bridgeOnly = zenohComparison(dir, 'T2: bridge the router', bc.linkLocator, locator);
    await benchRclpyService(rec, mode, bridgeOnly, `${prefix}1`);
    await benchRclpyPubSub(rec, mode, bridgeOnly, `${prefix}1`);
    const [events, , rclts] = comparedStacks(rmwZenohLaunch(dir, bc.linkLocator), locator);
    if (events?.name === RCLPY_EVENTS && rclts?.name === RCLTS)
      await crossStackCheck(rec, `pub/sub vs ${bridgeOnly.against}`, events, rclts, `${prefix}1`);
  }
  let zenohd: Awaited<ReturnType<typeof startZenohdTopology>> | undefined;
  try {
    zenohd = await startZenohdTopology(dir);
    rec.log(`T1: rmw_zenohd at ${zenohd.endpoint}, a bridge joined to it at ${zenohd.locator}`);
    const cmp = zenohComparison(dir, 'T1: rmw_zenohd the router', zenohd.endpoint, zenohd.locator);
    await benchRclpyService(rec, mode, cmp, `${prefix}2`);
    await benchRclpyPubSub(rec, mode, cmp, `${prefix}2`);
  } catch (e) {
    rec.error('rclpy on rmw_zenoh', 'T1', '-', e instanceof Error ? e.message : String(e));
  } finally {
    await zenohd?.stop();
  }
}

async function benchFastDds(bc: BenchContext, locator: string, prefix: string): Promise<void> {
  const { rec, mode } = bc;
  const venv = rclpyVenvDir();
  if (!rclpyVenvReady(venv)) {
    if (bc.makeRclpyVenv !== true) {
      rec.log(
        `rclpy over Fast DDS rows skipped: no venv at ${venv} (make it with \`bash scripts/rclpy-venv.sh\`, or run the bench with --rclpy)`,
      );
      return;
    }
    rec.log(`making the rclpy venv (scripts/rclpy-venv.sh)`);
    const failed = await makeVenv((l) => rec.log(l));
    if (failed !== undefined) {
      rec.error('rclpy', 'venv', '-', failed);
      return;
    }
  }
  const cmp = {
    against: 'ROS 2 (Fast DDS)',
    stacks: (forService: boolean) => comparedStacks(fastDdsLaunch(venv), locator, forService),
    p99Target: P99_FAST_DDS,
  };
  await benchRclpyService(rec, mode, cmp, prefix);
  await benchRclpyPubSub(rec, mode, cmp, prefix);
}
