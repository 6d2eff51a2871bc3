/**
 * A transient-local subscriber hears each sample once though it reaches it twice: a second
 * history cache (here a plain zenoh-ts queryable replaying the publisher's own cached samples,
 * GID, sequence numbers and timestamps included) answers the same history query. Without the
 * duplicate filter every history sample would be delivered twice.
 */
import type { Query, Reply, Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwSample } from '../../src/rmw/rmw.js';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/open-session.js';
import { loadZenohTs } from '../../src/rmw/zenoh/zenoh-ts-loader.js';
import {
  bytes,
  closeAll,
  session,
  sharedLocator,
  text,
  topicSpec,
  uniquePrefix,
  waitFor,
} from './rmw-zenoh-fixtures.js';

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });
const raw: Session[] = [];

afterEach(async () => {
  await Promise.all(raw.splice(0).map((s) => closeZenohSession(s)));
  await closeAll();
});

interface Cached {
  readonly payload: Uint8Array;
  readonly attachment: Uint8Array | undefined;
}

describe('zenoh rmw duplicate suppression of replayed history', () => {
  it('a history sample that arrives from two caches is delivered once, then live samples follow', async () => {
    const zenoh = await loadZenohTs();
    if (!zenoh.ok) throw new Error(zenoh.error.message);
    const { Sample, Duration, ConsolidationMode, ReplyKeyExpr } = zenoh.value;
    const topic = `/${uniquePrefix('history_dup')}/latched`;
    const latched = { durability: 'transient_local', depth: 5 } as const;
    const a = await session();
    const b = await session();
    const talker = a.createNode(node('talker'));
    const listener = b.createNode(node('listener'));
    if (!talker.ok || !listener.ok) throw new Error('node');
    const pub = talker.value.createPublisher(topicSpec(topic, latched));
    if (!pub.ok) throw new Error(pub.error.message);
    expect((await pub.value.ready()).ok).toBe(true);
    for (const d of ['h1', 'h2', 'h3']) pub.value.publish(bytes(d));

    const opened = await openZenohSession(sharedLocator(), 5000);
    if (!opened.ok) throw new Error(opened.error.message);
    const replayer = opened.value;
    raw.push(replayer);
    // The publisher's cache, as any late joiner's history query sees it.
    const history = `${pub.value.key}/@adv/pub/**`;
    const cached: Cached[] = [];
    await new Promise<void>((resolve, reject) => {
      replayer
        .get(history, {
          timeout: Duration.milliseconds.of(3000),
          // Every cached sample shares one key: keep them all.
          consolidation: ConsolidationMode.NONE,
          // The cache answers on the data key, as zenoh-ext's does.
          acceptReplies: ReplyKeyExpr.ANY,
          handler: [
            (reply: Reply) => {
              const r = reply.result();
              if (r instanceof Sample)
                cached.push({ payload: r.payload().toBytes(), attachment: r.attachment()?.toBytes() });
            },
            () => resolve(),
          ],
        })
        .catch(reject);
    });
    expect(cached.map((c) => text(c.payload))).toEqual(['h1', 'h2', 'h3']);
    expect(cached.every((c) => c.attachment !== undefined)).toBe(true);
    const second = `${pub.value.key}/@adv/pub/replayer/0/_`;
    await replayer.declareQueryable(second, {
      complete: true,
      handler: (q: Query) => {
        void (async () => {
          for (const c of cached)
            await q.reply(pub.value.key, c.payload, c.attachment ? { attachment: c.attachment } : {});
          await q.finalize();
        })().catch(() => {});
      },
    });

    const got: RmwSample[] = [];
    const sub = listener.value.createSubscriber(topicSpec(topic, latched), (s) => got.push(s));
    if (!sub.ok) throw new Error(sub.error.message);
    expect((await sub.value.ready()).ok).toBe(true);
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'h3'))).toBe(true);
    expect(await waitFor(() => (pub.value.subscriptionCount() as { value?: number }).value === 1)).toBe(true);
    pub.value.publish(bytes('live 4'));
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'live 4'))).toBe(true);
    expect(got.map((s) => text(s.payload))).toEqual(['h1', 'h2', 'h3', 'live 4']);
  });
});
