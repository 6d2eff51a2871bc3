/**
 * Where every local callback runs: one FIFO per bus flushed in a microtask. Nothing the
 * local backend hands to a callback is called synchronously inside the user's call
 * (publish, sendRequest, respond, createX), as the rmw seam requires; one FIFO for all
 * of a bus keeps each publisher's samples in order and replies after the requests that
 * caused them.
 */
import { describeThrown } from '../../result.js';
import { receptionNowMs } from './local-clock.js';

export interface Task {
  /** `now`: the flush's reception time (Date.now(), read once per flush when first asked). */
  readonly run: (now: () => number) => void;
  /** Told what a callback threw; the flush goes on. */
  readonly report: (message: string) => void;
}

/** Past this many tasks a flushed batch's array is dropped rather than kept for reuse. */
const REUSE_MAX = 65_536;

export class DeliveryQueue {
  /** Posted tasks fill `tasks[0..count)`; a flush swaps in the spare array, so a burst reuses storage. */
  private tasks: (Task | undefined)[] = [];
  private count = 0;
  private spare: (Task | undefined)[] = [];
  private scheduled = false;
  private flushNowMs = -1;

  post(run: () => void, report: (message: string) => void): void {
    this.postTask({ run, report });
  }

  /** `post` for a caller that keeps run and report on one object of its own. */
  postTask(task: Task): void {
    this.tasks[this.count++] = task;
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.flush);
    }
  }

  private readonly now = (): number => {
    if (this.flushNowMs < 0) this.flushNowMs = receptionNowMs();
    return this.flushNowMs;
  };

  // Runs what was queued before the flush began; work posted by a callback waits for the next
  // microtask so one busy callback cannot starve the host's other microtasks forever.
  private readonly flush = (): void => {
    const batch = this.tasks;
    const n = this.count;
    this.tasks = this.spare;
    this.count = 0;
    this.scheduled = false;
    this.flushNowMs = -1;
    for (let i = 0; i < n; i++) {
      const task = batch[i] as Task;
      batch[i] = undefined;
      try {
        task.run(this.now);
      } catch (thrown) {
        try {
          task.report(describeThrown(thrown));
        } catch {
          // A throwing error listener has nowhere left to report to.
        }
      }
    }
    this.spare = n > REUSE_MAX ? [] : batch;
  };
}
