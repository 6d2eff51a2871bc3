/**
 * What one stable subscription saw of each publisher, by (publisher id, seq): the first seq
 * is its baseline, a jump forward is a gap (reported with the publish times on either side),
 * a seq at or below the last one is a duplicate.
 */
import type { Stamped, WorkerEvent } from './messages.js';

interface Seen {
  last: number;
  lastMs: number;
}

export class StreamTracker {
  private readonly seen = new Map<string, Seen>();
  delivered = 0;

  constructor(
    readonly sub: string,
    private readonly emit: (e: WorkerEvent) => void,
  ) {}

  receive(m: Stamped): void {
    this.delivered += 1;
    const s = this.seen.get(m.pub);
    if (s === undefined) {
      this.seen.set(m.pub, { last: m.seq, lastMs: m.t });
      return;
    }
    if (m.seq <= s.last) {
      this.emit({ kind: 'duplicate', pub: m.pub, sub: this.sub, seq: m.seq, atMs: Date.now() });
      return;
    }
    if (m.seq > s.last + 1) {
      this.emit({ kind: 'gap', pub: m.pub, sub: this.sub, lost: m.seq - s.last - 1, fromMs: s.lastMs, toMs: m.t });
    }
    s.last = m.seq;
    s.lastMs = m.t;
  }

  lastSeen(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [pub, s] of this.seen) out[pub] = s.last;
    return out;
  }
}
