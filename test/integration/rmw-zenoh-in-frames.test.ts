/**
 * Subscribers and clients read their samples and replies from the frame (in-frame.ts,
 * in-frame-tap.ts) instead of having zenoh-ts unpack them: the reading must match zenoh-ts's
 * own on every payload length the LEB128 prefix can take, with and without an attachment, a
 * timestamp or a delete kind; samples and replies from a real router must arrive intact and
 * not through zenoh-ts's Sample; and a zenoh-ts that reads frames otherwise must keep rclts on
 * zenoh-ts's reading.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwSample } from '../../src/rmw/rmw.js';
import { encodeAttachment } from '../../src/rmw/wire/attachment.js';
import { ZenohSubscriber } from '../../src/rmw/zenoh/zenoh-subscriber.js';
import { readReplyFrame, readSampleFrame } from '../../src/rmw/zenoh/zenoh-ts/frames/in-frame.js';
import { inFramesMatch, type OnMessage, probeSampleFrame } from '../../src/rmw/zenoh/zenoh-ts/frames/in-frame-probe.js';
import { tapInFrames } from '../../src/rmw/zenoh/zenoh-ts/frames/in-frame-tap.js';
import { innerOf } from '../../src/rmw/zenoh/zenoh-ts/session-internals.js';
import {
  clientAndRawServer,
  closeFrameTestSessions,
  counting,
  pattern,
  rawSession,
  zenohTs,
} from '../support/frame-fixtures.js';
import { nodeSpec, session, topicSpec, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

afterEach(closeFrameTestSessions);

const SIZES = [0, 1, 127, 128, 300, 16_383, 16_384, 70_000, 1_048_576];
const onMessageOf = (s: Session) => (innerOf(s) as unknown as { onMessageReceived: OnMessage }).onMessageReceived;

describe('samples and replies read from the frame', () => {
  it('read what zenoh-ts reads, and stay with zenoh-ts when it reads otherwise', async () => {
    const z = await zenohTs();
    const s = await rawSession();
    const read = onMessageOf(s);
    expect(inFramesMatch(z, read)).toBe(true);
    // A zenoh-ts with one more field after the header, and one that hands nothing on.
    const shifted: OnMessage = function (this: unknown, msg: Uint8Array) {
      read.call(this, Uint8Array.from([...msg.subarray(0, 5), 0, ...msg.subarray(5)]));
    };
    expect(inFramesMatch(z, shifted)).toBe(false);
    expect(inFramesMatch(z, () => {})).toBe(false);
    const unread = { onMessageReceived: shifted, subscribers: new Map(), gets: new Map() };
    expect(tapInFrames(z, { inner: unread } as unknown as Session)).toBe(false);
    expect(unread.onMessageReceived).toBe(shifted);
  });

  it('give up on frames that end early or carry values zenoh-ts refuses', () => {
    const frame = probeSampleFrame(9, {
      key: 'k/x',
      payload: pattern(300),
      attachment: pattern(33),
      isDelete: false,
      stamped: true,
    });
    expect(readSampleFrame(frame)?.payload).toEqual(pattern(300));
    for (let n = 0; n < frame.length; n++) expect(readSampleFrame(frame.subarray(0, n)), `${n} bytes`).toBeUndefined();
    const badKind = Uint8Array.from(frame);
    badKind[5 + 1 + 3 + 2 + 300] = 7; // after id, key (4 bytes), payload (2 + 300)
    expect(readSampleFrame(badKind)).toBeUndefined();
    expect(readReplyFrame(frame)).toBeUndefined(); // a sample is not a reply
  });

  it('bring an rclts subscriber every size intact, not through zenoh-ts Sample, and skip deletes', async () => {
    const z = await zenohTs();
    const listener = (await session()).createNode(nodeSpec('in_frames_listener'));
    if (!listener.ok) throw new Error('node');
    const got: RmwSample[] = [];
    const [sub, unpacked] = await counting(ZenohSubscriber.prototype, 'onZenohSample', async () => {
      const made = listener.value.createSubscriber(topicSpec(`/${uniquePrefix('inframes')}/chatter`), (s) =>
        got.push(s),
      );
      if (!made.ok) throw new Error(made.error.message);
      expect((await made.value.ready()).ok).toBe(true);
      const raw = await rawSession();
      // Probe until the route is in place (with an attachment: a ros-named subscription drops samples without).
      const key = made.value.key;
      const probeAttachment = encodeAttachment({ sequenceNumber: 1n, sourceTimestampNs: 1n, gid: new Uint8Array(16) });
      const probe = () => {
        void raw.put(key, pattern(1), { attachment: probeAttachment });
        return got.length > 0;
      };
      expect(await waitFor(probe, 10_000, 50)).toBe(true);
      await waitFor(() => false, 200);
      got.length = 0;
      await raw.delete(key);
      for (const [i, size] of SIZES.entries()) {
        const attachment = encodeAttachment({ sequenceNumber: BigInt(i + 1), sourceTimestampNs: 5n, gid: pattern(16) });
        await raw.put(key, pattern(size), { attachment });
      }
      expect(await waitFor(() => got.length === SIZES.length, 10_000)).toBe(true);
      return made.value;
    });
    expect(unpacked).toBe(0);
    expect(got.map((s) => Buffer.from(s.payload).equals(pattern(s.payload.length)))).toEqual(SIZES.map(() => true));
    expect(got.map((s) => s.payload.length)).toEqual(SIZES);
    expect(got.map((s) => s.attachment?.sequenceNumber)).toEqual(SIZES.map((_, i) => BigInt(i + 1)));
    expect(got.every((s) => s.key === sub.key)).toBe(true);
    expect(z.SampleKind.DELETE).toBe(1);
  }, 30_000);

  it('bring an rclts client replies and error replies intact, not through zenoh-ts Reply', async () => {
    const z = await zenohTs();
    const attachment = encodeAttachment({ sequenceNumber: 42n, sourceTimestampNs: 5n, gid: pattern(16) });
    const { client, replies, queryable } = await clientAndRawServer('inframes', (q, key) => {
      const n = q.payload()?.toBytes()[0] ?? 0;
      if (n === 255) void q.replyErr('no such thing here: é');
      else void q.reply(key, pattern(SIZES[n] ?? 0), { attachment });
      void q.finalize();
    });
    const [, unpacked] = await counting(z.Reply.prototype, 'result', async () => {
      for (const [k, i] of [...SIZES.keys(), 255].entries()) {
        expect(client.sendRequest(Uint8Array.of(i), 5000).ok).toBe(true);
        expect(await waitFor(() => replies.length === k + 1, 10_000)).toBe(true);
      }
    });
    expect(unpacked).toBe(0);
    const ok = replies.slice(0, SIZES.length);
    const payloads = ok.map((r) => (r.kind === 'reply' ? r.payload : new Uint8Array(0)));
    expect(payloads.map((p) => p.length)).toEqual(SIZES);
    expect(payloads.every((p) => Buffer.from(p).equals(pattern(p.length)))).toBe(true);
    expect(ok.every((r) => r.kind === 'reply' && r.attachment?.sequenceNumber === 42n)).toBe(true);
    const failed = replies[SIZES.length];
    expect(failed?.kind).toBe('error');
    expect(failed?.kind === 'error' && failed.message).toContain('failed: no such thing here: é');
    await queryable.undeclare();
  }, 30_000);
});
