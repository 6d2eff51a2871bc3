/**
 * message_filters' ApproximateTime policy (the ROS 1/2 algorithm), on stamps alone. Each input
 * keeps a queue; once every queue has a message, the set of queue heads with the smallest
 * spread is searched for, the "pivot" being the input whose head ends the best set so far.
 * A set is emitted when no later message can make a better one: the pivot's own head was
 * passed, or the set is provably optimal (with the inter-message lower bounds, if given).
 * A newer set is preferred unless the older one is smaller by more than the age penalty.
 * Sets spread wider than the max interval duration are never emitted. Past `queueSize`
 * messages on one input, its oldest is dropped, and that input cannot be a pivot again until
 * another input's head ends a set.
 */
import type { PolicyOutput, Stamped, SyncPolicy } from './exact-time.js';

/** Upstream's default max interval: int32 max seconds and 999999999 ns. */
export const DEFAULT_MAX_INTERVAL_NS = 2_147_483_647n * 1_000_000_000n + 999_999_999n;
/** Upstream's default age penalty. */
export const DEFAULT_AGE_PENALTY = 0.1;

const NO_PIVOT = -1;

export class ApproximateTimePolicy implements SyncPolicy {
  private readonly deques: Stamped[][];
  private readonly past: Stamped[][];
  private nonEmpty = 0;
  private candidate: readonly Stamped[] | undefined;
  private candidateStart = 0n;
  private candidateEnd = 0n;
  private pivotTime = 0n;
  private pivot = NO_PIVOT;
  private readonly hasDropped: boolean[];
  private readonly warned: boolean[];
  /** The first out-of-order or too-close arrival of each input, as upstream warns once. */
  readonly warnings: string[] = [];
  maxIntervalNs = DEFAULT_MAX_INTERVAL_NS;
  agePenalty = DEFAULT_AGE_PENALTY;
  readonly lowerBoundsNs: bigint[];

  constructor(
    private readonly inputs: number,
    private readonly queueSize: number,
    private readonly output: PolicyOutput,
  ) {
    this.deques = Array.from({ length: inputs }, () => []);
    this.past = Array.from({ length: inputs }, () => []);
    this.hasDropped = new Array<boolean>(inputs).fill(false);
    this.warned = new Array<boolean>(inputs).fill(false);
    this.lowerBoundsNs = new Array<bigint>(inputs).fill(0n);
  }

  add(i: number, event: Stamped): void {
    const deque = this.q(i);
    deque.push(event);
    if (deque.length === 1) {
      this.nonEmpty++;
      if (this.nonEmpty === this.inputs) this.process();
    } else {
      this.checkInterMessageBound(i);
    }
    // process() may have left queue i one above the size: checked after it.
    if (this.q(i).length + this.p(i).length > this.queueSize) {
      this.nonEmpty = 0;
      for (let k = 0; k < this.inputs; k++) this.recover(k, this.p(k).length);
      this.q(i).shift();
      this.hasDropped[i] = true;
      if (this.pivot !== NO_PIVOT) {
        // Its messages went back to their queues above: the candidate is rebuilt, not dropped.
        this.candidate = undefined;
        this.pivot = NO_PIVOT;
        this.process();
      }
    }
  }

  private checkInterMessageBound(i: number): void {
    if (this.warned[i]) return;
    const deque = this.q(i);
    const latest = (deque.at(-1) as Stamped).ns;
    let previous: bigint;
    if (deque.length === 1) {
      const last = this.p(i).at(-1);
      if (last === undefined) return;
      previous = last.ns;
    } else {
      previous = (deque[deque.length - 2] as Stamped).ns;
    }
    if (latest < previous) {
      this.warnings.push(`messages of input ${i} arrived out of order`);
      this.warned[i] = true;
    } else if (latest - previous < (this.lowerBoundsNs[i] as bigint)) {
      this.warnings.push(
        `messages of input ${i} arrived closer (${latest - previous} ns) than the lower bound (${this.lowerBoundsNs[i]} ns)`,
      );
      this.warned[i] = true;
    }
  }

  private q(i: number): Stamped[] {
    return this.deques[i] as Stamped[];
  }

  private p(i: number): Stamped[] {
    return this.past[i] as Stamped[];
  }

  private deleteFront(i: number): void {
    this.q(i).shift();
    if (this.q(i).length === 0) this.nonEmpty--;
  }

  private moveFrontToPast(i: number): void {
    this.p(i).push(this.q(i).shift() as Stamped);
    if (this.q(i).length === 0) this.nonEmpty--;
  }

