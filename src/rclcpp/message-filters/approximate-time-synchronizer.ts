/**
 * message_filters' ApproximateTime synchronizer: sets of one message per input whose stamps
 * are close, chosen by the ROS 1/2 algorithm (approximate-time.ts). Options as upstream's
 * policy: queue size (per input, at least 1; 2 or more recommended), age penalty (0.1), max
 * interval duration (no bound), inter-message lower bounds (none).
 */
import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import { type Duration, nanosecondsOf } from '../duration.js';
import { ApproximateTimePolicy } from './approximate-time.js';
import {
  checkSources,
  made,
  type SyncCallback,
  Synchronizer,
  type SyncMessages,
  type SyncSources,
} from './synchronizer.js';
import { readQueueSize } from './time-synchronizer.js';

export interface ApproximateTimeOptions {
  /** Messages kept per input (upstream's queue_size, at least 1). */
  readonly queueSize: number;
  /** How much a newer set is preferred to an older, tighter one (>= 0, default 0.1). */
  readonly agePenalty?: number | undefined;
  /** Sets spread wider than this are never emitted (default: no bound). rclpy's `slop` is the nearest. */
  readonly maxIntervalDuration?: Duration | undefined;
  /** Per input, the least time between two of its messages, if known; lets sets leave sooner. */
  readonly interMessageLowerBounds?: readonly (Duration | undefined)[] | undefined;
}

export class ApproximateTimeSynchronizer<Ms extends SyncMessages> extends Synchronizer<Ms> {
  protected readonly policy: ApproximateTimePolicy;

  private constructor(sources: readonly [...SyncSources<Ms>], queueSize: number) {
    super('ApproximateTimeSynchronizer', sources);
    this.policy = new ApproximateTimePolicy(sources.length, queueSize, this.policyOutput);
  }

  /** Connects to 2..9 filters; the callback's parameters must be their message types in order. */
  static create<Ms extends SyncMessages>(
    sources: readonly [...SyncSources<Ms>],
    options: ApproximateTimeOptions,
    callback?: SyncCallback<NoInfer<Ms>>,
  ): ResultOf<ApproximateTimeSynchronizer<Ms>> {
    const verb = 'ApproximateTimeSynchronizer';
    const checked = checkSources(verb, sources);
    if (!checked.ok) return checked;
    const queueSize = readQueueSize(verb, options, 1);
    if (!queueSize.ok) return queueSize;
    const built = made(verb, () => new ApproximateTimeSynchronizer<Ms>(sources, queueSize.value));
    if (!built.ok) return built;
    const sync = built.value;
    const set = sync.configure(options);
    if (!set.ok) return set;
    if (callback !== undefined) sync.registerCallback(callback);
    return ok(sync);
  }

  private configure(options: ApproximateTimeOptions): Result {
    let agePenalty: unknown;
    let maxInterval: unknown;
    let bounds: unknown;
    try {
      ({ agePenalty, maxIntervalDuration: maxInterval, interMessageLowerBounds: bounds } = options);
    } catch {
      return err('InvalidArgument', 'ApproximateTimeSynchronizer: options could not be read');
    }
    if (agePenalty !== undefined) {
      const r = this.setAgePenalty(agePenalty as number);
      if (!r.ok) return r;
    }
    if (maxInterval !== undefined) {
      const r = this.setMaxIntervalDuration(maxInterval as Duration);
      if (!r.ok) return r;
    }
    if (bounds !== undefined) {
      if (!Array.isArray(bounds) || bounds.length > this.policy.lowerBoundsNs.length) {
        return err(
          'InvalidArgument',
          'ApproximateTimeSynchronizer: interMessageLowerBounds must be an array, one per input',
        );
      }
      for (let i = 0; i < bounds.length; i++) {
        const b: unknown = bounds[i];
        if (b === undefined) continue;
        const r = this.setInterMessageLowerBound(i, b as Duration);
        if (!r.ok) return r;
      }
    }
    return ok();
  }

  /** Upstream asserts >= 0; here a negative or non-finite penalty answers InvalidArgument. */
  setAgePenalty(agePenalty: number): Result {
    if (typeof agePenalty !== 'number' || !Number.isFinite(agePenalty) || agePenalty < 0) {
      return err(
        'InvalidArgument',
        `ApproximateTimeSynchronizer: agePenalty must be a finite number >= 0, got ${describeValue(agePenalty)}`,
      );
    }
    this.policy.agePenalty = agePenalty;
    return ok();
  }

  setMaxIntervalDuration(duration: Duration): Result {
    const ns = nonNegativeNs('maxIntervalDuration', duration);
    if (!ns.ok) return ns;
    this.policy.maxIntervalNs = ns.value;
    return ok();
  }

  setInterMessageLowerBound(index: number, lowerBound: Duration): Result {
    const n = this.policy.lowerBoundsNs.length;
    if (!Number.isInteger(index) || index < 0 || index >= n) {
      return err(
        'InvalidArgument',
        `ApproximateTimeSynchronizer: input index must be in [0, ${n}), got ${describeValue(index)}`,
      );
    }
    const ns = nonNegativeNs(`interMessageLowerBound of input ${index}`, lowerBound);
    if (!ns.ok) return ns;
    this.policy.lowerBoundsNs[index] = ns.value;
    return ok();
  }

  /** The first out-of-order or closer-than-the-bound arrival of each input (upstream logs them once). */
  getWarnings(): readonly string[] {
    return [...this.policy.warnings];
  }
}

function nonNegativeNs(what: string, duration: unknown): ResultOf<bigint> {
  const ns = nanosecondsOf(duration);
  if (ns === undefined) return err('InvalidArgument', `ApproximateTimeSynchronizer: ${what} must be a Duration`);
  if (ns < 0n) return err('InvalidArgument', `ApproximateTimeSynchronizer: ${what} cannot be negative (${ns} ns)`);
  return ok(ns);
}
