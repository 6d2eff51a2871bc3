/**
 * A publisher's put frames written while its WebSocket was backed up (holding more than
 * zenoh-ts's 2 MB), sent in order by rclts once the socket takes frames at once again.
 *
 * Without it such a sample went to zenoh-ts's `put()`, which copies the payload once more,
 * serializes it again and polls the socket every 10 ms: at 1 MiB the socket backs up after
 * two samples, so most large samples took that path and waited on its 10 ms ticks. Here the
 * frame is written once at publish (it holds its own copy, so the caller's buffer is free),
 * and the socket is looked at again soon, backing off while it stays full. Bounded by the
 * publisher's MAX_QUEUED_SAMPLES; a lost link's frames are dropped as the put chain's are.
 */
import type { FramePutter, FrameSocket, WriteBatch } from './zenoh-ts/index.js';

/** First look at a backed-up socket after this; doubled while nothing can be sent. */
const FIRST_RECHECK_MS = 1;
const MAX_RECHECK_MS = 16;
const SENT = new Uint8Array(0);
/** Sent slots are cut off the array's front once there are this many. */
const COMPACT_AFTER = 256;

export class HeldFrames {
  private readonly frames: Uint8Array[] = [];
  /** Index of the next frame to send. */
  private head = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private recheckMs = FIRST_RECHECK_MS;
  private readonly onTimer = (): void => this.flush();
  private readonly sendWhileTaken = (): void => this.sendTaken();

  constructor(
    private readonly putter: FramePutter,
    private readonly socket: FrameSocket,
    private readonly writes: WriteBatch,
    /** Reports frames that could not be sent (the link went away). */
    private readonly failed: (thrown: unknown) => void,
  ) {}

  /** Frames not sent yet. */
  get size(): number {
    return this.frames.length - this.head;
  }

  /** Holds `frame` behind the others; the socket is looked at again shortly. */
  push(frame: Uint8Array): void {
    this.frames.push(frame);
    if (this.timer === undefined) this.timer = setTimeout(this.onTimer, this.recheckMs);
  }

  /** Drops what is held (the publisher's session is gone). */
  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.frames.length = 0;
    this.head = 0;
  }

  private flush(): void {
    this.timer = undefined;
    if (!this.putter.usable()) {
      const n = this.size;
      this.clear();
      if (n > 0) this.failed(new Error(`the WebSocket is closed; ${n} held samples were not sent`));
      return;
    }
    const before = this.head;
    try {
      // Corked: several small held frames leave in one write.
      this.writes.run(this.sendWhileTaken);
    } catch (thrown) {
      this.clear();
      this.failed(thrown);
      return;
    }
    if (this.head === this.frames.length) {
      this.frames.length = 0;
      this.head = 0;
      this.recheckMs = FIRST_RECHECK_MS;
      return;
    }
    const progressed = this.head > before;
    if (this.head >= COMPACT_AFTER) {
      this.frames.splice(0, this.head);
      this.head = 0;
    }
    this.recheckMs = progressed ? FIRST_RECHECK_MS : Math.min(MAX_RECHECK_MS, this.recheckMs * 2);
    this.timer = setTimeout(this.onTimer, this.recheckMs);
  }

  private sendTaken(): void {
    const frames = this.frames;
    while (this.head < frames.length && this.socket.takesAtOnce()) {
      const frame = frames[this.head] ?? SENT;
      frames[this.head] = SENT;
      this.head += 1;
      this.putter.send(frame);
      this.writes.wrote();
    }
  }
}