  private makeCandidate(): void {
    this.candidate = this.deques.map((d) => d[0] as Stamped);
    for (const v of this.past) v.length = 0;
  }

  /** Puts the last `count` past messages of input i back at the front of its queue. */
  private recover(i: number, count: number): void {
    const v = this.p(i);
    const q = this.q(i);
    for (let n = count; n > 0; n--) q.unshift(v.pop() as Stamped);
    if (q.length > 0) this.nonEmpty++;
  }

  private publishCandidate(): void {
    if (this.candidate !== undefined) this.output.matched(this.candidate);
    this.candidate = undefined;
    this.pivot = NO_PIVOT;
    this.nonEmpty = 0;
    // Every queue gets its hidden messages back, less the one the emitted set used.
    for (let i = 0; i < this.inputs; i++) {
      const v = this.p(i);
      const q = this.q(i);
      while (v.length > 0) q.unshift(v.pop() as Stamped);
      q.shift();
      if (q.length > 0) this.nonEmpty++;
    }
  }

  /** end: the latest head (the last such input); else the earliest (the first such input). */
  private boundary(times: readonly bigint[], end: boolean): { index: number; ns: bigint } {
    let index = 0;
    let ns = times[0] as bigint;
    for (let i = 0; i < times.length; i++) {
      const t = times[i] as bigint;
      if (t < ns !== end) {
        ns = t;
        index = i;
      }
    }
    return { index, ns };
  }

  private heads(): bigint[] {
    return this.deques.map((d) => (d[0] as Stamped).ns);
  }

  /** A queue's head, or for an empty one the earliest its next message can be stamped. */
  private virtualTimes(): bigint[] {
    return this.deques.map((q, i) => {
      const head = q[0];
      if (head !== undefined) return head.ns;
      const last = (this.p(i).at(-1) as Stamped).ns;
      const lowerBound = last + (this.lowerBoundsNs[i] as bigint);
      return lowerBound > this.pivotTime ? lowerBound : this.pivotTime;
    });
  }

  /** rclcpp's Duration * double: truncated toward zero. */
  private aged(ns: bigint): bigint {
    return BigInt(Math.trunc(Number(ns) * (1 + this.agePenalty)));
  }

  private process(): void {
    while (this.nonEmpty === this.inputs) {
      const heads = this.heads();
      const end = this.boundary(heads, true);
      const start = this.boundary(heads, false);
      for (let i = 0; i < this.inputs; i++) {
        // No dropped message could have beaten the heads: input i may be a pivot again.
        if (i !== end.index) this.hasDropped[i] = false;
      }
      if (this.pivot === NO_PIVOT) {
        if (end.ns - start.ns > this.maxIntervalNs || this.hasDropped[end.index]) {
          this.deleteFront(start.index);
          continue;
        }
        this.makeCandidate();
        this.candidateStart = start.ns;
        this.candidateEnd = end.ns;
        this.pivot = end.index;
        this.pivotTime = end.ns;
        this.moveFrontToPast(start.index);
      } else if (this.aged(end.ns - this.candidateEnd) >= start.ns - this.candidateStart) {
        this.moveFrontToPast(start.index);
      } else {
        this.makeCandidate();
        this.candidateStart = start.ns;
        this.candidateEnd = end.ns;
        this.moveFrontToPast(start.index);
      }
      if (start.index === this.pivot) {
        // Every set with this pivot has been tried: the best one is final.
        this.publishCandidate();
      } else if (this.aged(end.ns - this.candidateEnd) >= this.pivotTime - this.candidateStart) {
        // Any later set contains [pivot time, end], already too wide: the candidate is optimal.
        this.publishCandidate();
      } else if (this.nonEmpty < this.inputs) {
        this.virtualSearch();
      }
    }
  }

  /** With the lower bounds, tries to prove the candidate optimal before the next messages come. */
  private virtualSearch(): void {
    const moves = new Array<number>(this.inputs).fill(0);
    for (;;) {
      const times = this.virtualTimes();
      const end = this.boundary(times, true);
      const start = this.boundary(times, false);
      const aged = this.aged(end.ns - this.candidateEnd);
      if (aged >= this.pivotTime - this.candidateStart) {
        this.publishCandidate();
        return;
      }
      if (aged < start.ns - this.candidateStart) {
        // An optimistic later set beats the candidate: wait for real messages.
        this.nonEmpty = 0;
        for (let i = 0; i < this.inputs; i++) this.recover(i, moves[i] as number);
        return;
      }
      // start.index is never the pivot here (the two tests above would then be each other's negation).
      this.moveFrontToPast(start.index);
      moves[start.index] = (moves[start.index] as number) + 1;
    }
  }
}
