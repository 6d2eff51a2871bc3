/**
 * message_filters' Synchronizer: 2 to 9 filters in, one callback out with one message of each,
 * typed as the inputs' message tuple. The policy (exact or approximate) works on stamps; the
 * synchronizer reads them, hands them in and calls the callbacks once the policy is done with
 * the message, so a callback that adds to the synchronizer again sees a consistent state.
 */
import { describeThrown, describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { PolicyOutput, Stamped, SyncPolicy } from './exact-time.js';
import type { FilterSource } from './filter.js';
import { callAnswering, RejectionCount } from './filter.js';
import { type Connection, joinOutcomes, Signal, type SignalOutcome } from './signal.js';
import { messageStampNs, type StampGetter } from './stamp.js';

/** The message tuple of a synchronizer: 2 to 9 inputs, as upstream's Synchronizer. */
export type SyncMessages =
  | [unknown, unknown]
  | [unknown, unknown, unknown]
  | [unknown, unknown, unknown, unknown]
  | [unknown, unknown, unknown, unknown, unknown]
  | [unknown, unknown, unknown, unknown, unknown, unknown]
  | [unknown, unknown, unknown, unknown, unknown, unknown, unknown]
  | [unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown]
  | [unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown];

/** One filter per message of the tuple, in order. */
export type SyncSources<Ms extends SyncMessages> = { readonly [K in keyof Ms]: FilterSource<Ms[K]> };

/** Gets one message of each input, in the inputs' order. */
export type SyncCallback<Ms extends SyncMessages> = (...messages: Ms) => void | Promise<void>;

/** Gets the messages of a set given up (exact policy): `undefined` where none had come. */
export type DropCallback<Ms extends SyncMessages> = (
  ...messages: { [K in keyof Ms]: Ms[K] | undefined }
) => void | Promise<void>;

export const MIN_INPUTS = 2;
export const MAX_INPUTS = 9;

export abstract class Synchronizer<Ms extends SyncMessages> {
  private readonly signal = new Signal<Ms>();
  protected readonly dropSignal = new Signal<{ [K in keyof Ms]: Ms[K] | undefined }>();
  private readonly stamps: StampGetter<unknown>[];
  private connections: Connection[] = [];
  private readonly outbox: { readonly drop: boolean; readonly events: readonly (Stamped | undefined)[] }[] = [];
  private flushing = false;
  private refused = 0;
  private lastRefusal: string | undefined;
  private readonly rejections = new RejectionCount();
  private name = '';
  protected abstract readonly policy: SyncPolicy;

  protected constructor(
    protected readonly verb: string,
    sources: readonly FilterSource<unknown>[],
  ) {
    this.stamps = sources.map((s) => s.stampOf);
    try {
      sources.forEach((source, i) => {
        this.connections.push(source.registerCallback((message) => this.receive(i, message, undefined)));
      });
    } catch (thrown) {
      // No input stays connected to a synchronizer its caller never gets.
      this.disconnect();
      throw thrown;
    }
  }

  /** The policy's sink: sets are kept until the policy returns, then signalled in order. */
  protected readonly policyOutput: PolicyOutput = {
    matched: (events) => void this.outbox.push({ drop: false, events }),
    dropped: (events) => void this.outbox.push({ drop: true, events }),
  };

  /** Another callback for every matched set (the one given at creation runs first). */
  registerCallback(callback: SyncCallback<Ms>): Connection {
    return this.signal.connect(callback);
  }

  /**
   * Feeds input `index` by hand (upstream's add<i>): InvalidArgument for an index outside the
   * inputs or a message whose stamp cannot be read; Error when a callback throws.
   */
  add<I extends number & keyof Ms>(index: I, message: Ms[I]): Result {
    if (!Number.isInteger(index) || index < 0 || index >= this.stamps.length) {
      return err(
        'InvalidArgument',
        `${this.verb}.add: index must be an integer in [0, ${this.stamps.length}), got ${describeValue(index)}`,
      );
    }
    const refused: { message?: string } = {};
    const result = callAnswering(`${this.verb}.add`, () => this.receive(index, message, refused), this.rejections);
    return refused.message !== undefined ? err('InvalidArgument', refused.message) : result;
  }

  /** Stops taking messages from the inputs (upstream's destructor); what is queued stays. */
  disconnect(): void {
    for (const c of this.connections) c.disconnect();
    this.connections = [];
  }

  setName(name: string): void {
    this.name = typeof name === 'string' ? name : describeValue(name);
  }

  getName(): string {
    return this.name;
  }

  /** Messages from the inputs whose stamp could not be read (given to no policy). */
  getRefusals(): { readonly count: number; readonly last: string | undefined } {
    return { count: this.refused, last: this.lastRefusal };
  }

  /** Rejections of async callbacks run by a direct `add` (through a Subscriber the executor reports them). */
  getCallbackRejections(): { readonly count: number; readonly last: string | undefined } {
    return this.rejections.snapshot();
  }

  private receive(index: number, message: unknown, refused: { message?: string } | undefined): SignalOutcome {
    const ns = messageStampNs(`${this.verb} input ${index}`, this.stamps[index] as StampGetter<unknown>, message);
    if (!ns.ok) {
      this.refused++;
      this.lastRefusal = ns.error.message;
      if (refused !== undefined) refused.message = ns.error.message;
      return undefined;
    }
    try {
      this.policy.add(index, { message, ns: ns.value });
    } catch (thrown) {
      // A policy bug must not leave half a set behind silently: reported as the handler's error.
      throw new Error(`${this.verb}: the policy failed: ${describeThrown(thrown)}`);
    }
    return this.flush();
  }

  /** Signals what the policy emitted, in order; a callback's own add() lands in the same loop. */
  private flush(): SignalOutcome {
    if (this.flushing) return undefined;
    this.flushing = true;
    let outcome: SignalOutcome;
    let thrown: { readonly error: unknown } | undefined;
    try {
      for (let set = this.outbox.shift(); set !== undefined; set = this.outbox.shift()) {
        const messages = set.events.map((e) => e?.message);
        try {
          const signal = set.drop ? this.dropSignal : this.signal;
          outcome = joinOutcomes(outcome, (signal as Signal<unknown[]>).call(...messages));
        } catch (error) {
          thrown ??= { error };
        }
      }
    } finally {
      this.flushing = false;
    }
    if (thrown !== undefined) {
      if (outcome === undefined) throw thrown.error;
      const first = thrown.error;
      return outcome.then(
        () => Promise.reject(first),
        () => Promise.reject(first),
      );
    }
    return outcome;
  }
}

/** Runs a constructor that reads the caller's filters: a throw there is InvalidArgument. */
export function made<T>(verb: string, make: () => T): ResultOf<T> {
  try {
    return ok(make());
  } catch (thrown) {
    return err('InvalidArgument', `${verb}: an input could not be connected: ${describeThrown(thrown)}`);
  }
}

/** Checks the sources argument: an array of 2 to 9 filters. */
export function checkSources(verb: string, sources: unknown): Result {
  let n: number;
  try {
    if (!Array.isArray(sources)) return err('InvalidArgument', `${verb}: sources must be an array of filters`);
    n = sources.length;
    if (n < MIN_INPUTS || n > MAX_INPUTS) {
      return err('InvalidArgument', `${verb}: takes ${MIN_INPUTS} to ${MAX_INPUTS} inputs, got ${n}`);
    }
    for (let i = 0; i < n; i++) {
      const s: unknown = sources[i];
      const f = s as Partial<FilterSource<unknown>> | null;
      if (
        typeof f !== 'object' ||
        f === null ||
        typeof f.registerCallback !== 'function' ||
        typeof f.stampOf !== 'function'
      ) {
        return err('InvalidArgument', `${verb}: input ${i} is not a filter (Subscriber, Cache, PassThrough)`);
      }
    }
  } catch (thrown) {
    return err('InvalidArgument', `${verb}: sources could not be read: ${describeThrown(thrown)}`);
  }
  return ok();
}
