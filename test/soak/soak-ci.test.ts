/**
 * The soak's short version for CI: a fixed seed, about three minutes, every fault and actor the
 * folders hold. It fails on any sample lost outside the fault windows, any duplicate, a request
 * or goal answered twice, late or never, an escaped throw, or a memory slope over its bound
 * (verdict.ts says the bound and why).
 */
import { expect, it } from 'vitest';
import { runSoak } from './soak.js';

const MINUTES = 3;
const SEED = 42;

it(
  `soak: ${MINUTES} min, seed ${SEED}, churn + faults + actors, nothing lost, every call answered once`,
  async () => {
    const lines: string[] = [];
    const outcome = await runSoak({
      minutes: MINUTES,
      seed: SEED,
      faultGapS: [15, 25],
      log: (l) => lines.push(l),
    });
    // The summary table in the test output, pass or fail.
    console.log(outcome.summary);
    const c = outcome.verdict.counters;
    expect(outcome.verdict.failures, `${lines.join('\n')}\n\n${outcome.summary}`).toEqual([]);
    // The run did churn and carry traffic (a soak that did nothing would pass vacuously). Low
    // floors: at load 30 on two cores a worker manages a few hundred entities a minute.
    expect(c?.entitiesCreated ?? 0).toBeGreaterThan(200);
    expect(c?.requestsAnsweredOk ?? 0).toBeGreaterThan(200);
    expect(c?.goalsSucceeded ?? 0).toBeGreaterThan(200);
    expect(outcome.windows.length).toBeGreaterThan(0);
  },
  // Setup (actors and workers start slowly on a loaded machine), the run, the drain and the
  // last fault's budget: well past the three minutes.
  (MINUTES + 8) * 60_000,
);
