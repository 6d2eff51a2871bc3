/**
 * A subscription without a handler: samples wait in its bounded queue (filled by the
 * transport even when nobody spins) and the owner takes them. `takeWithin` spins the
 * executor while it waits; the async iterator waits without spinning and ends when the
 * subscription is reset or the executor shuts down.
 */

import { checkBudget } from '../budget.js';
import type { ExecutorCore } from '../executor/executor-core.js';
import { err, ok, type ResultOf } from '../result.js';
import type { EntityHandle, MessageInfo, PollSubscription } from './api.js';
import { entryOf } from './handle.js';
import { SubscriptionEntry } from './subscription.js';
import { messageInfo } from './type-check.js';

/** How long the iterator waits before re-checking that its subscription still exists. */
const ITERATOR_RECHECK_MS = 1000;

export class PollSubscriptionImpl<M> implements PollSubscription<M> {
  constructor(
    readonly handle: EntityHandle,
    private readonly core: ExecutorCore,
  ) {}

  private entry(): ResultOf<SubscriptionEntry<M>> {
    return entryOf(this.handle, SubscriptionEntry, 'poll subscription') as ResultOf<SubscriptionEntry<M>>;
  }

  take(): ResultOf<M> {
    const taken = this.takeWithInfo();
    return taken.ok ? ok(taken.value.message) : taken;
  }

  takeWithInfo(): ResultOf<{ readonly message: M; readonly info: MessageInfo }> {
    const entry = this.entry();
    if (!entry.ok) return entry;
    const got = entry.value.takeDecoded();
    if (got === undefined) return err('TryAgain', `no message waiting on '${entry.value.name}'`);
    return ok({ message: got.message, info: messageInfo(got.sample) });
  }

  async takeWithin(budgetMs: number): Promise<ResultOf<M>> {
    const bad = checkBudget('budgetMs', budgetMs);
    if (!bad.ok) return bad;
    const entry = this.entry();
    if (!entry.ok) return entry;
    const e = entry.value;
    const waited = await this.core.spinUntil(
      () => e.queue.length > 0 || !e.alive,
      budgetMs,
      `takeWithin on '${e.name}'`,
    );
    if (!waited.ok) return waited;
    return this.take();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<M> {
    for (;;) {
      const taken = this.take();
      if (taken.ok) {
        yield taken.value;
        continue;
      }
      if (taken.error.name !== 'TryAgain') return;
      await this.core.waitForActivity(ITERATOR_RECHECK_MS);
    }
  }
}
