/**
 * The executor: one rmw session, the entry table and the event hub, on top of the spin verbs
 * (spinner.ts) and the rounds (dispatcher.ts). Here: registration, events, shutdown. User code runs only inside spin verbs; transport callbacks only
 * queue and mark entries ready. See docs/rclcpp.md for the dispatch rules.
 */

import { checkBudget } from '../budget.js';
import { describeThrown, describeValue, type Err, err, ok, type Result, type ResultOf } from '../result.js';
import type { BackendKind, RmwSession } from '../rmw/rmw.js';
import type { Entry } from './entry.js';
import { EntryTable } from './entry-table.js';
import { EventHub } from './event-hub.js';
import type { ExecutorEvent, ExecutorStats } from './events.js';
import { observeReturned } from './handler-outcome.js';
import { Spinner } from './spinner.js';
import { WakeSignal } from './wake-signal.js';

export interface CoreOptions {
  readonly capacity: number;
  readonly keepAllLimit: number;
}

/** Test seams, not part of the public options. */
export interface CoreInternals {
  /** Clock of timers in ms (default performance.now). Budgets always use real time. */
  readonly clock?: () => number;
  /** How long spin() runs rounds back-to-back before yielding to the host (default SPIN_SLICE_MS). */
  readonly spinSliceMs?: number;
}

export class ExecutorCore extends Spinner {
  readonly backend: BackendKind;
  readonly domainId: number;
  readonly keepAllLimit: number;
  private readonly hub: EventHub;
  private readonly table: EntryTable;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private closing: Promise<Result> | undefined;
  private readonly unsubscribeSession: () => void;

  constructor(
    readonly session: RmwSession,
    options: CoreOptions,
    internals: CoreInternals = {},
  ) {
    const signal = new WakeSignal();
    const wake = (): void => signal.notify();
    const hub = new EventHub(wake);
    const table = new EntryTable(options.capacity, hub, wake);
    super(hub, table, internals.clock ?? (() => performance.now()), signal);
    this.hub = hub;
    this.table = table;
    this.backend = session.backend;
    this.domainId = session.domainId;
    this.keepAllLimit = options.keepAllLimit;
    if (internals.spinSliceMs !== undefined) this.spinSliceMs = internals.spinSliceMs;
    this.unsubscribeSession = session.onEvent((event) => {
      const where = 'key' in event ? ` on '${event.key}'` : '';
      this.hub.emit({ type: 'transport', message: `${event.type}${where}: ${event.message}` });
    });
  }

  // ---- registration (used by the rclcpp layer) ----

  isOpen(): boolean {
    return this.state === 'open';
  }

  /** Refusal to register, or undefined when there is room. Checked before touching the rmw. */
  checkCanRegister(what: string): Err | undefined {
    if (this.state !== 'open') return err('NotInitialized', `executor is shut down; cannot register ${what}`);
    return this.table.checkRoom(what);
  }

  register<E extends Entry>(entry: E): ResultOf<E> {
    const what = entry.describe();
    const refused = this.checkCanRegister(what);
    if (refused !== undefined) return refused;
    return this.table.insert(entry, what);
  }

  lookup(handleId: unknown): ResultOf<Entry> {
    if (this.state !== 'open' && handleId !== 0) return err('NotInitialized', 'executor is shut down');
    return this.table.lookup(handleId);
  }

  /** Releases an entry; from inside its own handler the release waits until the handler returns. */
  release(handleId: unknown): Result {
    const found = this.lookup(handleId);
    return found.ok ? this.table.release(found.value) : found;
  }

  /** Hook run at shutdown after entries are released (nodes withdraw from the graph). */
  addCloser(closer: () => void): () => void {
    return this.table.addCloser(closer);
  }

  // ---- waiting and events ----

  /** Resolves on the next wake-up (new work, a finished round, cancel, shutdown) or after ms. */
  async waitForActivity(ms: number): Promise<void> {
    if (this.state !== 'closed') await this.signal.wait(ms);
  }

