/**
 * An entry fed by a transport callback: items wait in a bounded queue (QoS history) until a
 * round hands one of them to `handleItem`. Poll entries (`dispatched: false`) are never
 * dispatched; their owner takes items directly and the executor only wakes waiters.
 */
import type { RmwQos } from '../rmw/qos.js';
import { Entry, type EntryHost, type EntryKind } from './entry.js';
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

export abstract class QueuedEntry<T> extends Entry {
  readonly queue: SampleQueue<T>;

  constructor(
    protected readonly host: EntryHost,
    kind: EntryKind,
    name: string,
    bound: QueueBound,
    private readonly dispatched = true,
  ) {
    super(kind, name);
    this.queue = new SampleQueue<T>(bound.keepAll, bound.limit);
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
    if (this.dispatched) this.host.markReady(this);
    else this.host.notify();
  }

  hasWork(): boolean {
    return this.dispatched && this.queue.length > 0;
  }

  dispatchOne(host: EntryHost): boolean {
    if (this.queue.length === 0) return false;
    const item = this.queue.shift() as T;
    this.handleItem(item, host);
    return true;
  }

  dispose(): void {
    for (const item of this.queue.drain()) this.onDropped(item);
    this.closeTransport();
  }

  /** Decode and run the user's handler through `host.runHandler`. */
  protected abstract handleItem(item: T, host: EntryHost): void;
  protected abstract closeTransport(): void;
  /** An item that will never be handled (overflow, release): e.g. fail a request. */
  protected onDropped(_item: T): void {}
}
