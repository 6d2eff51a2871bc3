/**
 * Where real ROS 2 stands while the suite runs. The global setup builds the peer beside the
 * tests instead of before them (a cold build is about 25 minutes, most of it one cargo
 * process), writing its state to a file; the real-ROS 2 files, which the suite's sequencer runs
 * last, wait on that file. This module owns the file's format.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export type Ros2PeerStatus =
  /** `deadline`: ms since the epoch past which the setup has ended the build itself. */
  | { readonly state: 'building'; readonly since: number; readonly deadline: number }
  | { readonly state: 'ready'; readonly rpy: string }
  /** `detail`: the one line saying why there is no peer. */
  | { readonly state: 'missing'; readonly detail: string };
/** What the files learn once the build is over. */
export type Ros2PeerOutcome = Exclude<Ros2PeerStatus, { readonly state: 'building' }>;

/** Replaces the file whole, so that a reader never sees half of it. */
export function writeRos2PeerStatus(path: string, status: Ros2PeerStatus): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(status));
  renameSync(`${path}.tmp`, path);
}

export function readRos2PeerStatus(path: string): Ros2PeerStatus {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'state' in parsed) return parsed as Ros2PeerStatus;
    return { state: 'missing', detail: `${path} does not say where real ROS 2 stands` };
  } catch (error) {
    return { state: 'missing', detail: `${path} could not be read: ${(error as Error).message}` };
  }
}

const POLL_MS = 2_000;
const SAY_EVERY_MS = 5 * 60_000;
/** Past the setup's own deadline, the time it has to end the build and write why. */
const GRACE_MS = 60_000;

/**
 * The status once it is no longer `building`: bounded by the deadline the setup wrote (its
 * budget for the build), plus a minute for it to end the build and say so.
 */
export async function awaitRos2Peer(path: string, say: (line: string) => void): Promise<Ros2PeerOutcome> {
  let status = readRos2PeerStatus(path);
  let said = 0;
  while (status.state === 'building') {
    const now = Date.now();
    if (now > status.deadline + GRACE_MS)
      return {
        state: 'missing',
        detail: `real ROS 2 was still building ${Math.round((now - status.since) / 60_000)} min after it began, past the setup's budget`,
      };
    if (now - said >= SAY_EVERY_MS) {
      said = now;
      const left = Math.round((status.deadline + GRACE_MS - now) / 60_000);
      say(
        `waiting for the test setup to finish building real ROS 2 (begun ${Math.round((now - status.since) / 60_000)} min ago; its [ros2-peer] lines show progress; waiting at most ${left} min more)`,
      );
    }
    await sleep(POLL_MS);
    status = readRos2PeerStatus(path);
  }
  return status;
}
