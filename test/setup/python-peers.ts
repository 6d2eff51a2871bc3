/**
 * The Python peers the interop tests run, made by the scripts that own them: the zenoh-ext venv
 * (scripts/interop-venv.sh), the bag readers' venv (scripts/bags-venv.sh) and real ROS 2, rclpy on rmw_zenoh_cpp (scripts/rmw-zenoh-peer.sh).
 * Both are cached; a warm run only checks them.
 */
import { join } from 'node:path';
import { formatSeconds, runStep, type SetupLog } from './setup-step.js';

export interface PeerReady {
  readonly ok: boolean;
  /** The peer's python when ok, else the line saying why not. */
  readonly detail: string;
}

/** Makes (or checks) .venv-interop; a failure is said here and again by each interop test. */
export async function ensureInteropVenv(log: SetupLog, root: string): Promise<PeerReady> {
  const outcome = await runStep('bash', [join(root, 'scripts/interop-venv.sh')], { cwd: root, log });
  if (outcome.code === 0) return { ok: true, detail: join(root, '.venv-interop/bin/python') };
  const line = `the interop venv was not made (scripts/interop-venv.sh exited ${outcome.code} after ${formatSeconds(outcome.ms)}): ${outcome.lines.at(-1) ?? 'no output'}`;
  log(line);
  return { ok: false, detail: line };
}

/**
 * Makes (or checks) .venv-bags, the independent bag readers and writer of test/interop/bags
 * (rosbags, mcap, mcap-ros2-support, mcap-protobuf-support; scripts/bags-venv.sh). Made here so
 * that two bag test files never build it at once on a fresh machine; each still checks it.
 */
export async function ensureBagsVenv(log: SetupLog, root: string): Promise<PeerReady> {
  const outcome = await runStep('bash', [join(root, 'scripts/bags-venv.sh')], { cwd: root, log });
  if (outcome.code === 0) return { ok: true, detail: join(root, '.venv-bags/bin/python') };
  const line = `the bags venv was not made (scripts/bags-venv.sh exited ${outcome.code} after ${formatSeconds(outcome.ms)}): ${outcome.lines.at(-1) ?? 'no output'}`;
  log(line);
  return { ok: false, detail: line };
}

/** The script's exit code when the sources of real ROS 2 are not there (it says so in one line). */
const NO_SOURCES = 3;

/**
 * Builds real ROS 2 once when its sources are there (about 25 minutes cold, then a check of a
 * stamp). Answers the path of `rpy`, the python running rclpy on rmw_zenoh_cpp. `signal` ends
 * the build (the next run starts it again; cargo keeps the crates it compiled).
 */
export async function ensureRos2Peer(log: SetupLog, root: string, signal: AbortSignal): Promise<PeerReady> {
  const outcome = await runStep('bash', [join(root, 'scripts/rmw-zenoh-peer.sh')], { cwd: root, log, signal });
  const last = outcome.lines.at(-1) ?? 'no output';
  if (outcome.code === 0) {
    // Its last line names the python: "... ready: <dir>/rpy" or "... ready in N s: <dir>/rpy".
    const rpy = /ready(?: in \d+ s)?: (\S+\/rpy)$/.exec(last)?.[1];
    if (rpy !== undefined) {
      await ensureExtraInterfaces(log, root, signal);
      return { ok: true, detail: rpy };
    }
    return { ok: false, detail: `scripts/rmw-zenoh-peer.sh ended well but named no rpy: ${last}` };
  }
  if (outcome.code === NO_SOURCES) return { ok: false, detail: last };
  const line = `real ROS 2 was not built (scripts/rmw-zenoh-peer.sh exited ${outcome.code} after ${formatSeconds(outcome.ms)}): ${last}`;
  log(line);
  return { ok: false, detail: line };
}

/**
 * tf2_msgs, example_interfaces and statistics_msgs for the ready peer (no wheels on PyPI), built
 * from interfaces/ into <peer>/extra/ (about 3 minutes cold). The peer stays usable without
 * them: the tests that need them skip with one line.
 */
async function ensureExtraInterfaces(log: SetupLog, root: string, signal: AbortSignal): Promise<void> {
  const script = 'scripts/rmw-zenoh-extra-interfaces.sh';
  const outcome = await runStep('bash', [join(root, script)], { cwd: root, log, signal });
  if (outcome.code !== 0)
    log(`${script} exited ${outcome.code} after ${formatSeconds(outcome.ms)}: ${outcome.lines.at(-1) ?? 'no output'}`);
}
