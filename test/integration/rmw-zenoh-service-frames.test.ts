/**
 * How a service server hands its reply and the query's final to the socket. The router does
 * not set TCP_NODELAY, so a final written after its reply (a separate segment) can be held
 * ~40 ms; the server sends both in one corked step so they leave in one kernel write. And
 * past zenoh-ts's 2 MB buffer the ordered path must keep the final behind the reply.
 */
import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwReply, RmwRequest, RmwServiceClient, RmwServiceServer } from '../../src/rmw/rmw.js';
import { closeAll, serviceSpec, session, uniquePrefix, waitFor } from './rmw-zenoh-fixtures.js';

afterEach(closeAll);

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });

type WriteFn = (this: Socket, ...args: unknown[]) => unknown;

async function pair(
  name: string,
  onRequest: (req: RmwRequest) => void,
  replies: RmwReply[],
): Promise<{ client: RmwServiceClient; server: RmwServiceServer }> {
  const a = await session();
  const b = await session();
  const sn = a.createNode(node('frames_server'));
  const cn = b.createNode(node('frames_client'));
  if (!sn.ok || !cn.ok) throw new Error('node');
  const server = sn.value.createServiceServer(serviceSpec(name), onRequest);
  const client = cn.value.createServiceClient(serviceSpec(name), (r) => replies.push(r));
  if (!server.ok || !client.ok) throw new Error('endpoints');
  expect((await client.value.ready()).ok).toBe(true);
  expect((await server.value.ready()).ok).toBe(true);
  expect(
    await waitFor(() => {
      const r = client.value.serviceIsReady();
      return r.ok && r.value;
    }),
  ).toBe(true);
  return { client: client.value, server: server.value };
}

describe('zenoh service server: reply and final on the socket', () => {
  it('hands the reply and the final to the socket in one step and one kernel write', async () => {
    const proto = Socket.prototype as unknown as { _write: WriteFn; _writev: WriteFn };
    const origWrite = proto._write;
    const origWritev = proto._writev;
    let recording = false;
    let sends = 0;
    let kernelWrites = 0;
    const perAnswer: Array<{ sends: number; kernelWrites: number }> = [];
    const replies: RmwReply[] = [];
    const { client } = await pair(
      `/${uniquePrefix('frames')}/echo`,
      (req) => {
        recording = true;
        sends = 0;
        kernelWrites = 0;
        try {
          expect(req.respond(req.payload).ok).toBe(true);
        } finally {
          recording = false;
        }
        perAnswer.push({ sends, kernelWrites });
      },
      replies,
    );
    const WsCtor = (globalThis as { WebSocket?: { prototype: { send: (...a: unknown[]) => unknown } } }).WebSocket;
    if (WsCtor === undefined) throw new Error('no WebSocket');
    const origSend = WsCtor.prototype.send;
    WsCtor.prototype.send = function (this: unknown, ...args: unknown[]) {
      if (recording) sends++;
      return origSend.apply(this, args);
    };
    proto._write = function (this: Socket, ...args: unknown[]) {
      if (recording) kernelWrites++;
      return origWrite.apply(this, args);
    };
    proto._writev = function (this: Socket, ...args: unknown[]) {
      if (recording) kernelWrites++;
      return origWritev.apply(this, args);
    };
    try {
      for (let i = 0; i < 20; i++) {
        expect(client.sendRequest(new Uint8Array(16).fill(i), 5000).ok).toBe(true);
        expect(await waitFor(() => replies.length === i + 1)).toBe(true);
      }
    } finally {
      WsCtor.prototype.send = origSend;
      proto._write = origWrite;
      proto._writev = origWritev;
    }
    expect(replies.every((r) => r.kind === 'reply')).toBe(true);
    // Both frames (reply, final) went to ws inside respond(), and left in one write.
    expect(perAnswer).toHaveLength(20);
    for (const a of perAnswer) expect(a).toEqual({ sends: 2, kernelWrites: 1 });
  });

  it('500 rapid round trips of mixed sizes, some past the 2 MB buffer, are all answered in order', async () => {
    const sizes = [16, 1024, 64 * 1024, 16, 1024 * 1024, 1024, 16, 64 * 1024, 1024, 16];
    const replies: RmwReply[] = [];
    const { client } = await pair(
      `/${uniquePrefix('frames')}/mixed`,
      (req) => {
        const size = sizes[(req.payload[0] ?? 0) % sizes.length] ?? 16;
        const out = new Uint8Array(size).fill(req.payload[0] ?? 0);
        out.set(req.payload.subarray(0, Math.min(4, size)));
        expect(req.respond(out).ok).toBe(true);
      },
      replies,
    );
    const total = 500;
    const inFlight = 50;
    const sent = new Map<bigint, number>();
    for (let batch = 0; batch < total / inFlight; batch++) {
      for (let j = 0; j < inFlight; j++) {
        const i = batch * inFlight + j;
        const req = new Uint8Array([i % 256, (i >> 8) & 0xff, 0xab, 0xcd]);
        const seq = client.sendRequest(req, 20000);
        if (!seq.ok) throw new Error(seq.error.message);
        sent.set(seq.value, i);
      }
      expect(await waitFor(() => replies.length === (batch + 1) * inFlight, 20000)).toBe(true);
    }
    expect(replies).toHaveLength(total);
    for (const r of replies) {
      if (r.kind !== 'reply') throw new Error(`request ${sent.get(r.sequenceNumber)}: ${r.message}`);
      const i = sent.get(r.sequenceNumber);
      if (i === undefined) throw new Error(`unknown sequence ${r.sequenceNumber}`);
      const size = sizes[(i % 256) % sizes.length] ?? 16;
      expect(r.payload.length).toBe(size);
      expect([...r.payload.subarray(0, Math.min(4, size))]).toEqual(
        [i % 256, (i >> 8) & 0xff, 0xab, 0xcd].slice(0, Math.min(4, size)),
      );
    }
  }, 60000);
});
