/**
 * A value that comes later (a reply, a status, a result): polled, waited for under a budget,
 * or told to a done callback. Futures are settled from inside spin (a reply handler, a round),
 * so done callbacks run inside spin too, never in a transport callback.
 */
import { checkBudget } from '../budget.js';
import { err, ok, type Result, type ResultOf } from '../result.js';

/** Told the result once; it may be `async` (a rejection is a handler_error naming the future). */
export type DoneCallback<T> = ((result: ResultOf<T>) => void) | ((result: ResultOf<T>) => Promise<void>);

export interface Future<T> {
  isReady(): boolean;
  /** TryAgain while pending. */
  take(): ResultOf<T>;
  /** Spins the executor up to the budget. */
  wait(budgetMs: number): Promise<ResultOf<T>>;
  /**
   * Runs `callback` with the result when the future is done: from the spin round that settles
   * it, or at once (in the caller) when it is done already. Callbacks run in the order they were
   * added; one may be added from inside a handler. InvalidArgument for a non-function.
   */
  onDone(callback: DoneCallback<T>): Result;
}

/** What a SettableFuture needs of its executor (an ExecutorCore; structural, so this file imports no executor). */
interface Spinner {
  spinUntil(done: () => boolean, budgetMs: number, what?: string): Promise<Result>;
  reportEntityError?(entity: string, error: unknown, owner?: unknown): void;
  observeCallback?(entity: string, returned: unknown, owner?: unknown): void;
}

/** A Future settled once from inside spin (a reply, a status, a result); waiting spins the executor. */
export class SettableFuture<T> implements Future<T> {
  private result: ResultOf<T> | undefined;
  private callbacks: DoneCallback<T>[] | undefined;

  constructor(
    private readonly spinner: Spinner,
    protected readonly what: string,
    /** The handle id of the entity that settles it (a client): its node logs a done-callback error nobody hears. */
    private readonly owner?: () => unknown,
  ) {}

  /** The first settlement wins; the done callbacks run now, each on its own (one's throw is reported, the next runs). */
  settle(result: ResultOf<T>): void {
    if (this.result !== undefined) return;
    this.result = result;
    const callbacks = this.callbacks;
    this.callbacks = undefined;
    if (callbacks !== undefined) for (const cb of callbacks) this.run(cb, result);
  }

  isReady(): boolean {
    return this.result !== undefined;
  }

  take(): ResultOf<T> {
    return this.result ?? err('TryAgain', `${this.what} is still pending`);
  }

  async wait(budgetMs: number): Promise<ResultOf<T>> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    if (this.result !== undefined) return this.result;
    const waited = await this.spinner.spinUntil(() => this.result !== undefined, budgetMs, `waiting for ${this.what}`);
    if (!waited.ok && this.result === undefined) return waited;
    return this.take();
  }

  onDone(callback: DoneCallback<T>): Result {
    if (typeof callback !== 'function') {
      return err('InvalidArgument', `the done callback of ${this.what} must be a function, got ${typeof callback}`);
    }
    if (this.result !== undefined) {
      this.run(callback, this.result);
      return ok();
    }
    this.callbacks ??= [];
    this.callbacks.push(callback);
    return ok();
  }

  private run(callback: DoneCallback<T>, result: ResultOf<T>): void {
    const entity = `done callback of ${this.what}`;
    let returned: unknown;
    try {
      returned = callback(result);
    } catch (thrown) {
      this.spinner.reportEntityError?.(entity, thrown, this.owner?.());
      return;
    }
    if (returned !== undefined) this.spinner.observeCallback?.(entity, returned, this.owner?.());
  }
}
