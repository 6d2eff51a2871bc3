/**
 * How a service server hands its reply and the query's final to the socket. The router does
 * not set TCP_NODELAY, so a final written after its reply (a separate segment) can be held
 * ~40 ms; the server sends both in one corked step so they leave in one kernel write. And
 * past zenoh-ts's 2 MB buffer the ordered path must keep the final behind the reply.
 */
import { Socket } from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import type { RmwReply, RmwRequest } from '../../src/rmw/rmw.js';
import { closeAll, servicePair, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

let router: RunningRouter | undefined;
afterEach(async () => {
  await closeAll();
  if (router !== undefined) {
    process.kill(router.pid, 'SIGCONT');
    await router.stop();
  }
  router = undefined;
});

type WriteFn = (this: Socket, ...args: unknown[]) => unknown;

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
    const { client } = await servicePair(
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
    const WsCtor = WsWebSocket as unknown as { prototype: { send: (...a: unknown[]) => unknown } };
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

  it('500 pipelined round trips of mixed sizes up to 1 MiB, answered in bursts, are all answered correctly', async () => {
    const sizes = [16, 1024, 64 * 1024, 16, 1024 * 1024, 1024, 16, 64 * 1024, 1024, 1024 * 1024];
    const replies: RmwReply[] = [];
    const total = 500;
    const inFlight = 50;
    // A batch is answered in one synchronous loop (on loopback the kernel takes even 10 MiB
    // at once, so the 2 MB path is forced in the next test).
    const pending: RmwRequest[] = [];
    const { client } = await servicePair(
      `/${uniquePrefix('frames')}/mixed`,
      (req) => {
        pending.push(req);
        if (pending.length < inFlight) return;
        for (const r of pending.splice(0)) {
          const size = sizes[(r.payload[0] ?? 0) % sizes.length] ?? 16;
          const out = new Uint8Array(size).fill(r.payload[0] ?? 0);
          out.set(r.payload.subarray(0, Math.min(4, size)));
          expect(r.respond(out).ok).toBe(true);
        }
      },
      replies,
    );
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

  it('past the 2 MB buffer (router stalled) the final still follows its reply: every call gets its reply', async () => {
    router = await startRouter({ binary: inject('routerBinary') });
    const held: RmwRequest[] = [];
    const replies: RmwReply[] = [];
    const { client } = await servicePair(
      `/${uniquePrefix('frames')}/stalled`,
      (req) => held.push(req),
      replies,
      router.locator,
    );
    const count = 24;
    const sent = new Map<bigint, number>();
    for (let i = 0; i < count; i++) {
      const seq = client.sendRequest(new Uint8Array([i]), 20000);
      if (!seq.ok) throw new Error(seq.error.message);
      sent.set(seq.value, i);
    }
    expect(await waitFor(() => held.length === count, 10000)).toBe(true);
    const WsCtor = WsWebSocket as unknown as { prototype: { send: (...a: unknown[]) => unknown } };
    const origSend = WsCtor.prototype.send;
    let sends = 0;
    const sendsPerAnswer: number[] = [];
    WsCtor.prototype.send = function (this: unknown, ...args: unknown[]) {
      sends++;
      return origSend.apply(this, args);
    };
    // The router stops reading: the kernel buffers fill and ws holds the rest (> 2 MB), so
    // zenoh-ts defers the later sends and the server must keep reply-then-final order.
    process.kill(router.pid, 'SIGSTOP');
    try {
      for (const r of held) {
        const i = r.payload[0] ?? 0;
        const out = new Uint8Array(i % 2 === 0 ? 1024 * 1024 : 16).fill(i);
        sends = 0;
        expect(r.respond(out).ok).toBe(true);
        sendsPerAnswer.push(sends);
      }
    } finally {
      WsCtor.prototype.send = origSend;
    }
    await new Promise((r) => setTimeout(r, 300));
    process.kill(router.pid, 'SIGCONT');
    expect(await waitFor(() => replies.length === count, 15000)).toBe(true);
    // The first answers went out corked (2 sends each), the later ones were deferred (0).
    expect(sendsPerAnswer[0]).toBe(2);
    expect(sendsPerAnswer.some((n) => n === 0)).toBe(true);
    for (const r of replies) {
      if (r.kind !== 'reply') throw new Error(`request ${sent.get(r.sequenceNumber)}: ${r.message}`);
      const i = sent.get(r.sequenceNumber) ?? -1;
      expect(r.payload.length).toBe(i % 2 === 0 ? 1024 * 1024 : 16);
      expect(r.payload[0]).toBe(i);
    }
  }, 40000);
});
