/**
 * Samples on a ROS topic without a readable rmw_zenoh attachment, from a plain eclipse-zenoh
 * peer (Python, PyPI) on a real router: rmw_zenoh_cpp drops them ("Unable to obtain attachment
 * for topic"; one of the wrong shape it cannot deserialize), so an rclts ros-named subscription
 * delivers none of them and reports the drops as `dropped` events (the first, then at 10,
 * 100...). A raw-named subscription takes every sample as it comes, attachment or not.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RmwEvent, RmwSession } from '../../src/rmw/rmw.js';
import { rawSpec, text, topicSpec, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';
import { peerRouter } from './peer-router.js';
import type { Peer } from './zenoh-ext-peer.js';

const BUDGET_MS = 45_000;
const SCRIPT = resolve(fileURLToPath(new URL('.', import.meta.url)), 'unattached_peer.py');
/** Each of the peer's four bad kinds `COUNT` times: 100 drops, reported at 1, 10 and 100. */
const COUNT = 25;
const node = (name: string) => ({ name, namespace: '/', enclave: '/' });

const world = peerRouter();
const rclts = (): Promise<RmwSession> => world.rclts();
const peer = (key: string, count: number): Peer => world.peer(['--key', key, '--count', String(count)], SCRIPT);

function events(s: RmwSession): RmwEvent[] {
  const seen: RmwEvent[] = [];
  s.onEvent((e) => seen.push(e));
  return seen;
}

describe('samples without an rmw_zenoh attachment (eclipse-zenoh peer, PyPI)', () => {
  it(
    'a ros-named subscription delivers none of them and reports the drops, counted',
    async () => {
      const s = await rclts();
      const seen = events(s);
      const listener = s.createNode(node('listener'));
      if (!listener.ok) throw new Error(listener.error.message);
      const got: string[] = [];
      const sub = listener.value.createSubscriber(topicSpec(`/${uniquePrefix('unattached')}/chatter`), (x) =>
        got.push(text(x.payload)),
      );
      if (!sub.ok) throw new Error(sub.error.message);
      expect((await sub.value.ready()).ok).toBe(true);

      const done = await peer(sub.value.key, COUNT).finished(BUDGET_MS);
      expect(done.done).toBe(4 * COUNT + 1);
      // The well-formed sample comes last on one reliable link: once it is in, all the rest was.
      expect(await waitFor(() => got.includes('last'), BUDGET_MS)).toBe(true);
      expect(got).toEqual(['last']);
      const drops = seen.filter((e) => e.type === 'dropped' && e.key === sub.value.key);
      expect(drops.map((e) => (e.type === 'dropped' ? e.message.match(/: (\d+) samples? without/)?.[1] : ''))).toEqual([
        '1',
        '10',
        '100',
      ]);
    },
    BUDGET_MS * 2,
  );

  it(
    'a raw-named subscription takes them all',
    async () => {
      const s = await rclts();
      const seen = events(s);
      const listener = s.createNode(node('listener'));
      if (!listener.ok) throw new Error(listener.error.message);
      const key = `${uniquePrefix('unattached_raw')}/state`;
      const got: string[] = [];
      const sub = listener.value.createSubscriber(rawSpec(key), (x) => got.push(text(x.payload)));
      if (!sub.ok) throw new Error(sub.error.message);
      expect((await sub.value.ready()).ok).toBe(true);

      const done = await peer(key, 2).finished(BUDGET_MS);
      expect(await waitFor(() => got.includes('last'), BUDGET_MS)).toBe(true);
      expect(got.length).toBe(done.done);
      expect(seen.filter((e) => e.type === 'dropped')).toEqual([]);
    },
    BUDGET_MS * 2,
  );
});
