/**
 * Duplicate suppression by (publisher GID, sequence number, source timestamp) from the
 * rmw_zenoh attachment (ros naming). Duplicates arise where rclts itself replays: a
 * transient-local subscriber's history overlaps the live samples held back meanwhile, and
 * history is fetched again after every reconnect. Such a duplicate is at most the history
 * depth behind the newest sample of its publisher and carries that sample's original
 * timestamp.
 *
 * The sender's numbers are not trusted to silence a stream:
 * - a number far ahead (more than REPLAY_JUMP past the newest) is delivered, but the newest
 *   moves there only once a second sample confirms the jump (within REPLAY_JUMP past it), so
 *   one forged sample with sequence number INT64_MAX changes nothing for the real stream;
 * - a number at or behind the newest is a duplicate only if it is within REPLAY_WINDOW and
 *   not newer in time (by more than RESTART_AFTER_NS); otherwise the publisher restarted (rmw_zenoh derives GIDs from entity
 *   keys, so a restarted peer reuses its GID and counts from 1) and its numbers start over.
 * At worst a forged sample a few numbers ahead (within REPLAY_JUMP) and stamped in the future
 * hides that many real samples.
 *
 * The table is bounded: publishers are kept in order of their last sample, at most
 * MAX_TRACKED_PUBLISHERS; when publishers leave the graph the subscriber trims it to the live
 * publishers plus REPLAY_TRIM_SLACK, dropping the longest silent first (the one that left is
 * the one that went silent; raw-named publishers have random GIDs and no token to match). A forgotten live publisher costs at most a duplicate on the
 * next history replay.
 */
import { MAX_TRANSIENT_LOCAL_HISTORY } from './transient-local.js';

/** How far behind the newest a replayed sample can be: the deepest history a publisher keeps. */
export const REPLAY_WINDOW = BigInt(MAX_TRANSIENT_LOCAL_HISTORY);
/** A jump forward larger than this needs a second sample to confirm it. */
export const REPLAY_JUMP = 64n;
/**
 * Publishers remembered beyond those the graph shows alive. Trimming forgets the longest
 * silent first, which is normally one that left; the slack keeps a live publisher that has
 * been silent longer (a latched transient-local one) when a few others left meanwhile.
 */
export const REPLAY_TRIM_SLACK = 8;
/**
 * How much newer in time a sample at or behind the newest number must be to count as a
 * restart: more than the jitter of a publisher's clock (a timestamp built from a millisecond
 * clock and a sub-millisecond part can step back within one ms), less than any real restart.
 */
export const RESTART_AFTER_NS = 1_000_000n;
/** Publishers remembered per subscriber at most. */
export const MAX_TRACKED_PUBLISHERS = 1024;

interface Mark {
  readonly seq: bigint;
  readonly ts: bigint;
}

interface PublisherState {
  newest: Mark;
  /** A far jump seen once, waiting for a sample that confirms it. */
  jump: Mark | undefined;
}

export class ReplayFilter {
  private readonly publishers = new Map<string, PublisherState>();

  /** How many publishers are remembered. */
  get size(): number {
    return this.publishers.size;
  }

  /** true when the sample is a duplicate to drop; otherwise it is recorded and should be delivered. */
  isReplay(gid: string, seq: bigint, ts: bigint): boolean {
    const state = this.publishers.get(gid);
    if (state === undefined) {
      this.publishers.set(gid, { newest: { seq, ts }, jump: undefined });
      if (this.publishers.size > MAX_TRACKED_PUBLISHERS) this.trimTo(MAX_TRACKED_PUBLISHERS);
      return false;
    }
    // Most recently heard last: the first entries are the longest silent.
    this.publishers.delete(gid);
    this.publishers.set(gid, state);
    const { newest, jump } = state;
    if (seq <= newest.seq) {
      if (newest.seq - seq < REPLAY_WINDOW && ts <= newest.ts + RESTART_AFTER_NS) return true;
      state.newest = { seq, ts };
      state.jump = undefined;
      return false;
    }
    if (seq - newest.seq <= REPLAY_JUMP || (jump !== undefined && seq > jump.seq && seq - jump.seq <= REPLAY_JUMP)) {
      state.newest = { seq, ts };
      state.jump = undefined;
      return false;
    }
    state.jump = { seq, ts };
    return false;
  }

  /** Forgets the longest silent publishers until at most `count` remain. */
  trimTo(count: number): void {
    for (const gid of this.publishers.keys()) {
      if (this.publishers.size <= count) return;
      this.publishers.delete(gid);
    }
  }

  clear(): void {
    this.publishers.clear();
  }
}
