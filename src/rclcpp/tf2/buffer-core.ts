/**
 * tf2's BufferCore: a tree of frames, each child frame with a time-indexed cache of its
 * transform to its parent. A lookup walks up from both frames to where their paths meet and
 * composes the two halves, at one time for every link (time 0: the newest time all of them have).
 */
import { describeThrown, describeValue, err, ok, type Result } from '../../result.js';
import type { TransformStamped } from '../interfaces/generated/geometry_msgs/codec.js';
import { Tf2ErrorKind as Kind, type Tf2ResultOf, tf2Err } from './tf2-errors.js';
import { displayTime, nsFromMs, stampFromNs, type Tf2Time, tf2TimeNs } from './tf2-time.js';
import { type CacheMiss, type FrameCache, StaticCache, TimeCache } from './time-cache.js';
import { type RigidTransform, transformCompose, transformIdentity, transformInverse } from './transform.js';
import { checkTransform } from './transform-check.js';

/** tf2's default cache length (BUFFER_CORE_DEFAULT_CACHE_TIME). */
export const DEFAULT_CACHE_TIME_MS = 10_000;
/** A chain longer than this is a loop (tf2's MAX_GRAPH_DEPTH). */
export const MAX_GRAPH_DEPTH = 1000;

export interface BufferOptions {
  /** How long each dynamic link's history reaches back from its newest stamp (default 10 s). */
  readonly cacheTimeMs?: number | undefined;
}

export class BufferCore {
  private readonly frames = new Map<string, FrameCache>();
  /** Every frame named as a child or a parent (a root has no cache of its own). */
  private readonly known = new Set<string>();
  protected readonly cacheNs: bigint;

  protected constructor(cacheTimeMs: number) {
    this.cacheNs = nsFromMs(cacheTimeMs);
  }

  /**
   * Adds one transform (static ones are kept forever, one per child). Refused, as tf2 refuses
   * it: a child equal to its parent, an empty frame id, a non-finite value, a rotation that is
   * not a unit quaternion (InvalidArgument), or a stamp older than the child's cache (Rejected).
   */
  setTransform(transform: TransformStamped, authority = 'default_authority', isStatic = false): Result {
    const checked = checkTransform(transform, authority);
    if (!checked.ok) return checked;
    const { parent, child, stampNs, translation: v, rotation: q } = checked.value;
    const from = `from authority "${authority}"`;
    let cache = this.frames.get(child);
    if (cache === undefined || cache.isStatic !== isStatic) {
      // A link that turns static (or dynamic) starts a new history, as tf2 reallocates it.
      cache = isStatic ? new StaticCache() : new TimeCache(this.cacheNs);
      this.frames.set(child, cache);
    }
    if (!cache.insert({ stampNs, parent, translation: v, rotation: q })) {
      return err(
        'Rejected',
        `TF_OLD_DATA: ignoring data from the past for frame "${child}" at time ${displayTime(stampNs)} ${from}: older than the cache of ${Number(this.cacheNs) / 1e9} s behind its newest stamp`,
      );
    }
    this.known.add(child);
    this.known.add(parent);
    this.onInsert();
    return ok();
  }

  /** Called after every accepted transform (the Buffer wakes its waiters). */
  protected onInsert(): void {}

  /**
   * The transform that takes data in `source` to `target` at `time` (0: the latest common time).
   * Errors: InvalidArgument for a refused frame id or time, NotFound for an unknown frame
   * (LookupException), frames in different trees (ConnectivityException) or a time older than
   * the buffer (BackwardExtrapolationException), TryAgain for a time newer than the buffer or a
   * link without data yet (ForwardExtrapolation / NoDataForExtrapolation).
   */
  lookupTransform(target: string, source: string, time: Tf2Time): Tf2ResultOf<TransformStamped> {
    const t = this.checkFrame('lookupTransform argument target_frame', target);
    if (!t.ok) return t;
    const s = this.checkFrame('lookupTransform argument source_frame', source);
    if (!s.ok) return s;
    const ns = tf2TimeNs('lookupTransform argument time', time);
    if (!ns.ok) return tf2Err(Kind.InvalidArgument, ns.error.message);
    let timeNs = ns.value;
    if (timeNs === 0n) {
      const common = this.latestCommonTime(target, source);
      if (!common.ok) return common;
      timeNs = common.value;
    }
    const walked = this.walk(target, source, timeNs);
    if (!walked.ok) return walked;
    return ok({
      header: { stamp: stampFromNs(timeNs), frame_id: target },
      child_frame_id: source,
      transform: walked.value,
    });
  }

