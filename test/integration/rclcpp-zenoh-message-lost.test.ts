// messageLost over the real router: a raw zenoh-ts session puts samples on an rclts
// subscription's key with rmw_zenoh attachments whose sequence numbers skip; the subscription's
// callback reports, in spin, how many were skipped (per publisher GID, as rmw_zenoh counts).
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Executor, type MessageLostStatus, std_msgs } from '../../src/index.js';
import { encodeAttachment } from '../../src/rmw/wire/attachment.js';
import { dataKey } from '../../src/rmw/wire/data-key.js';
import { closeFrameTestSessions, rawSession } from '../support/frame-fixtures.js';

const opened: Executor[] = [];
afterEach(async () => {
  for (const e of opened.splice(0)) await e.shutdown();
  await closeFrameTestSessions();
});

describe('messageLost on zenoh', () => {
  it('counts the sequence numbers a publisher skipped, per GID, and nothing for a steady one', async () => {
    const made = await Executor.create({ router: inject('zenohLocator') });
    if (!made.ok) throw new Error(made.error.message);
    const e = made.value;
    opened.push(e);
    const ns = `/lost_${process.pid}_${Date.now().toString(36)}`;
    const node = e.createNode('lossy', { namespace: ns });
    if (!node.ok) throw new Error(node.error.message);
    const got: string[] = [];
    const lost: MessageLostStatus[] = [];
    const sub = node.value.createSubscription(std_msgs.msg.String, 'lost', (m) => got.push(m.data), undefined, {
      events: { messageLost: (s) => lost.push(s) },
    });
    if (!sub.ok) throw new Error(sub.error.message);
    const { typeName, typeHash } = std_msgs.msg.String;
    const key = dataKey(0, { naming: 'ros', name: `${ns}/lost`, typeName, typeHash });
    if (!key.ok) throw new Error(key.error.message);
    const raw = await rawSession();
    const put = (data: string, gidByte: number, seq: number): Promise<void> =>
      raw.put(key.value, std_msgs.msg.String.encode({ data }), {
        attachment: encodeAttachment({
          sequenceNumber: BigInt(seq),
          sourceTimestampNs: 1n,
          gid: new Uint8Array(16).fill(gidByte),
        }),
      });
    // Probe with one steady sequence number until the route is in place: no gap, no loss.
    const end = Date.now() + 10_000;
    while (got.length === 0 && Date.now() < end) {
      await put('probe', 1, 1);
      await e.spinFor(50);
    }
    expect(got.length).toBeGreaterThan(0);
    for (const seq of [1, 2, 5, 6, 10]) await put(`s${seq}`, 2, seq);
    const done = Date.now() + 10_000;
    while (!got.includes('s10') && Date.now() < done) await e.spinFor(50);
    await e.spinFor(50);
    expect(got.filter((d) => d.startsWith('s'))).toEqual(['s1', 's2', 's5', 's6', 's10']);
    expect(lost.at(-1)?.totalCount).toBe(5);
    expect(lost.reduce((n, s) => n + s.totalCountChange, 0)).toBe(5);
  });
});
