/**
 * The peer's python that also finds tf2_msgs, example_interfaces and statistics_msgs (PyPI has no
 * wheels for them): scripts/rmw-zenoh-extra-interfaces.sh builds them from rclts's interfaces/
 * into <peer>/extra/ with its own rpy, once the peer is ready (the global setup runs it).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe } from 'vitest';
import { RclpyPeer, ros2PeerPython, type World } from './peer.js';

const BASE = ros2PeerPython();
const EXTRA = BASE === undefined ? undefined : join(dirname(BASE), 'extra');
/** extra/rpy once its READY stamp is written, else undefined. */
export const EXTRA_PYTHON =
  EXTRA !== undefined && existsSync(join(EXTRA, 'READY')) && existsSync(join(EXTRA, 'rpy'))
    ? join(EXTRA, 'rpy')
    : undefined;

/** A describeRos2 body that skips, with one line, where the extra interfaces are not built. */
export function describeExtra(name: string, body: () => void): void {
  if (BASE !== undefined && EXTRA_PYTHON === undefined)
    console.warn(
      `${name}: skipped, tf2_msgs/example_interfaces not built for rclpy (enable: bash scripts/rmw-zenoh-extra-interfaces.sh)`,
    );
  describe.skipIf(EXTRA_PYTHON === undefined)(name, body);
}

/** rclpy_peer.py (or `script`) run by extra/rpy in `world`; the caller kills it. */
export async function extraPeer(world: World, script?: string): Promise<RclpyPeer> {
  if (EXTRA_PYTHON === undefined) throw new Error('the extra interfaces are not built');
  return RclpyPeer.start(EXTRA_PYTHON, world.endpoint, undefined, script);
}