  /**
   * tf2's advanced lookup: `source` at `sourceTime` into `fixed`, then `fixed` at `targetTime`
   * into `target` (the fixed frame does not move between the two times). Stamped at targetTime.
   */
  lookupTransformFull(
    target: string,
    targetTime: Tf2Time,
    source: string,
    sourceTime: Tf2Time,
    fixed: string,
  ): Tf2ResultOf<TransformStamped> {
    const f = this.checkFrame('lookupTransform argument fixed_frame', fixed);
    if (!f.ok) return f;
    const first = this.lookupTransform(fixed, source, sourceTime);
    if (!first.ok) return first;
    const second = this.lookupTransform(target, fixed, targetTime);
    if (!second.ok) return second;
    return ok({
      header: second.value.header,
      child_frame_id: source,
      transform: transformCompose(second.value.transform, first.value.transform),
    });
  }

  /** Whether lookupTransform would answer a transform now. */
  canTransform(target: string, source: string, time: Tf2Time): boolean {
    return this.lookupTransform(target, source, time).ok;
  }

  /** Every frame the buffer knows, children and roots. */
  getAllFrameNames(): string[] {
    return [...this.known];
  }

  /** One line per child frame naming its newest parent, as tf2's allFramesAsString. */
  allFramesAsString(): string {
    let out = '';
    for (const [child, cache] of this.frames) {
      out += `Frame ${child} exists with parent ${cache.latest()?.parent ?? 'NO_PARENT'}.\n`;
    }
    return out;
  }

  /** Forgets every dynamic link's history; static links stay, as in tf2. */
  clear(): void {
    for (const cache of this.frames.values()) cache.clear();
  }

  private checkFrame(what: string, frame: unknown): Tf2ResultOf<string> {
    if (typeof frame !== 'string') {
      return tf2Err(
        Kind.InvalidArgument,
        `Invalid argument ${describeValue(frame)} passed to ${what} - a frame id is a string`,
      );
    }
    if (frame === '') {
      return tf2Err(Kind.InvalidArgument, `Invalid argument "" passed to ${what} - in tf2 frame_ids cannot be empty`);
    }
    if (frame.startsWith('/')) {
      return tf2Err(
        Kind.InvalidArgument,
        `Invalid argument "${frame}" passed to ${what} - in tf2 frame_ids cannot start with a '/'`,
      );
    }
    if (!this.known.has(frame)) return tf2Err(Kind.Lookup, `"${frame}" passed to ${what} does not exist.`);
    return ok(frame);
  }

  private connectivityError(target: string, source: string): Tf2ResultOf<never> {
    return tf2Err(
      Kind.Connectivity,
      `Could not find a connection between '${target}' and '${source}' because they are not part of the same tree. Tf has two or more unconnected trees.`,
    );
  }

  private loopError(): Tf2ResultOf<never> {
    return tf2Err(Kind.Lookup, `The tf tree is invalid because it contains a loop.\n${this.allFramesAsString()}`);
  }

  private missError(m: CacheMiss, target: string, source: string): Tf2ResultOf<never> {
    return tf2Err(m.kind, `${m.text}, when looking up transform from frame [${source}] to frame [${target}]`);
  }

