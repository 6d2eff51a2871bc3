/**
 * An entry fed by a transport callback: items wait in a bounded queue (QoS history) until a
 * round hands one of them to `handleItem`. Poll entries (`dispatched: false`) are never
 * dispatched; their owner takes items directly and the executor only wakes waiters.
 */
import type { RmwQos } from '../rmw/qos.js';
import { Entry, type EntryHost, type EntryKind, SUBCLASS_FLAG } from './entry.js';
import { SampleQueue } from './sample-queue.js';

export interface QueueBound {
  readonly keepAll: boolean;
  /** keep-last depth or keep-all limit */
  readonly limit: number;
}

/** keep-last uses the QoS depth; keep-all grows up to the executor's keepAllLimit. */
export function queueBound(qos: Pick<RmwQos, 'history' | 'depth'>, keepAllLimit: number): QueueBound {
  return qos.history === 'keep_all' ? { keepAll: true, limit: keepAllLimit } : { keepAll: false, limit: qos.depth };
}

const DISPATCHED = SUBCLASS_FLAG;
const KEEP_ALL = SUBCLASS_FLAG * 2;
/** The first flag bit a QueuedEntry subclass may use for itself. */
export const QUEUED_SUBCLASS_FLAG = SUBCLASS_FLAG * 4;

export abstract class QueuedEntry<T> extends Entry {
  /** Created with the first item: most entries of a large graph sit idle, and the queue is most of an entry. */
  private items: SampleQueue<T> | undefined;
  /** keep-last depth or keep-all limit of the queue */
  protected readonly limit: number;

  constructor(
    protected readonly host: EntryHost,
    kind: EntryKind,
    name: string,
    bound: QueueBound,
    dispatched = true,
  ) {
    super(kind, name);
    this.setFlag(DISPATCHED, dispatched);
    this.setFlag(KEEP_ALL, bound.keepAll);
    this.limit = bound.limit;
  }

  /** false for poll entries: their owner takes items, rounds never dispatch them. */
  private get dispatched(): boolean {
    return this.hasFlag(DISPATCHED);
  }

  get queue(): SampleQueue<T> {
    this.items ??= new SampleQueue<T>(this.hasFlag(KEEP_ALL), this.limit);
    return this.items;
  }

  /** Called from transport context: queue, count drops, mark ready. Never runs user code. */
  offer(item: T): void {
    if (!this.alive) {
      this.onDropped(item);
      return;
    }
    const over = this.queue.push(item);
    if (over !== undefined) {
      this.onDropped(over.dropped);
      this.host.reportDropped(this, 1);
    }
    // Already marked: the round to come takes it, and the wake-up went out with the first mark.
    if (this.dispatched) {
      if (!this.queued) this.host.markReady(this);
    } else this.host.notify();
  }

  hasWork(): boolean {
    return this.dispatched && this.items !== undefined && this.items.length > 0;
  }

  dispatchOne(host: EntryHost): boolean {
    const items = this.items;
    if (items === undefined || items.length === 0) return false;
    this.handleItem(items.shift() as T, host);
    return true;
  }

  dispose(): void {
    if (this.items !== undefined) for (const item of this.items.drain()) this.onDropped(item);
    this.closeTransport();
  }

  /** Decode and run the user's handler through `host.runHandler`. */
  protected abstract handleItem(item: T, host: EntryHost): void;
  protected abstract closeTransport(): void;
  /** An item that will never be handled (overflow, release): e.g. fail a request. */
  protected onDropped(_item: T): void {}
}
