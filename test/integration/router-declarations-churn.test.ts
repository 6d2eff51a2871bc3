/**
 * What a router keeps of rclts's churn: nodes and every kind of entity created and destroyed
 * over and over, then the router's admin space (its subscribers and queryables) and the
 * liveliness tokens are back where they were with the executor alone. A declaration rclts
 * forgot to undo would stay there, and cost the router memory and matching time for hours
 * (the soak saw the routers' CPU per message grow with their lifetime).
 */
import type { Reply, Session } from '@eclipse-zenoh/zenoh-ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { CancelResponse, Executor, example_interfaces, GoalResponse, QoS } from '../../src/index.js';
import { loadZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import { livelinessTokens, plainSession } from '../interop/ros2/liveliness.js';

const { msg, srv, action } = example_interfaces;

let router: RunningRouter;
let zenoh: Session;

beforeAll(async () => {
  router = await startRouter({
    binary: inject('routerBinary'),
    mode: 'router',
    config: { 'adminspace/enabled': true },
  });
  zenoh = await plainSession(router.locator);
}, 30_000);
afterAll(async () => {
  await zenoh?.close().catch(() => undefined);
  await router?.stop();
});

/** How many replies a get on `key` collects within its budget. */
async function countReplies(key: string, budgetMs = 3000): Promise<number> {
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  let n = 0;
  await new Promise<void>((resolve, reject) => {
    zenoh
      .get(key, {
        timeout: z.value.Duration.milliseconds.of(budgetMs),
        handler: [(r: Reply) => void (r.result() instanceof z.value.Sample && n++), () => resolve()],
      })
      .catch(reject);
  });
  return n;
}

async function routerState(): Promise<{ subscribers: number; queryables: number; tokens: number }> {
  return {
    subscribers: await countReplies('@/*/router/subscriber/**'),
    queryables: await countReplies('@/*/router/queryable/**'),
    tokens: (await livelinessTokens(zenoh)).length,
  };
}

describe('a router after rclts churns entities', () => {
  it('holds no declaration of a destroyed node or entity', async () => {
    const made = await Executor.create({ router: router.locator, connectBudgetMs: 10_000 });
    if (!made.ok) throw new Error(made.error.message);
    const exec = made.value;
    const spinning = exec.spin();
    try {
      const alone = await routerState();
      let whileLive: Awaited<ReturnType<typeof routerState>> | undefined;
      for (let round = 0; round < 3; round++) {
        const nodes = [];
        for (let i = 0; i < 8; i++) {
          const n = exec.createNode(`churn_${round}_${i}`, { namespace: '/router_churn' });
          if (!n.ok) throw new Error(n.error.message);
          const node = n.value;
          const topic = `/router_churn/t${i}`;
          const made = [
            node.createPublisher(msg.String, topic, QoS.default().transientLocal()),
            node.createSubscription(msg.String, topic, () => {}),
            node.createService(srv.AddTwoInts, `/router_churn/s${i}`, () => ({ sum: 0n })),
            node.createClient(srv.AddTwoInts, `/router_churn/s${i}`, () => undefined),
            node.createActionServer(action.Fibonacci, `/router_churn/a${i}`, {
              goal: () => GoalResponse.Reject,
              cancel: () => CancelResponse.Reject,
              accepted: () => undefined,
            }),
            node.createActionClient(action.Fibonacci, `/router_churn/a${i}`, {}),
            node.createWallTimer(60_000, () => {}),
            node.declareParameter(`p${i}`, 1n),
          ];
          for (const m of made) if (!m.ok) throw new Error(m.error.message);
          nodes.push(node);
        }
        await new Promise((r) => setTimeout(r, 1500));
        whileLive ??= await routerState();
        for (const node of nodes) node.destroy();
        await new Promise((r) => setTimeout(r, 1500));
        expect(await routerState(), `after round ${round}`).toEqual(alone);
      }
      // The probe saw what was declared: the counts above are not zeros by accident.
      expect(whileLive!.subscribers).toBeGreaterThan(alone.subscribers + 8);
      expect(whileLive!.queryables).toBeGreaterThan(alone.queryables + 8);
      expect(whileLive!.tokens).toBeGreaterThan(alone.tokens + 8);
    } finally {
      await exec.shutdown();
      await spinning;
    }
  }, 90_000);
});
