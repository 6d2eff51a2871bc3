/**
 * Targeted properties on what handlers do: a handler of any kind that throws, rejects or
 * returns a hostile thenable is counted and reported, never escapes; shutdown callbacks run
 * once even when they call shutdown; hostile timer periods are refused or honoured.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ExecutorEvent, example_interfaces, std_msgs, type Timer } from '../../src/index.js';
import { period } from './build.js';
import { type Act, makeCallback } from './callbacks.js';
import { closeRun, openExecutor, sleep, spinUntil } from './fixture.js';
import { NUMBERS, thrownKind } from './hostile.js';
import { CAP_MS, fuzz, installEscapeListeners, Probe, safeDescribe, uninstallEscapeListeners } from './probe.js';
import type { FuzzBackend } from './rclcpp-suite.js';

const KINDS = ['subscription', 'timer', 'guard', 'response', 'service', 'onEvent', 'shutdownCallback'] as const;
const FAILING: readonly Act[] = ['throw', 'reject', 'rejectLater'];
const HOSTILE: readonly Act[] = [...FAILING, 'thenableThrows', 'thenableNever', 'thenableProxy', 'returnRevoked'];
const REENTRANT: readonly Act[] = [
  'spinSome',
  'spinOnce',
  'spinFor',
  'spin',
  'resetSelf',
  'resetSelfTwice',
  'cancel',
  'shutdown',
  'triggerSelf',
];

let names = 0;
/** How long a short timer may take to fire on a loaded machine before it counts as dead. */
const TIMER_BOUND_MS = 3000;

