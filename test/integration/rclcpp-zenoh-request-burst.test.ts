/**
 * A burst of requests at once from one client to one server over the shared router: every
 * request gets its own reply, none ends without one. The remote-api plugin keeps at most 1000
 * unanswered queries per session and drops the oldest past that (the caller then sees the
 * query end with no reply), so the burst is larger than that.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Executor, example_interfaces, QoS, Result } from '../../src/index.js';

const executors: Executor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
});

const unwrap = Result.unwrap;

async function open(): Promise<Executor> {
  const e = unwrap(await Executor.create({ router: inject('zenohLocator') }));
  executors.push(e);
  return e;
}

const N = 1500;

describe('a burst of requests over zenoh', () => {
  it(`${N} requests sent at once to one server: ${N} replies, each the right one`, async () => {
    const server = await open();
    const client = await open();
    const prefix = `burst_${process.pid}_${Date.now()}`;
    const serverNode = unwrap(server.createNode('server'));
    unwrap(
      serverNode.createService(
        example_interfaces.srv.AddTwoInts,
        `/${prefix}/add`,
        (req) => ({ sum: req.a + req.b }),
        QoS.services().keepLast(N),
      ),
    );
    const node = unwrap(client.createNode('client'));
    const sums = new Map<bigint, bigint>();
    const errors: string[] = [];
    const handle = unwrap(
      node.createClient(
        example_interfaces.srv.AddTwoInts,
        `/${prefix}/add`,
        (response, seq) => {
          if (response.ok) sums.set(seq, response.value.sum);
          else errors.push(`${seq}: ${response.error.name}: ${response.error.message}`);
        },
        { maxRequestsInFlight: N, requestBudgetMs: 60_000 },
      ),
    );
    const spinning = server.spin();
    unwrap(await handle.waitForService(10_000));
    const sent = new Map<bigint, bigint>();
    for (let i = 0; i < N; i++) sent.set(unwrap(handle.asyncSendRequest({ a: BigInt(i), b: 1n })), BigInt(i) + 1n);
    const deadline = Date.now() + 120_000;
    while (sums.size + errors.length < N && Date.now() < deadline) await client.spinOnce(100);
    server.cancel();
    await spinning;
    expect(errors).toEqual([]);
    expect(sums.size).toBe(N);
    for (const [seq, sum] of sums) expect(sum).toBe(sent.get(seq));
  }, 180_000);
});
