/**
 * Raw-named transient local carries no attachment, so nothing but the zenoh timestamp tells a
 * history sample that arrives twice (from the subscriber's first query and again from the
 * query its publisher detection makes) from a new one: each must be delivered once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwSample } from '../../src/rmw/rmw.js';
import { bytes, closeAll, rawSpec, session, text, uniquePrefix, waitFor } from './rmw-zenoh-fixtures.js';

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });
const latched = { durability: 'transient_local', depth: 3 } as const;

afterEach(closeAll);

describe('zenoh rmw transient local with raw naming', () => {
  it('a late subscriber gets each of the last depth samples once, then live ones', async () => {
    const key = `${uniquePrefix('tl_raw')}/latched`;
    const a = await session();
    const b = await session();
    const talker = a.createNode(node('talker'));
    const listener = b.createNode(node('listener'));
    if (!talker.ok || !listener.ok) throw new Error('node');
    const pub = talker.value.createPublisher(rawSpec(key, latched));
    if (!pub.ok) throw new Error(pub.error.message);
    expect((await pub.value.ready()).ok).toBe(true);
    for (let i = 1; i <= 5; i++) pub.value.publish(bytes(`m${i}`));

    const got: RmwSample[] = [];
    const sub = listener.value.createSubscriber(rawSpec(key, latched), (s) => got.push(s));
    if (!sub.ok) throw new Error(sub.error.message);
    expect((await sub.value.ready()).ok).toBe(true);
    expect(await waitFor(() => got.length >= 3, 15_000)).toBe(true);
    pub.value.publish(bytes('live'));
    expect(await waitFor(() => got.some((s) => text(s.payload) === 'live'), 15_000)).toBe(true);
    expect(got.map((s) => text(s.payload))).toEqual(['m3', 'm4', 'm5', 'live']);
  });
});