  /** The newest time every link between the two frames has (0n when all of them are static). */
  private latestCommonTime(target: string, source: string): Tf2ResultOf<bigint> {
    if (target === source) return ok(this.frames.get(source)?.latest()?.stampNs ?? 0n);
    // Up from the source: each frame reached, with the stamps of the links below it.
    const reached = new Map<string, bigint[]>([[source, []]]);
    const stamps: bigint[] = [];
    for (let frame = source, depth = 0; ; depth++) {
      const latest = this.frames.get(frame)?.latest();
      if (latest === undefined) break;
      if (latest.stampNs !== 0n) stamps.push(latest.stampNs);
      frame = latest.parent;
      if (reached.has(frame) || depth > MAX_GRAPH_DEPTH) return this.loopError();
      reached.set(frame, [...stamps]);
      if (frame === target) return ok(minOrZero(stamps));
    }
    const targetStamps: bigint[] = [];
    for (let frame = target, depth = 0; ; depth++) {
      const below = reached.get(frame);
      if (below !== undefined) return ok(minOrZero([...below, ...targetStamps]));
      const latest = this.frames.get(frame)?.latest();
      if (latest === undefined) return this.connectivityError(target, source);
      if (latest.stampNs !== 0n) targetStamps.push(latest.stampNs);
      frame = latest.parent;
      if (depth > MAX_GRAPH_DEPTH) return this.loopError();
    }
  }

  /** target <- source at one time: up from the source, then up from the target to the first frame both reach. */
  private walk(target: string, source: string, timeNs: bigint): Tf2ResultOf<RigidTransform> {
    if (target === source) return ok(transformIdentity());
    const fromSource = new Map<string, RigidTransform>([[source, transformIdentity()]]);
    let sourceMiss: CacheMiss | undefined;
    let acc = transformIdentity();
    for (let frame = source, depth = 0; ; depth++) {
      const cache = this.frames.get(frame);
      if (cache === undefined) break;
      const link = cache.getData(timeNs);
      if (!link.ok) {
        // The target may still be reached below this frame; the miss is the answer only if not.
        sourceMiss = link;
        break;
      }
      acc = transformCompose(link.value, acc);
      frame = link.value.parent;
      if (fromSource.has(frame) || depth > MAX_GRAPH_DEPTH) return this.loopError();
      if (frame === target) return ok(acc);
      fromSource.set(frame, acc);
    }
    let targetAcc = transformIdentity();
    for (let frame = target, depth = 0; ; depth++) {
      const sourceSide = fromSource.get(frame);
      if (sourceSide !== undefined) return ok(transformCompose(transformInverse(targetAcc), sourceSide));
      const cache = this.frames.get(frame);
      if (cache === undefined) break;
      const link = cache.getData(timeNs);
      if (!link.ok) return this.missError(link, target, source);
      targetAcc = transformCompose(link.value, targetAcc);
      frame = link.value.parent;
      if (depth > MAX_GRAPH_DEPTH) return this.loopError();
    }
    if (sourceMiss !== undefined) return this.missError(sourceMiss, target, source);
    return this.connectivityError(target, source);
  }
}

function minOrZero(stamps: readonly bigint[]): bigint {
  let min: bigint | undefined;
  for (const s of stamps) if (min === undefined || s < min) min = s;
  return min ?? 0n;
}

/** A cache length in milliseconds, or InvalidArgument naming it. */
export function checkCacheTime(options: BufferOptions | undefined): Tf2ResultOf<number> {
  let ms: unknown;
  try {
    ms = options?.cacheTimeMs ?? DEFAULT_CACHE_TIME_MS;
  } catch (thrown) {
    return tf2Err(Kind.InvalidArgument, `BufferOptions.cacheTimeMs could not be read: ${describeThrown(thrown)}`);
  }
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    return tf2Err(
      Kind.InvalidArgument,
      `BufferOptions.cacheTimeMs must be a finite number of milliseconds >= 0, got ${describeValue(ms)}`,
    );
  }
  return ok(ms);
}
