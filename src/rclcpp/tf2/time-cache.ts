/**
 * The per-child-frame history tf2 keeps (tf2::TimeCache, tf2::StaticCache): stamped transforms
 * to the parent, interpolated between stamps. A dynamic cache keeps a window of `cacheNs`
 * behind its newest stamp; a static cache keeps one transform, valid at every time.
 */
import type { Quat, Vec3 } from './quaternion.js';
import { Tf2ErrorKind } from './tf2-errors.js';
import { displayTime } from './tf2-time.js';
import { transformInterpolate } from './transform.js';

/** One stamped link: child -> parent at `stampNs`. */
export interface TransformStorage {
  readonly stampNs: bigint;
  readonly parent: string;
  readonly translation: Vec3;
  readonly rotation: Quat;
}

/** Why a cache has no link at a time: tf2's kind and its sentence (the caller adds the frames). */
export interface CacheMiss {
  readonly ok: false;
  readonly kind: Tf2ErrorKind;
  readonly text: string;
}

export type CacheAnswer = { readonly ok: true; readonly value: TransformStorage } | CacheMiss;

function miss(kind: Tf2ErrorKind, text: string): CacheMiss {
  return { ok: false, kind, text };
}

export interface FrameCache {
  readonly isStatic: boolean;
  /** False when the stamp is older than what the cache keeps (tf2's TF_OLD_DATA). */
  insert(data: TransformStorage): boolean;
  /** The link at `timeNs` (0n: the newest), interpolated between the stamps around it. */
  getData(timeNs: bigint): CacheAnswer;
  /** The newest stamp and its parent (stamp 0n for a static link), or undefined when empty. */
  latest(): { readonly stampNs: bigint; readonly parent: string } | undefined;
  oldestStampNs(): bigint;
  size(): number;
  clear(): void;
}

function sameData(a: TransformStorage, b: TransformStorage): boolean {
  const { translation: s, rotation: q } = a;
  const { translation: t, rotation: r } = b;
  return (
    a.parent === b.parent &&
    s.x === t.x &&
    s.y === t.y &&
    s.z === t.z &&
    q.x === r.x &&
    q.y === r.y &&
    q.z === r.z &&
    q.w === r.w
  );
}

export class TimeCache implements FrameCache {
  readonly isStatic = false;
  /** Oldest first. */
  private readonly storage: TransformStorage[] = [];

  constructor(private readonly cacheNs: bigint) {}

  insert(data: TransformStorage): boolean {
    const newest = this.storage.at(-1);
    if (newest !== undefined) {
      const horizon = newest.stampNs - this.cacheNs;
      let drop = 0;
      while (drop < this.storage.length && (this.storage[drop] as TransformStorage).stampNs < horizon) drop++;
      if (drop > 0) this.storage.splice(0, drop);
      if (data.stampNs < horizon) return false;
    }
    // After the last entry at or before the stamp (most inserts append); an exact repeat is kept once.
    let at = this.storage.length;
    while (at > 0 && (this.storage[at - 1] as TransformStorage).stampNs > data.stampNs) at--;
    for (let i = at - 1; i >= 0; i--) {
      const s = this.storage[i] as TransformStorage;
      if (s.stampNs !== data.stampNs) break;
      if (sameData(s, data)) return true;
    }
    this.storage.splice(at, 0, data);
    return true;
  }

  getData(timeNs: bigint): CacheAnswer {
    const n = this.storage.length;
    const newest = this.storage[n - 1];
    const oldest = this.storage[0];
    if (newest === undefined || oldest === undefined) {
      return miss(
        Tf2ErrorKind.NoDataForExtrapolation,
        `Lookup would require extrapolation at time ${displayTime(timeNs)}, but only time ${displayTime(0n)} is in the buffer`,
      );
    }
    if (timeNs === 0n || timeNs === newest.stampNs) return { ok: true, value: newest };
    if (n === 1) {
      return miss(
        Tf2ErrorKind.NoDataForExtrapolation,
        `Lookup would require extrapolation at time ${displayTime(timeNs)}, but only time ${displayTime(newest.stampNs)} is in the buffer`,
      );
    }
    if (timeNs === oldest.stampNs) return { ok: true, value: oldest };
    if (timeNs > newest.stampNs) {
      return miss(
        Tf2ErrorKind.ForwardExtrapolation,
        `Lookup would require extrapolation into the future.  Requested time ${displayTime(timeNs)} but the latest data is at time ${displayTime(newest.stampNs)}`,
      );
    }
    if (timeNs < oldest.stampNs) {
      return miss(
        Tf2ErrorKind.BackwardExtrapolation,
        `Lookup would require extrapolation into the past.  Requested time ${displayTime(timeNs)} but the earliest data is at time ${displayTime(oldest.stampNs)}`,
      );
    }
    // Binary search: the last entry at or before timeNs, and the one after it.
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((this.storage[mid] as TransformStorage).stampNs <= timeNs) lo = mid;
      else hi = mid;
    }
    const before = this.storage[lo] as TransformStorage;
    const after = this.storage[hi] as TransformStorage;
    if (before.stampNs === timeNs) return { ok: true, value: before };
    // A link whose parent changed between the two stamps is not interpolated (tf2 keeps the older).
    if (before.parent !== after.parent) return { ok: true, value: before };
    const ratio = Number(timeNs - before.stampNs) / Number(after.stampNs - before.stampNs);
    const mixed = transformInterpolate(before, after, ratio);
    return { ok: true, value: { stampNs: timeNs, parent: before.parent, ...mixed } };
  }

  latest(): { readonly stampNs: bigint; readonly parent: string } | undefined {
    return this.storage.at(-1);
  }

  oldestStampNs(): bigint {
    return this.storage[0]?.stampNs ?? 0n;
  }

  size(): number {
    return this.storage.length;
  }

  clear(): void {
    this.storage.length = 0;
  }
}

export class StaticCache implements FrameCache {
  readonly isStatic = true;
  private data: TransformStorage | undefined;

  insert(data: TransformStorage): boolean {
    this.data = data;
    return true;
  }

  getData(timeNs: bigint): CacheAnswer {
    if (this.data === undefined) {
      return miss(
        Tf2ErrorKind.NoDataForExtrapolation,
        `Lookup would require extrapolation at time ${displayTime(timeNs)}, but only time ${displayTime(0n)} is in the buffer`,
      );
    }
    return { ok: true, value: { ...this.data, stampNs: timeNs } };
  }

  latest(): { readonly stampNs: bigint; readonly parent: string } | undefined {
    return this.data === undefined ? undefined : { stampNs: 0n, parent: this.data.parent };
  }

  oldestStampNs(): bigint {
    return 0n;
  }

  size(): number {
    return this.data === undefined ? 0 : 1;
  }

  /** Static links outlive clear(), as tf2's StaticCache does. */
  clear(): void {}
}
