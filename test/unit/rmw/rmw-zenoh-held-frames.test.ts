/**
 * A publisher's frames held while its WebSocket is backed up (held-frames.ts): sent in order
 * once the socket takes frames at once, rechecked sooner after progress and backing off while
 * the socket stays full, and reported (never silently dropped) when the link goes away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeldFrames } from '../../../src/rmw/zenoh/held-frames.js';
import { WriteBatch } from '../../../src/rmw/zenoh/zenoh-ts/index.js';
import type { FramePutter, FrameSocket } from '../../../src/rmw/zenoh/zenoh-ts/index.js';

function fakes() {
  const state = { takes: false, usable: true, sent: [] as number[], failures: [] as string[] };
  const putter: FramePutter = {
    publisherId: 1,
    usable: () => state.usable,
    send: (f) => state.sent.push(f[0] ?? -1),
    put: () => {},
    frame: () => new Uint8Array(0),
  };
  const socket: FrameSocket = { usable: () => state.usable, takesAtOnce: () => state.takes, send: () => {} };
  const held = new HeldFrames(putter, socket, new WriteBatch(() => undefined), (t) => state.failures.push(String(t)));
  return { state, held };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('held frames', () => {
  it('are sent in order once the socket takes frames at once, and no earlier', () => {
    const { state, held } = fakes();
    for (let i = 0; i < 5; i++) held.push(Uint8Array.of(i));
    vi.advanceTimersByTime(50);
    expect(state.sent).toEqual([]);
    expect(held.size).toBe(5);
    state.takes = true;
    vi.advanceTimersByTime(16);
    expect(state.sent).toEqual([0, 1, 2, 3, 4]);
    expect(held.size).toBe(0);
  });

  it('back off from 1 ms to 16 ms while the socket stays full, and look again after 1 ms once it drains', () => {
    const { state, held } = fakes();
    held.push(Uint8Array.of(7));
    // Looks at 1, 3, 7, 15, 31, 47 ms...: after 31 ms the gap is 16 ms.
    vi.advanceTimersByTime(31);
    state.takes = true;
    vi.advanceTimersByTime(15);
    expect(state.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(state.sent).toEqual([7]);
    state.takes = false;
    held.push(Uint8Array.of(8));
    state.takes = true;
    vi.advanceTimersByTime(1);
    expect(state.sent).toEqual([7, 8]);
  });

  it('still held when the link goes away are reported as a failure, counted, and dropped', () => {
    const { state, held } = fakes();
    held.push(Uint8Array.of(1));
    held.push(Uint8Array.of(2));
    state.usable = false;
    vi.advanceTimersByTime(1);
    expect(state.sent).toEqual([]);
    expect(held.size).toBe(0);
    expect(state.failures).toEqual(['Error: the WebSocket is closed; 2 held samples were not sent']);
  });

  it('cleared (the session is gone) are dropped with their timer', () => {
    const { state, held } = fakes();
    held.push(Uint8Array.of(1));
    held.clear();
    state.takes = true;
    vi.advanceTimersByTime(100);
    expect(state.sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
