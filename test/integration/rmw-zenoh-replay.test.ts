/**
 * Duplicate suppression through the real router is not a way to silence a publisher: a forged
 * sample carrying a real publisher's GID and sequence number INT64_MAX changes nothing for
 * its stream, and the per-publisher table forgets publishers that left and stays bounded.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwPublisher, RmwSample, RmwSubscriber } from '../../src/rmw/rmw.js';
import { encodeAttachment } from '../../src/rmw/wire/attachment.js';
import { newGid } from '../../src/rmw/wire/gid.js';
import { MAX_TRACKED_PUBLISHERS, REPLAY_TRIM_SLACK } from '../../src/rmw/zenoh/replay-filter.js';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';
import {
  bytes,
  closeAll,
  session,
  sharedLocator,
  text,
  topicSpec,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

const INT64_MAX = 2n ** 63n - 1n;
const node = (name: string) => ({ name, namespace: '/', enclave: '/' });
const raw: Session[] = [];

afterEach(async () => {
  await Promise.all(raw.splice(0).map((s) => closeZenohSession(s)));
  await closeAll();
});

async function forger(): Promise<Session> {
  const s = await openZenohSession(sharedLocator(), 5000);
  if (!s.ok) throw new Error(s.error.message);
  raw.push(s.value);
  return s.value;
}

function tracked(sub: RmwSubscriber): number {
  return (sub as unknown as { trackedPublishers(): number }).trackedPublishers();
}

describe('zenoh rmw duplicate suppression under forged samples', () => {
  it("a forged sample with a real publisher's GID and sequence number INT64_MAX does not silence it", async () => {
    const topic = `/${uniquePrefix('forged')}/chatter`;
    const a = await session();
    const b = await session();
    const talker = a.createNode(node('talker'));
    const listener = b.createNode(node('listener'));
    if (!talker.ok || !listener.ok) throw new Error('node');
    const got: RmwSample[] = [];
    const sub = listener.value.createSubscriber(topicSpec(topic), (s) => got.push(s));
    const pub = talker.value.createPublisher(topicSpec(topic));
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    expect((await sub.value.ready()).ok && (await pub.value.ready()).ok).toBe(true);
    expect(await waitFor(() => (pub.value.subscriptionCount() as { value?: number }).value === 1)).toBe(true);
    for (let i = 1; i <= 3; i++) pub.value.publish(bytes(`real ${i}`));
    expect(await waitFor(() => got.length === 3)).toBe(true);
    const gid = got[0]?.attachment?.gid;
    if (gid === undefined) throw new Error('no attachment');

    const evil = await forger();
    const attachment = encodeAttachment({ sequenceNumber: INT64_MAX, sourceTimestampNs: INT64_MAX, gid });
    await evil.put(sub.value.key, bytes('forged'), { attachment });
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'forged'))).toBe(true);

    for (let i = 4; i <= 6; i++) pub.value.publish(bytes(`real ${i}`));
    expect(await waitFor(() => got.filter((s) => text(s.payload).startsWith('real')).length === 6)).toBe(true);
    expect(got.map((s) => text(s.payload))).toEqual([
      'real 1',
      'real 2',
      'real 3',
      'forged',
      'real 4',
      'real 5',
      'real 6',
    ]);
  });

  it('forgets publishers that left the graph, and stays bounded under a flood of unknown GIDs', async () => {
    const topic = `/${uniquePrefix('gids')}/chatter`;
    const a = await session();
    const b = await session();
    const listener = b.createNode(node('listener'));
    const talker = a.createNode(node('talkers'));
    if (!listener.ok || !talker.ok) throw new Error('node');
    let received = 0;
    const sub = listener.value.createSubscriber(topicSpec(topic), () => {
      received += 1;
    });
    if (!sub.ok) throw new Error('sub');
    expect((await sub.value.ready()).ok).toBe(true);

    const publishers = 40;
    const pubs: RmwPublisher[] = [];
    for (let i = 0; i < publishers; i++) {
      const p = talker.value.createPublisher(topicSpec(topic));
      if (!p.ok) throw new Error('pub');
      pubs.push(p.value);
    }
    for (const p of pubs) expect((await p.ready()).ok).toBe(true);
    expect(await waitFor(() => pubs.every((p) => (p.subscriptionCount() as { value?: number }).value === 1))).toBe(
      true,
    );
    for (const p of pubs) p.publish(bytes('hello'));
    expect(await waitFor(() => received === publishers)).toBe(true);
    expect(tracked(sub.value)).toBe(publishers);

    for (const p of pubs) p.close();
    const gone = () => b.graph.endpoints().filter((e) => e.kind === 'publisher' && e.name === topic).length === 0;
    expect(await waitFor(gone)).toBe(true);
    expect(await waitFor(() => tracked(sub.value) <= REPLAY_TRIM_SLACK)).toBe(true);

    // GIDs that never were in the graph (a forger, or peers without tokens): bounded all the same.
    const evil = await forger();
    const flood = MAX_TRACKED_PUBLISHERS + 200;
    const before = received;
    for (let i = 0; i < flood; i++) {
      const attachment = encodeAttachment({ sequenceNumber: 1n, sourceTimestampNs: 1n, gid: newGid() });
      void evil.put(sub.value.key, bytes('x'), { attachment });
    }
    expect(await waitFor(() => received === before + flood, 15_000)).toBe(true);
    expect(tracked(sub.value)).toBeLessThanOrEqual(MAX_TRACKED_PUBLISHERS);
  }, 30_000);
});
