/**
 * message_filters' Signal: the callbacks of one filter's output, called in registration order.
 * Every callback runs even when an earlier one throws; the first throw is thrown again after
 * the last callback, and promises returned by async callbacks are combined into one, so the
 * executor that dispatched the message observes them (counted and reported as handler errors).
 */

/** What a filter's output connection hands out: `disconnect()` stops that callback. */
export interface Connection {
  disconnect(): void;
  connected(): boolean;
}

export type FilterCallback<A extends unknown[]> = (...args: A) => void | Promise<void>;

/** What a dispatch returned: nothing, or a promise of every async callback's end. */
export type SignalOutcome = undefined | Promise<void>;

export class Signal<A extends unknown[]> {
  private callbacks: FilterCallback<A>[] = [];

  connect(callback: FilterCallback<A>): Connection {
    let live = true;
    // A wrapper per connection: the same function registered twice is two connections.
    const entry: FilterCallback<A> = (...args) => callback(...args);
    this.callbacks = [...this.callbacks, entry];
    return {
      disconnect: () => {
        live = false;
        this.callbacks = this.callbacks.filter((c) => c !== entry);
      },
      connected: () => live,
    };
  }

  size(): number {
    return this.callbacks.length;
  }

  /** Calls every callback (a snapshot: one connected meanwhile waits for the next message). */
  call(...args: A): SignalOutcome {
    let thrown: { readonly error: unknown } | undefined;
    let pending: Promise<void>[] | undefined;
    for (const callback of this.callbacks) {
      try {
        const r: unknown = callback(...args);
        if (isThenable(r)) (pending ??= []).push(Promise.resolve(r).then(() => undefined));
      } catch (error) {
        thrown ??= { error };
      }
    }
    if (thrown !== undefined) {
      if (pending === undefined) throw thrown.error;
      const first = thrown.error;
      // The throw is reported once the async callbacks have ended, so none of them goes unobserved.
      return Promise.allSettled(pending).then(() => Promise.reject(first));
    }
    return pending === undefined ? undefined : Promise.all(pending).then(() => undefined);
  }
}

function isThenable(x: unknown): x is PromiseLike<unknown> {
  return typeof x === 'object' && x !== null && typeof (x as { then?: unknown }).then === 'function';
}

/** Both outcomes as one (several tuples can leave a synchronizer on one message). */
export function joinOutcomes(a: SignalOutcome, b: SignalOutcome): SignalOutcome {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Promise.all([a, b]).then(() => undefined);
}
