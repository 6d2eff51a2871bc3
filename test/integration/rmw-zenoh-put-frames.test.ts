/**
 * A publisher writes its direct puts as frames of its own (put-frame.ts) instead of calling
 * zenoh-ts's put: the frame must be byte for byte the one zenoh-ts sends for the same put,
 * on every payload length the LEB128 prefix can take, with and without the attachment; the
 * router must deliver payload, attachment and timestamp as sent; and a zenoh-ts whose frames
 * differ must keep rclts on its put.
 */
import type { Publisher, Sample } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwEndpointSpec, RmwEvent } from '../../src/rmw/rmw.js';
import { encodeAttachment } from '../../src/rmw/wire/attachment.js';
import { encodePutFrame, framePutter, putFramesMatch } from '../../src/rmw/zenoh/zenoh-ts/frames/put-frame.js';
import { innerOf, markLinkDead } from '../../src/rmw/zenoh/zenoh-ts/session-internals.js';
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
import { nodeSpec, rawSpec, session, topicSpec, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

afterEach(closeFrameTestSessions);

/** A declared rclts publisher of `spec` and a zenoh-ts subscriber on its key, in two sessions. */
async function publisherAndRawListener(spec: RmwEndpointSpec) {
  const rmw = await session();
  const talker = rmw.createNode(nodeSpec('talker'));
  if (!talker.ok) throw new Error('node');
  const made = talker.value.createPublisher(spec);
  if (!made.ok) throw new Error('publisher');
  const pub = made.value;
  expect((await pub.ready()).ok).toBe(true);
  const got: Sample[] = [];
  const sub = await (await rawSession()).declareSubscriber(pub.key, { handler: (s: Sample) => void got.push(s) });
  return { pub, got, sub, rmw };
}

describe('publisher frames written by rclts', () => {
  it('are the frames zenoh-ts sends for the same put, at every LEB128 length and with or without an attachment', async () => {
    const z = await zenohTs();
    const s = await rawSession();
    const publisher: Publisher = await s.declarePublisher(`${uniquePrefix('frames')}/raw`);
    const publisherId = (publisher as unknown as { publisherId: number }).publisherId;
    expect(putFramesMatch(z, (innerOf(s) as { sendMessage?: unknown } | undefined)?.sendMessage)).toBe(true);
    const zid = new z.ZenohId(new Uint8Array(16).map((_, i) => 0x10 + i));
    const attachment = encodeAttachment({
      sequenceNumber: 7n,
      sourceTimestampNs: 1_700_000_000_123_456_789n,
      gid: pattern(16),
    });
    let ntp64 = 0x6543_2100_0000_0000n;
    for (const size of [0, 1, 100, 127, 128, 300, 1200, 16_383, 16_384, 65_536, 2_097_151, 2_097_152]) {
      for (const att of [undefined, attachment]) {
        ntp64 += 0x10n;
        const timestamp = new z.Timestamp(zid, ntp64);
        const payload = pattern(size);
        // zenoh-ts hands a put to the socket at once only below 2 MB buffered.
        expect(await waitFor(() => socketOf(s).bufferedAmount < 1024)).toBe(true);
        const sent = framesSentDuring(s, () => {
          void publisher.put(payload, att === undefined ? { timestamp } : { attachment: att, timestamp });
        });
        expect(sent, `${size} B, attachment ${att !== undefined}`).toHaveLength(1);
        const ours = encodePutFrame(publisherId, payload, att, ntp64, zid.toLeBytes());
        expect(Buffer.from(ours).equals(Buffer.from(sent[0] ?? [])), `${size} B, attachment ${att !== undefined}`).toBe(
          true,
        );
      }
    }
  });

  it('are not used with a zenoh-ts that would send other bytes', async () => {
    const z = await zenohTs();
    const s = await rawSession();
    expect(putFramesMatch(z, oneByteLonger(s))).toBe(false);
    expect(putFramesMatch(z, () => Promise.resolve())).toBe(false);
    expect(putFramesMatch(z, undefined)).toBe(false);
    const publisher = await s.declarePublisher(`${uniquePrefix('frames')}/other`);
    expect(whileOneByteLonger(s, () => framePutter(z, s, publisher))).toBeUndefined();
    expect(framePutter(z, s, publisher)).toBeDefined();
  });

  it('reach a zenoh-ts subscriber with the payload, the rmw_zenoh attachment and the clock timestamp, without zenoh-ts put', async () => {
    const z = await zenohTs();
    const { pub, got, sub } = await publisherAndRawListener(topicSpec(`/${uniquePrefix('frames')}/chatter`));
    // Probe until the route is in place, then count puts through zenoh-ts.
    expect(await waitFor(() => (pub.publish(pattern(1)).ok && got.length > 0) || false, 10_000, 50)).toBe(true);
    await waitFor(() => false, 200);
    const before = got.length;
    const proto = z.Publisher.prototype as unknown as { put: (...args: unknown[]) => Promise<void> };
    const put = proto.put;
    let putCalls = 0;
    proto.put = function (this: unknown, ...args: unknown[]) {
      putCalls += 1;
      return put.apply(this, args);
    };
    const sizes = [0, 100, 300, 20_000];
    const t0 = Date.now();
    try {
      for (const size of sizes) expect(pub.publish(pattern(size)).ok).toBe(true);
    } finally {
      proto.put = put;
    }
    expect(putCalls).toBe(0);
    expect(await waitFor(() => got.length === before + sizes.length)).toBe(true);
    const mine = got.slice(before);
    expect(mine.map((s) => s.payload().toBytes())).toEqual(sizes.map(pattern));
    const seqs = mine.map((s) =>
      new DataView(s.attachment()?.toBytes().buffer ?? new ArrayBuffer(8)).getBigInt64(0, true),
    );
    const first = seqs[0] ?? 0n;
    expect(seqs).toEqual(sizes.map((_, i) => first + BigInt(i)));
    expect(mine.every((s) => s.attachment()?.toBytes().length === 33)).toBe(true);
    const stamps = mine.map((s) => s.timestamp());
    expect(stamps.every((t) => t !== undefined)).toBe(true);
    const ids = new Set(stamps.map((t) => t?.getId().toString()));
    expect(ids.size).toBe(1);
    const ntp = stamps.map((t) => t?.getNtp64() ?? 0n);
    expect(ntp.every((t, i) => i === 0 || t > (ntp[i - 1] ?? 0n))).toBe(true);
    const ms = stamps[0]?.getMsSinceUnixEpoch() ?? 0;
    expect(ms).toBeGreaterThanOrEqual(t0 - 1000);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1000);
    await sub.undeclare();
  });

  it('carry raw-named samples with a timestamp and no attachment', async () => {
    const { pub, got, sub } = await publisherAndRawListener(rawSpec(`${uniquePrefix('frames')}/state`));
    expect(await waitFor(() => (pub.publish(pattern(300)).ok && got.length > 0) || false, 10_000, 50)).toBe(true);
    const s = got[0];
    expect(s?.payload().toBytes()).toEqual(pattern(300));
    expect(s?.attachment()).toBeUndefined();
    expect(s?.timestamp()).toBeDefined();
    await sub.undeclare();
  });

  it('are not written on a link rclts marked dead: the put goes to zenoh-ts, which fails it, and that is reported', async () => {
    const { pub, got, sub, rmw } = await publisherAndRawListener(topicSpec(`/${uniquePrefix('frames')}/dead`));
    const events: RmwEvent[] = [];
    rmw.onEvent((e) => events.push(e));
    expect(await waitFor(() => (pub.publish(pattern(1)).ok && got.length > 0) || false, 10_000, 50)).toBe(true);
    const z = zenohSessionOf(rmw);
    markLinkDead(z);
    const sent = framesSentDuring(z, () => expect(pub.publish(pattern(100)).ok).toBe(true));
    expect(sent).toHaveLength(0);
    const failed = (e: RmwEvent) => e.type === 'transport_error' && e.message.includes('put failed');
    expect(await waitFor(() => events.some(failed))).toBe(true);
    await sub.undeclare();
  });
});
