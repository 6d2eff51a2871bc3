/**
 * Frames gathered during a write batch reach a real `ws` server as the same messages, in the
 * same order, as `ws` would send them (masked with a random key, or a zero key on loopback),
 * leave in one TCP write per full buffer instead of one each, and a text message in the middle
 * keeps its place. A socket that is not Node's `ws` as checked is not gathered.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { GATHER_BUFFER_BYTES, gatherableTcp } from '../../../src/rmw/zenoh/zenoh-ts/frame-gather.js';
import { FrameMasking } from '../../../src/rmw/zenoh/zenoh-ts/loopback-frames.js';
import { type BrowserStyleSocket, SessionSocket } from '../../../src/rmw/zenoh/zenoh-ts/session-socket.js';
import { WriteBatch } from '../../../src/rmw/zenoh/zenoh-ts/write-batch.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function rig(masking: FrameMasking | undefined) {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const got: { binary: boolean; bytes: Buffer }[] = [];
  wss.on('connection', (s) => s.on('message', (data, binary) => got.push({ binary, bytes: data as Buffer })));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const ws = new WebSocket(
    `ws://127.0.0.1:${port}`,
    masking === undefined ? {} : { generateMask: masking.generateMask },
  );
  await new Promise<void>((r, j) => {
    ws.once('open', () => r());
    ws.once('error', j);
  });
  closers.push(async () => {
    ws.terminate();
    wss.close();
    await new Promise<void>((r) => server.close(() => r()));
  });
  const socket = new SessionSocket(ws as unknown as BrowserStyleSocket, masking);
  const tcp = (ws as unknown as { _socket: { write: (...a: unknown[]) => boolean } })._socket;
  const writes: number[] = [];
  const write = tcp.write.bind(tcp);
  tcp.write = (...a: unknown[]) => {
    writes.push((a[0] as Uint8Array).length);
    return write(...a);
  };
  return { socket, got, writes, batch: new WriteBatch(() => socket) };
}

const SIZES = [0, 1, 125, 126, 300, 65_535, 65_536, 70_000, 3];
const payload = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

async function until(f: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!f()) {
    if (Date.now() > deadline) throw new Error('server did not receive everything within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('frame gather', () => {
  for (const [label, masking] of [
    ['random keys', undefined],
    ['zero keys on loopback', new FrameMasking()],
  ] as const) {
    it(`delivers every message in order (${label}), text in the middle in its place`, async () => {
      const { socket, got, batch } = await rig(masking);
      batch.run(() => {
        SIZES.forEach((n, i) => {
          socket.send(payload(n, i));
          if (i === 3) socket.send('text in between');
        });
      });
      await until(() => got.length === SIZES.length + 1);
      expect(got[4]).toEqual({ binary: false, bytes: Buffer.from('text in between') });
      const binaries = got.filter((m) => m.binary).map((m) => [...m.bytes]);
      expect(binaries).toEqual(SIZES.map((n, i) => [...payload(n, i)]));
    });
  }

  it('writes a batch of small frames as one write per full buffer', async () => {
    const { socket, got, writes, batch } = await rig(new FrameMasking());
    const n = 1000;
    batch.run(() => {
      for (let i = 0; i < n; i++) socket.send(payload(300, i));
      expect(socket.bufferedAmount).toBeGreaterThan(0);
    });
    await until(() => got.length === n);
    expect(got.map((m) => m.bytes[0])).toEqual(Array.from({ length: n }, (_, i) => i & 0xff));
    expect(writes.length).toBeLessThanOrEqual(Math.ceil((n * 306) / GATHER_BUFFER_BYTES) + 1);
  });

  it('gathers only an open Node ws with an idle sender and no extensions', () => {
    expect(gatherableTcp({ readyState: 1 })).toBeUndefined();
    const tcp = { write: () => true, destroyed: false };
    const ws = { readyState: 1, _socket: tcp, _sender: { _state: 0, _queue: [] }, _extensions: {} };
    expect(gatherableTcp(ws)).toBe(tcp);
    expect(gatherableTcp({ ...ws, readyState: 2 })).toBeUndefined();
    expect(gatherableTcp({ ...ws, _sender: { _state: 1, _queue: [] } })).toBeUndefined();
    expect(gatherableTcp({ ...ws, _sender: { _state: 0, _queue: [1] } })).toBeUndefined();
    expect(gatherableTcp({ ...ws, _extensions: { 'permessage-deflate': {} } })).toBeUndefined();
    expect(gatherableTcp({ ...ws, _socket: { ...tcp, destroyed: true } })).toBeUndefined();
  });
});
