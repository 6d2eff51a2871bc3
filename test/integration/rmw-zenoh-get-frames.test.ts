/**
 * A service client writes its gets as frames of its own (get-frame.ts) instead of calling
 * zenoh-ts's `session.get`: the frame must be byte for byte the one zenoh-ts sends on a real
 * socket for the same get, on every payload length the LEB128 prefix can take, with and
 * without the attachment; requests must reach a server intact without `session.get`; a
 * timed-out request must leave nothing in zenoh-ts's table; a socket past zenoh-ts's 2 MB
 * threshold must send through zenoh-ts; and a zenoh-ts whose frames differ keeps the client on
 * `session.get`.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeAttachment } from '../../src/rmw/wire/attachment.js';
import { encodeGetFrame, getFramesMatch } from '../../src/rmw/zenoh/zenoh-ts/frames/get-frame.js';
import { innerOf, markLinkDead } from '../../src/rmw/zenoh/zenoh-ts/session-internals.js';
import {
  clientAndRawServer,
  closeFrameTestSessions,
  counting,
  framesSentDuring,
  oneByteLonger,
  pattern,
  rawSession,
  socketOf,
  zenohTs,
} from '../support/frame-fixtures.js';
import { uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

afterEach(closeFrameTestSessions);

type Inner = { get: unknown; sendMessage: unknown; gets: Map<unknown, unknown>; cancelQuery: unknown };
const innerOfSession = (s: Session) => innerOf(s) as unknown as Inner;

/** Counts calls of zenoh-ts's Session.prototype.get while `fn` runs. */
async function countingGets<T>(fn: () => Promise<T>): Promise<[T, number]> {
  return counting((await zenohTs()).Session.prototype, 'get', fn);
}

