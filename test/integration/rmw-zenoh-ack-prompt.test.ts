/**
 * The router writes to its WebSocket clients without TCP_NODELAY, so its next small write waits
 * for our ACK, which Linux delays up to 40 ms when we have nothing to send. An rclts session that
 * took in a message and sent nothing in that turn puts an empty message on ACK_PROMPT_KEY, which
 * carries the ACK at once (docs/zenoh-backend.md). Watched here from a plain zenoh-ts session,
 * which does not do this itself, through the real router.
 */
import type { Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { ACK_PROMPT_KEY } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';
import { loadZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import {
  bytes,
  closeAll,
  rawSpec,
  session,
  sharedLocator,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

const plain: Session[] = [];
afterEach(async () => {
  await Promise.all(plain.splice(0).map((s) => s.close().catch(() => undefined)));
  await closeAll();
});

/**
 * A zenoh-ts session opened by zenoh-ts itself: no rclts socket, so no ACK prompts of its own.
 * zenoh-ts builds its socket from the global WebSocket, which this test (an application) gives
 * it where Node has none; rclts itself never defines one.
 */
async function plainSession(): Promise<Session> {
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WsWebSocket;
  const s = await z.value.Session.open(new z.value.Config(sharedLocator()));
  plain.push(s);
  return s;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ACK prompts of an rclts zenoh session', () => {
  it('puts one empty message on the prompt key for each turn in which it took in a sample and sent nothing', async () => {
    const watcher = await plainSession();
    const prompts: number[] = [];
    await watcher.declareSubscriber(ACK_PROMPT_KEY, { handler: (s: Sample) => void prompts.push(s.payload().len()) });

    const rclts = await session();
    const node = rclts.createNode({ name: 'ack_prompt', namespace: '/', enclave: '/' });
    if (!node.ok) throw new Error(node.error.message);
    const key = `${uniquePrefix('ack')}/t`;
    const got: number[] = [];
    const sub = node.value.createSubscriber(rawSpec(key), (s) => void got.push(s.payload.length));
    if (!sub.ok) throw new Error(sub.error.message);
    expect((await sub.value.ready()).ok).toBe(true);
    // Let the answers to the declarations (and their prompts) pass.
    await settle(500);
    const before = prompts.length;

    const SAMPLES = 5;
    for (let i = 0; i < SAMPLES; i++) {
      await watcher.put(key, bytes(`sample ${i}`));
      expect(await waitFor(() => got.length === i + 1, 5000)).toBe(true);
      await settle(50);
    }
    expect(await waitFor(() => prompts.length - before >= SAMPLES, 5000)).toBe(true);
    expect(prompts.every((len) => len === 0)).toBe(true);
  }, 60_000);

  it('a `**` subscriber does not see the prompts', async () => {
    const watcher = await plainSession();
    const prefix = uniquePrefix('ack_wild');
    const seen: string[] = [];
    await watcher.declareSubscriber('**', { handler: (s: Sample) => void seen.push(s.keyexpr().toString()) });
    const rclts = await session();
    const node = rclts.createNode({ name: 'ack_wild', namespace: '/', enclave: '/' });
    if (!node.ok) throw new Error(node.error.message);
    const got: number[] = [];
    const sub = node.value.createSubscriber(rawSpec(`${prefix}/t`), (s) => void got.push(s.payload.length));
    if (!sub.ok) throw new Error(sub.error.message);
    expect((await sub.value.ready()).ok).toBe(true);
    await watcher.put(`${prefix}/t`, bytes('x'));
    expect(await waitFor(() => got.length === 1, 5000)).toBe(true);
    await settle(300);
    expect(seen).toContain(`${prefix}/t`);
    expect(seen.filter((k) => k.startsWith('@'))).toEqual([]);
  }, 60_000);
});
