/**
 * A transient-local subscriber hears each sample once though it reaches it twice: a second
 * history cache (here a plain zenoh-ts queryable replaying the publisher's own cached samples,
 * GID, sequence numbers and timestamps included) answers the same history query. Without the
 * duplicate filter every history sample would be delivered twice.
 */
import type { Query, Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwSample } from '../../src/rmw/rmw.js';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';
import {
  bytes,
  cachedSamples,
  closeAll,
  sharedLocator,
  talkerAndListener,
  text,
  topicSpec,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

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
    const topic = `/${uniquePrefix('history_dup')}/latched`;
    const latched = { durability: 'transient_local', depth: 5 } as const;
    const { pub, listener } = await talkerAndListener(topicSpec(topic, latched), ['h1', 'h2', 'h3']);

    const opened = await openZenohSession(sharedLocator(), 5000);
    if (!opened.ok) throw new Error(opened.error.message);
    const replayer = opened.value;
    raw.push(replayer);
    const cached: Cached[] = (await cachedSamples(replayer, pub.key)).map((r) => ({
      payload: r.payload().toBytes(),
      attachment: r.attachment()?.toBytes(),
    }));
    expect(cached.map((c) => text(c.payload))).toEqual(['h1', 'h2', 'h3']);
    expect(cached.every((c) => c.attachment !== undefined)).toBe(true);
    const second = `${pub.key}/@adv/pub/replayer/0/_`;
    await replayer.declareQueryable(second, {
      complete: true,
      handler: (q: Query) => {
        void (async () => {
          for (const c of cached) await q.reply(pub.key, c.payload, c.attachment ? { attachment: c.attachment } : {});
          await q.finalize();
        })().catch(() => {});
      },
    });

    const got: RmwSample[] = [];
    const sub = listener.createSubscriber(topicSpec(topic, latched), (s) => got.push(s));
    if (!sub.ok) throw new Error(sub.error.message);
    expect((await sub.value.ready()).ok).toBe(true);
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'h3'))).toBe(true);
    expect(await waitFor(() => (pub.subscriptionCount() as { value?: number }).value === 1)).toBe(true);
    pub.publish(bytes('live 4'));
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'live 4'))).toBe(true);
    expect(got.map((s) => text(s.payload))).toEqual(['h1', 'h2', 'h3', 'live 4']);
  });
});
