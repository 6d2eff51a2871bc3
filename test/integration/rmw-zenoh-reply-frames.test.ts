/**
 * A service server writes its replies and their finals as frames of its own (reply-frame.ts)
 * instead of calling zenoh-ts's reply and finalize: the frames must be byte for byte the ones
 * zenoh-ts sends on a real socket for the same reply, on every payload length the LEB128
 * prefix can take, with and without the attachment; the client must get payload and
 * attachment as sent; and a zenoh-ts whose frames differ must keep the server on its reply.
 */
import type { Query, Reply } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwEvent, RmwReply, RmwRequest } from '../../src/rmw/rmw.js';
import { encodeAttachment } from '../../src/rmw/wire/attachment.js';
import {
  encodeFinalFrame,
  encodeReplyFrame,
  frameReplier,
  replyFramesMatch,
  replyKeyBytes,
} from '../../src/rmw/zenoh/zenoh-ts/frames/reply-frame.js';
import { innerOf, markLinkDead } from '../../src/rmw/zenoh/zenoh-ts/session-internals.js';
import type { ZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import {
  closeFrameTestSessions,
  framesSentDuring,
  oneByteLonger,
  pattern,
  rawSession,
  socketOf,
  whileOneByteLonger,
  zenohSessionOf,
  zenohTs,
} from '../support/frame-fixtures.js';
import { nodeSpec, servicePair, serviceSpec, session, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

afterEach(closeFrameTestSessions);

const queryIdOf = (q: Query) => (q as unknown as { inner: { queryId: number } }).inner.queryId;

type ReplyFn = (this: Query, ...args: unknown[]) => Promise<void>;

/** Replaces zenoh-ts's Query.prototype.reply with `wrap(real)` while `fn` runs. */
async function withReply(z: ZenohTs, wrap: (real: ReplyFn) => ReplyFn, fn: () => Promise<void>): Promise<void> {
  const proto = z.Query.prototype as unknown as { reply: ReplyFn };
  const real = proto.reply;
  proto.reply = wrap(real);
  try {
    await fn();
  } finally {
    proto.reply = real;
  }
}

/** An rclts server and client in two sessions; call i is answered with size(i) bytes of i. */
async function echoPair(size: (i: number) => number): Promise<(count: number) => Promise<RmwReply[]>> {
  const sn = (await session()).createNode(nodeSpec('reply_frames_server'));
  const cn = (await session()).createNode(nodeSpec('reply_frames_client'));
  if (!sn.ok || !cn.ok) throw new Error('node');
  const spec = serviceSpec(`/${uniquePrefix('replyframes')}/echo`);
  const server = sn.value.createServiceServer(spec, (req: RmwRequest) => {
    const n = req.payload[0] ?? 0;
    expect(req.respond(new Uint8Array(size(n)).fill(n)).ok).toBe(true);
  });
  const replies: RmwReply[] = [];
  const client = cn.value.createServiceClient(spec, (r) => replies.push(r));
  if (!server.ok || !client.ok) throw new Error('endpoints');
  expect((await server.value.ready()).ok).toBe(true);
  expect((await client.value.ready()).ok).toBe(true);
  const ready = () => {
    const r = client.value.serviceIsReady();
    return r.ok && r.value;
  };
  expect(await waitFor(ready)).toBe(true);
  return async (count) => {
    for (let i = 0; i < count; i++) {
      expect(client.value.sendRequest(new Uint8Array([i]), 5000).ok).toBe(true);
      expect(await waitFor(() => replies.length === i + 1)).toBe(true);
    }
    return replies;
  };
}

describe('service reply frames written by rclts', () => {
  it('are the frames zenoh-ts sends for the same reply and final, at every LEB128 length and with or without an attachment', async () => {
    const z = await zenohTs();
    const s = await rawSession();
    expect(replyFramesMatch(z, innerOf(s))).toBe(true);
    const key = `${uniquePrefix('replyframes')}/raw`;
    const queries: Query[] = [];
    const queryable = await s.declareQueryable(key, { complete: true, handler: (q: Query) => void queries.push(q) });
    const c = await rawSession();
    const got: Uint8Array[] = [];
    const attachment = encodeAttachment({
      sequenceNumber: 7n,
      sourceTimestampNs: 1_700_000_000_123_456_789n,
      gid: pattern(16),
    });
    const sizes = [0, 1, 100, 127, 128, 300, 1200, 16_383, 16_384, 65_536, 70_000, 1_048_576];
    let asked = 0;
    for (const size of sizes) {
      for (const att of [undefined, attachment]) {
        asked += 1;
        await c.get(key, {
          handler: (r: Reply) => {
            const sample = r.result();
            if ('payload' in sample) got.push(sample.payload().toBytes());
          },
        });
        expect(await waitFor(() => queries.length === asked)).toBe(true);
        const query = queries[asked - 1] as Query;
        const payload = pattern(size);
        // zenoh-ts hands a reply to the socket at once only below 2 MB buffered.
        expect(await waitFor(() => socketOf(s).bufferedAmount < 1024)).toBe(true);
        const sent = framesSentDuring(s, () => {
          void query.reply(key, payload, att === undefined ? undefined : { attachment: att });
          void query.finalize();
        });
        const label = `${size} B, attachment ${att !== undefined}`;
        expect(sent, label).toHaveLength(2);
        const id = queryIdOf(query);
        const ours = [encodeReplyFrame(id, replyKeyBytes(key), payload, att), encodeFinalFrame(id)];
        expect(Buffer.from(ours[0] as Uint8Array).equals(Buffer.from(sent[0] ?? [])), label).toBe(true);
        expect(Buffer.from(ours[1] as Uint8Array).equals(Buffer.from(sent[1] ?? [])), label).toBe(true);
      }
    }
    expect(await waitFor(() => got.length === asked, 10_000)).toBe(true);
    expect(got.map((p) => p.length)).toEqual(sizes.flatMap((n) => [n, n]));
    await queryable.undeclare();
  }, 30_000);

  it('are not used with a zenoh-ts that would send other bytes', async () => {
    const z = await zenohTs();
    const s = await rawSession();
    const ownMethods = Object.getPrototypeOf(innerOf(s)) as object;
    expect(replyFramesMatch(z, { ...ownMethods, sendMessage: oneByteLonger(s) })).toBe(false);
    expect(replyFramesMatch(z, { sendMessage: () => Promise.resolve() })).toBe(false);
    expect(replyFramesMatch(z, undefined)).toBe(false);
    expect(whileOneByteLonger(s, () => frameReplier(z, s))).toBeUndefined();
    expect(frameReplier(z, s)).toBeDefined();
  });

  it('answer an rclts client with payload and attachment, without zenoh-ts reply', async () => {
    const z = await zenohTs();
    let replyCalls = 0;
    const sizes = [0, 16, 300, 20_000, 70_000];
    await withReply(
      z,
      (real) =>
        function (this: Query, ...args: unknown[]) {
          replyCalls += 1;
          return real.apply(this, args);
        },
      async () => {
        const calls = await echoPair((i) => sizes[i] ?? 0);
        replyCalls = 0;
        const replies = await calls(sizes.length);
        expect(replyCalls).toBe(0);
        expect(replies.map((r) => (r.kind === 'reply' ? r.payload : undefined))).toEqual(
          sizes.map((n, i) => new Uint8Array(n).fill(i)),
        );
        expect(replies.every((r) => r.kind === 'reply' && r.attachment?.gid.length === 16)).toBe(true);
      },
    );
  });

  it('leave the server on zenoh-ts reply where zenoh-ts writes other bytes', async () => {
    const z = await zenohTs();
    let replyCalls = 0;
    await withReply(
      z,
      // Another priority: a reply the router takes, in a frame that differs from ours.
      (real) =>
        function (this: Query, key: unknown, payload: unknown, opts: unknown) {
          replyCalls += 1;
          return real.call(this, key, payload, { ...(opts as object), priority: z.Priority.DATA_HIGH });
        },
      async () => {
        const calls = await echoPair(() => 16);
        replyCalls = 0;
        const replies = await calls(3);
        expect(replyCalls).toBe(3);
        expect(replies.map((r) => (r.kind === 'reply' ? r.payload : undefined))).toEqual(
          [0, 1, 2].map((i) => new Uint8Array(16).fill(i)),
        );
      },
    );
  });

  it('are not written on a link rclts marked dead: the reply goes to zenoh-ts, which fails it, and that is reported', async () => {
    const held: RmwRequest[] = [];
    const { client, served } = await servicePair(`/${uniquePrefix('replyframes')}/dead`, (req) => held.push(req), []);
    const events: RmwEvent[] = [];
    served.onEvent((e) => events.push(e));
    expect(client.sendRequest(new Uint8Array([1]), 5000).ok).toBe(true);
    expect(await waitFor(() => held.length === 1)).toBe(true);
    const z = zenohSessionOf(served);
    markLinkDead(z);
    const sent = framesSentDuring(z, () => expect(held[0]?.respond(new Uint8Array(16)).ok).toBe(true));
    expect(sent).toHaveLength(0);
    const failed = (e: RmwEvent) => e.type === 'transport_error' && e.message.includes('reply failed');
    expect(await waitFor(() => events.some(failed))).toBe(true);
  });
});
