/**
 * tf2_ros's Buffer: the BufferCore plus waits with a budget and `transform()` of a stamped
 * message. A wait is answered as soon as a transform that makes the lookup possible arrives;
 * with an executor attached (a TransformListener attaches its node's) it also runs that
 * executor's ready rounds while nobody spins, so a wait in a plain script fills the buffer itself.
 */
import { checkBudget, timerDelay } from '../../budget.js';
import { ok, type Result } from '../../result.js';
import { Duration } from '../duration.js';
import type { TransformStamped } from '../interfaces/generated/geometry_msgs/codec.js';
import { type Clock, ClockChange, type JumpHandler, type TimeJump } from '../time/clock.js';
import { BufferCore, type BufferOptions, checkCacheTime } from './buffer-core.js';
import { doTransform, type StampedGeometry } from './do-transform.js';
import { asTf2Err, Tf2ErrorKind as Kind, type Tf2ResultOf, tf2Err } from './tf2-errors.js';
import { displayTime, type Tf2Time, tf2TimeNs } from './tf2-time.js';

/** What a Buffer needs of an executor to wait on it (rclts's Executor has it). */
export interface WaitingExecutor {
  spinUntil(done: () => boolean, budgetMs: number, what?: string): Promise<Result>;
}

export interface BufferCreateOptions extends BufferOptions {
  /** The executor whose rounds fill this buffer (else the first TransformListener's). */
  readonly executor?: WaitingExecutor | undefined;
  /**
   * A clock to follow as tf2_ros's Buffer does (`node.getClock()`): the buffer forgets its
   * dynamic history when the clock jumps back or changes source (sim time on or off).
   */
  readonly clock?: Pick<Clock, 'createJumpHandler'> | undefined;
}

/** tf2_ros's min_backward of -1 ns: every backward jump counts. */
function oneNanosecondBack(): Duration {
  const d = Duration.fromNs(-1n);
  return d.ok ? d.value : Duration.zero();
}

export class Buffer extends BufferCore {
  private executor: WaitingExecutor | undefined;
  private jumpHandler: JumpHandler | undefined;
  private readonly waiters = new Set<() => void>();

  /** A buffer keeping `cacheTimeMs` of history per dynamic link (default 10 s, as tf2). */
  static create(options?: BufferCreateOptions): Tf2ResultOf<Buffer> {
    const ms = checkCacheTime(options);
    if (!ms.ok) return ms;
    const buffer = new Buffer(ms.value);
    buffer.executor = options?.executor;
    if (options?.clock !== undefined) {
      // Any backward jump and any change of source, never a forward jump (tf2_ros's threshold).
      const handler = options.clock.createJumpHandler(undefined, (jump) => buffer.onTimeJump(jump), {
        onClockChange: true,
        minBackward: oneNanosecondBack(),
      });
      if (!handler.ok) return asTf2Err(handler, Kind.InvalidArgument);
      buffer.jumpHandler = handler.value;
    }
    return ok(buffer);
  }

  /** Stops following the clock (the buffer keeps working). */
  destroy(): void {
    this.jumpHandler?.remove();
    this.jumpHandler = undefined;
  }

  private onTimeJump(jump: TimeJump): void {
    const changed =
      jump.clockChange === ClockChange.RosTimeActivated || jump.clockChange === ClockChange.RosTimeDeactivated;
    if (changed || jump.delta.nanoseconds < 0n) this.clear();
  }

  /** The executor a wait may spin; kept if one is set already (a second listener changes nothing). */
  attachExecutor(executor: WaitingExecutor): void {
    this.executor ??= executor;
  }

  protected override onInsert(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /**
   * lookupTransform, waiting up to `budgetMs` for the transforms it needs. Timeout (kind
   * TimeoutException) names the frames, the time, the budget and the last reason the lookup
   * failed; an invalid argument is answered at once.
   */
  async waitForTransform(
    target: string,
    source: string,
    time: Tf2Time,
    budgetMs: number,
  ): Promise<Tf2ResultOf<TransformStamped>> {
    const bad = checkBudget('waitForTransform budgetMs', budgetMs);
    if (!bad.ok) return asTf2Err(bad, Kind.InvalidArgument);
    const first = this.lookupTransform(target, source, time);
    if (first.ok || first.error.kind === Kind.InvalidArgument) return first;
    if (budgetMs === 0) return this.timedOut(target, source, time, budgetMs, first.error.message);
    const able = (): boolean => this.canTransform(target, source, time);
    const what = `waitForTransform from [${source}] to [${target}]`;
    let waited: Result | undefined;
    if (this.executor !== undefined) {
      waited = await this.executor.spinUntil(able, budgetMs, what);
      // Inside a handler of that executor the caller's spinner keeps running: wait passively instead.
      if (!waited.ok && waited.error.name === 'Reentrant') waited = undefined;
      else if (!waited.ok && waited.error.name !== 'Timeout') return asTf2Err(waited, Kind.Timeout);
    }
    if (waited === undefined) await this.waitPassively(able, budgetMs);
    const last = this.lookupTransform(target, source, time);
    if (last.ok) return last;
    return this.timedOut(target, source, time, budgetMs, last.error.message);
  }

  /**
   * A stamped message (PointStamped, PoseStamped, ...) expressed in `targetFrame`, at its own
   * stamp, as tf2_ros's Buffer::transform without a timeout.
   */
  transform<M extends StampedGeometry>(message: M, targetFrame: string): Tf2ResultOf<M> {
    let frame: string;
    let stamp: Tf2Time;
    try {
      frame = message.header.frame_id;
      stamp = message.header.stamp;
    } catch {
      return tf2Err(Kind.InvalidArgument, 'transform: the message has no readable header');
    }
    const t = this.lookupTransform(targetFrame, frame, stamp);
    return t.ok ? doTransform(message, t.value) : t;
  }

  private waitPassively(able: () => boolean, budgetMs: number): Promise<Result> {
    return new Promise((resolve) => {
      const done = (r: Result): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(r);
      };
      const wake = (): void => {
        if (able()) done(ok());
      };
      const timer = setTimeout(() => done(ok()), timerDelay(budgetMs));
      this.waiters.add(wake);
    });
  }

  private timedOut(target: string, source: string, time: Tf2Time, budgetMs: number, why: string): Tf2ResultOf<never> {
    const ns = tf2TimeNs('time', time);
    const at = ns.ok ? displayTime(ns.value) : '?';
    return tf2Err(
      Kind.Timeout,
      `no transform from [${source}] to [${target}] at time ${at} within the budget of ${budgetMs} ms: ${why}`,
    );
  }
}
