/**
 * rosbag2's read-ahead queue: messages read from the bag ahead of playback, at most `size`, so
 * that publishing never waits on storage. The reading is the bag reader's own async iteration
 * (no timer of its own); it pauses while the queue is full and ends at `stop()`. Each message
 * carries the loop it belongs to, so the player sees where a loop restarts.
 */
import { describeThrown, err, type RclError } from '../../../result.js';
import type { BagMessage, BagReader, BagReadFilter } from '../storage/types.js';

export interface Queued {
  readonly message: BagMessage;
  readonly loop: number;
}

export class ReadAhead {
  private items: Queued[] = [];
  private head = 0;
  private stopped = false;
  private room: (() => void) | undefined;
  /** The reading is over (the bag's end without loop, an error, or stop()). */
  ended = false;
  /** The reader's error, when one ended the reading. */
  error: RclError | undefined;

  constructor(
    private readonly reader: BagReader,
    private readonly filter: BagReadFilter,
    private readonly loop: boolean,
    private readonly size: number,
    /** Told when a message arrives in an empty queue and when the reading ends (not in spin). */
    private readonly wake: () => void,
  ) {}

  get length(): number {
    return this.items.length - this.head;
  }

  peek(): Queued | undefined {
    return this.items[this.head];
  }

  shift(): Queued | undefined {
    const item = this.items[this.head];
    if (item === undefined) return undefined;
    this.head++;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    if (this.room !== undefined && this.length <= this.size / 2) {
      const resume = this.room;
      this.room = undefined;
      resume();
    }
    return item;
  }

  /** Starts reading; answers when the reading is over. */
  async run(): Promise<void> {
    try {
      for (let loop = 0; !this.stopped; loop++) {
        const any = await this.readOnce(loop);
        if (!any || !this.loop || this.error !== undefined) break;
      }
    } catch (thrown) {
      // A reader that throws instead of answering an error value ends the reading the same way.
      this.error = err('Error', `reading the bag failed: ${describeThrown(thrown)}`).error;
    }
    this.ended = true;
    this.wake();
  }

  stop(): void {
    this.stopped = true;
    this.room?.();
    this.room = undefined;
  }

  /** One pass over the bag; false when it held nothing (a loop of nothing would never end). */
  private async readOnce(loop: number): Promise<boolean> {
    let any = false;
    const iterator = this.reader.messages(this.filter)[Symbol.asyncIterator]();
    while (!this.stopped) {
      const next = await iterator.next();
      if (next.done === true || this.stopped) break;
      const r = next.value;
      if (!r.ok) {
        this.error = r.error;
        break;
      }
      any = true;
      const wasEmpty = this.length === 0;
      this.items.push({ message: r.value, loop });
      if (wasEmpty) this.wake();
      if (this.length >= this.size) await new Promise<void>((resolve) => (this.room = resolve));
    }
    if (this.stopped) await iterator.return?.();
    return any;
  }
}
