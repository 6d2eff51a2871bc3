/**
 * The contract checker every fuzz property calls the public verbs through: a verb must not
 * throw, an async verb must resolve (never reject) to a Result within its budget plus slack,
 * and nothing may end as an unhandled rejection or an uncaught exception. Violations are
 * collected as sentences (not thrown at once) so a run reports everything it broke.
 */
import fc from 'fast-check';

/** Seed of every fuzz property; FUZZ_SEED overrides it to replay or explore. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261130);
/** Multiplies every property's run count (FUZZ_RUNS=10 for a long exploratory run). */
export const FUZZ_SCALE = Number(process.env.FUZZ_RUNS ?? 1);

/** Wait past a budget before a wait counts as hung: this machine is small and shared. */
export const SLACK_MS = 3000;
/** A valid budget above this is not waited for in full (the fuzz only checks the call is bounded by it). */
export const CAP_MS = 1500;

const escapes: string[] = [];
let installed = 0;
const onRejection = (reason: unknown): void => {
  escapes.push(`unhandled rejection: ${safeDescribe(reason)}`);
};
const onUncaught = (error: unknown): void => {
  escapes.push(`uncaught exception: ${safeDescribe(error)}`);
};

/** Listens for unhandled rejections and uncaught exceptions (call in beforeAll; pair with uninstall). */
export function installEscapeListeners(): void {
  if (installed++ === 0) {
    process.on('unhandledRejection', onRejection);
    process.on('uncaughtException', onUncaught);
  }
}

export function uninstallEscapeListeners(): void {
  if (--installed === 0) {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onUncaught);
  }
}

/** Describes anything without touching it in a way that can throw. */
export function safeDescribe(x: unknown): string {
  try {
    if (x instanceof Error) return `${x.name}: ${x.message}`;
    if (typeof x === 'string') return JSON.stringify(x.length > 80 ? `${x.slice(0, 80)}...` : x);
    if (typeof x === 'object' && x !== null) return `[object ${Object.prototype.toString.call(x).slice(8, -1)}]`;
    return String(x);
  } catch {
    return '[unprintable]';
  }
}

export function isResultShape(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (r.ok === true) return true;
  return (
    r.ok === false &&
    typeof r.error === 'object' &&
    r.error !== null &&
    typeof r.error.code === 'number' &&
    typeof r.error.message === 'string'
  );
}

/** Lets pending microtasks and a couple of macrotask turns run (unhandled rejections are reported then). */
export async function settle(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setTimeout(r, 0));
}

/**
 * One macrotask turn. Loops of spin calls yield it each iteration: a spin verb that answers at
 * once (BadSequence, an always-ready entry) settles in microtasks, and a loop of those alone
 * would starve the transport's I/O.
 */
export const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A valid budget as the verb will read it: finite and >= 0, else undefined (must be refused at once). */
export function validBudget(b: number): number | undefined {
  return typeof b === 'number' && Number.isFinite(b) && b >= 0 ? b : undefined;
}

/**
 * FUZZ_EXPLORE=1: properties do not stop at the first failure; every distinct violation is
 * collected (with the first program that showed it) and printed when the property ends.
 */
export const FUZZ_EXPLORE = process.env.FUZZ_EXPLORE === '1';
/** FUZZ_MATCH=regex: only violations matching it fail a run (fast-check then shrinks that one). */
const FUZZ_MATCH = process.env.FUZZ_MATCH === undefined ? undefined : new RegExp(process.env.FUZZ_MATCH);
const catalog = new Map<string, { sentence: string; input: string; count: number }>();

export class Probe {
  readonly failures: string[] = [];
  constructor(private readonly input?: unknown) {}

  private readonly late: Promise<void>[] = [];
  private readonly escapesAtStart = escapes.length;

  fail(sentence: string): void {
    this.failures.push(sentence);
  }

  /** Records a failure that ends the run early, and reports it. */
  abort(sentence: string): void {
    this.fail(sentence);
    this.assertClean();
  }

  /** A synchronous verb: must not throw; with `result`, must answer a Result. */
  call<T>(label: string, fn: () => T, shape: 'result' | 'any' = 'result'): T | undefined {
    let value: T;
    try {
      value = fn();
    } catch (e) {
      this.fail(`${label} threw ${safeDescribe(e)}`);
      return undefined;
    }
    if (shape === 'result' && !isResultShape(value)) this.fail(`${label} answered a non-Result ${safeDescribe(value)}`);
    return value;
  }

