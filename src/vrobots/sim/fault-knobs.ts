/**
 * Fault knobs and counters of the simulator, for tests of the client's retry, timeout and
 * drop handling. A selector names one key (`vrobots/1/z/srv/reset`), a service segment on
 * every robot (`reset`, `create`, `frame`), or `*`: every service key (a simulator that
 * stopped answering). The most specific selector wins.
 */

/** What to do with the replies of the keys a selector names. */
export interface ReplyFault {
  /** Hold each reply this long before answering. */
  readonly delayMs?: number;
  /** Answer nothing to this many requests (Infinity: to every one). */
  readonly drop?: number;
}

/** Per-key counts since the simulator started. */
export interface SimCounters {
  /** Requests that reached a service, per key (payload-less GETs included). */
  readonly requests: ReadonlyMap<string, number>;
  /** Replies the drop knob swallowed, per key. */
  readonly droppedReplies: ReadonlyMap<string, number>;
  /** Samples that arrived on a key the simulator subscribes (cmd, estimate), malformed included. */
  readonly received: ReadonlyMap<string, number>;
  /** Payloads that did not decode (dropped), per key. */
  readonly malformed: ReadonlyMap<string, number>;
  /** Commands refused by the acceptability check (wrong length, non-finite, unknown id), per key. */
  readonly rejectedCommands: ReadonlyMap<string, number>;
  /** Commands applied, per key. */
  readonly appliedCommands: ReadonlyMap<string, number>;
  /** Samples published, per key. */
  readonly published: ReadonlyMap<string, number>;
}

/** The knobs a test turns (also reachable as `simulator.faults`). */
export interface FaultKnobs {
  /** Sets (replaces) the reply fault of a key or segment. */
  setReplyFault(selector: string, fault: ReplyFault): void;
  delayReplies(selector: string, delayMs: number): void;
  /** Swallows the next `count` replies (default: all until cleared). */
  dropReplies(selector: string, count?: number): void;
  /** Clears one selector's fault, or all of them. */
  clearReplyFaults(selector?: string): void;
  /** Stops publishing state and frames: of one robot, or of all (also robots created later). */
  pausePublishing(sysId?: number): void;
  resumePublishing(sysId?: number): void;
  isPublishingPaused(sysId: number): boolean;
}

type Tally = Map<string, number>;

/** One key's count of samples published. */
export interface PublishedTally {
  n: number;
}

function bump(tally: Tally, key: string, by = 1): void {
  tally.set(key, (tally.get(key) ?? 0) + by);
}

/** The last segment of a key: `vrobots/1/z/srv/reset` -> `reset`. */
function segmentOf(key: string): string {
  const i = key.lastIndexOf('/');
  return i < 0 ? key : key.slice(i + 1);
}

/** What the reply path asks: how long to hold, and whether to answer at all. */
export interface ReplyPlan {
  readonly delayMs: number;
  readonly drop: boolean;
}

export class FaultBoard implements FaultKnobs {
  private readonly replyFaults = new Map<string, { delayMs: number; dropLeft: number }>();
  private allPaused = false;
  private readonly pausedIds = new Set<number>();
  private readonly resumedIds = new Set<number>();
  readonly requests: Tally = new Map();
  readonly droppedReplies: Tally = new Map();
  readonly received: Tally = new Map();
  readonly malformed: Tally = new Map();
  readonly rejectedCommands: Tally = new Map();
  readonly appliedCommands: Tally = new Map();
  private readonly published = new Map<string, PublishedTally>();

  setReplyFault(selector: string, fault: ReplyFault): void {
    this.replyFaults.set(selector, {
      delayMs: Math.max(0, fault.delayMs ?? 0),
      dropLeft: Math.max(0, fault.drop ?? 0),
    });
  }

  delayReplies(selector: string, delayMs: number): void {
    const current = this.replyFaults.get(selector);
    this.replyFaults.set(selector, { delayMs: Math.max(0, delayMs), dropLeft: current?.dropLeft ?? 0 });
  }

  dropReplies(selector: string, count = Number.POSITIVE_INFINITY): void {
    const current = this.replyFaults.get(selector);
    this.replyFaults.set(selector, { delayMs: current?.delayMs ?? 0, dropLeft: Math.max(0, count) });
  }

  clearReplyFaults(selector?: string): void {
    if (selector === undefined) this.replyFaults.clear();
    else this.replyFaults.delete(selector);
  }

  pausePublishing(sysId?: number): void {
    if (sysId === undefined) {
      this.allPaused = true;
      this.pausedIds.clear();
      this.resumedIds.clear();
    } else {
      this.pausedIds.add(sysId);
      this.resumedIds.delete(sysId);
    }
  }

  resumePublishing(sysId?: number): void {
    if (sysId === undefined) {
      this.allPaused = false;
      this.pausedIds.clear();
      this.resumedIds.clear();
    } else {
      this.pausedIds.delete(sysId);
      if (this.allPaused) this.resumedIds.add(sysId);
    }
  }

  isPublishingPaused(sysId: number): boolean {
    return this.pausedIds.has(sysId) || (this.allPaused && !this.resumedIds.has(sysId));
  }

  /** Counts one request on `key` and says how to answer it (consumes one drop). */
  planReply(key: string): ReplyPlan {
    bump(this.requests, key);
    const fault = this.replyFaults.get(key) ?? this.replyFaults.get(segmentOf(key)) ?? this.replyFaults.get('*');
    if (fault === undefined) return { delayMs: 0, drop: false };
    if (fault.dropLeft > 0) {
      fault.dropLeft--;
      bump(this.droppedReplies, key);
      return { delayMs: fault.delayMs, drop: true };
    }
    return { delayMs: fault.delayMs, drop: false };
  }

  countReceived(key: string): void {
    bump(this.received, key);
  }

  countMalformed(key: string): void {
    bump(this.malformed, key);
  }

  countRejectedCommand(key: string): void {
    bump(this.rejectedCommands, key);
  }

  countAppliedCommand(key: string): void {
    bump(this.appliedCommands, key);
  }

  countPublished(key: string): void {
    this.publishedTally(key).n++;
  }

  /** The published count of `key` as a cell to add to: a publisher counts with no map lookup. */
  publishedTally(key: string): PublishedTally {
    let t = this.published.get(key);
    if (t === undefined) {
      t = { n: 0 };
      this.published.set(key, t);
    }
    return t;
  }

  /** A copy: later traffic does not change what the caller holds. */
  snapshot(): SimCounters {
    return {
      requests: new Map(this.requests),
      droppedReplies: new Map(this.droppedReplies),
      received: new Map(this.received),
      malformed: new Map(this.malformed),
      rejectedCommands: new Map(this.rejectedCommands),
      appliedCommands: new Map(this.appliedCommands),
      published: new Map([...this.published].map(([key, t]) => [key, t.n])),
    };
  }
}
