/**
 * Requests in flight when the router dies, on a router of this file's own: every accepted
 * request is answered exactly once through the client's handler, though the client did not
 * spin while the answers came in.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { Executor, example_interfaces, QoS, Result } from '../../src/index.js';

const routers: RunningRouter[] = [];
const executors: Executor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
  await Promise.all(routers.splice(0).map((r) => r.stop()));
});

const unwrap = Result.unwrap;

async function open(router: string): Promise<Executor> {
  const e = unwrap(await Executor.create({ router }));
  executors.push(e);
  return e;
}

describe('requests in flight over zenoh', () => {
  it('router killed with 50 requests in flight on one client: 50 handler calls, one per request', async () => {
    const router = await startRouter({ binary: inject('routerBinary') });
    routers.push(router);
    const server = await open(router.locator);
    const client = await open(router.locator);
    const prefix = `inflight_${process.pid}_${Date.now()}`;
    // The server holds all the requests (its queue has room for them) and never answers.
    const serverNode = unwrap(server.createNode('server'));
    const never = () => new Promise<never>(() => {});
    unwrap(
      serverNode.createService(example_interfaces.srv.AddTwoInts, `/${prefix}/add`, never, QoS.services().keepLast(64)),
    );
    const node = unwrap(client.createNode('client'));
    const heard = new Map<bigint, string[]>();
    const handle = unwrap(
      node.createClient(
        example_interfaces.srv.AddTwoInts,
        `/${prefix}/add`,
        (response, seq) => void heard.set(seq, [...(heard.get(seq) ?? []), response.ok ? 'ok' : response.error.name]),
        { maxRequestsInFlight: 50, requestBudgetMs: 15_000 },
      ),
    );
    const spinning = server.spin();
    unwrap(await handle.waitForService(8000));
    const accepted = Array.from({ length: 50 }, (_, i) => unwrap(handle.asyncSendRequest({ a: BigInt(i), b: 0n })));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await router.kill('SIGKILL');
    // The client does not spin while the transport answers every request.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (let i = 0; i < 100 && heard.size < 50; i++) await client.spinOnce(100);
    server.cancel();
    await spinning;
    expect([...heard.keys()].sort()).toEqual([...accepted].sort());
    for (const answers of heard.values()) expect(answers).toEqual(['TransportError']);
  });
});
