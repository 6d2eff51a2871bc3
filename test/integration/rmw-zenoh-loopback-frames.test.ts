/**
 * A session to a router on a loopback address sends its large WebSocket frames unmasked (a
 * zero masking key, loopback-frames.ts) and its short ones masked: seen on the wire, through
 * a TCP relay in front of the shared router, with a large payload that must then appear in
 * the bytes as it was put.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { UNMASKED_FROM_BYTES } from '../../src/rmw/zenoh/zenoh-ts/loopback-frames.js';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';
import { sharedLocator, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

interface Relay {
  readonly port: number;
  /** Everything the client sent towards the router, in order. */
  sent(): Uint8Array;
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function relayToRouter(): Promise<Relay> {
  const routerPort = Number(sharedLocator().split(':').at(-1));
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const router = createConnection(routerPort, '127.0.0.1');
    for (const s of [client, router]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (d: Buffer) => {
      chunks.push(d);
      router.write(d);
    });
    router.pipe(client);
    client.on('close', () => router.destroy());
    router.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const relay: Relay = {
    port: address.port,
    sent: () => new Uint8Array(Buffer.concat(chunks)),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
  cleanups.push(relay.close);
  return relay;
}

interface Frame {
  readonly masked: boolean;
  readonly key: Uint8Array;
  readonly payload: Uint8Array;
}

/** The client's WebSocket frames after its HTTP upgrade request (RFC 6455 section 5.2). */
function clientFrames(bytes: Uint8Array): Frame[] {
  const text = Buffer.from(bytes).toString('latin1');
  let at = text.indexOf('\r\n\r\n');
  if (at < 0) throw new Error('no upgrade request');
  at += 4;
  const frames: Frame[] = [];
  while (at + 2 <= bytes.length) {
    const second = bytes[at + 1]!;
    let length = second & 0x7f;
    let head = at + 2;
    if (length === 126) {
      length = (bytes[head]! << 8) | bytes[head + 1]!;
      head += 2;
    } else if (length === 127) {
      length = Number(Buffer.from(bytes.subarray(head, head + 8)).readBigUInt64BE());
      head += 8;
    }
    const masked = (second & 0x80) !== 0;
    const key = masked ? bytes.subarray(head, head + 4) : new Uint8Array(0);
    if (masked) head += 4;
    if (head + length > bytes.length) break;
    frames.push({ masked, key, payload: bytes.subarray(head, head + length) });
    at = head + length;
  }
  return frames;
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(haystack).indexOf(Buffer.from(needle)) >= 0;
}

async function openThrough(locator: string): Promise<Session> {
  const s = await openZenohSession(locator, 5000);
  if (!s.ok) throw new Error(s.error.message);
  cleanups.push(async () => {
    await closeZenohSession(s.value);
  });
  return s.value;
}

describe('frames to a loopback router', () => {
  for (const host of ['127.0.0.1', 'localhost']) {
    it(`go to ${host} unmasked when large (a zero key, the payload as put), masked when short`, async () => {
      const relay = await relayToRouter();
      const s = await openThrough(`ws/${host}:${relay.port}`);
      const probe = new TextEncoder().encode(`unmasked-probe-${uniquePrefix('x')}-${'p'.repeat(70_000)}`);
      await s.put(`${uniquePrefix('loopback')}/probe`, probe);
      expect(await waitFor(() => relay.sent().length > probe.length, 5000)).toBe(true);
      const frames = clientFrames(relay.sent());
      const large = frames.filter((f) => f.payload.length >= UNMASKED_FROM_BYTES);
      const short = frames.filter((f) => f.payload.length < UNMASKED_FROM_BYTES);
      expect(large.length).toBeGreaterThan(0);
      expect(short.length).toBeGreaterThan(0);
      for (const f of frames) expect(f.masked).toBe(true);
      for (const f of large) expect([...f.key]).toEqual([0, 0, 0, 0]);
      for (const f of short) expect([...f.key]).not.toEqual([0, 0, 0, 0]);
      expect(large.some((f) => contains(f.payload, probe))).toBe(true);
    });
  }
});
