/**
 * The rclcpp fuzz, written once and run on each backend: random programs of public verbs
 * with hostile values and hostile callbacks. Each run checks the contract (no throw, no
 * rejection, no unhandled rejection, every wait bounded, every accepted request answered
 * exactly once) and that the executor still dispatches afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Executor, type ExecutorOptions } from '../../src/index.js';
import { NUMBERS, numberName } from './hostile.js';
import { program } from './ops.js';
import { fuzz, installEscapeListeners, Probe, uninstallEscapeListeners, validBudget } from './probe.js';
import { runOp } from './run-use.js';
import { World } from './world.js';

export interface FuzzBackend {
  readonly name: 'local' | 'zenoh';
  /** Executor options of the backend (the router's locator for zenoh). */
  options(): ExecutorOptions;
  /** Runs per property (zenoh: fewer; every run opens a session). */
  readonly runs: number;
  /** How long a fresh subscription may take to receive (discovery over zenoh). */
  readonly dispatchBoundMs: number;
}

export function defineRclcppFuzz(backend: FuzzBackend): void {
  describe(`rclcpp fuzz on the ${backend.name} backend`, () => {
    beforeAll(installEscapeListeners);
    afterAll(uninstallEscapeListeners);

    it('random programs of every verb with hostile values keep the contract', { timeout: 120_000 }, async () => {
      await fuzz(
        backend.runs,
        fc.asyncProperty(program(16), async (ops) => {
          const probe = new Probe(ops);
          const options = backend.options();
          const created = await probe.wait('Executor.create', 5000, () => Executor.create(options));
          if (created === undefined || !created.ok) {
            probe.fail(
              `Executor.create(${backend.name}) failed: ${created?.ok === false ? created.error.message : '?'}`,
            );
            probe.assertClean();
            return;
          }
          const w = new World(probe, created.value, options);
          const home = created.value.createNode('fuzz_node', { namespace: `/fuzz_${w.run}` });
          if (home.ok) w.nodes.push(home.value);
          for (const o of ops) await runOp(w, o);
          await w.close(backend.dispatchBoundMs);
          await probe.finish();
          probe.assertClean();
        }),
        backend.name === 'local' ? 60_000 : 90_000,
      );
    });

    it('Executor.create with hostile numeric options answers in time, and what it opens works', {
      timeout: 120_000,
    }, async () => {
      const field = fc.constantFrom('connectBudgetMs', 'domainId', 'capacity', 'keepAllLimit');
      await fuzz(
        backend.runs,
        fc.asyncProperty(field, numberName, async (f, n) => {
          const probe = new Probe({ f, n });
          const options = { ...backend.options(), [f]: NUMBERS[n] };
          const budget = f === 'connectBudgetMs' ? (validBudget(NUMBERS[n]) ?? 0) : 5000;
          const created = await probe.wait(`Executor.create({${f}: ${n}})`, Math.min(budget, 5000), () =>
            Executor.create(options),
          );
          if (created?.ok) {
            const w = new World(probe, created.value, options);
            await w.close(backend.dispatchBoundMs);
          }
          await probe.finish();
          probe.assertClean();
        }),
      );
    });
  });
}