describe('service client gets written by rclts', () => {
  it('are the frames zenoh-ts sends for the same get, at every LEB128 length and with or without an attachment', async () => {
    const z = await zenohTs();
    const s = await rawSession();
    const inner = innerOfSession(s);
    for (const target of [z.QueryTarget.ALL_COMPLETE, z.QueryTarget.BEST_MATCHING]) {
      const settings = getFramesMatch(z, inner, target);
      expect(settings, `target ${target}`).toBeDefined();
      const key = `${uniquePrefix('getframes')}/raw`;
      const attachment = encodeAttachment({ sequenceNumber: 7n, sourceTimestampNs: 5n, gid: pattern(16) });
      for (const size of [0, 1, 127, 128, 300, 16_383, 16_384, 65_536, 1_048_576]) {
        for (const att of [undefined, attachment]) {
          const payload = pattern(size);
          expect(await waitFor(() => socketOf(s).bufferedAmount < 1024)).toBe(true);
          const sent = framesSentDuring(s, () => {
            void s.get(key, {
              payload,
              ...(att === undefined ? {} : { attachment: att }),
              target,
              consolidation: z.ConsolidationMode.NONE,
              timeout: z.Duration.milliseconds.of(10_030),
              handler: [() => {}, () => {}],
            });
          });
          const label = `target ${target}, ${size} B, attachment ${att !== undefined}`;
          expect(sent, label).toHaveLength(1);
          const frame = sent[0]!;
          const id = new DataView(frame.buffer, frame.byteOffset + 1, 4).getUint32(0, true);
          const ours = encodeGetFrame(id, new TextEncoder().encode(key), payload, att, settings!, 10_030);
          expect(Buffer.from(ours).equals(Buffer.from(frame)), label).toBe(true);
        }
      }
    }
  }, 30_000);

  it('are not used with a zenoh-ts that would send other bytes', async () => {
    const z = await zenohTs();
    const s = await rawSession();
    const inner = innerOfSession(s);
    const changed = { get: inner.get, sendMessage: oneByteLonger(s) };
    expect(getFramesMatch(z, changed, z.QueryTarget.ALL_COMPLETE)).toBeUndefined();
    expect(getFramesMatch(z, { get: undefined, sendMessage: inner.sendMessage }, 0)).toBeUndefined();
  });

  it('reach a server with payload and attachment, without zenoh-ts get, and leave nothing behind when they time out', async () => {
    const got: Uint8Array[] = [];
    const { client, replies, queries } = await clientAndRawServer('getframes', (q, key) => {
      const payload = q.payload()?.toBytes() ?? new Uint8Array(0);
      got.push(payload);
      if (payload.length === 3) return; // never answered: the request times out
      void q.reply(key, payload);
      void q.finalize();
    });
    const clientSession = (client as unknown as { session: { connection: { current(): Session } } }).session;
    const inner = innerOfSession(clientSession.connection.current());
    const sizes = [0, 1, 300, 70_000, 1_048_576];
    const [, viaZenohTs] = await countingGets(async () => {
      for (const [i, size] of sizes.entries()) {
        expect(client.sendRequest(pattern(size), 5000).ok).toBe(true);
        expect(await waitFor(() => replies.length === i + 1, 10_000)).toBe(true);
      }
      const before = inner.gets.size;
      expect(client.sendRequest(pattern(3), 300).ok).toBe(true);
      expect(await waitFor(() => replies.length === sizes.length + 1, 5000)).toBe(true);
      expect(inner.gets.size).toBe(before);
    });
    expect(viaZenohTs).toBe(0);
    expect(got.map((p) => p.length)).toEqual([...sizes, 3]);
    expect(got.every((p) => Buffer.from(p).equals(pattern(p.length)))).toBe(true);
    const answered = replies.slice(0, sizes.length);
    expect(answered.map((r) => (r.kind === 'reply' ? r.payload.length : -1))).toEqual(sizes);
    const timedOut = replies[sizes.length];
    expect(timedOut?.kind === 'error' && timedOut.message).toMatch(/within 300 ms/);
    expect(queries.every((q) => q.attachment() !== undefined)).toBe(true);
  }, 30_000);

  it('go through zenoh-ts while the socket holds more than zenoh-ts sends at once, and still get their reply', async () => {
    const { client, replies } = await clientAndRawServer('getframes', (q, key) => {
      void q.reply(key, Uint8Array.of(1));
      void q.finalize();
    });
    const clientSession = (client as unknown as { session: { connection: { current(): Session } } }).session;
    const ws = socketOf(clientSession.connection.current()) as unknown as object;
    const [, viaZenohTs] = await countingGets(async () => {
      Object.defineProperty(ws, 'bufferedAmount', { get: () => 3 * 1024 * 1024, configurable: true });
      try {
        expect(client.sendRequest(Uint8Array.of(9), 5000).ok).toBe(true);
        await waitFor(() => false, 100);
        expect(replies).toHaveLength(0);
      } finally {
        delete (ws as { bufferedAmount?: unknown }).bufferedAmount;
      }
      expect(await waitFor(() => replies.length === 1, 5000)).toBe(true);
    });
    expect(viaZenohTs).toBe(1);
    expect(replies[0]?.kind).toBe('reply');
  }, 30_000);

  it('go through zenoh-ts on a link rclts marked dead, and fail as TransportError with nothing written', async () => {
    const { client, replies, queries } = await clientAndRawServer('getframes', (q, key) => {
      void q.reply(key, Uint8Array.of(1));
      void q.finalize();
    });
    const clientSession = (client as unknown as { session: { connection: { current(): Session } } }).session;
    const z = clientSession.connection.current();
    markLinkDead(z);
    const [sent, viaZenohTs] = await countingGets(async () => {
      const frames = framesSentDuring(z, () => expect(client.sendRequest(Uint8Array.of(9), 5000).ok).toBe(true));
      expect(await waitFor(() => replies.length === 1, 5000)).toBe(true);
      return frames;
    });
    expect(viaZenohTs).toBe(1);
    expect(sent).toHaveLength(0);
    expect(queries).toHaveLength(0);
    const r = replies[0];
    expect(r?.kind === 'error' && r.message).toMatch(/could not be sent/);
  }, 30_000);
});
