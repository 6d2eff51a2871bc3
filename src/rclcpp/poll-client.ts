/**
 * PollClient: one request in flight, answered through a Future the caller polls or waits on
 * (waiting spins the executor). Built on a client entry whose response handler settles the
 * in-flight Future.
 */

import { checkBudget } from '../budget.js';
import type { ExecutorCore } from '../executor/executor-core.js';
import { err, ok, type Result, type ResultOf } from '../result.js';
import type { EntityHandle, Future, PollClient, QoSLike } from './api.js';
import { ClientEntry, configureClientIntrospection, waitForClientService } from './client.js';
import { SettableFuture } from './future.js';
import { entryOf } from './handle.js';
import type { ServiceIntrospectionState } from './introspection/introspection-state.js';
import type { Clock } from './time/clock.js';

/** The in-flight request's Future: settled by the reply carrying its sequence number. */
export class FutureImpl<T> extends SettableFuture<T> {
  constructor(
    core: ExecutorCore,
    readonly sequenceNumber: bigint,
    what: string,
    owner: () => unknown,
  ) {
    super(core, what, owner);
  }

  describe(): string {
    return this.what;
  }
}

export class PollClientImpl<Req, Res> implements PollClient<Req, Res> {
  private inFlight: FutureImpl<Res> | undefined;

  constructor(
    readonly handle: EntityHandle,
    private readonly core: ExecutorCore,
  ) {}

  /** The response handler bound to the client entry. */
  readonly onResponse = (response: ResultOf<Res>, sequenceNumber: bigint): void => {
    const future = this.inFlight;
    if (future === undefined || future.sequenceNumber !== sequenceNumber) return;
    this.inFlight = undefined;
    future.settle(response);
  };

  /** The client was released: a pending Future answers instead of waiting out its budget. */
  readonly onReleased = (): void => {
    const future = this.inFlight;
    this.inFlight = undefined;
    future?.settle(err('NotInitialized', `the client of ${future.describe()} was released before the reply came`));
  };

  private entry(): ResultOf<ClientEntry<Req, Res>> {
    return entryOf(this.handle, ClientEntry, 'client') as ResultOf<ClientEntry<Req, Res>>;
  }

  sendRequest(request: Req, budgetMs?: number): ResultOf<Future<Res>> {
    if (budgetMs !== undefined) {
      const bad = checkBudget('budgetMs', budgetMs);
      if (!bad.ok) return bad;
    }
    const found = this.entry();
    if (!found.ok) return found;
    const entry = found.value;
    if (this.inFlight !== undefined) {
      return err(
        'TryAgain',
        `a request to service '${entry.name}' is already in flight (sequence ${this.inFlight.sequenceNumber}); wait for its Future first`,
      );
    }
    const sent = entry.send(request, budgetMs ?? entry.requestBudgetMs);
    if (!sent.ok) return sent;
    const future = new FutureImpl<Res>(
      this.core,
      sent.value,
      `the reply to request ${sent.value} of service '${entry.name}'`,
      () => this.handle.handleId,
    );
    this.inFlight = future;
    return ok(future);
  }

  async call(request: Req, budgetMs: number): Promise<ResultOf<Res>> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    if (this.core.inHandler()) {
      return err('Reentrant', 'PollClient.call inside a handler would never return; use sendRequest and take() later');
    }
    const sent = this.sendRequest(request, budgetMs);
    if (!sent.ok) return sent;
    const future = sent.value as FutureImpl<Res>;
    const reply = await future.wait(budgetMs);
    if (!reply.ok && !future.isReady()) {
      // Our budget ran out first: give the slot back so the next call is not refused.
      if (this.inFlight === future) this.inFlight = undefined;
      const entry = this.entry();
      if (entry.ok) entry.value.abandon(future.sequenceNumber);
      if (reply.error.name === 'Timeout') {
        return err(
          'Timeout',
          `no reply from service '${entry.ok ? entry.value.name : '?'}' within the budget of ${budgetMs} ms`,
        );
      }
    }
    return reply;
  }

  serviceIsReady(): ResultOf<boolean> {
    const found = this.entry();
    return found.ok ? found.value.serviceIsReady() : found;
  }

  waitForService(budgetMs: number): Promise<Result> {
    return waitForClientService(this.handle, budgetMs);
  }

  configureIntrospection(clock: Clock, qos: QoSLike, state: ServiceIntrospectionState): Result {
    return configureClientIntrospection(this.handle, clock, qos, state);
  }
}