  /**
   * An async verb: must not throw, must resolve (not reject) to a Result, within `boundMs`
   * (the budget, capped, plus slack). A wait still pending at the bound is reported and left
   * to end on its own (its late outcome is checked by `finish`).
   */
  async wait<T>(
    label: string,
    boundMs: number,
    fn: () => Promise<T>,
    shape: 'result' | 'any' = 'result',
  ): Promise<T | undefined> {
    let promise: Promise<T>;
    try {
      promise = fn();
    } catch (e) {
      this.fail(`${label} threw ${safeDescribe(e)}`);
      return undefined;
    }
    if (typeof (promise as { then?: unknown } | undefined)?.then !== 'function') {
      this.fail(`${label} answered ${safeDescribe(promise)}, not a promise`);
      return undefined;
    }
    const t0 = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      promise.then(
        (value) => ({ kind: 'value' as const, value }),
        (reason: unknown) => ({ kind: 'rejected' as const, reason }),
      ),
      new Promise<{ kind: 'hung' }>((r) => {
        timer = setTimeout(() => r({ kind: 'hung' }), boundMs + SLACK_MS);
      }),
    ]);
    clearTimeout(timer);
    if (outcome.kind === 'hung') {
      this.fail(`${label} still pending after ${Math.round(performance.now() - t0)} ms (bound ${boundMs} ms + slack)`);
      this.late.push(
        promise.then(
          () => undefined,
          (reason: unknown) => this.fail(`${label} rejected late: ${safeDescribe(reason)}`),
        ),
      );
      return undefined;
    }
    if (outcome.kind === 'rejected') {
      this.fail(`${label} rejected: ${safeDescribe(outcome.reason)}`);
      return undefined;
    }
    if (shape === 'result' && !isResultShape(outcome.value))
      this.fail(`${label} resolved to a non-Result ${safeDescribe(outcome.value)}`);
    return outcome.value;
  }

  /** Starts an async verb without awaiting it; `finish` checks it like `wait`. */
  background<T>(label: string, boundMs: number, fn: () => Promise<T>, shape: 'result' | 'any' = 'result'): void {
    this.late.push(this.wait(label, boundMs, fn, shape).then(() => undefined));
  }

  /** Waits for background verbs, then reports escapes seen since this probe started. */
  async finish(): Promise<void> {
    await Promise.all(this.late.splice(0));
    await settle();
    for (const e of escapes.slice(this.escapesAtStart)) this.fail(e);
  }

  /** Fails the property run with every sentence collected (fast-check prints seed and counterexample). */
  assertClean(): void {
    if (this.failures.length > 0 && FUZZ_EXPLORE) {
      for (const sentence of new Set(this.failures)) {
        const key = sentence.replace(/\([^()]*\)/g, '()').replace(/\d+/g, 'N');
        const seen = catalog.get(key);
        if (seen) seen.count++;
        else catalog.set(key, { sentence, input: fc.stringify(this.input), count: 1 });
      }
      return;
    }
    const counted = FUZZ_MATCH === undefined ? this.failures : this.failures.filter((f) => FUZZ_MATCH.test(f));
    if (counted.length > 0) {
      const unique = [...new Set(counted)];
      throw new Error(`${unique.length} contract violation(s):\n  - ${unique.slice(0, 20).join('\n  - ')}`);
    }
  }
}

/**
 * Runs a property with the fixed seed and a bounded run count. fast-check's error message
 * carries the seed, the replay path and the (shrunk) counterexample; vitest prints it.
 */
export async function fuzz<Ts extends [unknown, ...unknown[]]>(
  numRuns: number,
  property: fc.IAsyncPropertyWithHooks<Ts>,
  timeLimitMs = 40_000,
): Promise<void> {
  await fc.assert(property, {
    seed: FUZZ_SEED,
    numRuns: Math.max(1, Math.round(numRuns * FUZZ_SCALE)),
    // Shrinking re-runs executors; bound it so a failure reports within the test timeout.
    interruptAfterTimeLimit: timeLimitMs,
    markInterruptAsFailure: false,
    verbose: 1,
  });
  if (FUZZ_EXPLORE) {
    const lines = [...catalog.values()].map(
      (c) => `[${c.count}x] ${c.sentence}\n      first seen in: ${c.input.slice(0, 600)}`,
    );
    console.log(`fuzz explore (seed ${FUZZ_SEED}): ${catalog.size} distinct violation(s)\n${lines.join('\n')}`);
    catalog.clear();
  }
}
