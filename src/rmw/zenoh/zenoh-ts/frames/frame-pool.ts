/**
 * One kept buffer for large frames (put-frame.ts, reply-frame.ts). V8 counts every new
 * ArrayBuffer's bytes as old-generation growth until the next mark-compact: a server
 * answering 64 KiB replies with a fresh frame each ran a mark-compact every 40-90 calls,
 * which is where its millisecond p99 came from (docs/benchmarks.md). A large frame is
 * handed back once its socket has written everything (bufferedAmount 0): then nothing
 * refers to its bytes any more and the next large frame is written over them.
 */
import { allocate } from './frame-bytes.js';

/** Frames below this come from Node's pool or are too small to matter. */
export const KEPT_FRAME_MIN_BYTES = 16 * 1024;
/** A frame above this is not kept: one large message should not pin its size for the session's life. */
export const KEPT_FRAME_MAX_BYTES = 4 * 1024 * 1024;

let spare: Uint8Array | undefined;

/** A buffer of exactly `size` bytes for a frame that will be written in full. */
export function frameBuffer(size: number): Uint8Array {
  if (size < KEPT_FRAME_MIN_BYTES || size > KEPT_FRAME_MAX_BYTES) return allocate(size);
  const kept = spare;
  if (kept !== undefined && kept.length >= size) {
    spare = undefined;
    return kept.subarray(0, size);
  }
  // Room to grow into: the next frame of about this size reuses it.
  return allocate(Math.min(KEPT_FRAME_MAX_BYTES, 2 ** Math.ceil(Math.log2(size)))).subarray(0, size);
}

interface Drains {
  readonly bufferedAmount: unknown;
}

/**
 * Called after `frame` went to `socket.send`. Once the socket holds nothing unwritten (checked
 * after the sending step, when a cork around it is gone), the frame's buffer is kept for the next.
 */
export function frameSent(frame: Uint8Array, socket: Drains): void {
  if (frame.length < KEPT_FRAME_MIN_BYTES || frame.buffer.byteLength > KEPT_FRAME_MAX_BYTES) return;
  queueMicrotask(() => {
    if (socket.bufferedAmount !== 0) return;
    const whole = new Uint8Array(frame.buffer, 0, frame.buffer.byteLength);
    if (spare === undefined || spare.length < whole.length) spare = whole;
  });
}

/** Tests: the kept buffer, if any. */
export function keptFrameBuffer(): Uint8Array | undefined {
  return spare;
}
