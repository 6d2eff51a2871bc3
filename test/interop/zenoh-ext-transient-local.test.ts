/**
 * TRANSIENT_LOCAL against the reference: eclipse-zenoh's zenoh-ext AdvancedPublisher /
 * AdvancedSubscriber (Python, from PyPI) configured as rmw_zenoh configures them, on a real
 * router, both ways:
 * - a late joiner gets the last `depth` samples, and `_max` is honoured (a subscriber asking
 *   fewer than the cache holds gets the newest ones);
 * - a subscriber that exists before the publisher gets its history through the publisher's
 *   detection token.
 * The Python publisher keeps its live samples in its own session (--local-only) and the Python
 * subscriber ignores live samples from others (--history-only), so every sample counted here
 * came through the history contract. Also checked on the same samples: rclts publications
 * carry a zenoh timestamp of the context's clock, and their GID is the XXH3-128 of the
 * publisher's liveliness token as the peer computes it.
 */
import { describe, expect, it } from 'vitest';
import type { RmwSample, RmwSession } from '../../src/rmw/rmw.js';
import { gidOfToken, gidToHex } from '../../src/rmw/wire/gid.js';
import { bytes, text, topicSpec, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';
import { peerRouter } from './peer-router.js';
import type { Peer } from './zenoh-ext-peer.js';

const BUDGET_MS = 45_000;
const node = (name: string) => ({ name, namespace: '/', enclave: '/' });
const latched = (depth: number, reliability: 'reliable' | 'best_effort' = 'reliable') =>
  ({ durability: 'transient_local', depth, reliability }) as const;

const world = peerRouter();
const peer = (args: readonly string[]): Peer => world.peer(args);
const rclts = (): Promise<RmwSession> => world.rclts();

/** An rmw_zenoh publisher token for the Python peer (its GID is the hash of this string). */
function peerToken(topic: string, dataKey: string): string {
  const [type, hash] = dataKey.split('/').slice(-2);
  return `@ros2_lv/0/1234abcd/0/7/MP/%/%/zenoh_ext_peer/${topic.replaceAll('/', '%')}/${type}/${hash}/::,:,:,:,,`;
}

describe('transient local against zenoh-ext (eclipse-zenoh, PyPI)', () => {
  it(
    'a late zenoh-ext subscriber gets the last depth samples of an rclts publisher, _max honoured, stamped, GID from its token',
    async () => {
      const s = await rclts();
      const talker = s.createNode(node('talker'));
      if (!talker.ok) throw new Error(talker.error.message);
      const topic = `/${uniquePrefix('tl_late_ext')}/latched`;
      const pub = talker.value.createPublisher(topicSpec(topic, latched(3)));
      if (!pub.ok) throw new Error(pub.error.message);
      expect((await pub.value.ready()).ok).toBe(true);
      for (let i = 1; i <= 5; i++) expect(pub.value.publish(bytes(`m${i}`)).ok).toBe(true);

      const common = ['sub', '--key', pub.value.key, '--reliable', '--history-only'];
      const depth3 = peer([...common, '--depth', '3', '--expect', '3']);
      const depth2 = peer([...common, '--depth', '2', '--expect', '2']);
      const [done3, done2] = await Promise.all([depth3.finished(BUDGET_MS), depth2.finished(BUDGET_MS)]);
      expect(depth3.samples().map((x) => x.payload)).toEqual(['m3', 'm4', 'm5']);
      expect(done3.done).toBe(3);
      // The peer's `_max=2` against a cache of 3: the newest two.
      expect(depth2.samples().map((x) => x.payload)).toEqual(['m4', 'm5']);
      expect(done2.done).toBe(2);

      const gid = depth3.samples()[0]?.gid ?? 'none';
      for (const x of depth3.samples()) {
        expect(x.key).toBe(pub.value.key);
        expect(x.timestamp?.split('/')[1]).toBe(s.sessionId);
        expect(x.gid).toBe(gid);
      }
      // The peer hashed every token of the graph itself: the publisher's GID names its token.
      const token = done3.graph_gids[gid];
      expect(token).toBeDefined();
      expect(token).toContain(`/${s.sessionId}/`);
      expect(token).toContain(`/MP/%/%/talker/${topic.replaceAll('/', '%')}/`);
    },
    BUDGET_MS * 2,
  );

  it(
    'an rclts late subscriber gets the last depth samples of a zenoh-ext publisher; the reference cache honours its _max',
    async () => {
      const s = await rclts();
      const listener = s.createNode(node('listener'));
      if (!listener.ok) throw new Error(listener.error.message);
      const topic = `/${uniquePrefix('tl_late_rclts')}/latched`;
      // The data key the rclts endpoints use, read back from a probe subscriber.
      const probe = listener.value.createSubscriber(topicSpec(topic), () => {});
      if (!probe.ok) throw new Error(probe.error.message);
      const dataKey = probe.value.key;
      probe.value.close();
      const token = peerToken(topic, dataKey);
      const ext = peer([
        'pub',
        '--key',
        dataKey,
        '--depth',
        '4',
        '--count',
        '6',
        '--reliable',
        '--local-only',
        '--token',
        token,
      ]);
      await ext.ready(BUDGET_MS);

      const three: RmwSample[] = [];
      const two: RmwSample[] = [];
      const sub3 = listener.value.createSubscriber(topicSpec(topic, latched(3)), (x) => three.push(x));
      const sub2 = listener.value.createSubscriber(topicSpec(topic, latched(2)), (x) => two.push(x));
      if (!sub3.ok || !sub2.ok) throw new Error('subscriber');
      expect(await waitFor(() => three.length >= 3 && two.length >= 2, BUDGET_MS)).toBe(true);
      // Anything beyond depth would have come with the same replies.
      await waitFor(() => three.length > 3 || two.length > 2, 1000);
      expect(three.map((x) => text(x.payload))).toEqual(['m4', 'm5', 'm6']);
      expect(two.map((x) => text(x.payload))).toEqual(['m5', 'm6']);
      // The peer's GID is XXH3-128 of its token by python-xxhash; rclts computes the same.
      for (const x of three) expect(gidToHex(x.attachment?.gid ?? new Uint8Array())).toBe(gidToHex(gidOfToken(token)));
    },
    BUDGET_MS * 2,
  );

  it(
    'a zenoh-ext subscriber that exists before an rclts publisher gets its history through the detection token',
    async () => {
      const s = await rclts();
      const talker = s.createNode(node('talker'));
      if (!talker.ok) throw new Error(talker.error.message);
      const topic = `/${uniquePrefix('tl_detect_ext')}/latched`;
      const probe = talker.value.createSubscriber(topicSpec(topic), () => {});
      if (!probe.ok) throw new Error(probe.error.message);
      const dataKey = probe.value.key;
      probe.value.close();
      const ext = peer(['sub', '--key', dataKey, '--depth', '3', '--expect', '3', '--reliable', '--history-only']);
      await ext.ready(BUDGET_MS);

      // Published before the declaration completes: in the cache before its token appears.
      const pub = talker.value.createPublisher(topicSpec(topic, latched(3)));
      if (!pub.ok) throw new Error(pub.error.message);
      for (let i = 1; i <= 5; i++) expect(pub.value.publish(bytes(`m${i}`)).ok).toBe(true);
      const done = await ext.finished(BUDGET_MS);
      expect(ext.samples().map((x) => x.payload)).toEqual(['m3', 'm4', 'm5']);
      expect(done.done).toBe(3);
    },
    BUDGET_MS * 2,
  );

  it(
    'an rclts subscriber that exists before a zenoh-ext publisher gets its history through the detection token',
    async () => {
      const s = await rclts();
      const listener = s.createNode(node('listener'));
      if (!listener.ok) throw new Error(listener.error.message);
      const topic = `/${uniquePrefix('tl_detect_rclts')}/latched`;
      const got: RmwSample[] = [];
      const sub = listener.value.createSubscriber(topicSpec(topic, latched(3, 'best_effort')), (x) => got.push(x));
      if (!sub.ok) throw new Error(sub.error.message);
      expect((await sub.value.ready()).ok).toBe(true);

      // Best effort: zenoh-ext's timestamp-ordered form (`<zid>/uhlc` in the token).
      const token = peerToken(topic, sub.value.key);
      const ext = peer([
        'pub',
        '--key',
        sub.value.key,
        '--depth',
        '3',
        '--count',
        '5',
        '--local-only',
        '--token',
        token,
      ]);
      await ext.ready(BUDGET_MS);
      expect(await waitFor(() => got.length >= 3, BUDGET_MS)).toBe(true);
      await waitFor(() => got.length > 3, 1000);
      expect(got.map((x) => text(x.payload))).toEqual(['m3', 'm4', 'm5']);
    },
    BUDGET_MS * 2,
  );
});
