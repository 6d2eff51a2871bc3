/**
 * message_filters' TimeSynchronizer: the exact-time policy. A callback gets one message of
 * each input when all carry the same stamp; `queueSize` bounds how many stamps wait for their
 * set (0: no bound, as upstream), and every set given up goes to the drop callbacks.
 */
import { describeValue, err, ok, type ResultOf } from '../../result.js';
import { ExactTimePolicy } from './exact-time.js';
import type { Connection } from './signal.js';
import {
  checkSources,
  type DropCallback,
  made,
  type SyncCallback,
  Synchronizer,
  type SyncMessages,
  type SyncSources,
} from './synchronizer.js';

export interface TimeSynchronizerOptions {
  /** Stamps kept waiting for their set; 0 keeps every one (upstream's queue_size). */
  readonly queueSize: number;
}

export class TimeSynchronizer<Ms extends SyncMessages> extends Synchronizer<Ms> {
  protected readonly policy: ExactTimePolicy;

  private constructor(sources: readonly [...SyncSources<Ms>], queueSize: number) {
    super('TimeSynchronizer', sources);
    this.policy = new ExactTimePolicy(sources.length, queueSize, this.policyOutput);
  }

  /**
   * Connects to 2..9 filters; `callback`, if given, is the first registered callback. Its
   * parameters must be the inputs' message types in order (a compile error otherwise).
   */
  static create<Ms extends SyncMessages>(
    sources: readonly [...SyncSources<Ms>],
    options: TimeSynchronizerOptions,
    callback?: SyncCallback<NoInfer<Ms>>,
  ): ResultOf<TimeSynchronizer<Ms>> {
    const checked = checkSources('TimeSynchronizer', sources);
    if (!checked.ok) return checked;
    const queueSize = readQueueSize('TimeSynchronizer', options, 0);
    if (!queueSize.ok) return queueSize;
    const built = made('TimeSynchronizer', () => new TimeSynchronizer<Ms>(sources, queueSize.value));
    if (!built.ok) return built;
    const sync = built.value;
    if (callback !== undefined) sync.registerCallback(callback);
    return ok(sync);
  }

  /** Gets each set given up: older than a match, or past the queue size. */
  registerDropCallback(callback: DropCallback<Ms>): Connection {
    return this.dropSignal.connect(callback);
  }
}

/** `options.queueSize`: an integer >= min. */
export function readQueueSize(verb: string, options: unknown, min: number): ResultOf<number> {
  let size: unknown;
  try {
    size = (options as { queueSize?: unknown }).queueSize;
  } catch {
    return err('InvalidArgument', `${verb}: options must be an object with queueSize`);
  }
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < min) {
    return err('InvalidArgument', `${verb}: queueSize must be an integer >= ${min}, got ${describeValue(size)}`);
  }
  return ok(size);
}
