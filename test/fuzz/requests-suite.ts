/**
 * Targeted properties on requests and blocking waits: every accepted request ends in exactly
 * one response-handler call whatever the server does and however late the client spins; a
 * host loop may spin while a blocking helper waits.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Executor, example_interfaces, type ServiceHandler, std_msgs } from '../../src/index.js';
import { closeRun, openExecutor, sleep, spinUntil } from './fixture.js';
import { neverThenable, throwingThenable } from './hostile.js';
import { fuzz, installEscapeListeners, Probe, SLACK_MS, safeDescribe, uninstallEscapeListeners } from './probe.js';
import type { FuzzBackend } from './rclcpp-suite.js';

const SERVER_REPLIES = [
  'sum',
  'sumAsync',
  'throw',
  'reject',
  'thenableThrows',
  'thenableNever',
  'undefined',
  'overflow',
] as const;
type ServerReply = (typeof SERVER_REPLIES)[number];

function replyWith(kind: ServerReply, req: example_interfaces.srv.AddTwoInts_Request): unknown {
  const sum = { sum: req.a + req.b };
  switch (kind) {
    case 'sum':
      return sum;
    case 'sumAsync':
      return new Promise((r) => setTimeout(() => r(sum), 1));
    case 'throw':
      throw new Error('fuzz: service failed');
    case 'reject':
      return Promise.reject(new Error('fuzz: service rejected'));
    case 'thenableThrows':
      return throwingThenable(new Error('fuzz: then throws'));
    case 'thenableNever':
      return neverThenable();
    case 'undefined':
      return undefined;
    case 'overflow':
      return { sum: 2n ** 64n };
  }
}

let names = 0;

export function defineRequestFuzz(backend: FuzzBackend): void {
  describe(`request and wait fuzz on the ${backend.name} backend`, () => {
    beforeAll(installEscapeListeners);
    afterAll(uninstallEscapeListeners);

    it('every accepted request is answered exactly once', { timeout: 120_000 }, async () => {
      await fuzz(
        backend.runs,
        fc.asyncProperty(
          fc.record({
            sameExecutor: fc.boolean(),
            replies: fc.array(fc.constantFrom(...SERVER_REPLIES), { minLength: 1, maxLength: 30 }),
            budgetMs: fc.integer({ min: 100, max: 500 }),
            idleMs: fc.constantFrom(0, 30, 300),
            handlerThrows: fc.boolean(),
          }),
          async (c) => {
            const probe = new Probe(c);
            const options = backend.options();
            const server = await openExecutor(probe, options);
            const client = c.sameExecutor ? server : await openExecutor(probe, options);
            if (server === undefined || client === undefined) return probe.assertClean();
            const name = `/fuzz_exactly_once_${++names}`;
            const sn = server.createNode(`fuzz_server_${names}`);
            const cn = client.createNode(`fuzz_client_${names}`);
            if (!sn.ok || !cn.ok) return probe.abort('createNode failed');
            const handler = ((req: example_interfaces.srv.AddTwoInts_Request) =>
              replyWith(c.replies[Number(req.a)] ?? 'sum', req)) as ServiceHandler<
              example_interfaces.srv.AddTwoInts_Request,
              example_interfaces.srv.AddTwoInts_Response
            >;
            const svc = sn.value.createService(example_interfaces.srv.AddTwoInts, name, handler);
            const calls = new Map<bigint, number>();
            let strays = 0;
            const cl = cn.value.createClient(
              example_interfaces.srv.AddTwoInts,
              name,
              (_r, seq) => {
                const n = calls.get(seq);
                if (n === undefined) strays++;
                else calls.set(seq, n + 1);
                if (c.handlerThrows) throw new Error('fuzz: response handler failed');
              },
              { requestBudgetMs: c.budgetMs },
            );
            if (!svc.ok || !cl.ok) return probe.abort(`create failed: ${safeDescribe(svc)} ${safeDescribe(cl)}`);
            const ready = await probe.wait('waitForService(3000)', 3000, () => cl.value.waitForService(3000));
            if (ready?.ok !== true) probe.fail(`waitForService answered ${safeDescribe(ready)}`);
            const serverSpin = c.sameExecutor ? undefined : server.spin();
            for (let i = 0; i < c.replies.length; i++) {
              const r = probe.call(`asyncSendRequest #${i}`, () => cl.value.asyncSendRequest({ a: BigInt(i), b: 1n }));
              if (r?.ok) calls.set(r.value, 0);
            }
            await sleep(c.idleMs);
            const all = () => [...calls.values()].every((n) => n > 0);
            await spinUntil(probe, client, all, c.budgetMs + c.idleMs + SLACK_MS);
            await spinUntil(probe, client, () => false, 50); // a late duplicate would land here
            const lost = [...calls].filter(([, n]) => n === 0).map(([s]) => s);
            const twice = [...calls].filter(([, n]) => n > 1).map(([s]) => s);
            if (lost.length > 0)
              probe.fail(
                `${lost.length} of ${calls.size} accepted requests never answered (seq ${lost.slice(0, 5).join(', ')})`,
              );
            if (twice.length > 0) probe.fail(`${twice.length} requests answered more than once`);
            if (strays > 0) probe.fail(`${strays} response-handler calls for unknown sequence numbers`);
            if (serverSpin !== undefined) {
              server.cancel();
              await probe.wait('server spin() after cancel', 0, () => serverSpin);
            }
            await closeRun(probe, client, options, backend.dispatchBoundMs);
            if (server !== client) await probe.wait('server shutdown', 0, () => server.shutdown());
            await probe.finish();
            probe.assertClean();
          },
        ),
        backend.name === 'local' ? 40_000 : 90_000,
      );
    });

    it('a host loop may spin while a blocking helper waits', { timeout: 120_000 }, async () => {
      await fuzz(
        backend.runs,
        fc.asyncProperty(
          fc.record({
            helper: fc.constantFrom('waitForService', 'pollWaitForService', 'call', 'futureWait', 'takeWithin'),
            host: fc.constantFrom('spinSome', 'spinOnce', 'spin'),
            budgetMs: fc.integer({ min: 60, max: 300 }),
          }),
          async (c) => {
            const probe = new Probe(c);
            const options = backend.options();
            const executor = await openExecutor(probe, options);
            if (executor === undefined) return probe.assertClean();
            const node = executor.createNode(`fuzz_host_${++names}`);
            if (!node.ok) return probe.abort('createNode failed');
            const nobody = `/fuzz_nobody_${names}`;
            const start = helperWait(executor, node.value, c.helper, nobody, c.budgetMs);
            const waiting = probe.wait(`${c.helper}(${c.budgetMs})`, c.budgetMs, start);
            const refusals = new Set<string>();
            const deadline = performance.now() + c.budgetMs * 0.8;
            while (performance.now() < deadline) {
              await sleep(10);
              const r =
                c.host === 'spinSome'
                  ? probe.call('host spinSome()', () => executor.spinSome())
                  : c.host === 'spinOnce'
                    ? await probe.wait('host spinOnce(0)', 0, () => executor.spinOnce(0))
                    : await probe.wait('host spin() (cancelled after 20 ms)', 20, () => {
                        setTimeout(() => executor.cancel(), 20);
                        return executor.spin();
                      });
              if (r !== undefined && !r.ok) refusals.add(r.error.name);
            }
            await waiting;
            if (refusals.size > 0)
              probe.fail(`host ${c.host}() during ${c.helper} answered ${[...refusals].join(', ')}`);
            await closeRun(probe, executor, options, backend.dispatchBoundMs);
            await probe.finish();
            probe.assertClean();
          },
        ),
        backend.name === 'local' ? 40_000 : 90_000,
      );
    });
  });
}

function helperWait(
  executor: Executor,
  node: import('../../src/index.js').Node,
  helper: string,
  nobody: string,
  budgetMs: number,
): () => Promise<unknown> {
  const noop = () => {};
  switch (helper) {
    case 'waitForService': {
      const c = node.createClient(example_interfaces.srv.AddTwoInts, nobody, noop);
      return () => (c.ok ? c.value.waitForService(budgetMs) : executor.spinFor(budgetMs));
    }
    case 'pollWaitForService': {
      const c = node.createPollClient(example_interfaces.srv.AddTwoInts, nobody);
      return () => (c.ok ? c.value.waitForService(budgetMs) : executor.spinFor(budgetMs));
    }
    case 'call': {
      const c = node.createPollClient(example_interfaces.srv.AddTwoInts, nobody);
      return () => (c.ok ? c.value.call({ a: 1n, b: 2n }, budgetMs) : executor.spinFor(budgetMs));
    }
    case 'futureWait': {
      const c = node.createPollClient(example_interfaces.srv.AddTwoInts, nobody, { requestBudgetMs: budgetMs * 4 });
      const f = c.ok ? c.value.sendRequest({ a: 1n, b: 2n }) : undefined;
      return () => (f?.ok ? f.value.wait(budgetMs) : executor.spinFor(budgetMs));
    }
    default: {
      const s = node.createPollSubscription(std_msgs.msg.String, nobody);
      return () => (s.ok ? s.value.takeWithin(budgetMs) : executor.spinFor(budgetMs));
    }
  }
}
