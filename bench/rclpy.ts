/**
 * The real-ROS 2 baseline: rclts's service and pub/sub shapes next to rclpy over Fast DDS (ROS
 * 2's default rmw), measured side by side in the same run (bench/rclpy-service.ts,
 * bench/rclpy-pubsub.ts). rclts cannot talk to Fast DDS, so each stack runs its own processes.
 * Needs the venv of scripts/rclpy-venv.sh (about 250 MB, in the user's cache): without it the
 * bench says so in one line and goes on, unless it was asked to make it (`--rclpy`).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchContext } from './harness/context.js';
import { benchRclpyPubSub } from './rclpy-pubsub.js';
import { rclpyVenvDir, rclpyVenvReady } from './rclpy-peer.js';
import { benchRclpyService } from './rclpy-service.js';

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

export async function benchRclpy(bc: BenchContext): Promise<void> {
  const { rec, mode, locator } = bc;
  const venv = rclpyVenvDir();
  if (!rclpyVenvReady(venv)) {
    if (bc.makeRclpyVenv !== true) {
      rec.log(
        `rclpy rows skipped: no venv at ${venv} (make it with \`bash scripts/rclpy-venv.sh\`, or run the bench with --rclpy)`,
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
  if (locator === undefined) {
    rec.error('rclpy', 'all', '-', 'no router');
    return;
  }
  const prefix = `/rclts_bench_${process.pid}_${Date.now().toString(36)}`;
  await benchRclpyService(rec, mode, venv, locator, prefix);
  await benchRclpyPubSub(rec, mode, venv, locator, prefix);
}