  /**
   * A handler error of user code that is no entry's own dispatch: a promise an entity's callback
   * returned that settled later (an action's async `accepted`), a lifecycle transition callback.
   * Counted and reported like any handler error, naming the entity; `owner` (a handle id) is
   * the entry it belongs to, whose node logs the first error nobody listens for.
   */
  reportEntityError(entity: string, error: unknown, owner?: unknown): void {
    // Through the owning entry when there is one, so its node logs it when nobody listens.
    const found = owner === undefined ? undefined : this.lookup(owner);
    if (found?.ok) {
      this.reportHandlerError(found.value, error, entity);
      return;
    }
    this.hub.counters.handlerErrors++;
    this.hub.emit({ type: 'handler_error', entity, error });
  }

  /**
   * Observes what a callback returned (a promise or thenable, or a plain value): a rejection is
   * reported with reportEntityError instead of ending the process as an unhandled rejection.
   * Never throws.
   */
  observeCallback(entity: string, returned: unknown, owner?: unknown): void {
    observeReturned(returned, (outcome) => {
      if (!outcome.ok) {
        this.reportEntityError(entity, outcome.error, owner);
      }
    });
  }

  onEvent(listener: (event: ExecutorEvent) => void): () => void {
    return this.hub.onEvent(listener);
  }

  addShutdownCallback(callback: () => void): () => void {
    return this.hub.addShutdownCallback(callback);
  }

  // ---- session ----

  async ping(budgetMs: number): Promise<Result> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    if (this.state !== 'open') return err('NotInitialized', 'ping: executor is shut down');
    try {
      return await this.session.ping(budgetMs);
    } catch (thrown) {
      return err('TransportError', `ping failed: ${describeThrown(thrown)}`);
    }
  }

  /**
   * Runs `fn` now; the publications it makes leave the transport together, in order, when it
   * returns (on zenoh one socket flush instead of one write each). What `fn` throws comes back
   * as an Error naming it; the writes made before the throw still leave.
   */
  batchWrites(fn: () => void): Result {
    if (typeof fn !== 'function')
      return err('InvalidArgument', `batchWrites takes a function, got ${describeValue(fn)}`);
    if (this.state !== 'open') return err('NotInitialized', 'batchWrites: executor is shut down');
    try {
      this.session.batchWrites(fn);
      return ok();
    } catch (thrown) {
      return err('Error', `batchWrites: the function threw: ${describeThrown(thrown)}`);
    }
  }

  usage(): { readonly used: number; readonly capacity: number } {
    return { used: this.table.used, capacity: this.table.capacity };
  }

  stats(): ExecutorStats {
    return { ...this.hub.counters };
  }

  /**
   * Idempotent, also from inside a shutdown callback: every call gets the same promise. It is
   * stored before the callbacks run (they run synchronously in here), so a callback that calls
   * shutdown() is answered instead of starting the close again.
   */
  shutdown(): Promise<Result> {
    if (this.closing !== undefined) return this.closing;
    let resolveClosing: (result: Result) => void = () => {};
    this.closing = new Promise<Result>((resolve) => {
      resolveClosing = resolve;
    });
    this.close().then(resolveClosing, (thrown: unknown) =>
      resolveClosing(err('Error', `shutdown failed: ${describeThrown(thrown)}`)),
    );
    return this.closing;
  }

  private async close(): Promise<Result> {
    this.state = 'closing';
    this.cancelRequested = true;
    this.notify();
    this.runShutdownCallbacks();
    this.table.releaseAll();
    this.clearDispatch();
    this.table.runClosers();
    this.unsubscribeSession();
    let result: Result;
    try {
      result = await this.session.close();
    } catch (thrown) {
      result = err('TransportError', `closing the ${this.backend} session failed: ${describeThrown(thrown)}`);
    }
    this.state = 'closed';
    this.notify();
    return result;
  }
}
