/**
 * A publisher puts straight to the WebSocket while the socket takes frames at once, and
 * holds its frames itself, in order, once the socket holds more than zenoh-ts's 2 MB
 * (held-frames.ts; zenoh-ts's put() would poll every 10 ms, and a later direct put could
 * overtake a waiting one): no sample goes through zenoh-ts's put() then either.
 * On loopback the socket only backs up when the router stops reading, so the router is
 * paused (SIGSTOP) for a moment while 1 MiB samples are being published. Every sample's bytes
 * are checked too: a large frame's buffer is written over by the next one only after its socket
 * has written it (frame-pool.ts), and a backed-up socket still holds it.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { counting, zenohTs } from '../support/frame-fixtures.js';
import { closeAll, session, topicSpec, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

let router: RunningRouter | undefined;
afterEach(async () => {
  await closeAll();
  if (router !== undefined) {
    process.kill(router.pid, 'SIGCONT');
    await router.stop();
  }
  router = undefined;
});

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });
const nextTurn = () => new Promise((res) => setImmediate(res));

/** Sample i's bytes after its index: (i + k) & 0xff at offset k. */
function fillFor(payload: Uint8Array, i: number): void {
  for (let k = 4; k < payload.length; k++) payload[k] = (i + k) & 0xff;
}

/** Whether a received payload still holds sample i's bytes (checked at a stride and at its end). */
function carries(payload: Uint8Array, i: number): boolean {
  for (let k = 4; k < payload.length; k += 509) if (payload[k] !== ((i + k) & 0xff)) return false;
  const last = payload.length - 1;
  return last < 4 || payload[last] === ((i + last) & 0xff);
}

describe('zenoh rmw publish order under back-pressure', () => {
  it('delivers 2000 mixed-size samples in order while 1 MiB ones back up the socket', async () => {
    router = await startRouter({ binary: inject('routerBinary') });
    const r = router;
    const topic = `/${uniquePrefix('order')}/mixed`;
    const qos = { history: 'keep_all' as const }; // reliable + keep_all: zenoh BLOCK, no drops
    const a = await session(r.locator);
    const b = await session(r.locator);
    const talker = a.createNode(node('talker'));
    const listener = b.createNode(node('listener'));
    if (!talker.ok || !listener.ok) throw new Error('node');
    const got: Array<{ index: number; size: number; seq: bigint | undefined; intact: boolean }> = [];
    const sub = listener.value.createSubscriber(topicSpec(topic, qos), (s) => {
      const index = new DataView(s.payload.buffer, s.payload.byteOffset).getUint32(0, true);
      got.push({ index, size: s.payload.length, seq: s.attachment?.sequenceNumber, intact: carries(s.payload, index) });
    });
    const pub = talker.value.createPublisher(topicSpec(topic, qos));
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    expect((await sub.value.ready()).ok).toBe(true);
    expect((await pub.value.ready()).ok).toBe(true);
    expect(
      await waitFor(() => {
        const c = pub.value.subscriptionCount();
        return c.ok && c.value === 1;
      }),
    ).toBe(true);

    const publisher = pub.value;
    const total = 2000;
    // Every 16th sample is 1 MiB; the rest are small, sent from many event-loop turns.
    const sizeOf = (i: number) => (i % 16 === 3 ? 1024 * 1024 : 8 + ((i * 37) % 1000));
    const z = await zenohTs();
    const [, puts] = await counting(z.Publisher.prototype, 'put', () => publishAll());
    expect(puts).toBe(0);
    const all = await waitFor(() => got.length === total, 30_000);
    // Whatever arrived must be in publish order (an overtaking put shows up here first).
    expect(got.map((g) => g.index)).toEqual(Array.from({ length: got.length }, (_, i) => i));
    expect(all).toBe(true);
    expect(got.every((g) => g.size === sizeOf(g.index))).toBe(true);
    expect(got.filter((g) => !g.intact).map((g) => g.index)).toEqual([]);
    expect(got.map((g) => g.seq)).toEqual(Array.from({ length: total }, (_, i) => BigInt(i + 1)));

    async function publishAll(): Promise<void> {
      let paused = false;
      let resumeAt = 0;
      for (let i = 0; i < total; ) {
        if (i === 200 && !paused) {
          process.kill(r.pid, 'SIGSTOP');
          paused = true;
          resumeAt = Date.now() + 400;
        }
        if (paused && resumeAt > 0 && Date.now() >= resumeAt) {
          process.kill(r.pid, 'SIGCONT');
          resumeAt = 0;
        }
        const payload = new Uint8Array(sizeOf(i));
        new DataView(payload.buffer).setUint32(0, i, true);
        fillFor(payload, i);
        const res = publisher.publish(payload);
        if (res.ok) {
          i += 1;
          if (i % 8 === 0) await nextTurn();
        } else {
          // Only back-pressure may refuse a sample.
          expect(res.error.name).toBe('TryAgain');
          await new Promise((res) => setTimeout(res, 5));
        }
      }
      if (resumeAt > 0) process.kill(r.pid, 'SIGCONT');
      // Held frames still waiting are sent from timers; put() must not be reached for them either.
      await waitFor(() => got.length === total, 30_000);
    }
  }, 60_000);
});