export function defineHandlerFuzz(backend: FuzzBackend): void {
  describe(`handler fuzz on the ${backend.name} backend`, () => {
    beforeAll(installEscapeListeners);
    afterAll(uninstallEscapeListeners);

    it('a failing or hostile handler of any kind is counted, never escapes', { timeout: 120_000 }, async () => {
      await fuzz(
        backend.runs,
        fc.asyncProperty(
          fc.record({
            kind: fc.constantFrom(...KINDS),
            act: fc.constantFrom(...HOSTILE, ...REENTRANT),
            thrown: thrownKind,
          }),
          async (c) => {
            const probe = new Probe(c);
            const options = backend.options();
            const opened = await openExecutor(probe, options);
            if (opened === undefined) return probe.assertClean();
            const executor = opened;
            const node = executor.createNode(`fuzz_handler_${++names}`);
            if (!node.ok) return probe.abort('createNode failed');
            const topic = `/fuzz_handler_topic_${names}`;
            const events: ExecutorEvent[] = [];
            executor.onEvent((e) => events.push(e));
            let runs = 0;
            let self: import('../../src/index.js').EntityHandle | undefined;
            const cb = makeCallback<() => void>(c, { probe, executor, self: () => self, onRun: () => runs++ });
            const noop = () => {};
            const trigger = await arrange(c.kind);
            async function arrange(kind: (typeof KINDS)[number]): Promise<() => void> {
              const n = node.ok ? node.value : undefined;
              if (n === undefined) return noop;
              switch (kind) {
                case 'subscription': {
                  const s = n.createSubscription(std_msgs.msg.String, topic, cb);
                  const p = n.createPublisher(std_msgs.msg.String, topic);
                  if (s.ok) self = s.value;
                  return () => p.ok && p.value.publish({ data: 'x' });
                }
                case 'timer': {
                  const t = n.createOneShotTimer(1, cb);
                  if (t.ok) self = t.value;
                  return noop;
                }
                case 'guard': {
                  const g = n.createGuardCondition(cb);
                  if (g.ok) self = g.value;
                  return () => g.ok && g.value.trigger();
                }
                case 'response':
                case 'service': {
                  const svc = n.createService(
                    example_interfaces.srv.AddTwoInts,
                    topic,
                    (kind === 'service' ? cb : (r: { a: bigint; b: bigint }) => ({ sum: r.a + r.b })) as never,
                  );
                  const cl = n.createClient(example_interfaces.srv.AddTwoInts, topic, kind === 'response' ? cb : noop, {
                    requestBudgetMs: 500,
                  });
                  if (kind === 'service' && svc.ok) self = svc.value;
                  if (kind === 'response' && cl.ok) self = cl.value;
                  if (cl.ok) await probe.wait('waitForService(3000)', 3000, () => cl.value.waitForService(3000));
                  return () => cl.ok && cl.value.asyncSendRequest({ a: 1n, b: 2n });
                }
                case 'onEvent': {
                  executor.onEvent(cb);
                  const g = n.createGuardCondition(() => {
                    throw new Error('fuzz: makes an event');
                  });
                  return () => g.ok && g.value.trigger();
                }
                case 'shutdownCallback':
                  executor.addShutdownCallback(cb);
                  return noop;
              }
            }
            const before = executor.stats();
            // Shutdown callbacks run at shutdown only.
            for (let i = 0; i < 3 && runs === 0 && c.kind !== 'shutdownCallback'; i++) {
              trigger();
              await spinUntil(probe, executor, () => runs > 0, backend.dispatchBoundMs);
            }
            if (c.kind === 'shutdownCallback') {
              await probe.wait('shutdown()', CAP_MS, () => executor.shutdown());
              await probe.wait('shutdown() again', CAP_MS, () => executor.shutdown());
              if (runs !== 1) probe.fail(`a shutdown callback (${c.act}) ran ${runs} times`);
            } else if (runs === 0 && !executor.isShutdown()) {
              probe.fail(`the ${c.kind} callback never ran`);
            }
            await sleep(5); // rejectLater rejects on the next timer turn
            if (!executor.isShutdown()) await spinUntil(probe, executor, () => false, 30);
            if (FAILING.includes(c.act) && runs > 0) {
              const after = executor.stats();
              const listener = c.kind === 'onEvent' || c.kind === 'shutdownCallback';
              const counted = listener
                ? after.listenerErrors > before.listenerErrors
                : after.handlerErrors > before.handlerErrors && events.some((e) => e.type === 'handler_error');
              if (!counted)
                probe.fail(
                  `a ${c.kind} handler that ${c.act}s (${c.thrown}) was not counted${listener ? ' in listenerErrors' : ' and reported as handler_error'}`,
                );
            }
            await closeRun(probe, executor, options, backend.dispatchBoundMs);
            await probe.finish();
            probe.assertClean();
          },
        ),
        backend.name === 'local' ? 40_000 : 90_000,
      );
    });

    it('a timer with any period is refused or keeps firing on its period', { timeout: 60_000 }, async () => {
      // The domain is small: every period, both timer kinds, in one executor per run.
      await fuzz(
        2,
        fc.asyncProperty(fc.boolean(), async (asDuration) => {
          const probe = new Probe({ asDuration });
          const options = backend.options();
          const executor = await openExecutor(probe, options);
          if (executor === undefined) return probe.assertClean();
          const node = executor.createNode(`fuzz_timer_${++names}`);
          if (!node.ok) return probe.abort('createNode failed');
          interface Tracked {
            readonly label: string;
            readonly ms: number;
            readonly oneShot: boolean;
            fired: number;
            timer?: Timer;
          }
          const timers: Tracked[] = [];
          for (const name of Object.keys(NUMBERS) as (keyof typeof NUMBERS)[]) {
            for (const oneShot of [false, true]) {
              const label = `${oneShot ? 'createOneShotTimer' : 'createWallTimer'}(${name}${asDuration ? ' as Duration' : ''})`;
              const entry: Tracked = { label, ms: NUMBERS[name], oneShot, fired: 0 };
              const p = period(name, asDuration);
              const t = probe.call(label, () =>
                oneShot
                  ? node.value.createOneShotTimer(p, () => entry.fired++)
                  : node.value.createWallTimer(p, () => entry.fired++),
              );
              if (t !== undefined && !t.ok && t.error.name !== 'InvalidArgument')
                probe.fail(`${label} answered ${t.error.name}, not InvalidArgument`);
              if (t?.ok) {
                entry.timer = t.value;
                timers.push(entry);
              }
            }
          }
          // Bounds in seconds, not a rate: a loaded machine delays rounds, it does not stop timers.
          const short = timers.filter((t) => t.ms <= 20);
          const t0 = performance.now();
          await spinUntil(probe, executor, () => short.every((t) => t.fired > 0), TIMER_BOUND_MS);
          const first = timers.map((t) => t.fired);
          const wall = short.filter((t) => !t.oneShot);
          await spinUntil(
            probe,
            executor,
            () => wall.every((t) => t.fired > (first[timers.indexOf(t)] ?? 0)),
            TIMER_BOUND_MS,
          );
          const elapsed = performance.now() - t0;
          timers.forEach((t, i) => {
            const f0 = first[i] ?? 0;
            if (t.ms > elapsed + 1000 && t.fired > 0)
              probe.fail(`${t.label} fired ${t.fired} times within ${Math.round(elapsed)} ms`);
            if (t.ms <= 20 && f0 === 0) probe.fail(`${t.label} never fired within ${TIMER_BOUND_MS} ms`);
            if (!t.oneShot && t.ms <= 20 && f0 > 0 && t.fired === f0)
              probe.fail(`${t.label} stopped firing after ${f0} time(s)`);
            if (t.oneShot && t.fired > 1) probe.fail(`${t.label} fired ${t.fired} times`);
            const overruns = t.timer?.overrunCount();
            if (typeof overruns !== 'number' || !Number.isSafeInteger(overruns) || overruns < 0)
              probe.fail(`${t.label}: overrunCount() answered ${safeDescribe(overruns)}`);
          });
          await closeRun(probe, executor, options, backend.dispatchBoundMs);
          await probe.finish();
          probe.assertClean();
        }),
      );
    });
  });
}
