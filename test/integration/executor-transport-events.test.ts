/**
 * Transport events reach onEvent while spin() has nothing to dispatch, on a router of this
 * file's own (stopped and started again on the same port).
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import type { ExecutorEvent } from '../../src/executor/index.js';
import { Executor } from '../../src/rclcpp/index.js';
import { waitFor } from '../support/rmw-zenoh-fixtures.js';

const routers: RunningRouter[] = [];
afterEach(async () => {
  await Promise.all(routers.splice(0).map((r) => r.stop()));
});

async function ownRouter(wsPort?: number): Promise<RunningRouter> {
  const r = await startRouter({ binary: inject('routerBinary'), ...(wsPort === undefined ? {} : { wsPort }) });
  routers.push(r);
  return r;
}

describe('executor events while idle', () => {
  it('an idle spin() delivers connection_lost and reconnected as they happen', async () => {
    const first = await ownRouter();
    const created = await Executor.create({ router: first.locator });
    if (!created.ok) throw new Error(created.error.message);
    const executor = created.value;
    const delivered: string[] = [];
    executor.onEvent((e: ExecutorEvent) => {
      if (e.type === 'transport') delivered.push(e.message);
    });
    const spinning = executor.spin();
    try {
      await first.kill('SIGKILL');
      // Nothing is registered: only the event itself can make the spin deliver it.
      expect(await waitFor(() => delivered.some((m) => m.startsWith('connection_lost')), 10_000)).toBe(true);
      await ownRouter(first.wsPort);
      expect(await waitFor(() => delivered.some((m) => m.startsWith('reconnected')), 20_000)).toBe(true);
      expect(executor.isSpinning()).toBe(true);
    } finally {
      executor.cancel();
      expect(await spinning).toEqual({ ok: true, value: undefined });
      await executor.shutdown();
    }
  }, 60_000);
});
