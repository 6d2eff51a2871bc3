/** The kept frame buffer (frame-pool.ts): taken back only once its socket has written everything. */
import { describe, expect, it } from 'vitest';
import {
  frameBuffer,
  frameSent,
  KEPT_FRAME_MAX_BYTES,
  KEPT_FRAME_MIN_BYTES,
  keptFrameBuffer,
} from '../../../src/rmw/zenoh/zenoh-ts/frames/frame-pool.js';

const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** Empties the kept slot, so each case starts from nothing kept. */
function drainKept(): void {
  while (keptFrameBuffer() !== undefined) frameBuffer(KEPT_FRAME_MIN_BYTES);
}

describe('the frame pool', () => {
  it('keeps a large frame its socket has written and hands its bytes to the next large frame', async () => {
    drainKept();
    const first = frameBuffer(64 * 1024 + 40);
    expect(first.length).toBe(64 * 1024 + 40);
    frameSent(first, { bufferedAmount: 0 });
    // Checked after the sending step (a cork around it is released by then), not inside it.
    expect(keptFrameBuffer()).toBeUndefined();
    await turn();
    expect(keptFrameBuffer()?.buffer).toBe(first.buffer);
    const next = frameBuffer(70 * 1024);
    expect(next.buffer).toBe(first.buffer);
    expect(next.length).toBe(70 * 1024);
    expect(keptFrameBuffer()).toBeUndefined();
  });

  it('does not keep a frame while its socket still holds unwritten bytes', async () => {
    drainKept();
    const frame = frameBuffer(64 * 1024);
    frameSent(frame, { bufferedAmount: 123 });
    await turn();
    expect(keptFrameBuffer()).toBeUndefined();
    expect(frameBuffer(64 * 1024).buffer).not.toBe(frame.buffer);
  });

  it('never keeps small or huge frames', async () => {
    drainKept();
    const small = frameBuffer(KEPT_FRAME_MIN_BYTES - 1);
    const huge = frameBuffer(KEPT_FRAME_MAX_BYTES + 1);
    frameSent(small, { bufferedAmount: 0 });
    frameSent(huge, { bufferedAmount: 0 });
    await turn();
    expect(keptFrameBuffer()).toBeUndefined();
  });
});
