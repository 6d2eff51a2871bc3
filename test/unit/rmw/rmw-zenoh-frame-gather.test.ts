/**
 * Frames gathered during a write batch reach a real `ws` server as the same messages, in the
 * same order, as `ws` would send them (masked with a random key, or a zero key on loopback),
 * leave in one TCP write per full buffer instead of one each, and a text message in the middle
 * keeps its place. A socket that is not Node's `ws` as checked is not gathered: a browser's
 * WebSocket or a busy sender is skipped quietly, members not as on the pinned `ws` are a
 * fallback of the `gather` frame path, counted and reported once.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { GATHER_BUFFER_BYTES, probeGather, WS_AS_CHECKED } from '../../../src/rmw/zenoh/zenoh-ts/frame-gather.js';
import { FramePath, FramePaths } from '../../../src/rmw/zenoh/zenoh-ts/frame-paths.js';
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
  const paths = new FramePaths(new Set(Object.values(FramePath)), (what, message) => {
    throw new Error(`${what} fell back: ${message}`);
  });
  return { socket, got, writes, batch: new WriteBatch(() => socket, paths) };
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
    const tcp = { write: () => true, destroyed: false };
    const ws = { readyState: 1, terminate() {}, _socket: tcp, _sender: { _state: 0, _queue: [] }, _extensions: {} };
    expect(probeGather(ws)).toEqual({ route: tcp });
    const skipped = { skip: true };
    expect(probeGather({ readyState: 1 })).toEqual(skipped); // a browser's WebSocket
    expect(probeGather({ ...ws, readyState: 2 })).toEqual(skipped);
    expect(probeGather({ ...ws, _sender: { _state: 1, _queue: [] } })).toEqual(skipped);
    expect(probeGather({ ...ws, _sender: { _state: 0, _queue: [1] } })).toEqual(skipped);
    expect(probeGather({ ...ws, _socket: { ...tcp, destroyed: true } })).toEqual(skipped);
    const deflate = probeGather({ ...ws, _extensions: { 'permessage-deflate': {} } });
    expect(deflate).toMatchObject({ mismatch: expect.stringMatching(/_extensions .*permessage-deflate/) });
    expect(probeGather({ ...ws, _socket: undefined })).toMatchObject({ mismatch: expect.stringContaining('_socket') });
  });

  it('was checked on the ws package.json pins', () => {
    const pinned = JSON.parse(readFileSync('node_modules/ws/package.json', 'utf8')) as { version: string };
    expect(pinned.version).toBe(WS_AS_CHECKED);
  });
});

/** A Node `ws` stand-in whose sender is shaped as `sender` is; its TCP socket corks. */
function wsLike(sender: unknown, terminate: boolean = true) {
  const sent: unknown[] = [];
  const tcp = { write: () => true, destroyed: false, cork() {}, uncork() {}, writableLength: 0 };
  const ws = {
    readyState: 1,
    bufferedAmount: 0,
    _socket: tcp,
    _sender: sender,
    _extensions: {},
    send: (data: unknown) => void sent.push(data),
    ...(terminate ? { terminate() {} } : {}),
  };
  return { socket: new SessionSocket(ws as unknown as BrowserStyleSocket), sent };
}

describe('frame gather fallback', () => {
  function batchOf(socket: SessionSocket, on: ReadonlySet<FramePath> = new Set(Object.values(FramePath))) {
    const reported: string[] = [];
    const paths = new FramePaths(on, (what, message) => void reported.push(`${what}: ${message}`));
    return { batch: new WriteBatch(() => socket, paths), paths, reported };
  }

  it('a ws whose sender is shaped differently is counted every batch and reported once', () => {
    const { socket, sent } = wsLike({ _state: 0, _messages: [] });
    const { batch, paths, reported } = batchOf(socket);
    for (let i = 0; i < 3; i++) batch.run(() => socket.send(new Uint8Array([i])));
    expect(sent).toHaveLength(3); // each went through ws's own send
    expect([...paths.fallbacks()]).toEqual([['gather', 3]]);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(/^gather: the gather frame path is not taken: Node ws's _sender is not as on ws 8\./);
    expect(reported[0]).toContain('found an object with _state, _messages');
    expect(reported[0]).toMatch(/using ws's own send instead$/);
  });

  it('a browser WebSocket, a busy sender, or the path switched off is no fallback', () => {
    for (const { socket, on } of [
      { socket: wsLike({ _state: 0, _queue: [] }, false).socket, on: undefined },
      { socket: wsLike({ _state: 0, _queue: [['queued']] }).socket, on: undefined },
      { socket: wsLike({ _state: 2, _queue: [] }).socket, on: undefined },
      { socket: wsLike({ _state: 0, _messages: [] }).socket, on: new Set([FramePath.Put]) },
    ]) {
      const { batch, paths, reported } = batchOf(socket, on);
      batch.run(() => socket.send(new Uint8Array([1])));
      expect([...paths.fallbacks()]).toEqual([]);
      expect(reported).toEqual([]);
    }
  });
});
