/**
 * A router frozen by SIGSTOP keeps its WebSocket open: publish() still answers Ok (the sample
 * was handed to the transport) though nothing is delivered. The stall is surfaced as an
 * executor `transport` event long before the heartbeat declares the router lost, and its end
 * is reported when the router resumes in time.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { Executor, type ExecutorEvent, std_msgs } from '../../src/index.js';
import { uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

let router: RunningRouter | undefined;
let executor: Executor | undefined;
afterEach(async () => {
  await executor?.shutdown();
  executor = undefined;
  if (router !== undefined) {
    process.kill(router.pid, 'SIGCONT');
    await router.stop();
  }
  router = undefined;
});

/** Spins (publishing as it goes) until `cond` holds or the budget runs out. */
async function spinUntil(ex: Executor, cond: () => boolean, budgetMs: number, each = () => {}): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!cond()) {
    if (Date.now() > deadline) return false;
    each();
    await ex.spinOnce(50);
  }
  return true;
}

describe('zenoh backend when the router freezes', () => {
  it('reports the stall as an executor event while publish() answers Ok, and its end on resume', async () => {
    router = await startRouter({ binary: inject('routerBinary') });
    const created = await Executor.create({ router: router.locator });
    if (!created.ok) throw new Error(created.error.message);
    const ex = created.value;
    executor = ex;
    const events: ExecutorEvent[] = [];
    ex.onEvent((e) => events.push(e));
    const node = ex.createNode('staller', { namespace: `/${uniquePrefix('stall')}` });
    if (!node.ok) throw new Error('node');
    const pub = node.value.createPublisher(std_msgs.msg.String, 'chatter');
    if (!pub.ok) throw new Error('pub');
    expect((await pub.value.ready(5000)).ok).toBe(true);
    const transport = (word: string) => events.some((e) => e.type === 'transport' && e.message.startsWith(`${word}:`));

    process.kill(router.pid, 'SIGSTOP');
    const publishes: boolean[] = [];
    const publish = () => publishes.push(pub.value.publish({ data: 'into the void' }).ok);
    expect(await spinUntil(ex, () => transport('stalled'), 8000, publish)).toBe(true);
    // Ok means "handed to the transport", which is what happened.
    expect(publishes.every(Boolean)).toBe(true);
    expect(transport('connection_lost')).toBe(false);
    const stalled = events.find((e) => e.type === 'transport' && e.message.startsWith('stalled:'));
    expect(stalled?.type === 'transport' ? stalled.message : '').toContain(router.locator);

    process.kill(router.pid, 'SIGCONT');
    expect(await spinUntil(ex, () => transport('stall_ended'), 8000)).toBe(true);
    expect(transport('connection_lost')).toBe(false);
  }, 30_000);
});
