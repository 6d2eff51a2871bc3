// The rule behind the ACK prompt (src/rmw/zenoh/session-socket.ts): at most one prompt per turn
// of the event loop that took messages in, none when anything was sent after them in that turn,
// none on a socket that is not open or on one the session never asked to prompt.
import { describe, expect, it } from 'vitest';
import { SessionSocket } from '../../../src/rmw/zenoh/zenoh-ts/session-socket.js';

type Inner = ConstructorParameters<typeof SessionSocket>[0];

function rig(readyState = 1) {
  const sent: unknown[] = [];
  const inner = {
    binaryType: 'arraybuffer',
    readyState,
    bufferedAmount: 0,
    onopen: null,
    onerror: null,
    onclose: null,
    onmessage: null as ((e: unknown) => void) | null,
    send: (d: unknown) => void sent.push(d),
    close: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  const facade = new SessionSocket(inner as unknown as Inner);
  let prompts = 0;
  const heard: unknown[] = [];
  facade.onmessage = (e) => void heard.push(e);
  const inbound = (e: unknown = 'frame') => inner.onmessage?.(e);
  return {
    facade,
    inner,
    sent,
    heard,
    inbound,
    prompts: () => prompts,
    enable: () => facade.promptAcks(() => void prompts++),
  };
}
const nextTurn = () => new Promise((r) => setImmediate(r)).then(() => new Promise((r) => setImmediate(r)));

describe('ACK prompt rule', () => {
  it('prompts once for the messages of one turn, and again for a later turn', async () => {
    const r = rig();
    r.enable();
    r.inbound('a');
    r.inbound('b');
    expect(r.heard).toEqual(['a', 'b']);
    await nextTurn();
    expect(r.prompts()).toBe(1);
    r.inbound('c');
    await nextTurn();
    expect(r.prompts()).toBe(2);
  });

  it('does not prompt when something was sent after the message in the same turn', async () => {
    const r = rig();
    r.enable();
    r.inbound();
    r.facade.send('answer');
    await nextTurn();
    expect(r.prompts()).toBe(0);
    expect(r.sent).toEqual(['answer']);
  });

  it('prompts when the send came before the message', async () => {
    const r = rig();
    r.enable();
    r.facade.send('request');
    r.inbound();
    await nextTurn();
    expect(r.prompts()).toBe(1);
  });

  it('never prompts on a socket that is not open, or unless the session asked for prompts', async () => {
    const closed = rig(3);
    closed.enable();
    closed.inbound();
    await nextTurn();
    expect(closed.prompts()).toBe(0);
    const off = rig();
    off.inbound();
    await nextTurn();
    expect(off.prompts()).toBe(0);
    expect(off.heard).toEqual(['frame']);
  });

  it('clearing onmessage leaves the socket without a handler', () => {
    const r = rig();
    r.facade.onmessage = null;
    expect(r.inner.onmessage).toBeNull();
  });
});
