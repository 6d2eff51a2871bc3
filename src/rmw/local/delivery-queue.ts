/**
 * Where every local callback runs: one FIFO per bus flushed in a microtask. Nothing the
 * local backend hands to a callback is called synchronously inside the user's call
 * (publish, sendRequest, respond, createX), as the rmw seam requires; one FIFO for all
 * of a bus keeps each publisher's samples in order and replies after the requests that
 * caused them.
 *
 * A posted item is a pair, the receiver and what it receives, kept side by side in one
 * array: a flush walks that array and never writes into the items, so a burst of samples is
 * not brought back into the cache once more between publish and dispatch.
 */
import { describeThrown } from '../../result.js';
import { receptionNowMs } from './local-clock.js';

/** What a flush hands an item to. */
export interface Receiver<T> {
  receive(item: T): void;
  /** Told what `receive` threw; the flush goes on. */
  report(item: T, message: string): void;
}

/** The reception time of one flush's items (Date.now()), set when the flush begins. */
export interface FlushStamp {
  ms: number;
}

interface Callback {
  readonly run: () => void;
  readonly report: (message: string) => void;
}

/** The receiver of `post`'s callbacks. */
const CALL: Receiver<Callback> = {
  receive: (task) => task.run(),
  report: (task, message) => task.report(message),
};

/** Past this many items a flushed batch's array is dropped rather than kept for reuse. */
const REUSE_MAX = 65_536;

export class DeliveryQueue {
  /** Posted pairs fill `slots[0..count)` as receiver, item; a flush swaps in the spare array. */
  private slots: unknown[] = [];
  private count = 0;
  private spare: unknown[] = [];
  private scheduled = false;
  /** The stamp of the items posted since the last flush began, made when first asked for. */
  private stamp: FlushStamp | undefined;

  post(run: () => void, report: (message: string) => void): void {
    this.postTo(CALL, { run, report });
  }

  /** Queues `item` for `receiver`: no closure, no object beyond the item itself. */
  postTo<T>(receiver: Receiver<T>, item: T): void {
    const slots = this.slots;
    const n = this.count;
    slots[n] = receiver;
    slots[n + 1] = item;
    this.count = n + 2;
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.flush);
    }
  }

  /** The reception stamp of whatever is posted now: it is set when the flush that delivers it begins. */
  nextStamp(): FlushStamp {
    this.stamp ??= { ms: 0 };
    return this.stamp;
  }

  // Runs what was queued before the flush began; work posted by a callback waits for the next
  // microtask so one busy callback cannot starve the host's other microtasks forever.
  private readonly flush = (): void => {
    const batch = this.slots;
    const n = this.count;
    const stamp = this.stamp;
    this.slots = this.spare;
    this.count = 0;
    this.scheduled = false;
    this.stamp = undefined;
    if (stamp !== undefined) stamp.ms = receptionNowMs();
    for (let i = 0; i < n; i += 2) {
      const receiver = batch[i] as Receiver<unknown>;
      const item = batch[i + 1];
      try {
        receiver.receive(item);
      } catch (thrown) {
        try {
          receiver.report(item, describeThrown(thrown));
        } catch {
          // A throwing error listener has nowhere left to report to.
        }
      }
    }
    // Delivered items are not kept alive by the array that is reused for the next batch.
    batch.fill(undefined, 0, n);
    this.spare = n > REUSE_MAX ? [] : batch;
  };
}
