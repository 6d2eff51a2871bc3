/**
 * Where every local callback runs: one FIFO per bus flushed in a microtask. Nothing the
 * local backend hands to a callback is called synchronously inside the user's call
 * (publish, sendRequest, respond, createX), as the rmw seam requires; one FIFO for all
 * of a bus keeps each publisher's samples in order and replies after the requests that
 * caused them.
 */
import { describeThrown } from '../../result.js';

export interface Task {
  readonly run: () => void;
  /** Told what a callback threw; the flush goes on. */
  readonly report: (message: string) => void;
}

export class DeliveryQueue {
  private tasks: Task[] = [];
  private scheduled = false;

  post(run: () => void, report: (message: string) => void): void {
    this.postTask({ run, report });
  }

  /** `post` for a caller that keeps run and report on one object of its own. */
  postTask(task: Task): void {
    this.tasks.push(task);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.flush);
    }
  }

  // Runs what was queued before the flush began; work posted by a callback waits for the next
  // microtask so one busy callback cannot starve the host's other microtasks forever.
  private readonly flush = (): void => {
    const batch = this.tasks;
    this.tasks = [];
    this.scheduled = false;
    for (const task of batch) {
      try {
        task.run();
      } catch (thrown) {
        try {
          task.report(describeThrown(thrown));
        } catch {
          // A throwing error listener has nowhere left to report to.
        }
      }
    }
  };
}
