import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS } from '../../../src/budget.js';
import { connectSocket } from '../../../src/rmw/zenoh/zenoh-ts/connect-attempt.js';
import type { BrowserStyleSocket, SocketHandler } from '../../../src/rmw/zenoh/zenoh-ts/session-socket.js';

/** A socket that opens after `OPEN_AFTER_MS`, as a router a little slow to answer. */
const OPEN_AFTER_MS = 30;
class SlowOpeningSocket implements BrowserStyleSocket {
  binaryType = 'blob';
  readyState = 0;
  bufferedAmount = 0;
  onopen: SocketHandler = null;
  onerror: SocketHandler = null;
  onclose: SocketHandler = null;
  onmessage: SocketHandler = null;
  constructor(readonly url: string) {
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    }, OPEN_AFTER_MS);
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
  addEventListener(): void {}
  removeEventListener(): void {}
}

describe('connectSocket', () => {
  it('waits for the socket under a budget longer than a timer can hold', async () => {
    const outcome = await connectSocket({
      locator: 'ws/127.0.0.1:1',
      socketClass: SlowOpeningSocket,
      takesOptions: false,
      socketOptions: undefined,
      deadline: Date.now() + 2 * MAX_TIMER_MS,
      finalFailure: () => undefined,
    });
    expect(outcome.kind).toBe('open');
    if (outcome.kind === 'open') expect((outcome.socket.inner as SlowOpeningSocket).url).toBe('ws://127.0.0.1:1');
  });
});
