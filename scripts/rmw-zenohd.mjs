// Real ROS 2's cache and router, shared by the interop tests (test/interop/ros2/peer.ts) and the
// rclpy bench (bench/rclpy-zenoh.ts): where scripts/rmw-zenoh-peer.sh builds rclpy on
// rmw_zenoh_cpp, and rmw_zenohd of that build on a free loopback port.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './zenoh-router-lib.mjs';

export const RMW_ZENOH_VERSION = '0.6.6';

/** Where scripts/rmw-zenoh-peer.sh builds the peer (its RCLTS_RMW_ZENOH_CACHE and XDG rules). */
export function rmwZenohDir(env = process.env) {
  const base = env.RCLTS_RMW_ZENOH_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'rclts', 'rmw_zenoh');
  return join(base, RMW_ZENOH_VERSION);
}

/** Built: the script writes READY last. */
export function rmwZenohReady(dir) {
  return existsSync(join(dir, 'rpy')) && existsSync(join(dir, 'READY'));
}

function tcpAccepts(port) {
  return new Promise((resolve) => {
    const s = tcpConnect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** rmw_zenohd of the build in `dir` on a free loopback port, up once it accepts TCP. */
export async function startRmwZenohd(dir, { listenBudgetMs = 20_000 } = {}) {
  const binary = join(dir, 'install/lib/rmw_zenoh_cpp/rmw_zenohd');
  if (!existsSync(binary)) throw new Error(`rmw_zenohd not found at ${binary}: run bash scripts/rmw-zenoh-peer.sh`);
  const port = await freePort();
  const endpoint = `tcp/127.0.0.1:${port}`;
  const child = spawn('sh', ['-c', `. "${join(dir, 'env.sh')}" && exec "${binary}"`], {
    env: {
      ...process.env,
      RUST_LOG: 'warn',
      ZENOH_CONFIG_OVERRIDE: `listen/endpoints=["${endpoint}"];scouting/multicast/enabled=false`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let tail = '';
  child.stderr.on('data', (c) => {
    tail = (tail + c.toString()).slice(-2000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  };
  const end = Date.now() + listenBudgetMs;
  while (!(await tcpAccepts(port))) {
    if (Date.now() > end || child.exitCode !== null) {
      await stop();
      throw new Error(`rmw_zenohd did not listen on ${endpoint} within ${listenBudgetMs} ms: ${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { endpoint, stop };
}
