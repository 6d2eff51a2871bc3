/**
 * The topic table: per-key counts gathered while observing `vrobots/**`, turned into rows
 * with measured Hz and bytes. Pure, so the ordering and arithmetic are testable.
 */

/** How the key travels: `z` zenoh (the only wire a JavaScript process can observe). */
export type TopicWire = 'z' | 'i';

export interface TopicRow {
  readonly key: string;
  readonly wire: TopicWire;
  /** The key's sys_id, undefined for `manager`, `scene` and anything not numeric. */
  readonly sysId: number | undefined;
  readonly samples: number;
  /** Samples over the observation window. */
  readonly hz: number;
  /** Mean payload size. */
  readonly bytes: number;
  readonly bytesPerSecond: number;
}

export interface TopicListing {
  readonly windowMs: number;
  readonly rows: readonly TopicRow[];
}

/** Accumulates samples per key. */
export class TopicTally {
  private readonly perKey = new Map<string, { samples: number; bytes: number }>();

  add(key: string, bytes: number): void {
    const entry = this.perKey.get(key);
    if (entry === undefined) this.perKey.set(key, { samples: 1, bytes });
    else {
      entry.samples++;
      entry.bytes += bytes;
    }
  }

  /** Rows sorted by sys_id (numeric ids first), then key; `keyword` keeps keys that contain it. */
  listing(windowMs: number, keyword?: string): TopicListing {
    const seconds = windowMs / 1000;
    const rows: TopicRow[] = [];
    for (const [key, { samples, bytes }] of this.perKey) {
      if (keyword !== undefined && keyword.length > 0 && !key.includes(keyword)) continue;
      rows.push({
        key,
        wire: wireOfKey(key),
        sysId: sysIdOfKey(key),
        samples,
        hz: seconds > 0 ? samples / seconds : 0,
        bytes: samples > 0 ? bytes / samples : 0,
        bytesPerSecond: seconds > 0 ? bytes / seconds : 0,
      });
    }
    rows.sort(compareRows);
    return { windowMs, rows };
  }
}

/** `vrobots/<id>/<transport>/...`: the transport segment; anything else counts as zenoh. */
export function wireOfKey(key: string): TopicWire {
  return key.split('/')[2] === 'i' ? 'i' : 'z';
}

/** The numeric sys_id segment of a vrobots key (u32), else undefined. */
export function sysIdOfKey(key: string): number | undefined {
  const segment = key.split('/')[1];
  if (segment === undefined || !/^\d{1,10}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id <= 0xffffffff ? id : undefined;
}

function compareRows(a: TopicRow, b: TopicRow): number {
  if (a.sysId !== b.sysId) {
    if (a.sysId === undefined) return 1;
    if (b.sysId === undefined) return -1;
    return a.sysId - b.sysId;
  }
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
