/**
 * Every hostile string as every kind of name (node, namespace, topic, service), under both
 * naming schemes: each verb answers a Result (refused or accepted), whatever the backend
 * does with the key; the executor still dispatches afterwards, and a new session still
 * opens and works. The domain is small, so each run walks all of it (fast-check varies the
 * order).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Executor, example_interfaces, type NamingScheme, std_msgs } from '../../src/index.js';
import { closeRun, openExecutor } from './fixture.js';
import { STRINGS, type StringName } from './hostile.js';
import { fuzz, installEscapeListeners, Probe, uninstallEscapeListeners } from './probe.js';
import type { FuzzBackend } from './rclcpp-suite.js';

const ALL = Object.keys(STRINGS) as StringName[];

export function defineNamesFuzz(backend: FuzzBackend): void {
  describe(`name fuzz on the ${backend.name} backend`, () => {
    beforeAll(installEscapeListeners);
    afterAll(uninstallEscapeListeners);

    it('every hostile string as every kind of name answers a Result', { timeout: 120_000 }, async () => {
      await fuzz(
        backend.runs,
        fc.asyncProperty(fc.shuffledSubarray(ALL, { minLength: ALL.length }), async (order) => {
          const probe = new Probe({ order });
          const options = backend.options();
          const executor = await openExecutor(probe, options);
          if (executor === undefined) return probe.assertClean();
          for (const naming of ['ros', 'raw'] as const) await walk(probe, executor, naming, order);
          // What a name did to the transport must not reach other sessions (a router that
          // stops serving after one bad key is a failure here).
          const other = await openExecutor(probe, options);
          if (other !== undefined) await closeRun(probe, other, options, backend.dispatchBoundMs);
          await closeRun(probe, executor, options, backend.dispatchBoundMs);
          await probe.finish();
          probe.assertClean();
        }),
      );
    });
  });
}

/** Every name, in the given order, as every kind of name on one node of the given scheme. */
async function walk(
  probe: Probe,
  executor: Executor,
  naming: NamingScheme,
  order: readonly StringName[],
): Promise<void> {
  const node = probe.call(`createNode(fuzz_names_${naming})`, () =>
    executor.createNode(`fuzz_names_${naming}`, { naming }),
  );
  if (!node?.ok) return probe.fail(`createNode(fuzz_names_${naming}) failed`);
  const n = node.value;
  for (const key of order) {
    const s = STRINGS[key];
    const other = probe.call(`createNode(${key})`, () => executor.createNode(s, { naming }));
    if (other?.ok) probe.call(`destroy node ${key}`, () => other.value.destroy());
    const inNs = probe.call(`createNode(x, {namespace: ${key}})`, () =>
      executor.createNode('x', { namespace: s, naming }),
    );
    if (inNs?.ok) probe.call(`destroy node in ${key}`, () => inNs.value.destroy());
    probe.call(`resolveName(${key})`, () => n.resolveName(s));
    const pub = probe.call(`createPublisher(${key})`, () => n.createPublisher(std_msgs.msg.String, s));
    const sub = probe.call(`createSubscription(${key})`, () => n.createSubscription(std_msgs.msg.String, s, () => {}));
    const poll = probe.call(`createPollSubscription(${key})`, () => n.createPollSubscription(std_msgs.msg.String, s));
    const svc = probe.call(`createService(${key})`, () =>
      n.createService(example_interfaces.srv.AddTwoInts, s, (r) => ({ sum: r.a + r.b })),
    );
    const cl = probe.call(`createClient(${key})`, () =>
      n.createClient(example_interfaces.srv.AddTwoInts, s, () => {}, { requestBudgetMs: 200 }),
    );
    const pc = probe.call(`createPollClient(${key})`, () => n.createPollClient(example_interfaces.srv.AddTwoInts, s));
    if (pub?.ok) probe.call(`publish on ${key}`, () => pub.value.publish({ data: s }));
    if (cl?.ok) probe.call(`asyncSendRequest on ${key}`, () => cl.value.asyncSendRequest({ a: 1n, b: 2n }));
    probe.call(`countPublishers(${key})`, () => n.countPublishers(s));
    probe.call(`countSubscribers(${key})`, () => n.countSubscribers(s));
    await probe.wait(`spinOnce(5) after ${key}`, 5, () => executor.spinOnce(5));
    for (const h of [sub, svc, cl]) if (h?.ok) probe.call(`reset ${key}`, () => h.value.reset());
    if (poll?.ok) probe.call(`reset poll ${key}`, () => poll.value.handle.reset());
    if (pc?.ok) probe.call(`reset poll client ${key}`, () => pc.value.handle.reset());
    if (pub?.ok) probe.call(`destroy publisher ${key}`, () => pub.value.destroy());
  }
  probe.call('getTopicNamesAndTypes()', () => n.getTopicNamesAndTypes());
  probe.call('getServiceNamesAndTypes()', () => n.getServiceNamesAndTypes());
  probe.call('getEndpoints()', () => n.getEndpoints());
  probe.call('node.destroy()', () => n.destroy());
}
