/**
 * The robot's state subscription: keeps the latest snapshot (forever, also after delete or
 * close), counts samples, decode failures and seq gaps, and wakes waiters. Payloads are
 * decoded here rather than in the rclcpp layer so that a malformed one is counted in
 * `stats().decodeErrors` instead of vanishing.
 */

import type { Node, SubscriptionHandle } from '../../rclcpp/index.js';
import { ok } from '../../result.js';
import { State } from '../messages/topic-messages.js';
import { RawBytes } from '../tools/raw-bytes.js';
import type { LoopDriver } from './loop-driver.js';
import { SeqTracker, type StateStats } from './state-stats.js';
import { type VrResultOf, vrFail } from './vr-error.js';

export class StateFeed {
  readonly key: string;
  private latestState: State | undefined;
  private received = 0;
  private lastArrival: number | undefined;
  private readonly tracker = new SeqTracker();
  private handle: SubscriptionHandle | undefined;

  private constructor(key: string) {
    this.key = key;
  }

  static open(node: Node, driver: LoopDriver, key: string, onState: (state: State) => void): VrResultOf<StateFeed> {
    const feed = new StateFeed(key);
    const handle = node.createSubscription(RawBytes, key, (bytes, info) => {
      // protobuf decodes zero bytes as an all-default State: the robot would jump to the
      // origin with no name, so an empty payload counts as undecodable.
      let state: State | undefined;
      try {
        state = bytes.byteLength === 0 ? undefined : State.decode(bytes);
      } catch {
        state = undefined;
      }
      if (state === undefined) {
        feed.tracker.decodeError();
        return;
      }
      feed.latestState = state;
      feed.received++;
      feed.lastArrival = info.receivedAtMs;
      feed.tracker.accept(state.header.seq);
      driver.wake.notify();
      onState(state);
    });
    if (!handle.ok) return vrFail(handle.error, `cannot subscribe ${key}`);
    feed.handle = handle.value;
    return ok(feed);
  }

  latest(): State | undefined {
    return this.latestState;
  }

  /** Samples received so far; a waiter compares it with the count it started from. */
  count(): number {
    return this.received;
  }

  /** Date.now() of the last sample, undefined before the first. */
  lastArrivalMs(): number | undefined {
    return this.lastArrival;
  }

  stats(): StateStats {
    return this.tracker.snapshot();
  }

  /** Stops receiving; the last snapshot stays readable. */
  close(): void {
    this.handle?.reset();
    this.handle = undefined;
  }
}
